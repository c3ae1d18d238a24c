import type { Article, FieldError, Lang, ProjectProduct, ProjectProductPrice } from '@lumen/contracts';
import { type CatalogId, catalogOfReference, descriptionIn, linePrices, nextCreationCode, parseCreationCode, parseReference } from '@lumen/domain';
import type { ProductInput } from '@lumen/contracts';
import type { z } from 'zod';
import { AppError, isAppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import type { ProductsService } from '../products/products.service';
import type { ProductInsert, ProductRow } from './projects.repository';

/** A parsed product input (defaults applied by the contract). */
export type ParsedProductInput = z.output<typeof ProductInput>;

type LocalizedText = Partial<Record<Lang, string>>;

/** Catalogue context kept with a line so the grid needs no catalogue read (spec §9 grid attributes). */
type LineContext = {
  description?: LocalizedText | string;
  image?: string;
  attributes?: Partial<Record<'finish' | 'ledColourTemp' | 'control' | 'installation' | 'pendantHeight', { code: string; description: LocalizedText | string }>>;
  lumensLed?: number | null;
  watts?: number | null;
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

function contextOfArticle(article: Article): LineContext {
  const attributes: NonNullable<LineContext['attributes']> = {};
  for (const key of ['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight'] as const) {
    const attribute = article.attributes[key];
    if (attribute) attributes[key] = { code: attribute.code, description: attribute.description };
  }
  return {
    ...(article.description !== undefined ? { description: article.description } : {}),
    ...(article.image !== undefined ? { image: article.image } : {}),
    attributes,
    lumensLed: article.lumens,
    watts: article.watts,
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

/**
 * Checks and completes products to add to a project of `catalogId`. Every product is checked; all the
 * faults are reported at once (400 with the fields), nothing is written here.
 */
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
  const lookup = (reference: string): Promise<Article> => {
    let hit = articles.get(reference);
    if (!hit) {
      hit = deps.products.articleByReference(principal, { catalogId, reference });
      hit.catch(() => undefined);
      articles.set(reference, hit);
    }
    return hit;
  };
  for (const [index, input] of inputs.entries()) {
    const path = pathOf(index);
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
      compositions: input.compositions ?? [],
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
            context: contextOfArticle(article),
          },
        });
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        faults.push(fieldError(`${path}.referenceCode`, messageOf(error)));
        lines.push(undefined);
      }
      continue;
    }
    // CREATION: a model and a creation code (one is generated when none is given).
    if (!input.model) {
      faults.push(fieldError(`${path}.model`, 'formError.required'));
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

/** The next creation code after a counter value returned by the atomic counter. */
export function creationCodeOf(counterAfterIncrement: number, prefix: string): { code: string; number: number } {
  return { code: nextCreationCode(counterAfterIncrement - 1, prefix), number: counterAfterIncrement };
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
  if (options.price !== undefined) product.price = options.price;
  if (!options.parse || !context) return product;
  if (context.description !== undefined) product.description = descriptionIn(context.description, options.lang);
  if (context.image !== undefined) product.image = context.image;
  if (context.attributes) {
    const attributes: NonNullable<ProjectProduct['attributes']> = {};
    for (const [key, value] of Object.entries(context.attributes) as Array<[keyof typeof context.attributes, { code: string; description: LocalizedText | string }]>) {
      attributes[key] = { code: value.code, description: descriptionIn(value.description, options.lang) };
    }
    product.attributes = attributes;
  }
  product.lumensLed = context.lumensLed ?? null;
  product.watts = context.watts ?? null;
  return product;
}

/** The price of a line from the caller's article price (price.view). */
export function linePriceOf(article: Article | undefined, quantity: number): ProjectProductPrice | null {
  const price = article?.price;
  if (!price) return null;
  const prices = linePrices({ quantity, unitGross: price.unitGross, discountPercent: price.discountPercent });
  return { currency: price.currency, unitGross: price.unitGross, discountPercent: price.discountPercent, unitNet: prices.unitNet, totalNet: prices.totalNet };
}

