import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  catalogs,
  catalogueAccessories,
  catalogueArticles,
  catalogueCollections,
  catalogueDocuments,
  catalogueModels,
  cataloguePreconfigs,
  cataloguePrices,
  catalogueRuleSets,
  catalogueVariations,
  companyPriceTerms,
  creationShares,
  priceRates,
} from '../../db/schema';
import type {
  AccessoryData,
  ApplicationLocationData,
  AttributeDictionaries,
  CollectionData,
  ConfigData,
  DecisionTreeData,
  ModelData,
  NamedData,
  PreconfigData,
  VariationData,
} from '../../db/seed/catalogue/catalogue-data.types';
import type { RuleBook, RuleSet } from '@lumen/domain';

/** The only place with SQL of the catalogue. Reads are whole-catalogue loads for the in-process cache. */

export interface CatalogRow {
  id: number;
  name: string;
  currency: string;
  brandCodes: string[];
  defaultRateId: number;
}

export interface RateRow {
  id: number;
  catalogId: number;
  name: string;
  currency: string;
}

export interface ArticleDbRow {
  reference: string;
  model: string;
  referenceBase: string;
  finish: string;
  ledColourTemp: string | null;
  control: string | null;
  installation: string | null;
  isBase: boolean;
  active: boolean;
  moq: number;
  leadtime: Array<{ from: number; weeks: number }>;
}

export interface ModelDbRow {
  model: string;
  subFamilyId: number;
  applicationLocationId: number;
  categoryId: number;
  virtual: boolean;
  active: boolean;
  data: ModelData;
}

export interface CatalogueRows {
  collections: Array<{ subFamilyId: number; active: boolean; data: CollectionData }>;
  models: ModelDbRow[];
  articles: ArticleDbRow[];
  variations: VariationData[];
  prices: Array<{ priceReference: string; rateId: number; salePrice: string }>;
  accessories: AccessoryData[];
  preconfigs: PreconfigData[];
  /** Rule sets made in the product administration's rule editor and published (issue 31), per collection. */
  ruleSets: Array<{ subFamilyId: number; ruleSet: RuleSet }>;
}

export interface CatalogueDocuments {
  catalogs: CatalogRow[];
  rates: RateRow[];
  attributes: AttributeDictionaries;
  categories: NamedData[];
  applicationLocations: ApplicationLocationData[];
  decisionTrees: DecisionTreeData[];
  configs: ConfigData[];
  rules: Map<number, RuleBook>;
}

