import type { RuleSet } from '@lumen/domain';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  catalogs,
  catalogueArticles,
  catalogueCollections,
  catalogueDocuments,
  catalogueDraftChanges,
  catalogueModels,
  cataloguePreconfigs,
  cataloguePrices,
  cataloguePublications,
  catalogueRuleSets,
  catalogueVariations,
  catalogueVersions,
  priceRates,
  projectProducts,
  projects,
} from '../../db/schema';
import type { AttributeDictionaries, CollectionData, ModelData, PreconfigData, VariationData } from '../../db/seed/catalogue/catalogue-data.types';

/**
 * The only place with SQL of the product administration (issue 31). It reads the published
 * catalogue as the admin needs it (every article, active or not) and writes it on publish and
 * restore: the product administration owns the catalogue's writes; the products module reads.
 */

export interface AdminArticleRow {
  reference: string;
  model: string;
  finish: string;
  ledColourTemp: string | null;
  control: string | null;
  installation: string | null;
  isBase: boolean;
  active: boolean;
  moq: number;
  leadtime: Array<{ from: number; weeks: number }>;
}

export interface AdminModelRow {
  model: string;
  subFamilyId: number;
  active: boolean;
  data: ModelData;
}

export interface PublishedCatalogue {
  catalogId: number;
  name: string;
  currency: string;
  rates: Array<{ id: number; name: string; currency: string }>;
  collections: Array<{ subFamilyId: number; data: CollectionData }>;
  models: AdminModelRow[];
  articles: AdminArticleRow[];
  prices: Array<{ priceReference: string; rateId: number; salePrice: string }>;
  colourVariations: VariationData[];
  ruleSets: Array<{ subFamilyId: number; ruleId: string; data: RuleSet }>;
  preconfigs: PreconfigData[];
  attributes: AttributeDictionaries;
  /** The catalogue's own rule sets per collection (the shipped rule books). */
  shippedRules: Map<number, RuleSet[]>;
}

export async function loadPublished(db: DbOrTx, catalogId: number): Promise<PublishedCatalogue | undefined> {
  const [catalog] = await db.select().from(catalogs).where(eq(catalogs.id, catalogId));
  if (!catalog) return undefined;
  const [rates, collections, models, articles, prices, variations, ruleSets, preconfigs, documents] = await Promise.all([
    db.select({ id: priceRates.id, name: priceRates.name, currency: priceRates.currency }).from(priceRates).where(eq(priceRates.catalogId, catalogId)).orderBy(priceRates.id),
    db
      .select({ subFamilyId: catalogueCollections.subFamilyId, data: catalogueCollections.data })
      .from(catalogueCollections)
      .where(eq(catalogueCollections.catalogId, catalogId))
      .orderBy(catalogueCollections.sortOrder),
    db
      .select({ model: catalogueModels.model, subFamilyId: catalogueModels.subFamilyId, active: catalogueModels.active, data: catalogueModels.data })
      .from(catalogueModels)
      .where(eq(catalogueModels.catalogId, catalogId))
      .orderBy(catalogueModels.model),
    db
      .select({
        reference: catalogueArticles.reference,
        model: catalogueArticles.model,
        finish: catalogueArticles.finish,
        ledColourTemp: catalogueArticles.ledColourTemp,
        control: catalogueArticles.control,
        installation: catalogueArticles.installation,
        isBase: catalogueArticles.isBase,
        active: catalogueArticles.active,
        moq: catalogueArticles.moq,
        leadtime: catalogueArticles.leadtime,
      })
      .from(catalogueArticles)
      .where(eq(catalogueArticles.catalogId, catalogId))
      .orderBy(catalogueArticles.reference),
    db
      .select({ priceReference: cataloguePrices.priceReference, rateId: cataloguePrices.rateId, salePrice: cataloguePrices.salePrice })
      .from(cataloguePrices)
      .where(eq(cataloguePrices.catalogId, catalogId)),
    db
      .select({ data: catalogueVariations.data })
      .from(catalogueVariations)
      .where(and(eq(catalogueVariations.catalogId, catalogId), eq(catalogueVariations.type, 'color')))
      .orderBy(catalogueVariations.id),
    db
      .select({ subFamilyId: catalogueRuleSets.subFamilyId, ruleId: catalogueRuleSets.ruleId, data: catalogueRuleSets.data })
      .from(catalogueRuleSets)
      .where(eq(catalogueRuleSets.catalogId, catalogId))
      .orderBy(catalogueRuleSets.subFamilyId, catalogueRuleSets.ruleId),
    db.select({ data: cataloguePreconfigs.data }).from(cataloguePreconfigs).where(eq(cataloguePreconfigs.catalogId, catalogId)).orderBy(cataloguePreconfigs.id),
    db
      .select({ kind: catalogueDocuments.kind, key: catalogueDocuments.key, data: catalogueDocuments.data })
      .from(catalogueDocuments)
      .where(inArray(catalogueDocuments.kind, ['dictionary', 'rules'])),
  ]);
  const attributes = (documents.find((row) => row.kind === 'dictionary' && row.key === 'attributes')?.data as AttributeDictionaries | undefined) ?? {
    finish: [],
    ledColourTemp: [],
    control: [],
    installation: [],
  };
  const shippedRules = new Map<number, RuleSet[]>(
    documents.filter((row) => row.kind === 'rules').map((row) => [Number(row.key), [...((row.data as { ruleSets?: RuleSet[] }).ruleSets ?? [])]]),
  );
  return {
    catalogId,
    name: catalog.name,
    currency: catalog.currency,
    rates,
    collections: collections.map((row) => ({ subFamilyId: row.subFamilyId, data: row.data as CollectionData })),
    models: models.map((row) => ({ ...row, data: row.data as ModelData })),
    articles,
    prices,
    colourVariations: variations.map((row) => row.data as VariationData),
    ruleSets: ruleSets.map((row) => ({ ...row, data: row.data as RuleSet })),
    preconfigs: preconfigs.map((row) => row.data as PreconfigData),
    attributes,
    shippedRules,
  };
}

