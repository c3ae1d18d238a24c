import type { Article, CreationEvaluation, FieldError, Lang, ProjectProduct, ProjectProductPrice, VariationsResponse } from '@lumen/contracts';
import {
  type CatalogId,
  catalogOfReference,
  creationBillLines,
  descriptionIn,
  isDomainError,
  isValidAttributeValue,
  migrateSpace,
  linePrices,
  nextCreationCode,
  parseCreationCode,
  parseReference,
  pendantHeightRange,
  priceWithVariations,
  toDecimal,
  type Variation,
  variationIncrement,
  variationsOfReference,
  variationsOfType,
} from '@lumen/domain';
import { MAX_PRODUCT_QUANTITY, type PreconfigDetail, type ProductInput } from '@lumen/contracts';
import type { z } from 'zod';
import { AppError, isAppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { creationNameIn, type CreationName } from '../../lib/creation-name';
import type { ProductsService } from '../products/products.service';
import type { ProductInsert, ProductRow } from './projects.repository';

/** A parsed product input (defaults applied by the contract). */
export type ParsedProductInput = z.output<typeof ProductInput>;

type LocalizedText = Partial<Record<Lang, string>>;

/** An attribute of a line's context: its code and its description (per language, or one text). */
export type LineAttribute = { code: string; description: LocalizedText | string };

/** Catalogue context kept with a line so the grid needs no catalogue read (spec §9 grid attributes). */
type LineContext = {
  description?: LocalizedText | string;
  image?: string;
  attributes?: Partial<Record<'finish' | 'ledColourTemp' | 'control' | 'installation' | 'pendantHeight', LineAttribute>>;
  lumensLed?: number | null;
  watts?: number | null;
  /** The article's minimum order quantity (issue 34 §4: the project page warns below it). */
  moq?: number;
};

/**
 * Schema version of a line's jsonb `data` (DESIGN.md: persisted configurations are versioned). Rows
 * without one are version 1. A change of shape bumps it and adds a step to `LINE_DATA_MIGRATIONS`.
 */
export const LINE_DATA_VERSION = 1;
const LINE_DATA_MIGRATIONS: ReadonlyArray<(data: Record<string, unknown>) => Record<string, unknown>> = [];

/** What the jsonb `data` column of a line holds: the rest of the spec's product entry + context. */
export type LineData = {
  schemaVersion?: number;
  familyId: number | null;
  subFamily: { id: number; description: string } | null;
  applicationLocation: { id: number } | null;
  creationNumber: number | null;
  sublevel: number | null;
  configuratorType: { id: number; description?: string; source?: string } | null;
  configId: number | null;
  category: { id: number; description?: string; subcategory?: number | null } | null;
  compositions: Array<Record<string, unknown>>;
  validation: { status: string | null };
  preconfigId: number | null;
  productCode: string | null;
  context?: LineContext;
  /** CREATION (issue 15): the space as the server rebuilt it; migrated forward when read. */
  space?: Record<string, unknown> | null;
  /** CREATION: the line's revision (1 when added, + 1 per saved space). */
  revision?: number;
  /** CREATION: lumens, watts, lights, clusters, pendants and wire length of one set. */
  totals?: CreationEvaluation['totals'];
};

/** A validated line ready to insert (without project, id and position). */
export type NewLine = Omit<ProductInsert, 'id' | 'projectId' | 'position' | 'createdAt' | 'updatedAt'> & { data: LineData };

/** A stored line's data, migrated forward to the current schema version. */
export function lineDataOf(row: Pick<ProductRow, 'data'>): LineData {
  let data = row.data;
  const from = typeof data.schemaVersion === 'number' ? data.schemaVersion : 1;
  for (let version = from; version < LINE_DATA_VERSION; version += 1) {
    const step = LINE_DATA_MIGRATIONS[version - 1];
    if (step) data = step(data);
  }
  return { ...(data as unknown as LineData), schemaVersion: LINE_DATA_VERSION };
}

/**
 * The catalogue context of a line of `article`. A pendant's pendantHeight attribute holds the line's
 * height in centimetres as its code: `pendantHeight` when chosen, else the catalogue's standard.
 */
export function contextOfArticle(article: Article, pendantHeight?: number): LineContext {
  const attributes: NonNullable<LineContext['attributes']> = {};
  for (const key of ['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight'] as const) {
    const attribute = article.attributes[key];
    if (attribute) attributes[key] = { code: attribute.code, description: attribute.description };
  }
  const height = article.attributes.pendantHeight;
  if (height && pendantHeight !== undefined) attributes.pendantHeight = { code: String(pendantHeight), description: height.description };
  return {
    ...(article.description !== undefined ? { description: article.description } : {}),
    ...(article.image !== undefined ? { image: article.image } : {}),
    attributes,
    lumensLed: article.lumens,
    watts: article.watts,
    moq: article.moq,
  };
}

function fieldError(path: string, message: string): FieldError {
  return { path, message };
}

/** The message of a catalogue error for the field at fault. */
function messageOf(error: unknown): string {
  if (isAppError(error)) return error.fields?.[0]?.message ?? error.message;
  if (error instanceof Error) return error.message;
  return 'invalid';
}

// ---------------------------------------------------------------------------------------------
// Pendant height (configuration-domain §3, §5, §9): the rules are @lumen/domain's
// ---------------------------------------------------------------------------------------------

type WireVariation = VariationsResponse['variations'][number];

/** A model's variations (as @lumen/domain types them) and the caller's base price and rate (null without price.view). */
export interface ModelCatalogue {
  variations: Variation[];
  pricing: { basePrice: string; rateId: number } | null;
}

/** A wire variation as the domain's discriminated type (a pendant height without its range is dropped). */
function toDomainVariation(variation: WireVariation): Variation | null {
  const { type, min, max, standard, ...rest } = variation;
  if (type === 'pendantHeight') {
    if (min === undefined || max === undefined || standard === undefined) return null;
    return { ...rest, type, min, max, standard };
  }
  return { ...rest, type };
}

/** The variations and base price of one model of a catalogue, from the products service. */
export async function modelCatalogue(products: ProductsService, principal: Principal, catalogId: CatalogId, model: string): Promise<ModelCatalogue> {
  // Every variation, whatever the caller's filterControlM: a stored line is priced and checked as it is.
  const response = await products.variations(principal, { model: [model], catalog: catalogId }, { allOptions: true });
  const basePrice = response.pricing?.basePrices[model];
  return {
    variations: response.variations.filter((variation) => variation.model === model).map(toDomainVariation).filter((variation): variation is Variation => variation !== null),
    pricing: response.pricing && basePrice !== undefined ? { basePrice, rateId: response.pricing.rateId } : null,
  };
}

/**
 * Why a pendant height (cm) does not fit an article, or null when it does: the model must have a
 * pendant height, and the height must lie within its min–max widened to include the standard.
 */
export function pendantHeightFault(article: Article, catalogue: ModelCatalogue, heightCm: number): string | null {
  const [variation] = variationsOfType(catalogue.variations, 'pendantHeight');
  if (!article.attributes.pendantHeight || !variation) return `Model ${article.model} has no pendant height`;
  if (isValidAttributeValue('pendantHeight', heightCm, catalogue.variations, { model: article.model })) return null;
  const range = pendantHeightRange(variation);
  return `The pendant height of model ${article.model} must be between ${range.min} and ${range.max} cm`;
}

/** The pendant height (cm) a line holds, when it is a pendant. */
export function pendantHeightOfLine(row: Pick<ProductRow, 'data'>): number | undefined {
  const code = lineDataOf(row).context?.attributes?.pendantHeight?.code;
  return code !== undefined && /^\d{1,6}$/.test(code) ? Number(code) : undefined;
}

/**
 * The unit gross price of `article` at a pendant height (cm): its base price with the variations of
 * its reference and the pendant-height variation at that height (only the delta above standard adds
 * price, as the domain prices it). Undefined when the height adds nothing (the article's own price
 * stands) or when the catalogue cannot price it.
 */
export function unitGrossAtHeight(
  article: Article,
  catalogue: ModelCatalogue,
  heightCm: number,
  catalogId: CatalogId,
  flags: { changePricesCalculation?: boolean } = {},
): number | undefined {
  const [variation] = variationsOfType(catalogue.variations, 'pendantHeight');
  if (!variation || !catalogue.pricing) return undefined;
  const context = { catalogId, rateId: catalogue.pricing.rateId, changePricesCalculation: flags.changePricesCalculation === true };
  const chosen: Variation = { ...variation, value: heightCm };
  const increment = variationIncrement(chosen, context);
  if (toDecimal(increment.fixed ?? 0).isZero() && toDecimal(increment.percent ?? 0).isZero()) return undefined;
  const { finish, ledColourTemp, control, installation } = article.attributes;
  const ofReference = variationsOfReference(catalogue.variations, {
    finish: finish.code,
    ledColourTemp: ledColourTemp.code,
    control: control.code,
    installation: installation.code,
  });
  return priceWithVariations(catalogue.pricing.basePrice, [...ofReference, chosen], context);
}

/**
 * Checks and completes products to add to a project of `catalogId`. Every product is checked; all the
 * faults are reported at once (400 with the fields), nothing is written here.
 */
/**
 * A creation's space checked by the products service (issue 15 §4): rebuilt, its rules run, its bill
 * of materials and price computed there. A space the engine refuses or that breaks a rule (or collides)
 * is a 400 with the engine's code, naming the element at fault under `path`.
 */
export async function evaluatedCreation(products: ProductsService, principal: Principal, catalogId: CatalogId, input: { space: unknown; subFamilyId?: number; quantity: number }, path: string): Promise<CreationEvaluation> {
  let evaluation: CreationEvaluation;
  try {
    evaluation = await products.evaluateCreation(principal, { space: input.space, catalogId, quantity: input.quantity, ...(input.subFamilyId !== undefined ? { subFamilyId: input.subFamilyId } : {}) });
  } catch (error) {
    if (isDomainError(error)) throw new AppError(error.code, error.message, [fieldError(path, error.message)]);
    if (isAppError(error) && error.status < 500) throw new AppError(error.code, error.message, [fieldError(path, messageOf(error))]);
    throw error;
  }
  const [first] = evaluation.failures;
  if (first) {
    throw new AppError(
      first.code === 'COLLIDES' ? 'COLLIDES' : 'RULE_FAILED',
      first.message,
      evaluation.failures.map((failure) => fieldError(`${path}.${failure.elementId ?? ''}`, failure.message)),
    );
  }
  return evaluation;
}

/**
 * The price of a creation line for the reader (price.view): its stored space evaluated now in the
 * reader's rate and discounts (the figures stored with the line are the writer's). Null when the line
 * has no space, when the catalogue no longer takes it, or when nothing in it has a price.
 */
export async function creationPriceOf(products: ProductsService, principal: Principal, catalogId: CatalogId, line: Pick<ProductRow, 'type' | 'data' | 'quantity'>): Promise<ProjectProductPrice | null> {
  const data = lineDataOf(line);
  if (line.type !== 'CREATION' || !data.space) return null;
  try {
    const evaluation = await products.evaluateCreation(principal, { space: data.space, catalogId, quantity: line.quantity, ...(data.subFamily ? { subFamilyId: data.subFamily.id } : {}) });
    const price = evaluation.price;
    if (!price || price.unitGross <= 0) return null;
    const discountPercent = toDecimal(1).minus(toDecimal(price.unitNet).dividedBy(price.unitGross)).times(100).toDecimalPlaces(2).toNumber();
    return { currency: price.currency, unitGross: price.unitGross, discountPercent, unitNet: price.unitNet, totalNet: price.totalNet };
  } catch (error) {
    if (isDomainError(error) || (isAppError(error) && error.status < 500)) return null;
    throw error;
  }
}

/** What a CREATION line stores of its evaluation (the client's compositions, prices and validity are never read). */
export function creationData(evaluation: CreationEvaluation, revision: number): Pick<LineData, 'familyId' | 'subFamily' | 'category' | 'compositions' | 'space' | 'revision' | 'totals' | 'context'> {
  return {
    familyId: evaluation.familyId,
    subFamily: evaluation.subFamily,
    category: { id: evaluation.category },
    compositions: evaluation.compositions as unknown as Array<Record<string, unknown>>,
    space: evaluation.space,
    revision,
    totals: evaluation.totals,
    context: { lumensLed: evaluation.totals.lumens, watts: evaluation.totals.watts },
  };
}

export async function prepareLines(
  deps: { products: ProductsService; newCreationCode: (prefix: string) => Promise<{ code: string; number: number }> },
  principal: Principal,
  catalogId: CatalogId,
  inputs: readonly ParsedProductInput[],
  pathOf: (index: number) => string,
): Promise<NewLine[]> {
  const faults: FieldError[] = [];
  const lines: Array<NewLine | undefined> = [];
  const canByReference = principal.privileges.includes('product.add.reference');
  const articles = new Map<string, Promise<Article>>();
  const catalogues = new Map<string, Promise<ModelCatalogue>>();
  const catalogueOf = (model: string): Promise<ModelCatalogue> => {
    let hit = catalogues.get(model);
    if (!hit) {
      hit = modelCatalogue(deps.products, principal, catalogId, model);
      hit.catch(() => undefined);
      catalogues.set(model, hit);
    }
    return hit;
  };
  const lookup = (reference: string): Promise<Article> => {
    let hit = articles.get(reference);
    if (!hit) {
      hit = deps.products.articleByReference(principal, { catalogId, reference });
      hit.catch(() => undefined);
      articles.set(reference, hit);
    }
    return hit;
  };
  const expanded = await expandPreconfigs(deps.products, principal, catalogId, inputs, pathOf, faults);
  for (const { input, origin } of expanded) {
    const path = pathOf(origin);
    if (input.addedBy === 'REFERENCE' && !canByReference) {
      throw new AppError('FORBIDDEN', 'Adding a product by reference needs product.add.reference');
    }
    const base: LineData = {
      schemaVersion: LINE_DATA_VERSION,
      familyId: input.familyId ?? null,
      subFamily: input.subFamily ? { id: input.subFamily.id, description: input.subFamily.description ?? '' } : null,
      applicationLocation: input.applicationLocation ?? null,
      creationNumber: input.creationNumber ?? null,
      sublevel: input.sublevel ?? null,
      configuratorType: input.configuratorType ?? null,
      configId: input.configId ?? null,
      category: input.category ?? null,
      // A creation's compositions are the server's (from its space), never the client's.
      compositions: input.type === 'CREATION' ? [] : (input.compositions ?? []),
      validation: input.validation ?? { status: null },
      preconfigId: input.preconfigId ?? null,
      productCode: input.productCode ?? null,
    };
    if (input.type === 'REGULAR') {
      if (!input.referenceCode) {
        faults.push(fieldError(`${path}.referenceCode`, 'formError.required'));
        lines.push(undefined);
        continue;
      }
      const reference = input.referenceCode.toUpperCase();
      try {
        parseReference(reference);
      } catch (error) {
        faults.push(fieldError(`${path}.referenceCode`, messageOf(error)));
        lines.push(undefined);
        continue;
      }
      const ofReference = catalogOfReference(reference);
      if (ofReference !== catalogId) {
        faults.push(fieldError(`${path}.referenceCode`, `${reference} is a reference of catalogue ${ofReference}; this project takes catalogue ${catalogId} references`));
        lines.push(undefined);
        continue;
      }
      try {
        const article = await lookup(reference);
        // The collection's rules, those published from the product administration's rule editor included (issue 31).
        const refused = await deps.products.articleRuleFailure(principal, { catalogId, reference: article.reference });
        if (refused) {
          faults.push(fieldError(`${path}.referenceCode`, refused));
          lines.push(undefined);
          continue;
        }
        if (input.pendantHeight !== undefined) {
          const fault = pendantHeightFault(article, await catalogueOf(article.model), input.pendantHeight);
          if (fault) {
            faults.push(fieldError(`${path}.pendantHeight`, fault));
            lines.push(undefined);
            continue;
          }
        }
        lines.push({
          type: 'REGULAR',
          quantity: input.quantity,
          isPersonalized: input.isPersonalized ?? 1,
          referenceCode: article.reference,
          model: article.model,
          creationCode: null,
          data: {
            ...base,
            familyId: article.familyId ?? base.familyId,
            subFamily: article.subFamily ?? base.subFamily,
            applicationLocation: article.applicationLocationId !== undefined ? { id: article.applicationLocationId } : base.applicationLocation,
            sublevel: base.sublevel ?? article.articleType.level3?.id ?? article.articleType.level2?.id ?? null,
            context: contextOfArticle(article, input.pendantHeight),
          },
        });
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        faults.push(fieldError(`${path}.referenceCode`, messageOf(error)));
        lines.push(undefined);
      }
      continue;
    }
    // CREATION with its space (issue 15 §4): the engine's line — model, family, BOM, totals.
    if (input.space !== undefined) {
      if (input.pendantHeight !== undefined) {
        faults.push(fieldError(`${path}.pendantHeight`, 'Only a regular product takes a pendant height'));
        lines.push(undefined);
        continue;
      }
      const evaluation = await evaluatedCreation(deps.products, principal, catalogId, { space: input.space, quantity: input.quantity, ...(input.subFamily ? { subFamilyId: input.subFamily.id } : {}) }, `${path}.space`);
      const firstModel = evaluation.compositions.flatMap((composition) => composition.articles)[0]?.model;
      lines.push({
        type: 'CREATION',
        quantity: input.quantity,
        isPersonalized: input.isPersonalized ?? 0,
        referenceCode: null,
        model: (input.model ?? firstModel ?? '').toUpperCase(),
        creationCode: input.creationCode ?? null,
        data: { ...base, configuratorType: input.configuratorType ?? evaluation.configuratorType, ...creationData(evaluation, 1) },
      });
      continue;
    }
    // CREATION without a space: a model and a creation code (one is generated when none is given).
    if (!input.model) {
      faults.push(fieldError(`${path}.model`, 'formError.required'));
      lines.push(undefined);
      continue;
    }
    if (input.pendantHeight !== undefined) {
      faults.push(fieldError(`${path}.pendantHeight`, 'Only a regular product takes a pendant height'));
      lines.push(undefined);
      continue;
    }
    lines.push({
      type: 'CREATION',
      quantity: input.quantity,
      isPersonalized: input.isPersonalized ?? 0,
      referenceCode: null,
      model: input.model.toUpperCase(),
      creationCode: input.creationCode ?? null,
      data: base,
    });
  }
  if (faults.length > 0) throw new AppError('VALIDATION_FAILED', 'The request is not valid', faults);
  const ready = lines as NewLine[];
  for (const line of ready) {
    if (line.type !== 'CREATION') continue;
    if (!line.creationCode) {
      const created = await deps.newCreationCode('CR');
      line.creationCode = created.code;
      line.data.creationNumber = created.number;
    } else if (line.data.creationNumber === null) {
      line.data.creationNumber = parseCreationCode(line.creationCode)?.number ?? null;
    }
  }
  return ready;
}

/**
 * A whole preconfiguration (issue 10 §2): a REGULAR product with a preconfigId and no reference
 * stands for every line of that preconfiguration, each with its reference, its quantity (times the
 * product's quantity, the number of sets) and its pendant height, read from the catalogue here (the
 * client sends none of them). An unknown preconfiguration, one of another catalogue or a quantity
 * that grows too large is a fault on the product's field; other products pass as they are.
 */
async function expandPreconfigs(
  products: ProductsService,
  principal: Principal,
  catalogId: CatalogId,
  inputs: readonly ParsedProductInput[],
  pathOf: (index: number) => string,
  faults: FieldError[],
): Promise<Array<{ input: ParsedProductInput; origin: number }>> {
  const expanded: Array<{ input: ParsedProductInput; origin: number }> = [];
  for (const [origin, input] of inputs.entries()) {
    if (input.type !== 'REGULAR' || input.referenceCode !== undefined || input.preconfigId === undefined) {
      expanded.push({ input, origin });
      continue;
    }
    const path = pathOf(origin);
    let preconfig: PreconfigDetail;
    try {
      preconfig = await products.preconfig(principal, input.preconfigId, {});
    } catch (error) {
      if (!isAppError(error) || error.status !== 404) throw error;
      faults.push(fieldError(`${path}.preconfigId`, `No preconfiguration ${input.preconfigId}`));
      continue;
    }
    if (preconfig.catalogId !== catalogId) {
      faults.push(fieldError(`${path}.preconfigId`, `Preconfiguration ${preconfig.id} is of catalogue ${preconfig.catalogId}; this project takes catalogue ${catalogId} products`));
      continue;
    }
    if (preconfig.lines.some((line) => line.quantity * input.quantity > MAX_PRODUCT_QUANTITY)) {
      faults.push(fieldError(`${path}.quantity`, `At most ${MAX_PRODUCT_QUANTITY} of a luminaire: this preconfiguration holds up to ${Math.max(...preconfig.lines.map((line) => line.quantity))} per set`));
      continue;
    }
    for (const line of preconfig.lines) {
      const { pendantHeight: _ignored, ...rest } = input;
      expanded.push({
        origin,
        input: {
          ...rest,
          referenceCode: line.reference,
          quantity: line.quantity * input.quantity,
          ...(line.pendantHeight !== undefined ? { pendantHeight: line.pendantHeight } : {}),
          addedBy: 'PRECONFIG',
          preconfigId: preconfig.id,
        },
      });
    }
  }
  return expanded;
}

/** The next creation code after a counter value returned by the atomic counter. */
export function creationCodeOf(counterAfterIncrement: number, prefix: string): { code: string; number: number } {
  return { code: nextCreationCode(counterAfterIncrement - 1, prefix), number: counterAfterIncrement };
}

/**
 * A stored space as the room reopens it: migrated forward when it was saved with an older schema
 * version (the domain's migrateSpace). One the domain cannot read is returned as stored.
 */
export function migratedSpace(space: Record<string, unknown>): Record<string, unknown> {
  try {
    return migrateSpace(space) as Record<string, unknown>;
  } catch {
    return space;
  }
}

function spaceOf(data: LineData): Record<string, unknown> | null {
  return data.space ? migratedSpace(data.space) : null;
}

/**
 * What a creation line's name is made of (issue 34 §3): its collection and how many luminaires it
 * holds; the collection alone (count 0) before the server evaluated a space. Orders and invoices keep
 * these parts, so a document in another language names the line in its words (issue 34 §5).
 */
export function creationNameParts(data: Pick<LineData, 'subFamily' | 'totals' | 'compositions'>, model: string): CreationName {
  const family = data.subFamily?.description.trim() || model;
  // The engine's count of lights; a drawn composition counts its luminaires in its bill of materials.
  const count = data.totals?.lights || creationBillLines(data.compositions).filter((line) => line.kind === 'luminaire').reduce((sum, line) => sum + line.quantity, 0);
  return { family, count };
}

/** A creation's picture: its first luminaire's model in its finish (the catalogue's drawn picture). */
function creationImage(data: Pick<LineData, 'compositions'>): string | undefined {
  const articles = data.compositions.flatMap((composition) => (Array.isArray(composition.articles) ? (composition.articles as Array<{ model?: unknown; attributes?: { finish?: unknown } }>) : []));
  const first = articles.find((article) => typeof article.model === 'string' && article.model !== '');
  if (!first || typeof first.model !== 'string') return undefined;
  const finish = typeof first.attributes?.finish === 'string' && first.attributes.finish ? `?finish=${encodeURIComponent(first.attributes.finish)}` : '';
  return `/api/images/v1/render/model/${encodeURIComponent(first.model)}.webp${finish}`;
}

/** A line saved with the drawn picture's address (before issue 35 §2) shows the rendered image of the same model and finish. */
export function renderedImageOf(image: string): string {
  return image.replace(/^\/api\/images\/v1\/catalogue\/(model|collection)\/([A-Za-z0-9]{1,12})\.svg(?=$|\?)/, '/api/images/v1/render/$1/$2.webp');
}

export function productOf(row: ProductRow, options: { lang: Lang; parse: boolean; price?: ProjectProductPrice | null }): ProjectProduct {
  const data = lineDataOf(row);
  const context = data.context;
  const product: ProjectProduct = {
    _id: row.id,
    type: row.type === 'CREATION' ? 'CREATION' : 'REGULAR',
    isPersonalized: row.isPersonalized === 1 ? 1 : 0,
    familyId: data.familyId,
    subFamily: data.subFamily,
    applicationLocation: data.applicationLocation,
    model: row.model,
    referenceCode: row.referenceCode,
    creationCode: row.creationCode,
    creationNumber: data.creationNumber,
    quantity: row.quantity,
    sublevel: data.sublevel,
    configuratorType: data.configuratorType,
    configId: data.configId,
    category: data.category,
    compositions: data.compositions,
    validation: data.validation,
    preconfigId: data.preconfigId,
    productCode: data.productCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (product.type === 'CREATION') {
    product.space = spaceOf(data);
    if (data.revision !== undefined) product.revision = data.revision;
  }
  if (options.price !== undefined) product.price = options.price;
  // A creation reads by a name people use and shows a picture (issue 34 §3), never only its code.
  if (options.parse && product.type === 'CREATION' && context?.description === undefined) {
    product.creationName = creationNameParts(data, row.model);
    product.description = creationNameIn(product.creationName, options.lang);
    // the composition itself when the line has a saved space (issue 35 §2), else its first luminaire
    const image = data.space ? `/api/projects/v1/projects/${row.projectId}/products/${row.id}/picture.webp` : creationImage(data);
    if (image) product.image = image;
  }
  if (!options.parse || !context) return product;
  if (context.description !== undefined) product.description = descriptionIn(context.description, options.lang);
  if (context.image !== undefined) product.image = renderedImageOf(context.image);
  if (context.attributes) {
    const attributes: NonNullable<ProjectProduct['attributes']> = {};
    for (const [key, value] of Object.entries(context.attributes) as Array<[keyof typeof context.attributes, { code: string; description: LocalizedText | string }]>) {
      attributes[key] = { code: value.code, description: descriptionIn(value.description, options.lang) };
    }
    product.attributes = attributes;
  }
  product.lumensLed = context.lumensLed ?? null;
  product.watts = context.watts ?? null;
  if (typeof context.moq === 'number' && context.moq > 1) product.moq = context.moq;
  return product;
}

/**
 * The price of a line from the caller's article price (price.view); `unitGross` replaces the
 * article's unit gross price when the line's pendant height adds to it (see unitGrossAtHeight).
 */
export function linePriceOf(article: Article | undefined, quantity: number, unitGross?: number): ProjectProductPrice | null {
  const price = article?.price;
  if (!price) return null;
  const gross = unitGross ?? price.unitGross;
  const prices = linePrices({ quantity, unitGross: gross, discountPercent: price.discountPercent });
  return { currency: price.currency, unitGross: gross, discountPercent: price.discountPercent, unitNet: prices.unitNet, totalNet: prices.totalNet };
}

