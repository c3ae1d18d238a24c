/**
 * A space becomes compositions: each Composition element of the space is one; whatever hangs
 * outside any composition forms one more, numbered after the last. Lights, tracks and electrical
 * connections give article lines (identical references merge); complements, reflectors and
 * counterweights give accessory lines, and so do the drivers of each composition's lights.
 */
import type { Article, CatalogId } from '../catalogue/catalogue.types';
import { DEFAULT_CATALOG_ID } from '../catalogue/catalogue.types';
import { articleCode } from '../codes/creation-codes';
import { calculateDrivers, driverCatalogueNameFor } from '../drivers/drivers';
import { DRIVER_CATALOGUE } from '../drivers/driver-catalogue';
import type { DriverCatalogueByModel } from '../drivers/driver-catalogue';
import { articleForLight, collectionHasModel } from '../element-tree/article-collection';
import type { ArticleCollection } from '../element-tree/article-collection';
import { DomainError } from '../catalogue/domain-error';
import type { TreeElement, ElementAttributes, ElementTree } from '../element-tree/element.types';
import { modelOf } from '../element-tree/tree-rules';
import { getElement } from '../element-tree/tree-queries';
import { leadTimeWeeks } from '../lead-time/lead-time';
import { Dec, toDecimal } from '../pricing/money';
import { linePrices } from '../pricing/line-prices';
import type {
  AccessoryLine,
  ArticleLine,
  CompositionBill,
  ElectricalGroup,
  FamilyData,
  LineAttributes,
  PriceResolver,
} from './bill-of-materials.types';

export interface BillOfMaterialsInput {
  readonly tree: ElementTree;
  readonly articles: ArticleCollection;
  readonly family: FamilyData;
  readonly catalogId?: CatalogId;
  readonly drivers?: DriverCatalogueByModel;
  /** Unit gross price and discount of a line; without one the line has zero prices and isAvailablePrice false. */
  readonly prices?: PriceResolver;
  readonly isPersonalized?: boolean;
}

const ARTICLE_ELEMENTS = new Set<TreeElement['type']>(['Light', 'Track', 'ElectricalConnection']);
const ACCESSORY_ELEMENTS = new Set<TreeElement['type']>(['Complement', 'Reflector', 'Counterweight']);
const ZERO_PRICES = { unitGross: 0, unitNet: 0, unitDiscount: 0, totalGross: 0, totalNet: 0, totalDiscount: 0 } as const;

function noArticleForModel(): DomainError {
  return new DomainError('NO_ARTICLE_FOR_MODEL', 'No article for this model was found');
}

/** The pendant height (cm, as text) of a light: its own attribute, else its pendant's. */
function pendantHeightOf(tree: ElementTree, e: TreeElement): string | undefined {
  if (e.attributes.pendantHeight !== undefined) return e.attributes.pendantHeight;
  let parent = e.parent === null ? undefined : getElement(tree, e.parent);
  while (parent) {
    if (parent.type === 'Pendant') return parent.attributes.pendantHeight ?? String(Math.round(parent.props.pendantHeight * 100));
    parent = parent.parent === null ? undefined : getElement(tree, parent.parent);
  }
  return undefined;
}

function sublevelOf(article: Article): number | null {
  return article.articleType.level3?.id ?? article.articleType.level2?.id ?? null;
}

interface Collected {
  readonly number: number;
  readonly elements: readonly TreeElement[];
}

/** Elements in tree order, split by the composition that holds them (or none). */
function collect(tree: ElementTree): Collected[] {
  const groups: { number: number | null; elements: TreeElement[] }[] = [];
  const loose: TreeElement[] = [];
  const walk = (id: string, bucket: TreeElement[]): void => {
    const e = getElement(tree, id);
    let target = bucket;
    if (e.type === 'Composition') {
      const group = { number: e.props.compositionNumber, elements: [e] as TreeElement[] };
      groups.push(group);
      target = group.elements;
    } else if (id !== tree.rootId) {
      bucket.push(e);
    }
    for (const c of e.children) walk(c, target);
  };
  walk(tree.rootId, loose);
  const numbered = groups.map((g) => ({ number: g.number ?? 0, elements: g.elements }));
  const maxNumber = numbered.reduce((m, g) => Math.max(m, g.number), 0);
  if (loose.length > 0) numbered.push({ number: maxNumber + 1, elements: loose });
  return numbered;
}