// ─── Versions and publications ──────────────────────────────────────────────────────────────────

export interface VersionRow {
  version: number;
  publishedAt: Date | null;
  publishedBy: string | null;
}

export async function findVersion(db: DbOrTx, catalogId: number): Promise<VersionRow> {
  const [row] = await db
    .select({ version: catalogueVersions.version, publishedAt: catalogueVersions.publishedAt, publishedBy: catalogueVersions.publishedBy })
    .from(catalogueVersions)
    .where(eq(catalogueVersions.catalogId, catalogId));
  return row ?? { version: 1, publishedAt: null, publishedBy: null };
}

/** The version row, locked for the transaction (made at version 1 when missing): publications of one catalogue run one at a time. */
export async function lockVersion(tx: DbOrTx, catalogId: number): Promise<VersionRow> {
  await tx.insert(catalogueVersions).values({ catalogId, version: 1 }).onConflictDoNothing();
  const [row] = await tx
    .select({ version: catalogueVersions.version, publishedAt: catalogueVersions.publishedAt, publishedBy: catalogueVersions.publishedBy })
    .from(catalogueVersions)
    .where(eq(catalogueVersions.catalogId, catalogId))
    .for('update');
  return row ?? { version: 1, publishedAt: null, publishedBy: null };
}

export async function setVersion(tx: DbOrTx, catalogId: number, version: number, publishedAt: Date, publishedBy: string): Promise<void> {
  await tx.update(catalogueVersions).set({ version, publishedAt, publishedBy }).where(eq(catalogueVersions.catalogId, catalogId));
}

export type PublishedChange = { kind: string; key: string; before: unknown; after: unknown };

export async function insertPublication(
  tx: DbOrTx,
  row: { catalogId: number; version: number; action: 'publish' | 'restore'; changes: PublishedChange[]; publishedById: number; publishedBy: string; publishedAt: Date },
): Promise<void> {
  await tx.insert(cataloguePublications).values(row);
}

/** The newest publication not yet undone, if any. */
export async function lastRestorable(db: DbOrTx, catalogId: number): Promise<{ id: number; version: number; changes: PublishedChange[] } | undefined> {
  const [row] = await db
    .select({ id: cataloguePublications.id, version: cataloguePublications.version, changes: cataloguePublications.changes, action: cataloguePublications.action, restored: cataloguePublications.restored })
    .from(cataloguePublications)
    .where(eq(cataloguePublications.catalogId, catalogId))
    .orderBy(sql`${cataloguePublications.id} desc`)
    .limit(1);
  if (!row || row.action !== 'publish' || row.restored) return undefined;
  return row;
}

export async function markRestored(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(cataloguePublications).set({ restored: true }).where(eq(cataloguePublications.id, id));
}

// ─── Draft changes ──────────────────────────────────────────────────────────────────────────────

export interface ChangeRow {
  kind: string;
  key: string;
  value: unknown;
  revision: number;
  updatedBy: string;
  updatedAt: Date;
}

