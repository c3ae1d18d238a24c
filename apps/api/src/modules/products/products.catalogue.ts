import type { Article, Variation } from '@lumen/contracts';
import { type CatalogId, COMPLEMENT_TYPE, defaultAttributeCode, type RuleBook, type RuleSet } from '@lumen/domain';
import type { Db, DbOrTx } from '../../db/client';
import type {
  AccessoryData,
  AttributeValueData,
  CollectionData,
  PreconfigData,
  VariationData,
} from '../../db/seed/catalogue/catalogue-data.types';
import { onCatalogueReseed } from '../../db/seed/catalogue/seed-catalogue';
import { type ArticleDbRow, type CatalogueDocuments, type CatalogueRows, type ModelDbRow, loadCatalogueDocuments, loadCatalogueRows } from './products.repository';

/**
 * The in-process cache of the catalogue: an immutable snapshot per catalogue (and one of the shared
 * documents), loaded from the database on first use, kept for CACHE_TTL_MS and dropped at once when
 * this process reseeds the catalogue. Every api process keeps its own copy; nothing else is kept.
 */
export const CACHE_TTL_MS = 5 * 60 * 1000;

/**
 * The picture of a collection or a model, rendered from its geometry (issue 35 §2: a 480 × 360 WebP;
 * a screen asks for another `size`); with a finish, the model in that finish (else its base finish).
 */
export const imageUrl = (kind: 'collection' | 'model', id: string | number, finish?: string): string =>
  `/api/images/v1/render/${kind}/${id}.webp${finish ? `?finish=${encodeURIComponent(finish)}` : ''}`;

/** A preconfiguration's preview image made by a tools batch (issue 32 §3); the batch's job in the address changes it with each batch. */
export const preconfigPreviewUrl = (id: number, version: number): string => `/api/products/v1/preconfigs/${id}/preview.png?v=${version}`;

export interface CatalogueSnapshot {
  catalogId: CatalogId;
  collections: Array<{ subFamilyId: number; active: boolean; data: CollectionData }>;
  collectionById: Map<number, CollectionData>;
  models: ModelDbRow[];
  modelByCode: Map<string, ModelDbRow>;
  articleByReference: Map<string, ArticleDbRow>;
  articlesByModel: Map<string, ArticleDbRow[]>;
  /** The active base article of each model; models without one are not shown. */
  baseByModel: Map<string, ArticleDbRow>;
  variationsByModel: Map<string, VariationData[]>;
  /** `${priceReference}|${rateId}` → decimal string. */
  prices: Map<string, string>;
  accessories: AccessoryData[];
  accessoryByReference: Map<string, AccessoryData>;
  preconfigs: PreconfigData[];
  /** Published rule sets of the rule editor (issue 31) per collection, after the catalogue's own. */
  adminRules: Map<number, RuleSet[]>;
  /** Memo of built articles (language-independent), by reference. */
  articleMemo: Map<string, Article>;
  /** Memo of language-dependent answers (collections lists …), by a key the service chooses. */
  answers: Map<string, unknown>;
}

