import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CatalogId, parseReference } from '@lumen/domain';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import {
  catalogs,
  catalogueAccessories,
  catalogueArticles,
  catalogueCollections,
  catalogueDocuments,
  catalogueMeta,
  catalogueModels,
  cataloguePreconfigs,
  cataloguePrices,
  catalogueVariations,
  companies,
  companyPriceTerms,
  priceRates,
} from '../../schema';
import type { CatalogueDataFile } from './catalogue-data.types';

/** data/catalogue.json, found from src (tsx, tests) and from dist (the bundle). */
export function catalogueDataFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, 'data/catalogue.json'), resolve(here, '../src/db/seed/catalogue/data/catalogue.json'), resolve(here, '../../src/db/seed/catalogue/data/catalogue.json')];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`Catalogue data not found; looked in ${candidates.join(', ')}`);
  return found;
}

let cached: { text: string; data: CatalogueDataFile; hash: string } | undefined;
export function loadCatalogueData(): { data: CatalogueDataFile; hash: string } {
  if (!cached) {
    const text = readFileSync(catalogueDataFile(), 'utf8');
    cached = { text, data: JSON.parse(text) as CatalogueDataFile, hash: createHash('sha256').update(text).digest('hex').slice(0, 16) };
  }
  return cached;
}

/** Listeners told when the catalogue was (re)loaded, so in-process caches drop what they hold. */
const reseedListeners = new Set<() => void>();
export function onCatalogueReseed(listener: () => void): () => void {
  reseedListeners.add(listener);
  return () => reseedListeners.delete(listener);
}

async function insertChunks<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

const CATALOGUE_TABLES = [
  catalogueArticles,
  catalogueVariations,
  cataloguePrices,
  catalogueAccessories,
  cataloguePreconfigs,
  catalogueModels,
  catalogueCollections,
  catalogueDocuments,
] as const;

/**
 * Loads the demo catalogue (data/catalogue.json) into the database, inside the caller's
 * transaction. Idempotent: nothing happens when the same data (by hash) is already loaded; changed
 * data replaces the catalogue tables. Company price terms of the demo companies are added when missing.
 */