const changeColumns = {
  kind: catalogueDraftChanges.kind,
  key: catalogueDraftChanges.key,
  value: catalogueDraftChanges.value,
  revision: catalogueDraftChanges.revision,
  updatedBy: catalogueDraftChanges.updatedBy,
  updatedAt: catalogueDraftChanges.updatedAt,
};

export async function listChanges(db: DbOrTx, catalogId: number): Promise<ChangeRow[]> {
  return db.select(changeColumns).from(catalogueDraftChanges).where(eq(catalogueDraftChanges.catalogId, catalogId)).orderBy(catalogueDraftChanges.kind, catalogueDraftChanges.key);
}

export async function countChanges(db: DbOrTx, catalogId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(catalogueDraftChanges).where(eq(catalogueDraftChanges.catalogId, catalogId));
  return Number(row?.n ?? 0);
}

export async function findChange(db: DbOrTx, catalogId: number, kind: string, key: string): Promise<ChangeRow | undefined> {
  const [row] = await db
    .select(changeColumns)
    .from(catalogueDraftChanges)
    .where(and(eq(catalogueDraftChanges.catalogId, catalogId), eq(catalogueDraftChanges.kind, kind), eq(catalogueDraftChanges.key, key)));
  return row;
}

/**
 * Writes a change when the entity is at `expectedRevision` (0: not in the draft): one statement, so
 * two saves from the same revision cannot both win. Undefined when another save came first.
 */
export async function writeChange(
  tx: DbOrTx,
  row: { catalogId: number; kind: string; key: string; value: unknown; expectedRevision: number; updatedById: number; updatedBy: string; at: Date },
): Promise<ChangeRow | undefined> {
  const value = row.value === null ? sql`'null'::jsonb` : row.value;
  if (row.expectedRevision === 0) {
    const [inserted] = await tx
      .insert(catalogueDraftChanges)
      .values({ catalogId: row.catalogId, kind: row.kind, key: row.key, value, revision: 1, updatedById: row.updatedById, updatedBy: row.updatedBy, updatedAt: row.at })
      .onConflictDoNothing()
      .returning(changeColumns);
    return inserted;
  }
  const [updated] = await tx
    .update(catalogueDraftChanges)
    .set({ value, revision: sql`${catalogueDraftChanges.revision} + 1`, updatedById: row.updatedById, updatedBy: row.updatedBy, updatedAt: row.at })
    .where(
      and(
        eq(catalogueDraftChanges.catalogId, row.catalogId),
        eq(catalogueDraftChanges.kind, row.kind),
        eq(catalogueDraftChanges.key, row.key),
        eq(catalogueDraftChanges.revision, row.expectedRevision),
      ),
    )
    .returning(changeColumns);
  return updated;
}

/** Removes a change at `expectedRevision`; false when it is not there at that revision. */
export async function deleteChange(tx: DbOrTx, catalogId: number, kind: string, key: string, expectedRevision: number): Promise<boolean> {
  const removed = await tx
    .delete(catalogueDraftChanges)
    .where(
      and(
        eq(catalogueDraftChanges.catalogId, catalogId),
        eq(catalogueDraftChanges.kind, kind),
        eq(catalogueDraftChanges.key, key),
        eq(catalogueDraftChanges.revision, expectedRevision),
      ),
    )
    .returning({ key: catalogueDraftChanges.key });
  return removed.length > 0;
}

export async function clearChanges(tx: DbOrTx, catalogId: number): Promise<void> {
  await tx.delete(catalogueDraftChanges).where(eq(catalogueDraftChanges.catalogId, catalogId));
}

// ─── Writing the published catalogue ────────────────────────────────────────────────────────────

export async function writePrice(tx: DbOrTx, catalogId: number, priceReference: string, rateId: number, salePrice: string | null): Promise<void> {
  const where = and(eq(cataloguePrices.catalogId, catalogId), eq(cataloguePrices.priceReference, priceReference), eq(cataloguePrices.rateId, rateId));
  if (salePrice === null) {
    await tx.delete(cataloguePrices).where(where);
    return;
  }
  await tx
    .insert(cataloguePrices)
    .values({ catalogId, priceReference, rateId, salePrice })
    .onConflictDoUpdate({ target: [cataloguePrices.catalogId, cataloguePrices.priceReference, cataloguePrices.rateId], set: { salePrice } });
}