export async function loadCatalogueRows(db: DbOrTx, catalogId: number): Promise<CatalogueRows> {
  const [collections, models, articles, variations, prices, accessories, preconfigs, ruleSets] = await Promise.all([
    db
      .select({ subFamilyId: catalogueCollections.subFamilyId, active: catalogueCollections.active, data: catalogueCollections.data })
      .from(catalogueCollections)
      .where(eq(catalogueCollections.catalogId, catalogId))
      .orderBy(catalogueCollections.sortOrder),
    db
      .select({
        model: catalogueModels.model,
        subFamilyId: catalogueModels.subFamilyId,
        applicationLocationId: catalogueModels.applicationLocationId,
        categoryId: catalogueModels.categoryId,
        virtual: catalogueModels.virtual,
        active: catalogueModels.active,
        data: catalogueModels.data,
      })
      .from(catalogueModels)
      .where(eq(catalogueModels.catalogId, catalogId))
      .orderBy(catalogueModels.model),
    db
      .select({
        reference: catalogueArticles.reference,
        model: catalogueArticles.model,
        referenceBase: catalogueArticles.referenceBase,
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
      .where(eq(catalogueArticles.catalogId, catalogId)),
    db.select({ data: catalogueVariations.data }).from(catalogueVariations).where(eq(catalogueVariations.catalogId, catalogId)).orderBy(catalogueVariations.id),
    db
      .select({ priceReference: cataloguePrices.priceReference, rateId: cataloguePrices.rateId, salePrice: cataloguePrices.salePrice })
      .from(cataloguePrices)
      .where(eq(cataloguePrices.catalogId, catalogId)),
    db.select({ data: catalogueAccessories.data }).from(catalogueAccessories).where(eq(catalogueAccessories.catalogId, catalogId)).orderBy(catalogueAccessories.reference),
    db.select({ data: cataloguePreconfigs.data }).from(cataloguePreconfigs).where(eq(cataloguePreconfigs.catalogId, catalogId)).orderBy(cataloguePreconfigs.id),
    db
      .select({ subFamilyId: catalogueRuleSets.subFamilyId, data: catalogueRuleSets.data })
      .from(catalogueRuleSets)
      .where(eq(catalogueRuleSets.catalogId, catalogId))
      .orderBy(catalogueRuleSets.subFamilyId, catalogueRuleSets.ruleId),
  ]);
  return {
    collections: collections.map((row) => ({ subFamilyId: row.subFamilyId, active: row.active, data: row.data as CollectionData })),
    models: models.map((row) => ({ ...row, data: row.data as ModelData })),
    articles,
    variations: variations.map((row) => row.data as VariationData),
    prices,
    accessories: accessories.map((row) => row.data as AccessoryData),
    preconfigs: preconfigs.map((row) => row.data as PreconfigData),
    ruleSets: ruleSets.map((row) => ({ subFamilyId: row.subFamilyId, ruleSet: row.data as RuleSet })),
  };
}

export async function loadCatalogueDocuments(db: DbOrTx): Promise<CatalogueDocuments> {
  const [catalogRows, rateRows, documents] = await Promise.all([
    db.select().from(catalogs).orderBy(catalogs.id),
    db.select().from(priceRates).orderBy(priceRates.id),
    db.select().from(catalogueDocuments),
  ]);
  const of = (kind: string) => documents.filter((row) => row.kind === kind);
  const dictionary = (key: string): unknown => of('dictionary').find((row) => row.key === key)?.data;
  return {
    catalogs: catalogRows,
    rates: rateRows,
    attributes: (dictionary('attributes') as AttributeDictionaries | undefined) ?? { finish: [], ledColourTemp: [], control: [], installation: [] },
    categories: (dictionary('categories') as NamedData[] | undefined) ?? [],
    applicationLocations: (dictionary('applicationLocations') as ApplicationLocationData[] | undefined) ?? [],
    decisionTrees: of('decision-tree').map((row) => row.data as DecisionTreeData),
    configs: of('config').map((row) => row.data as ConfigData),
    rules: new Map(of('rules').map((row) => [Number(row.key), row.data as RuleBook])),
  };
}

/** The price rate and sublevel discounts of a company, if it has terms. */
export async function findCompanyPriceTerms(db: DbOrTx, companyId: number): Promise<{ rateId: number | null; sublevelDiscounts: Record<string, number> } | undefined> {
  const [row] = await db
    .select({ rateId: companyPriceTerms.rateId, sublevelDiscounts: companyPriceTerms.sublevelDiscounts })
    .from(companyPriceTerms)
    .where(eq(companyPriceTerms.companyId, companyId));
  return row;
}

/** A shared snapshot of a drawing (issue 16 §5): immutable once written. */
export interface CreationShareRow {
  hash: string;
  subFamilyId: number;
  catalogId: number;
  space: Record<string, unknown>;
  createdBy: number | null;
  createdAt: Date;
}

export async function insertCreationShare(db: DbOrTx, row: Omit<CreationShareRow, 'createdAt'>): Promise<CreationShareRow> {
  const [inserted] = await db.insert(creationShares).values(row).returning();
  return inserted as CreationShareRow;
}

export async function findCreationShare(db: DbOrTx, hash: string): Promise<CreationShareRow | undefined> {
  const [row] = await db.select().from(creationShares).where(eq(creationShares.hash, hash)).limit(1);
  return row;
}