export interface SharedDocuments extends CatalogueDocuments {
  finishByCode: Map<string, AttributeValueData>;
  temperatureByCode: Map<string, AttributeValueData>;
  controlByCode: Map<string, AttributeValueData>;
  installationByCode: Map<string, AttributeValueData>;
  rules: Map<number, RuleBook>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

async function buildSnapshot(db: Db, catalogId: CatalogId): Promise<CatalogueSnapshot> {
  return snapshotOfRows(catalogId, await loadCatalogueRows(db, catalogId));
}

/** A snapshot of a catalogue's rows (the published ones, or those the draft's preview would publish, issue 31). */
export function snapshotOfRows(catalogId: CatalogId, rows: CatalogueRows): CatalogueSnapshot {
  const articleByReference = new Map(rows.articles.map((row) => [row.reference, row]));
  const baseByModel = new Map<string, ArticleDbRow>();
  for (const row of rows.articles) if (row.isBase && row.active) baseByModel.set(row.model, row);
  return {
    catalogId,
    collections: rows.collections,
    collectionById: new Map(rows.collections.map((row) => [row.subFamilyId, row.data])),
    models: rows.models,
    modelByCode: new Map(rows.models.map((row) => [row.model, row])),
    articleByReference,
    articlesByModel: groupBy(rows.articles, (row) => row.model),
    baseByModel,
    variationsByModel: groupBy(rows.variations, (row) => row.model),
    prices: new Map(rows.prices.map((row) => [`${row.priceReference}|${row.rateId}`, row.salePrice])),
    accessories: rows.accessories,
    accessoryByReference: new Map(rows.accessories.map((row) => [row.reference, row])),
    preconfigs: rows.preconfigs,
    adminRules: new Map([...groupBy(rows.ruleSets, (row) => String(row.subFamilyId))].map(([key, list]) => [Number(key), list.map((row) => row.ruleSet)])),
    articleMemo: new Map(),
    answers: new Map(),
  };
}

async function buildDocuments(db: Db): Promise<SharedDocuments> {
  const documents = await loadCatalogueDocuments(db);
  const index = (values: AttributeValueData[]) => new Map(values.map((value) => [value.code, value]));
  return {
    ...documents,
    finishByCode: index(documents.attributes.finish),
    temperatureByCode: index(documents.attributes.ledColourTemp),
    controlByCode: index(documents.attributes.control),
    installationByCode: index(documents.attributes.installation),
  };
}

interface Entry<T> {
  value: Promise<T>;
  loadedAt: number;
  /** The catalogue's published version (`version()`) when the load started. */
  version: number;
}

/** The rules of a collection in a catalogue: the catalogue's rule sets, then those published from the rule editor (issue 31). */
export function collectionRuleSets(snapshot: CatalogueSnapshot, docs: SharedDocuments, subFamilyId: number): RuleSet[] {
  return [...(docs.rules.get(subFamilyId)?.ruleSets ?? []), ...(snapshot.adminRules.get(subFamilyId) ?? [])];
}

/** Where the catalogue's reads come from while a product manager previews the draft (issue 31 §2; modules/product-admin/product-admin.preview). */
export interface DraftPreviewSource {
  /** Whether the request being handled previews the draft. */
  active(): boolean;
  /** Changes whenever the draft or the published catalogue does. */
  signature(catalogId: CatalogId): Promise<string>;
  /** Runs `read` on the catalogue as the draft's publication would leave it (nothing is kept). */
  read<T>(catalogId: CatalogId, read: (db: DbOrTx) => Promise<T>): Promise<T>;
}

export interface CatalogueCache {
  snapshot(catalogId: CatalogId): Promise<CatalogueSnapshot>;
  documents(): Promise<SharedDocuments>;
  invalidate(): void;
  close(): void;
}

/**
 * `version` moves whenever a catalogue may have been published or restored, in this process or
 * another (the catalogue_versions table's data-change notification, issue 31): a snapshot loaded
 * under another version is stale at once.
 */
export function createCatalogueCache(db: Db, now: () => number = Date.now, version: () => number = () => 0): CatalogueCache {
  const snapshots = new Map<CatalogId, Entry<CatalogueSnapshot>>();
  let documents: Entry<SharedDocuments> | undefined;
  const fresh = <T>(entry: Entry<T> | undefined): entry is Entry<T> => entry !== undefined && now() - entry.loadedAt < CACHE_TTL_MS && entry.version === version();
  const invalidate = () => {
    snapshots.clear();
    documents = undefined;
  };
  const unsubscribe = onCatalogueReseed(invalidate);
  return {
    snapshot(catalogId) {
      const entry = snapshots.get(catalogId);
      if (fresh(entry)) return entry.value;
      const seen = version();
      const value = buildSnapshot(db, catalogId);
      const next = { value, loadedAt: now(), version: seen };
      snapshots.set(catalogId, next);
      value.catch(() => {
        if (snapshots.get(catalogId) === next) snapshots.delete(catalogId);
      });
      return value;
    },
    documents() {
      if (fresh(documents)) return documents.value;
      const seen = version();
      const value = buildDocuments(db);
      const next = { value, loadedAt: now(), version: seen };
      documents = next;
      value.catch(() => {
        if (documents === next) documents = undefined;
      });
      return value;
    },
    invalidate,
    close: () => {
      unsubscribe();
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Building the wire shapes of the catalogue (language-independent)
// ------------------------------------------------------------------------------------------------

const attributeOf = (value: AttributeValueData | undefined, code: string) => ({
  code,
  description: value?.description ?? {},
  bov: 'B' as const,
});

/** The article (spec §3) of a catalogue row, with all six descriptions; memoised per snapshot. */
export function buildArticle(snapshot: CatalogueSnapshot, docs: SharedDocuments, row: ArticleDbRow): Article {
  const memo = snapshot.articleMemo.get(row.reference);
  if (memo) return memo;
  const model = snapshot.modelByCode.get(row.model);
  const data = model?.data;
  const collection = model ? snapshot.collectionById.get(model.subFamilyId) : undefined;
  const base = snapshot.baseByModel.get(row.model);
  const bovOf = (code: string | null, baseCode: string | null | undefined) => (code === baseCode ? ('B' as const) : ('V' as const));
  const finish = docs.finishByCode.get(row.finish);
  const temperature = row.ledColourTemp ? docs.temperatureByCode.get(row.ledColourTemp) : undefined;
  const technical = data?.technical;
  const article: Article = {
    model: row.model,
    reference: row.reference,
    referenceBase: row.referenceBase,
    priceReference: row.referenceBase,
    catalog: { id: snapshot.catalogId },
    articleType: data?.articleType ?? {},
    attributes: {
      finish: { ...attributeOf(finish, row.finish), bov: bovOf(row.finish, base?.finish), ...(finish?.ral ? { ral: finish.ral } : {}), ...(finish?.thumbnail ? { thumbnail: finish.thumbnail } : {}) },
      ledColourTemp: {
        ...attributeOf(temperature, row.ledColourTemp ?? defaultAttributeCode('ledColourTemp')),
        bov: bovOf(row.ledColourTemp, base?.ledColourTemp),
        ...(temperature?.value !== undefined ? { value: temperature.value } : {}),
      },
      control: { ...attributeOf(row.control ? docs.controlByCode.get(row.control) : undefined, row.control ?? defaultAttributeCode('control')), bov: bovOf(row.control, base?.control) },
      installation: {
        ...attributeOf(row.installation ? docs.installationByCode.get(row.installation) : undefined, row.installation ?? defaultAttributeCode('installation')),
        bov: bovOf(row.installation, base?.installation),
      },
      ...(data?.pendantHeight
        ? {
            pendantHeight: {
              code: String(data.pendantHeight.standard),
              description: { en: 'Pendant height', us: 'Pendant height', fr: 'Hauteur de suspension', de: 'Pendellänge', it: 'Altezza di sospensione', es: 'Altura de suspensión' },
              bov: 'O' as const,
              value: data.pendantHeight.standard,
              ...data.pendantHeight,
            },
          }
        : {}),
    },
    materials: (data?.materials ?? []).map((description, index) => ({ id: index + 1, description, cri: String(technical?.cri ?? '') })),
    cri: { description: technical ? `CRI ${technical.cri}` : '' },
    moq: row.moq,
    leadtime: row.leadtime,
    hasAttributes: true,
    netWeight: technical?.netWeight ?? 0,
    lumens: technical?.lumens ?? 0,
    watts: technical?.watts ?? 0,
    delivered_power: technical?.delivered_power ?? 0,
    consumed_power: technical?.consumed_power ?? 0,
    height: technical?.height ?? 0,
    isBase: row.isBase,
    ...(collection ? { subFamily: { id: collection.subFamilyId, description: collection.name }, familyId: collection.familyId } : {}),
    ...(model ? { applicationLocationId: model.applicationLocationId, image: imageUrl('model', row.model, row.finish) } : {}),
  };
  snapshot.articleMemo.set(row.reference, article);
  return article;
}

/** An accessory as an article of type Complement (complement type = level 2, sublevel = level 3). */
/** Accessory kinds (complementType): 12 and 13 are the drawing parts of issue 16 (straps, joints, counterweights; reflectors). */
const COMPLEMENT_TYPES: Readonly<Record<number, string>> = { 8: 'Drivers and power supplies', 11: 'Canopies and mounting', 12: 'Structure parts', 13: 'Optics' };

export function buildAccessoryArticle(snapshot: CatalogueSnapshot, docs: SharedDocuments, accessory: AccessoryData): Article {
  const memo = snapshot.articleMemo.get(accessory.reference);
  if (memo) return memo;
  const colour = accessory.reference.slice(-2);
  const finish = docs.finishByCode.get(colour);
  const collection = snapshot.collectionById.get(accessory.subFamilyId);
  const article: Article = {
    model: accessory.model,
    reference: accessory.reference,
    referenceBase: accessory.reference,
    priceReference: accessory.reference,
    catalog: { id: snapshot.catalogId },
    type: COMPLEMENT_TYPE,
    articleType: {
      level1: { id: 2, description: 'Accessories' },
      level2: { id: accessory.complementType, description: COMPLEMENT_TYPES[accessory.complementType] ?? 'Drivers and power supplies' },
      level3: { id: accessory.sublevel, description: accessory.description.en },
    },
    attributes: {
      finish: { ...attributeOf(finish, colour), ...(finish?.ral ? { ral: finish.ral } : {}), ...(finish?.thumbnail ? { thumbnail: finish.thumbnail } : {}) },
      ledColourTemp: attributeOf(undefined, defaultAttributeCode('ledColourTemp')),
      control: attributeOf(undefined, defaultAttributeCode('control')),
      installation: attributeOf(undefined, defaultAttributeCode('installation')),
    },
    materials: [],
    moq: accessory.moq,
    leadtime: [{ from: 1, weeks: 2 }],
    hasAttributes: false,
    netWeight: accessory.netWeight,
    lumens: 0,
    watts: 0,
    delivered_power: 0,
    consumed_power: 0,
    height: 0,
    isBase: true,
    ...(collection ? { subFamily: { id: collection.subFamilyId, description: collection.name }, familyId: collection.familyId } : {}),
  };
  snapshot.articleMemo.set(accessory.reference, article);
  return article;
}

/** A variation (spec §3) with its descriptions and the attribute extras (RAL, swatch, kelvin). */
export function buildVariation(docs: SharedDocuments, variation: VariationData): Variation {
  const value =
    variation.type === 'color'
      ? docs.finishByCode.get(variation.modifier)
      : variation.type === 'temperature'
        ? docs.temperatureByCode.get(variation.modifier)
        : variation.type === 'control'
          ? docs.controlByCode.get(variation.modifier)
          : variation.type === 'installation'
            ? docs.installationByCode.get(variation.modifier)
            : undefined;
  const { catalogId: _catalogId, ...rest } = variation;
  return {
    ...rest,
    ...(value ? { description: value.description } : {}),
    ...(value?.ral ? { ral: value.ral } : {}),
    ...(value?.thumbnail ? { thumbnail: value.thumbnail } : {}),
    ...(variation.type === 'color' ? { image: imageUrl('model', variation.model, variation.modifier) } : {}),
    ...(variation.type === 'temperature' && value?.value !== undefined ? { value: value.value } : {}),
    ...(variation.type === 'pendantHeight'
      ? { value: variation.standard, description: { en: 'Pendant height', us: 'Pendant height', fr: 'Hauteur de suspension', de: 'Pendellänge', it: 'Altezza di sospensione', es: 'Altura de suspensión' } }
      : {}),
  };
}