export async function writeArticlesActive(tx: DbOrTx, catalogId: number, references: readonly string[], active: boolean): Promise<void> {
  if (references.length === 0) return;
  await tx
    .update(catalogueArticles)
    .set({ active })
    .where(and(eq(catalogueArticles.catalogId, catalogId), inArray(catalogueArticles.reference, [...references])));
}

/** An article's order terms: minimum order quantity and lead time steps. */
export async function writeArticleTerms(tx: DbOrTx, catalogId: number, reference: string, terms: { moq: number; leadtime: Array<{ from: number; weeks: number }> }): Promise<void> {
  await tx
    .update(catalogueArticles)
    .set({ moq: terms.moq, leadtime: terms.leadtime })
    .where(and(eq(catalogueArticles.catalogId, catalogId), eq(catalogueArticles.reference, reference)));
}

export async function deleteColourVariations(tx: DbOrTx, catalogId: number, model: string, finish: string): Promise<void> {
  await tx
    .delete(catalogueVariations)
    .where(and(eq(catalogueVariations.catalogId, catalogId), eq(catalogueVariations.model, model), eq(catalogueVariations.type, 'color'), eq(catalogueVariations.modifier, finish)));
}

export async function insertVariations(tx: DbOrTx, variations: readonly VariationData[]): Promise<void> {
  if (variations.length === 0) return;
  await tx
    .insert(catalogueVariations)
    .values(variations.map((variation) => ({ catalogId: variation.catalogId, model: variation.model, type: variation.type, modifier: variation.modifier, data: variation })));
}

export async function writeModelData(tx: DbOrTx, catalogId: number, model: string, data: ModelData): Promise<void> {
  await tx
    .update(catalogueModels)
    .set({ data })
    .where(and(eq(catalogueModels.catalogId, catalogId), eq(catalogueModels.model, model)));
}

export async function writeRuleSet(tx: DbOrTx, catalogId: number, subFamilyId: number, ruleId: string, data: RuleSet | null): Promise<void> {
  const where = and(eq(catalogueRuleSets.catalogId, catalogId), eq(catalogueRuleSets.subFamilyId, subFamilyId), eq(catalogueRuleSets.ruleId, ruleId));
  if (data === null) {
    await tx.delete(catalogueRuleSets).where(where);
    return;
  }
  await tx
    .insert(catalogueRuleSets)
    .values({ catalogId, subFamilyId, ruleId, data })
    .onConflictDoUpdate({ target: [catalogueRuleSets.catalogId, catalogueRuleSets.subFamilyId, catalogueRuleSets.ruleId], set: { data } });
}

export async function nextPreconfigId(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ top: max(cataloguePreconfigs.id) }).from(cataloguePreconfigs);
  return Math.max(9000, (row?.top ?? 0) + 1);
}

export async function writePreconfig(tx: DbOrTx, id: number, data: PreconfigData | null): Promise<void> {
  if (data === null) {
    await tx.delete(cataloguePreconfigs).where(eq(cataloguePreconfigs.id, id));
    return;
  }
  await tx
    .insert(cataloguePreconfigs)
    .values({ id, catalogId: data.catalogId, subFamilyId: data.subFamilyId, familyId: data.familyId, visibility: data.visibility, data })
    .onConflictDoUpdate({ target: cataloguePreconfigs.id, set: { visibility: data.visibility, data } });
}

/** How many lines of live projects of the catalogue hold one of these references. */
export async function countProjectLines(db: DbOrTx, catalogId: number, references: readonly string[]): Promise<number> {
  if (references.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(projectProducts)
    .innerJoin(projects, eq(projects.id, projectProducts.projectId))
    .where(and(eq(projects.catalogId, catalogId), sql`${projects.status} <> 0`, inArray(projectProducts.referenceCode, [...references])));
  return Number(row?.n ?? 0);
}

/** A digest of a catalogue's draft and published version: it changes whenever either does (the draft preview's cache key). */
export async function draftSignature(db: DbOrTx, catalogId: number): Promise<string> {
  const [changes, version] = await Promise.all([
    db
      .select({ digest: sql<string | null>`md5(string_agg(${catalogueDraftChanges.kind} || '|' || ${catalogueDraftChanges.key} || '|' || ${catalogueDraftChanges.revision}::text || '|' || ${catalogueDraftChanges.updatedAt}::text, ',' order by ${catalogueDraftChanges.kind}, ${catalogueDraftChanges.key}))` })
      .from(catalogueDraftChanges)
      .where(eq(catalogueDraftChanges.catalogId, catalogId)),
    findVersion(db, catalogId),
  ]);
  return `${version.version}:${changes[0]?.digest ?? 'empty'}`;
}
