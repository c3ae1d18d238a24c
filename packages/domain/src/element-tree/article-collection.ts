/**
 * The article collection a configurator works with: the articles and variations of the models in
 * the space, as the catalogue calls return them. Read-only; indexed once per collection object.
 */
import type { VariationsResponse } from '@lumen/contracts';
import type { Article, AttributeKey, CatalogId, Variation } from '../catalogue/catalogue.types';
import { isValidAttributeValue } from '../attributes/variations';
import { formatReference } from '../reference/reference';
import { DomainError } from '../catalogue/domain-error';
import type { ElementAttributes } from './element.types';

export interface ArticleCollection {
  readonly articles: readonly Article[];
  readonly variations: readonly Variation[];
}

/**
 * The article collection of the variations call (products/v1/variations), as the element tree reads
 * it: a pendant height without its range is dropped. Without price.view the api sends no
 * priceReference (a price field); it is the base article's reference then, which prices nothing.
 */
export function articleCollectionOf(response: VariationsResponse): ArticleCollection {
  return {
    articles: response.articles.map((article) => ({ ...article, priceReference: article.priceReference ?? article.referenceBase })),
    variations: response.variations.flatMap((variation): Variation[] => {
      const { type, min, max, standard, ...rest } = variation;
      if (type !== 'pendantHeight') return [{ ...rest, type }];
      return min === undefined || max === undefined || standard === undefined ? [] : [{ ...rest, type, min, max, standard }];
    }),
  };
}

/** The attributes offered as lists of codes; pendantHeight is a range (centimetres). */
export type ListedAttributeKey = Exclude<AttributeKey, 'pendantHeight'>;

export const LISTED_ATTRIBUTE_KEYS: readonly ListedAttributeKey[] = ['finish', 'ledColourTemp', 'control', 'installation'];

export interface LightOptions {
  readonly finish: readonly string[];
  readonly ledColourTemp: readonly string[];
  readonly control: readonly string[];
  readonly installation: readonly string[];
  /** Selectable pendant heights in centimetres, or null when the light has none. */
  readonly pendantHeight: { readonly min: number; readonly max: number } | null;
}

interface ModelIndex {
  readonly base: Article | undefined;
  readonly articles: readonly Article[];
  readonly variations: readonly Variation[];
  readonly options: LightOptions;
}

const INDEX = new WeakMap<ArticleCollection, ReadonlyMap<string, ModelIndex>>();

const VARIATION_TYPE: Readonly<Record<ListedAttributeKey, Variation['type']>> = {
  finish: 'color',
  ledColourTemp: 'temperature',
  control: 'control',
  installation: 'installation',
};

function isBase(article: Article): boolean {
  return article.reference === article.referenceBase;
}

function buildOptions(base: Article | undefined, variations: readonly Variation[]): LightOptions {
  const lists = {} as Record<ListedAttributeKey, string[]>;
  for (const key of LISTED_ATTRIBUTE_KEYS) {
    const codes = new Set<string>();
    const baseCode = base?.attributes[key].code;
    if (baseCode !== undefined) codes.add(baseCode);
    for (const v of variations) {
      if (v.type !== VARIATION_TYPE[key]) continue;
      codes.add(v.type === 'installation' && v.modifier2 ? v.modifier2 : v.modifier);
    }
    lists[key] = [...codes];
  }
  let pendantHeight: LightOptions['pendantHeight'] = null;
  const ranges = variations.flatMap((v) => (v.type === 'pendantHeight' ? [v] : []));
  const basePh = base?.attributes.pendantHeight;
  for (const r of basePh ? [basePh, ...ranges] : ranges) {
    const min = Math.min(r.min, r.standard);
    const max = Math.max(r.max, r.standard);
    pendantHeight = pendantHeight === null ? { min, max } : { min: Math.min(pendantHeight.min, min), max: Math.max(pendantHeight.max, max) };
  }
  return { ...lists, pendantHeight };
}

function indexOf(collection: ArticleCollection): ReadonlyMap<string, ModelIndex> {
  let index = INDEX.get(collection);
  if (index) return index;
  const articles = new Map<string, Article[]>();
  const variations = new Map<string, Variation[]>();
  for (const a of collection.articles) articles.set(a.model, [...(articles.get(a.model) ?? []), a]);
  for (const v of collection.variations) variations.set(v.model, [...(variations.get(v.model) ?? []), v]);
  const map = new Map<string, ModelIndex>();
  for (const model of new Set([...articles.keys(), ...variations.keys()])) {
    const list = articles.get(model) ?? [];
    const vars = variations.get(model) ?? [];
    const base = list.find(isBase);
    map.set(model, { base, articles: list, variations: vars, options: buildOptions(base, vars) });
  }
  index = map;
  INDEX.set(collection, index);
  return index;
}