function lineAttributes(article: Article, pendantHeightCm: string | undefined): LineAttributes {
  return {
    finish: article.attributes.finish.code,
    ledColourTemp: article.attributes.ledColourTemp.code,
    control: article.attributes.control.code,
    installation: article.attributes.installation.code,
    // The pendant height attribute is in centimetres; the article carries metres.
    pendantHeight: pendantHeightCm === undefined ? null : toDecimal(pendantHeightCm).dividedBy(100).toNumber(),
  };
}

/** Articles already resolved in this run, by model and attribute codes (a space repeats its lights). */
type ArticleCache = Map<string, Article>;

function cachedArticle(cache: ArticleCache, model: string, attributes: ElementAttributes, input: BillOfMaterialsInput, catalogId: CatalogId): Article {
  const key = `${model}|${attributes.finish ?? ''}|${attributes.ledColourTemp ?? ''}|${attributes.control ?? ''}|${attributes.installation ?? ''}`;
  let article = cache.get(key);
  if (!article) {
    if (!collectionHasModel(input.articles, model)) throw noArticleForModel();
    article = articleForLight(model, attributes, input.articles, catalogId);
    cache.set(key, article);
  }
  return article;
}

function buildComposition(tree: ElementTree, group: Collected, input: BillOfMaterialsInput, cache: ArticleCache): CompositionBill {
  const catalogId = input.catalogId ?? DEFAULT_CATALOG_ID;
  const lines = new Map<string, { line: ArticleLine; article: Article }>();
  const accessories = new Map<string, AccessoryLine>();
  const lightGroups = new Map<string, { model: string; control: string; lights: number }>();
  let clusters = 0;
  let pendants = 0;
  let wire = new Dec(0);
  const sharedAttributes: Record<string, string | null> = {};

  for (const e of group.elements) {
    if (e.type === 'Cluster') clusters++;
    if (e.type === 'Pendant') {
      pendants++;
      wire = wire.plus(toDecimal(e.props.wireLength));
    }
    const model = modelOf(e);
    if (model === null) continue;
    if (ACCESSORY_ELEMENTS.has(e.type)) {
      const accessory = cachedArticle(cache, model, {}, input, catalogId);
      const key = accessory.reference;
      const prev = accessories.get(key);
      accessories.set(key, { accessoryCode: key, model, quantity: (prev?.quantity ?? 0) + 1 });
      continue;
    }
    if (!ARTICLE_ELEMENTS.has(e.type)) continue;
    const { pendantHeight: _ph, ...selectable } = e.attributes;
    const article = cachedArticle(cache, model, selectable, input, catalogId);
    const ph = e.type === 'Light' ? pendantHeightOf(tree, e) : undefined;
    const attributes = lineAttributes(article, ph);
    const key = `${article.reference}|${attributes.pendantHeight ?? ''}|${e.applicationLocationId ?? ''}`;
    const prev = lines.get(key);
    const isComplement = article.type === 'Complement';
    const line: ArticleLine = {
      model,
      referenceCode: article.reference,
      referenceBase: article.referenceBase,
      articleCode: articleCode(model),
      accessoryCode: isComplement ? article.reference : null,
      attributes,
      lumensLed: article.lumens,
      watts: article.watts,
      sublevel: sublevelOf(article),
      familyId: input.family.familyId,
      subFamily: input.family.subFamily.id,
      applicationLocation: e.applicationLocationId,
      elementOrderValue: Math.min(prev?.line.elementOrderValue ?? e.elementOrderValue, e.elementOrderValue),
      quantity: (prev?.line.quantity ?? 0) + 1,
      isAvailablePrice: false,
      isPersonalized: input.isPersonalized ? 1 : 0,
      priceReference: article.priceReference,
      prices: ZERO_PRICES,
    };
    lines.set(key, { line, article });
    if (e.type === 'Light') {
      const control = attributes.control;
      const g = lightGroups.get(`${model}|${control}`) ?? { model, control, lights: 0 };
      lightGroups.set(`${model}|${control}`, { ...g, lights: g.lights + 1 });
      for (const k of ['finish', 'ledColourTemp', 'control', 'installation'] as const) {
        const v = attributes[k];
        if (!(k in sharedAttributes)) sharedAttributes[k] = v;
        else if (sharedAttributes[k] !== v) sharedAttributes[k] = null;
      }
    }
  }

  // Prices once quantities are known.
  const articles: ArticleLine[] = [...lines.values()]
    .map(({ line }) => {
      const price = input.prices?.({
        referenceCode: line.referenceCode,
        priceReference: line.priceReference,
        model: line.model,
        catalogId,
        sublevel: line.sublevel,
        attributes: line.attributes,
      });
      if (!price) return line;
      return { ...line, isAvailablePrice: true, prices: linePrices({ unitGross: price.unitGross, quantity: line.quantity, discountPercent: price.discountPercent ?? 0 }) };
    })
    .sort((a, b) => a.elementOrderValue - b.elementOrderValue);

  // Drivers per model and control, from the catalogue's list (usa for 21, row otherwise).
  const catalogueName = driverCatalogueNameFor(catalogId);
  const electricalGroups: ElectricalGroup[] = [];
  for (const g of lightGroups.values()) {
    const result = calculateDrivers({ model: g.model, control: g.control, lights: g.lights }, input.drivers ?? DRIVER_CATALOGUE);
    const drivers = result.drivers[catalogueName];
    electricalGroups.push({ ...g, drivers });
    for (const d of drivers) {
      const prev = accessories.get(d.driverCode);
      accessories.set(d.driverCode, { accessoryCode: d.driverCode, model: g.model, quantity: (prev?.quantity ?? 0) + d.count });
    }
  }

  const totalLumens = articles.reduce((s, l) => s.plus(toDecimal(l.lumensLed).times(l.quantity)), new Dec(0));
  const totalWatts = articles.reduce((s, l) => s.plus(toDecimal(l.watts).times(l.quantity)), new Dec(0));
  const units = articles.reduce((s, l) => s + l.quantity, 0);
  const timing = [...lines.values()].reduce((m, { line, article }) => Math.max(m, leadTimeWeeks(article.leadtime, line.quantity)), 0);
  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(sharedAttributes)) if (v !== null) attributes[k] = v;

  return {
    compositionNumber: group.number,
    subFamily: input.family.subFamily,
    familyId: input.family.familyId,
    attributes,
    totalLumensLed: totalLumens.toNumber(),
    totalWatts: totalWatts.toNumber(),
    category: input.family.category,
    articles,
    accessories: [...accessories.values()],
    electricalGroups,
    packaging: { packages: units + (accessories.size > 0 ? 1 : 0), timing },
    assemblyData: {
      lights: [...lightGroups.values()].reduce((s, g) => s + g.lights, 0),
      clusters,
      pendants,
      wireLength: wire.toDecimalPlaces(3).toNumber(),
      elementIds: group.elements.map((e) => e.id),
    },
  };
}

/**
 * The bill of materials of a space. Throws 'No article for this model was found' when an element's
 * model is not in the article collection, and 'No articles found in this space' when nothing in the
 * space has an article.
 */
export function spaceToBillOfMaterials(input: BillOfMaterialsInput): CompositionBill[] {
  const cache: ArticleCache = new Map();
  const compositions = collect(input.tree)
    .map((group) => buildComposition(input.tree, group, input, cache))
    .sort((a, b) => a.compositionNumber - b.compositionNumber);
  if (compositions.every((c) => c.articles.length === 0)) {
    throw new DomainError('NO_ARTICLES_IN_SPACE', 'No articles found in this space');
  }
  return compositions;
}