export async function seedCatalogue(tx: DbOrTx): Promise<{ loaded: boolean; articles: number }> {
  const { data, hash } = loadCatalogueData();
  const [current] = await tx.select().from(catalogueMeta).where(eq(catalogueMeta.key, 'dataHash'));
  let loaded = false;
  let articleCount = 0;
  if (current?.value !== hash) {
    for (const table of CATALOGUE_TABLES) await tx.delete(table);
    for (const catalog of data.catalogs) {
      await tx
        .insert(catalogs)
        .values({ id: catalog.id, name: catalog.name, currency: catalog.currency, brandCodes: catalog.brandCodes, defaultRateId: catalog.defaultRateId })
        .onConflictDoUpdate({ target: catalogs.id, set: { name: catalog.name, currency: catalog.currency, brandCodes: catalog.brandCodes, defaultRateId: catalog.defaultRateId } });
    }
    for (const rate of data.rates) {
      await tx
        .insert(priceRates)
        .values(rate)
        .onConflictDoUpdate({ target: priceRates.id, set: { catalogId: rate.catalogId, name: rate.name, currency: rate.currency } });
    }
    await tx.insert(catalogueDocuments).values([
      { kind: 'dictionary', key: 'attributes', data: data.attributes },
      { kind: 'dictionary', key: 'categories', data: data.categories },
      { kind: 'dictionary', key: 'applicationLocations', data: data.applicationLocations },
      ...data.decisionTrees.map((tree) => ({ kind: 'decision-tree', key: String(tree.id), data: tree })),
      ...data.configs.map((config) => ({ kind: 'config', key: String(config.id), data: config })),
      ...Object.entries(data.rules).map(([subFamilyId, book]) => ({ kind: 'rules', key: subFamilyId, data: book })),
    ]);
    await tx.insert(catalogueCollections).values(
      data.collections.flatMap((collection) =>
        collection.catalogs.map((catalogId) => ({ catalogId, subFamilyId: collection.subFamilyId, familyId: collection.familyId, sortOrder: collection.order, data: collection })),
      ),
    );
    const modelRows = data.models.flatMap((model) =>
      (Object.keys(model.options) as Array<`${CatalogId}`>).map((key) => ({
        catalogId: Number(key) as CatalogId,
        model: model.model,
        subFamilyId: model.subFamilyId,
        applicationLocationId: model.applicationLocationId,
        categoryId: model.categoryId,
        virtual: model.virtual,
        data: model,
      })),
    );
    await tx.insert(catalogueModels).values(modelRows);
    await insertChunks(data.variations, 400, (chunk) =>
      tx.insert(catalogueVariations).values(chunk.map((variation) => ({ catalogId: variation.catalogId, model: variation.model, type: variation.type, modifier: variation.modifier, data: variation }))),
    );
    const baseOf = new Map<string, string>();
    for (const model of data.models) {
      for (const [key, options] of Object.entries(model.options)) {
        if (!options) continue;
        const catalogId = Number(key) as CatalogId;
        const base = data.articles[key as `${CatalogId}`].find(([reference]) => {
          const parts = parseReference(reference);
          return (
            parts.model === model.model &&
            parts.colour === options.finish[0] &&
            parts.temperature === options.ledColourTemp[0] &&
            parts.control === options.control[0] &&
            parts.installation === options.installation[0]
          );
        });
        if (base) baseOf.set(`${catalogId}:${model.model}`, base[0]);
      }
    }
    for (const key of ['16', '21'] as const) {
      const catalogId = Number(key) as CatalogId;
      const rows = data.articles[key].map(([reference, moq, leadtimeIndex, active]) => {
        const parts = parseReference(reference);
        const referenceBase = baseOf.get(`${catalogId}:${parts.model}`) ?? reference;
        return {
          catalogId,
          reference,
          model: parts.model,
          referenceBase,
          finish: parts.colour,
          ledColourTemp: parts.temperature ?? null,
          control: parts.control ?? null,
          installation: parts.installation ?? null,
          isBase: referenceBase === reference,
          active: active === 1,
          moq,
          leadtime: data.leadtimes[leadtimeIndex] ?? [],
        };
      });
      articleCount += rows.length;
      await insertChunks(rows, 500, (chunk) => tx.insert(catalogueArticles).values(chunk));
    }
    const rateIdsOf = new Map(data.catalogs.map((catalog) => [catalog.id, data.rates.filter((rate) => rate.catalogId === catalog.id).map((rate) => rate.id)]));
    const priceRows = data.models.flatMap((model) =>
      (Object.keys(model.options) as Array<`${CatalogId}`>).flatMap((key) => {
        const catalogId = Number(key) as CatalogId;
        const priceReference = baseOf.get(`${catalogId}:${model.model}`);
        if (!priceReference) return [];
        return (rateIdsOf.get(catalogId) ?? []).flatMap((rateId) => {
          const salePrice = model.basePrices[String(rateId)];
          return salePrice === undefined ? [] : [{ catalogId, priceReference, rateId, salePrice }];
        });
      }),
    );
    const accessoryPriceRows = data.accessories.flatMap((accessory) =>
      (rateIdsOf.get(accessory.catalogId) ?? []).flatMap((rateId) => {
        const salePrice = accessory.prices[String(rateId)];
        return salePrice === undefined ? [] : [{ catalogId: accessory.catalogId, priceReference: accessory.reference, rateId, salePrice }];
      }),
    );
    await insertChunks([...priceRows, ...accessoryPriceRows], 500, (chunk) => tx.insert(cataloguePrices).values(chunk));
    await insertChunks(data.accessories, 500, (chunk) =>
      tx.insert(catalogueAccessories).values(chunk.map((accessory) => ({ catalogId: accessory.catalogId, reference: accessory.reference, subFamilyId: accessory.subFamilyId, data: accessory }))),
    );
    await tx.insert(cataloguePreconfigs).values(
      data.preconfigs.map((preconfig) => ({
        id: preconfig.id,
        catalogId: preconfig.catalogId,
        subFamilyId: preconfig.subFamilyId,
        familyId: preconfig.familyId,
        visibility: preconfig.visibility,
        data: preconfig,
      })),
    );
    await tx
      .insert(catalogueMeta)
      .values({ key: 'dataHash', value: hash })
      .onConflictDoUpdate({ target: catalogueMeta.key, set: { value: hash } });
    loaded = true;
  }

  // Commercial terms of the demo companies (rate and sublevel discounts), added when missing.
  const crmIds = data.companyTerms.map((terms) => terms.crmId);
  const companyRows = crmIds.length > 0 ? await tx.select({ id: companies.id, crmId: companies.crmId }).from(companies).where(inArray(companies.crmId, crmIds)) : [];
  const idOf = new Map(companyRows.map((row) => [row.crmId, row.id]));
  const terms = data.companyTerms.flatMap((term) => {
    const companyId = idOf.get(term.crmId);
    return companyId === undefined ? [] : [{ companyId, rateId: term.rateId, sublevelDiscounts: term.discounts }];
  });
  if (terms.length > 0) await tx.insert(companyPriceTerms).values(terms).onConflictDoNothing();

  if (loaded) for (const listener of reseedListeners) listener();
  return { loaded, articles: articleCount };
}