/** True when the collection holds articles or variations of the model. */
export function collectionHasModel(collection: ArticleCollection, model: string): boolean {
  return indexOf(collection).has(model);
}

/** The base article of a model (its reference is its base reference). */
export function baseArticle(collection: ArticleCollection, model: string): Article {
  const base = indexOf(collection).get(model)?.base;
  if (!base) throw new DomainError('NO_BASE_ARTICLE', `No base article exists for model ${model}`);
  return base;
}

function modelIndex(collection: ArticleCollection | undefined, code: string): ModelIndex {
  if (!collection) {
    throw new DomainError('UNDEFINED_ARTICLE_COLLECTION', `Cannot get Variations for light ${code}, undefined Article Collection`);
  }
  const entry = indexOf(collection).get(code);
  if (!entry) {
    throw new DomainError('LIGHT_NOT_IN_COLLECTION', `Cannot get Variations for light ${code}, Article Collection doesn't contain this light`);
  }
  return entry;
}

/** The variations of a light's model. */
export function variationsForLight(code: string, collection: ArticleCollection | undefined): readonly Variation[] {
  return modelIndex(collection, code).variations;
}

/** Every value the light's model offers per attribute: the base code and each variation's. */
export function lightOptionsForModel(code: string, collection: ArticleCollection | undefined): LightOptions {
  return modelIndex(collection, code).options;
}

/** True when `value` is the base value or matches a listed variation of the model (pendantHeight in cm). */
export function isAttributeValueValid(code: string, key: AttributeKey, value: string, collection: ArticleCollection | undefined): boolean {
  const entry = modelIndex(collection, code);
  if (key === 'pendantHeight') {
    const cm = Number(value);
    const range = entry.options.pendantHeight;
    return value.trim() !== '' && Number.isFinite(cm) && range !== null && cm >= range.min && cm <= range.max;
  }
  if (entry.base?.attributes[key].code === value) return true;
  return isValidAttributeValue(key, value, entry.variations);
}

/**
 * The article of a light with the given attribute values: the catalogue's article with exactly
 * those codes when the collection has it, otherwise the base article with the codes applied and
 * the reference formatted for the catalogue. Throws 'No base article exists for model {model}' and
 * 'Tried to get Article for Light {code} with invalid attribute values'.
 */
export function articleForLight(
  code: string,
  attributes: ElementAttributes,
  collection: ArticleCollection | undefined,
  catalogId?: CatalogId,
): Article {
  const entry = modelIndex(collection, code);
  const base = entry.base;
  if (!base) throw new DomainError('NO_BASE_ARTICLE', `No base article exists for model ${code}`);
  for (const key of Object.keys(attributes) as AttributeKey[]) {
    const value = attributes[key];
    if (value !== undefined && !isAttributeValueValid(code, key, value, collection)) {
      throw new DomainError('INVALID_ATTRIBUTE_VALUES', `Tried to get Article for Light ${code} with invalid attribute values`);
    }
  }
  const codeOf = (key: ListedAttributeKey): string => attributes[key] ?? base.attributes[key].code;
  const exact = entry.articles.find(
    (a) => (catalogId === undefined || a.catalog.id === catalogId) && LISTED_ATTRIBUTE_KEYS.every((k) => a.attributes[k].code === codeOf(k)),
  );
  const found = exact ?? base;
  const catalog = catalogId ?? found.catalog.id;
  const reference = exact && exact.catalog.id === catalog
    ? exact.reference
    : formatReference({
        model: code,
        catalogId: catalog,
        colour: codeOf('finish'),
        control: codeOf('control'),
        temperature: codeOf('ledColourTemp'),
        installation: codeOf('installation'),
      });
  const attrs = { ...found.attributes };
  const withCodes = {
    finish: { ...attrs.finish, code: codeOf('finish') },
    ledColourTemp: { ...attrs.ledColourTemp, code: codeOf('ledColourTemp') },
    control: { ...attrs.control, code: codeOf('control') },
    installation: { ...attrs.installation, code: codeOf('installation') },
    ...(attrs.pendantHeight ? { pendantHeight: attrs.pendantHeight } : {}),
  };
  return { ...found, reference, catalog: { id: catalog }, attributes: withCodes };
}
