import type {
  Article,
  ArticlePrice,
  CatalogMin,
  Collection,
  CreationEvaluation,
  CreationExportFormat,
  CreationShareCreated,
  ModelSummary,
  Money,
  PreconfigDetail,
  PreconfigSummary,
  PricingInfo,
  SharedCreation,
  TechnicalData,
  TechnicalInfo,
  VariationsResponse,
} from '@lumen/contracts';
import {
  type CatalogId,
  DEFAULT_CATALOG_ID,
  DEFAULT_LANG,
  DRIVER_CATALOGUE,
  DomainError,
  EMPTY_RULE_BOOK,
  type Lang,
  LANGS,
  type RuleBook,
  type Variation as DomainVariation,
  articleCode,
  catalogOfBrandCode,
  catalogOfReference,
  descriptionIn,
  discountForSublevel,
  drawingFamilyOf,
  filterControlVariations,
  findRuleFailure,
  hasAnyPrivilege,
  linePrices,
  baseControlOf,
  modelEnergyRating,
  mergeLeadTimes,
  parseReference,
  priceWithVariations,
  variationsOfReference,
  sumDecimals,
  toDecimal,
  toMoney,
  tryParseReference,
} from '@lumen/domain';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { ModelData, VariationData } from '../../db/seed/catalogue/catalogue-data.types';
import { AppError } from '../../errors';
import { createConfiguratorDrafts } from './products.drafts';
import type { Principal } from '../../http/access-guard';
import { createRateLimiter, type RatePolicy } from '../../http/rate-limits';
import { recordIdempotentResource } from '../../http/idempotency';
import { randomToken } from '../../lib/tokens';
import type { FlagsService } from '../flags/flags.service';
import type { PreconfigResults } from '../tools/tools.preconfig-results';
import {
  buildAccessoryArticle,
  buildArticle,
  buildVariation,
  type CatalogueCache,
  type CatalogueSnapshot,
  collectionRuleSets,
  createCatalogueCache,
  imageUrl,
  preconfigPreviewUrl,
  type DraftPreviewSource,
  type SharedDocuments,
  snapshotOfRows,
} from './products.catalogue';
import { evaluateCreation, evaluateCreationTree } from './products.creations';
import { type DrawingFile, drawingFile, isShareHash, refuseFailures, SHARE_HASH_BYTES, SHARED_FAMILY, sharedViewPath } from './products.drawings';
import type { ArticleDbRow, ModelDbRow } from './products.repository';
import { findCompanyPriceTerms, findCreationShare, insertCreationShare, loadCatalogueRows } from './products.repository';

/** What a caller may see of prices: null without price.view. */
export interface Pricing {
  catalogId: CatalogId;
  currency: 'EUR' | 'USD';
  rateId: number;
  discounts: Record<string, number>;
  /** The caller's flag changePricesCalculation (catalogue 21's percent cap instead of the price cap). */
  changePricesCalculation: boolean;
}

/**
 * The internal tools' latest results per preconfiguration (issue 32 §3): the preview image and PDF spec
 * sheet a batch made last (modules/tools' service), and the sheet made on demand when no batch made one.
 */
export interface PreconfigOutputs {
  results: Pick<PreconfigResults, 'versions' | 'open'>;
  /** The language the batches write the sheets in: their stored sheet is served to a reader of it. */
  batchLang: Lang;
  makeSheet(catalogId: CatalogId, detail: PreconfigDetail, lang: Lang): Promise<Buffer>;
}

/** A preconfiguration's file: the batch's stored one (its version is the batch's job), or one made now. */
export type PreconfigFile = { version: number; content: () => Promise<Readable> } | { version: null; body: Buffer };

/** Product type of composing pendants (spec §9): the control filter follows filterControlMforCP on them. */
const COMPOSING_PENDANTS_TYPE = 7;

const MAX_MEMO_ANSWERS = 500;
/** Applications whose collections are not offered for plusminus (spec §9). */
const IGNORED_APPLICATIONS: Readonly<Record<number, readonly number[]>> = { 225: [4, 5, 6] };

function notFound(message: string): AppError {
  return new AppError('NOT_FOUND', message);
}

function badField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path, message }]);
}

function memo<T>(snapshot: CatalogueSnapshot, key: string, build: () => T): T {
  const hit = snapshot.answers.get(key);
  if (hit !== undefined) return hit as T;
  // Frozen: shared by every request of the snapshot, so the serializer writes it once (src/http/serializer.ts).
  const value = build();
  if (typeof value === 'object' && value !== null) Object.freeze(value);
  if (snapshot.answers.size >= MAX_MEMO_ANSWERS) snapshot.answers.clear();
  snapshot.answers.set(key, value);
  return value;
}

/** The catalogue a call reads: the one asked for, else the caller's, else 16. */
export function catalogOf(principal: Principal | null, ...asked: Array<CatalogId | undefined>): CatalogId {
  for (const id of asked) if (id !== undefined) return id;
  return principal?.catalogId === 21 ? 21 : DEFAULT_CATALOG_ID;
}

/**
 * The catalogue of the variation service's `catalog`: an id as given, a brand code through the domain
 * (3VB, 4VT → 16; 2US → 21); an unknown code is 16, or a 400 on the field under variationCatalog.
 */
async function catalogOfVariationsQuery(catalog: CatalogId | string | undefined, variationCatalog: () => Promise<boolean>): Promise<CatalogId> {
  if (catalog === undefined) return DEFAULT_CATALOG_ID;
  if (typeof catalog === 'number') return catalog;
  try {
    return catalogOfBrandCode(catalog, { variationCatalog: await variationCatalog() });
  } catch (error) {
    if (error instanceof DomainError) throw badField('querystring.catalog', error.message);
    throw error;
  }
}

export function langOf(principal: Principal | null, asked: Lang | undefined): Lang {
  if (asked) return asked;
  const own = principal?.lang;
  return (LANGS as readonly string[]).includes(own ?? '') ? (own as Lang) : DEFAULT_LANG;
}

function asDomainVariation(variation: VariationData): DomainVariation | undefined {
  const amounts = {
    model: variation.model,
    modifier: variation.modifier,
    priceIncrement: variation.priceIncrement,
    priceIncrementDollars: variation.priceIncrementDollars,
    priceIncrementPercent: variation.priceIncrementPercent,
  };
  switch (variation.type) {
    case 'color':
      return { type: 'color', ...amounts };
    case 'temperature':
      return { type: 'temperature', ...amounts };
    case 'control':
      return { type: 'control', ...amounts };
    case 'installation':
      return { type: 'installation', ...amounts };
    default:
      return undefined;
  }
}

/**
 * A model's technical data as the api answers it: the energy class is computed from the photometry
 * and the powers (EU 2019/2015, packages/domain energy) for the model's base control (mains with the
 * driver built in, non-mains when it is made only for a remote driver), never read from the catalogue.
 */
function technicalDataOf(row: ModelDbRow): TechnicalData {
  const technical = row.data.technical;
  return { ...technical, energyClass: modelEnergyRating({ model: row.model, ...technical, categoryId: row.categoryId, control: baseControlOf(row.data.options) }).energyClass };
}

export type ProductsService = ReturnType<typeof createProductsService>;

/** A reference as ordering sees it (ProductsService.orderFacts). */
export interface OrderFacts {
  reference: string;
  model: string;
  active: boolean;
  description: string;
  moq: number;
  leadtime: Array<{ from: number; weeks: number }>;
  availabilities: Array<{ since?: string | null; until?: string | null; expected?: string | null }>;
}

/** The catalogue data a model's picture is drawn from (src/modules/images). */
export interface PictureSubject {
  model: string;
  finish: string;
  /** The finish's swatch colour. */
  colour: string;
  category: number;
  applicationId: number;
  locationId: number;
  /** Centimetres. */
  width: number;
  height: number;
  depth: number;
  beamAngle: number;
  lightSources?: number;
  /** The collection's family name: a family with a shape of its own is built as itself (the luminaire geometry). */
  family?: string;
}

/**
 * Evaluating a creation costs the server up to ~50 ms of CPU (a 1,000-element tree) and is open to
 * visitors: counted per visitor's address and per user. The room asks once per pause in editing
 * (debounced), so a person working stays far below these.
 */
/**
 * Unknown share links one caller may ask for per hour (issue 29 §9): a guesser of hashes is stopped
 * after this many misses, every lookup of theirs answers 429 until the hour is over.
 */
export const SHARE_MISSES_PER_HOUR: RatePolicy = { limit: 20, windowMs: 60 * 60 * 1000 };

const EVALUATE_POLICY: Readonly<Record<'visitor' | 'user', RatePolicy>> = {
  visitor: { limit: 120, windowMs: 60_000 },
  user: { limit: 600, windowMs: 60_000 },
};

export function createProductsService(
  ctx: AppContext,
  log: () => FastifyBaseLogger,
  deps: {
    flags: FlagsService;
    /** The product administration's "preview the draft" (issue 31 §2): when active for the request, reads come from the draft. */
    preview?: DraftPreviewSource;
    /** The tools' batch results (issue 32 §3), built after the file storage (app.ts), so asked for when needed. */
    preconfigOutputs?: () => PreconfigOutputs | undefined;
  },
) {
  /** The version (batch job) of each listed preconfiguration's generated preview image. */
  async function previewVersions(ids: readonly number[]): Promise<Map<number, number>> {
    const outputs = deps.preconfigOutputs?.();
    if (!outputs || ids.length === 0) return new Map();
    const versions = await outputs.results.versions(ids);
    return new Map([...versions].flatMap(([id, version]) => (version.preview !== null ? [[id, version.preview] as const] : [])));
  }

  // Only the catalogue_versions table's own count (not every write's touchAll): a publication in any process makes the snapshots stale (issue 31).
  const cache: CatalogueCache = createCatalogueCache(ctx.db, Date.now, () => ctx.changes.version(['catalogue_versions']) - ctx.changes.version([]));
  const limiter = createRateLimiter(ctx.db, ctx.clock);

  // The draft's preview (issue 31 §2): one snapshot per catalogue, kept while the draft's signature holds.
  const previews = new Map<CatalogId, { signature: string; value: Promise<CatalogueSnapshot> }>();
  async function previewSnapshot(catalogId: CatalogId, preview: DraftPreviewSource): Promise<CatalogueSnapshot> {
    const signature = await preview.signature(catalogId);
    const kept = previews.get(catalogId);
    if (kept?.signature === signature) return kept.value;
    const value = preview.read(catalogId, (db) => loadCatalogueRows(db, catalogId)).then((rows) => snapshotOfRows(catalogId, rows));
    previews.set(catalogId, { signature, value });
    value.catch(() => {
      if (previews.get(catalogId)?.value === value) previews.delete(catalogId);
    });
    return value;
  }

  async function load(catalogId: CatalogId): Promise<{ snapshot: CatalogueSnapshot; docs: SharedDocuments }> {
    const preview = deps.preview?.active() ? deps.preview : undefined;
    const [snapshot, docs] = await Promise.all([preview ? previewSnapshot(catalogId, preview) : cache.snapshot(catalogId), cache.documents()]);
    return { snapshot, docs };
  }

  /** The caller's price rate and discounts in a catalogue, or null without price.view. */
  async function pricingFor(principal: Principal | null, catalogId: CatalogId, docs: SharedDocuments): Promise<Pricing | null> {
    if (!principal || !hasAnyPrivilege(principal.privileges, ['price.view'])) return null;
    const catalog = docs.catalogs.find((row) => row.id === catalogId);
    if (!catalog) return null;
    const [terms, changePricesCalculation] = await Promise.all([
      principal.companyId !== null ? findCompanyPriceTerms(ctx.db, principal.companyId) : undefined,
      deps.flags.forCaller(principal).isEnabled('changePricesCalculation'),
    ]);
    const rateOk = terms?.rateId != null && docs.rates.some((rate) => rate.id === terms.rateId && rate.catalogId === catalogId);
    return {
      catalogId,
      currency: catalog.currency === 'USD' ? 'USD' : 'EUR',
      rateId: rateOk && terms?.rateId != null ? terms.rateId : catalog.defaultRateId,
      discounts: terms?.sublevelDiscounts ?? {},
      changePricesCalculation,
    };
  }

  /** An active article or accessory of the snapshot by reference, with its context and the caller's price; undefined otherwise. */
  function articleIn(snapshot: CatalogueSnapshot, docs: SharedDocuments, pricing: Pricing | null, reference: string, lang: Lang): Article | undefined {
    const row = snapshot.articleByReference.get(reference);
    if (row) {
      if (!row.active || !snapshot.baseByModel.has(row.model)) return undefined;
      const article = buildArticle(snapshot, docs, row);
      return { ...withModelContext(article, snapshot.modelByCode.get(row.model)?.data, lang), price: articlePrice(snapshot, pricing, row, article) };
    }
    const accessory = snapshot.accessoryByReference.get(reference);
    if (accessory) {
      const article = buildAccessoryArticle(snapshot, docs, accessory);
      return { ...article, description: descriptionIn(accessory.description, lang), price: accessoryPrice(snapshot, pricing, reference, article) };
    }
    return undefined;
  }

  function sublevelOf(article: Article): number | undefined {
    return article.articleType.level3?.id ?? article.articleType.level2?.id;
  }

  function articlePrice(snapshot: CatalogueSnapshot, pricing: Pricing | null, row: ArticleDbRow, article: Article): ArticlePrice | null {
    if (!pricing) return null;
    const base = snapshot.prices.get(`${row.referenceBase}|${pricing.rateId}`);
    if (base === undefined) return null;
    const selected = variationsOfReference(snapshot.variationsByModel.get(row.model) ?? [], row)
      .map(asDomainVariation)
      .filter((variation): variation is DomainVariation => variation !== undefined);
    const unitGross = priceWithVariations(base, selected, { catalogId: pricing.catalogId, rateId: pricing.rateId, changePricesCalculation: pricing.changePricesCalculation });
    return priceOf(pricing, unitGross, sublevelOf(article));
  }

  function priceOf(pricing: Pricing, unitGross: number | string, sublevel: number | undefined): ArticlePrice {
    const discountPercent = discountForSublevel(pricing.discounts, sublevel);
    const prices = linePrices({ unitGross, quantity: 1, discountPercent });
    return { currency: pricing.currency, rateId: pricing.rateId, unitGross: prices.unitGross, discountPercent, unitNet: prices.unitNet };
  }

  function accessoryPrice(snapshot: CatalogueSnapshot, pricing: Pricing | null, reference: string, article: Article): ArticlePrice | null {
    if (!pricing) return null;
    const base = snapshot.prices.get(`${reference}|${pricing.rateId}`);
    return base === undefined ? null : priceOf(pricing, base, sublevelOf(article));
  }

  /** Models shown in a catalogue: those with an active base article. */
  function shownModels(snapshot: CatalogueSnapshot): ModelDbRow[] {
    return snapshot.models.filter((model) => model.active && snapshot.baseByModel.has(model.model));
  }

  function collectionOrThrow(snapshot: CatalogueSnapshot, subFamilyId: number) {
    const collection = snapshot.collectionById.get(subFamilyId);
    if (!collection) throw notFound(`No collection ${subFamilyId} in catalogue ${snapshot.catalogId}`);
    return collection;
  }

  function modelOrThrow(snapshot: CatalogueSnapshot, model: string): ModelDbRow {
    const row = snapshot.modelByCode.get(model.toUpperCase());
    if (!row || !row.active || !snapshot.baseByModel.has(row.model)) throw notFound(`No model ${model} in catalogue ${snapshot.catalogId}`);
    return row;
  }

  function modelSummary(snapshot: CatalogueSnapshot, docs: SharedDocuments, row: ModelDbRow, lang: Lang, pricing: Pricing | null): ModelSummary {
    const collection = snapshot.collectionById.get(row.subFamilyId);
    const base = snapshot.baseByModel.get(row.model);
    const category = docs.categories.find((item) => item.id === row.categoryId);
    const location = docs.applicationLocations.find((item) => item.id === row.applicationLocationId);
    const basePrice = pricing && base ? snapshot.prices.get(`${base.referenceBase}|${pricing.rateId}`) : undefined;
    return {
      model: row.model,
      catalogId: snapshot.catalogId,
      description: descriptionIn(row.data.description, lang),
      subFamilyId: row.subFamilyId,
      familyId: collection?.familyId ?? 0,
      familyName: collection?.familyName ?? '',
      category: { id: row.categoryId, description: descriptionIn(category?.description, lang) },
      applicationLocation: { id: row.applicationLocationId, description: descriptionIn(location?.description, lang) },
      virtual: row.virtual,
      referenceBase: base?.reference ?? '',
      articleCode: articleCode(row.model),
      hasDrivers: (DRIVER_CATALOGUE[row.model]?.length ?? 0) > 0,
      technicalData: technicalDataOf(row),
      image: imageUrl('model', row.model),
      priceFrom: pricing && basePrice !== undefined ? { amount: toMoney(basePrice), currency: pricing.currency } : null,
    };
  }

  function technicalInfo(snapshot: CatalogueSnapshot, docs: SharedDocuments, row: ModelDbRow, lang: Lang): TechnicalInfo {
    const collection = snapshot.collectionById.get(row.subFamilyId);
    const options = row.data.options[`${snapshot.catalogId}`] ?? { finish: [], ledColourTemp: [], control: [], installation: [] };
    const driverLists = DRIVER_CATALOGUE[row.model] ?? [];
    return {
      model: row.model,
      catalogId: snapshot.catalogId,
      description: descriptionIn(row.data.description, lang),
      subFamilyId: row.subFamilyId,
      familyId: collection?.familyId ?? 0,
      familyName: collection?.familyName ?? '',
      applicationLocationId: row.applicationLocationId,
      technicalData: technicalDataOf(row),
      units: { length: 'cm', weight: 'kg' },
      finishes: options.finish.map((code) => {
        const value = docs.finishByCode.get(code);
        return { code, description: descriptionIn(value?.description, lang), ...(value?.ral ? { ral: value.ral } : {}), ...(value?.thumbnail ? { thumbnail: value.thumbnail } : {}) };
      }),
      temperatures: options.ledColourTemp.map((code) => {
        const value = docs.temperatureByCode.get(code);
        return { code, description: descriptionIn(value?.description, lang), ...(value?.value !== undefined ? { value: value.value } : {}) };
      }),
      controls: options.control.map((code) => ({ code, description: descriptionIn(docs.controlByCode.get(code)?.description, lang) })),
      installations: options.installation.map((code) => ({ code, description: descriptionIn(docs.installationByCode.get(code)?.description, lang) })),
      pendantHeight: row.data.pendantHeight,
      drivers: driverLists.map((list) => ({ catalogue: list.catalogue, sizes: list.entries.map((entry) => entry.number_support) })),
      image: imageUrl('model', row.model),
    };
  }

  function withModelContext(article: Article, model: ModelData | undefined, lang: Lang): Article {
    return model ? { ...article, description: descriptionIn(model.description, lang) } : article;
  }

  /** Base articles and variations of models (an article collection for @lumen/domain). */
  function articleCollection(snapshot: CatalogueSnapshot, docs: SharedDocuments, rows: ModelDbRow[]) {
    const articles: Article[] = [];
    const variations = [];
    for (const row of rows) {
      const base = snapshot.baseByModel.get(row.model);
      if (base) articles.push(buildArticle(snapshot, docs, base));
      for (const variation of snapshot.variationsByModel.get(row.model) ?? []) variations.push(buildVariation(docs, variation));
    }
    return { articles, variations };
  }

  /** Removes the control options starting with M where the caller's flags say so (composing pendants apart). */
  async function offeredVariations<V extends { type: DomainVariation['type']; modifier: string; model: string }>(
    snapshot: CatalogueSnapshot,
    variations: V[],
    flags: ReturnType<FlagsService['forCaller']>,
  ): Promise<V[]> {
    const [filterControlM, filterControlMforCP] = await Promise.all([flags.isEnabled('filterControlM'), flags.isEnabled('filterControlMforCP')]);
    if (!filterControlM && !filterControlMforCP) return variations;
    const composingPendant = (model: string) => {
      const subFamilyId = snapshot.modelByCode.get(model)?.subFamilyId;
      return subFamilyId !== undefined && snapshot.collectionById.get(subFamilyId)?.productType.id === COMPOSING_PENDANTS_TYPE;
    };
    const flagsOn = { filterControlM, filterControlMforCP };
    return variations.filter((variation) => filterControlVariations([variation], flagsOn, { composingPendant: composingPendant(variation.model) }).length > 0);
  }

  function preconfigSummary(
    snapshot: CatalogueSnapshot,
    docs: SharedDocuments,
    preconfig: (typeof snapshot.preconfigs)[number],
    lang: Lang,
    pricing: Pricing | null,
    previewVersion?: number,
  ): PreconfigSummary {
    let price: Money | null = null;
    if (pricing) {
      const totals: string[] = [];
      let complete = true;
      for (const line of preconfig.lines) {
        const row = snapshot.articleByReference.get(line.reference);
        const unit = row ? articlePrice(snapshot, pricing, row, buildArticle(snapshot, docs, row)) : null;
        if (!unit) {
          complete = false;
          break;
        }
        totals.push(toDecimal(unit.unitGross).times(line.quantity).toString());
      }
      if (complete) price = { amount: toMoney(sumDecimals(totals)), currency: pricing.currency };
    }
    const configurator = snapshot.collectionById.get(preconfig.subFamilyId)?.configuratorType;
    return {
      id: preconfig.id,
      catalogId: snapshot.catalogId,
      name: preconfig.name,
      description: descriptionIn(preconfig.description, lang),
      familyId: preconfig.familyId,
      subFamilyId: preconfig.subFamilyId,
      applicationLocationId: preconfig.applicationLocationId,
      visibility: preconfig.visibility,
      configuratorType: configurator ?? { id: preconfig.configuratorTypeId, description: String(preconfig.configuratorTypeId) },
      models: [...new Set(preconfig.lines.map((line) => line.model))],
      lightsCount: preconfig.lines.reduce((sum, line) => sum + line.quantity, 0),
      // The preview image a tools batch made (issue 32 §3), else the first luminaire in the finish the preconfiguration holds it in.
      image: previewVersion !== undefined ? preconfigPreviewUrl(preconfig.id, previewVersion) : imageUrl('model', preconfig.lines[0]?.model ?? '', snapshot.articleByReference.get(preconfig.lines[0]?.reference ?? '')?.finish),
      price,
    };
  }

  /**
   * A preconfiguration's saved space as the room opens it (issue 15 §4): rebuilt by the engine, at the
   * current schema version. A space the engine refuses (catalogue data out of step) is logged and sent
   * as stored, so the room reports the fault where it happens.
   */
  function readySpace(snapshot: CatalogueSnapshot, docs: SharedDocuments, found: CatalogueSnapshot['preconfigs'][number], remoteDriverCP: boolean, lang: Lang) {
    if (!found.domainJSON) return null;
    try {
      return evaluateCreation({ snapshot, docs, pricing: null, remoteDriverCP, lang, now: new Date() }, { space: found.domainJSON, subFamilyId: found.subFamilyId, quantity: 1 }).space;
    } catch (error) {
      log().warn({ err: error, preconfigId: found.id }, 'the engine refuses this preconfiguration’s space; sending it as stored');
      return found.domainJSON;
    }
  }

  /** One more engine evaluation for this caller (evaluate, share, shared view, export): the same budget as evaluate. */
  async function countEvaluation(principal: Principal | null, caller: { ip: string } | undefined): Promise<void> {
    if (!caller) return;
    await limiter.hit([
      principal ? { key: `crea-evaluate:user:${principal.userId}`, policy: EVALUATE_POLICY.user } : { key: `crea-evaluate:ip:${caller.ip}`, policy: EVALUATE_POLICY.visitor },
    ]);
  }

  /** The drawn family of a collection the call names, or a 400 on `path` (spec §8's message). */
  function drawnFamilyOrBad(subFamilyId: number, path: string) {
    const family = drawingFamilyOf(subFamilyId);
    if (family === null) throw badField(path, `SubfamilyId ${subFamilyId} does not match any drawing configurator`);
    return family;
  }

  /** A drawing's space rebuilt and checked in a catalogue (prices for the caller when `priced`); rule failures refused. */
  async function evaluatedDrawing(principal: Principal | null, request: { catalogId: CatalogId; space: unknown; subFamilyId: number; lang?: Lang; priced: boolean }) {
    const family = drawnFamilyOrBad(request.subFamilyId, 'body.subFamilyId');
    const { snapshot, docs } = await load(request.catalogId);
    const [pricing, remoteDriverCP] = await Promise.all([
      request.priced ? pricingFor(principal, request.catalogId, docs) : null,
      deps.flags.forCaller(principal).isEnabled('RemoteDriverCP'),
    ]);
    const evaluated = evaluateCreationTree(
      { snapshot, docs, pricing, remoteDriverCP, lang: langOf(principal, request.lang), now: new Date() },
      { space: request.space, subFamilyId: request.subFamilyId, quantity: 1 },
    );
    refuseFailures(evaluated.evaluation);
    return { ...evaluated, family, collection: evaluated.evaluation.subFamily.description };
  }

  /**
   * A share by its hash; misses are counted per caller (the address, and the user when there is one):
   * each lookup takes one from the caller's miss allowance and a hit gives it back, so only misses
   * stay counted and a caller past SHARE_MISSES_PER_HOUR gets 429 for every lookup, found or not.
   */
  async function shareOr404(hash: string, principal: Principal | null, caller: { ip: string }) {
    const keys = [`share-miss:ip:${caller.ip}`, ...(principal ? [`share-miss:user:${principal.userId}`] : [])];
    await limiter.hit(keys.map((key) => ({ key, policy: SHARE_MISSES_PER_HOUR })));
    const row = isShareHash(hash) ? await findCreationShare(ctx.db, hash) : undefined;
    if (!row) throw notFound('No shared configuration with this link');
    for (const key of keys) await limiter.release(key);
    return { ...row, catalogId: (row.catalogId === 21 ? 21 : 16) as CatalogId };
  }

  async function preconfigDetail(principal: Principal | null, id: number, asked: { lang?: Lang }): Promise<PreconfigDetail> {
    const lang = langOf(principal, asked.lang);
    for (const catalogId of [16, 21] as const) {
      const { snapshot, docs } = await load(catalogId);
      const found = snapshot.preconfigs.find((preconfig) => preconfig.id === id);
      if (!found) continue;
      const [pricing, remoteDriverCP, versions] = await Promise.all([pricingFor(principal, catalogId, docs), deps.flags.forCaller(principal).isEnabled('RemoteDriverCP'), previewVersions([id])]);
      return { ...preconfigSummary(snapshot, docs, found, lang, pricing, versions.get(id)), lines: found.lines, domainJSON: readySpace(snapshot, docs, found, remoteDriverCP, lang) };
    }
    throw notFound(`No preconfiguration ${id}`);
  }

  return {
    /** Configurator drafts (issue 27 §3): the caller's own work in progress. */
    drafts: createConfiguratorDrafts(ctx.db, ctx.clock),
    close: () => cache.close(),
    invalidate: () => cache.invalidate(),

    /**
     * What the picture of a model, or of a collection (its first model, by code, that is not virtual),
     * is drawn from: type, mounting, dimensions and a finish's colour (the model's base finish unless
     * one of its finishes is asked for). Catalogue 16, else 21; undefined when there is no such
     * model or the model has no such finish.
     */
    async pictureOf(kind: 'collection' | 'model', id: string, finish?: string): Promise<PictureSubject | undefined> {
      for (const catalogId of [16, 21] as const) {
        const { snapshot, docs } = await load(catalogId);
        const row =
          kind === 'model'
            ? snapshot.modelByCode.get(id)
            : snapshot.models.find((candidate) => String(candidate.subFamilyId) === id && !candidate.virtual && snapshot.baseByModel.has(candidate.model));
        if (!row) continue;
        const offered = row.data.options[`${catalogId}`]?.finish ?? [];
        const code = finish ?? snapshot.baseByModel.get(row.model)?.finish ?? offered[0];
        const colour = code !== undefined && offered.includes(code) ? docs.finishByCode.get(code)?.thumbnail : undefined;
        if (code === undefined || colour === undefined) return undefined;
        const location = docs.applicationLocations.find((candidate) => candidate.id === row.applicationLocationId);
        const { width, height, depth, lightSources, beamAngle } = row.data.technical;
        const family = snapshot.collectionById.get(row.subFamilyId)?.familyName;
        return {
          model: row.model,
          finish: code,
          colour,
          category: row.categoryId,
          applicationId: location?.applicationId ?? 1,
          locationId: location?.locationId ?? 0,
          width,
          height,
          depth,
          beamAngle,
          ...(lightSources !== undefined ? { lightSources } : {}),
          ...(family ? { family } : {}),
        };
      }
      return undefined;
    },

    async catalogsMin(): Promise<CatalogMin[]> {
      const docs = await cache.documents();
      return docs.catalogs.map((catalog) => ({
        id: catalog.id === 21 ? 21 : 16,
        name: catalog.name === 'USA' ? 'USA' : 'INT',
        currency: catalog.currency === 'USD' ? 'USD' : 'EUR',
        brandCodes: catalog.brandCodes,
        rates: docs.rates
          .filter((rate) => rate.catalogId === catalog.id)
          .map((rate) => ({ id: rate.id, name: rate.name, currency: rate.currency === 'USD' ? 'USD' : 'EUR' })),
        defaultRateId: catalog.defaultRateId,
        isDefault: catalog.id === DEFAULT_CATALOG_ID,
      }));
    },

    async collections(principal: Principal | null, query: { catalogId?: CatalogId; lang?: Lang; subFamilyId?: number; images?: boolean; withImages?: boolean }): Promise<Collection[]> {
      const catalogId = catalogOf(principal, query.catalogId);
      const lang = langOf(principal, query.lang);
      const images = query.images ?? query.withImages ?? true;
      const { snapshot, docs } = await load(catalogId);
      const all = memo(snapshot, `collections|${lang}|${images}`, () => {
        const models = shownModels(snapshot);
        return snapshot.collections
          .filter((collection) => collection.active)
          .map(({ data }): Collection => {
            const own = models.filter((model) => model.subFamilyId === data.subFamilyId);
            const ignored = IGNORED_APPLICATIONS[data.subFamilyId] ?? [];
            const categoryIds = [...new Set(own.map((model) => model.categoryId))].sort((a, b) => a - b);
            const locationIds = [...new Set(own.map((model) => model.applicationLocationId))]
              .filter((id) => !ignored.includes(docs.applicationLocations.find((location) => location.id === id)?.applicationId ?? -1))
              .sort((a, b) => a - b);
            return {
              id: data.subFamilyId,
              subFamilyId: data.subFamilyId,
              catalogId,
              name: data.name,
              description: descriptionIn(data.description, lang),
              familyId: data.familyId,
              familyName: data.familyName,
              categories: categoryIds.map((id) => ({ id, description: descriptionIn(docs.categories.find((category) => category.id === id)?.description, lang) })),
              applicationLocations: locationIds.map((id) => ({ id, description: descriptionIn(docs.applicationLocations.find((location) => location.id === id)?.description, lang) })),
              productType: data.productType,
              configuratorType: data.configuratorType,
              modelsCount: own.length,
              ...(images ? { image: imageUrl('collection', data.subFamilyId) } : {}),
              isNew: data.isNew,
              order: data.order,
            };
          })
          .filter((collection) => collection.modelsCount > 0);
      });
      if (query.subFamilyId === undefined) return all;
      const one = all.filter((collection) => collection.subFamilyId === query.subFamilyId);
      if (one.length === 0) throw notFound(`No collection ${query.subFamilyId} in catalogue ${catalogId}`);
      return one;
    },

    async models(principal: Principal | null, query: { catalog?: CatalogId; catalogId?: CatalogId; subFamilyId: number; applicationLocationId?: number; lang?: Lang }): Promise<ModelSummary[]> {
      const catalogId = catalogOf(principal, query.catalog, query.catalogId);
      const lang = langOf(principal, query.lang);
      const { snapshot, docs } = await load(catalogId);
      collectionOrThrow(snapshot, query.subFamilyId);
      const pricing = await pricingFor(principal, catalogId, docs);
      return shownModels(snapshot)
        .filter((model) => model.subFamilyId === query.subFamilyId && (query.applicationLocationId === undefined || model.applicationLocationId === query.applicationLocationId))
        .map((model) => modelSummary(snapshot, docs, model, lang, pricing));
    },

    /**
     * A configurator page's heading as the app shows it once its calls are in (the server's first
     * view, src/http/first-view.ts): the model's name from the collection's models, and the picture
     * of its base article in the base finish (the variations' base article). Null when the app would
     * show no such model there: another collection or location, a model the catalogue does not show.
     */
    async configuratorHeading(principal: Principal, query: { subFamilyId: number; applicationLocationId: number; model: string; lang: Lang }): Promise<{ description: string; image: string } | null> {
      if (principal.catalogId !== 16 && principal.catalogId !== 21) return null;
      const { snapshot } = await load(principal.catalogId);
      const row = snapshot.modelByCode.get(query.model);
      const base = snapshot.baseByModel.get(query.model);
      if (!row?.active || !base || row.subFamilyId !== query.subFamilyId || row.applicationLocationId !== query.applicationLocationId) return null;
      return { description: descriptionIn(row.data.description, query.lang), image: imageUrl('model', row.model, base.finish) };
    },

    async modelsByFamily(principal: Principal | null, query: { catalog?: CatalogId; catalogId?: CatalogId; subFamilyId: number; applicationLocationId?: number; virtual?: '0' | '1' }) {
      const catalogId = catalogOf(principal, query.catalog, query.catalogId);
      const { snapshot } = await load(catalogId);
      collectionOrThrow(snapshot, query.subFamilyId);
      const virtual = query.virtual === '1';
      const models = shownModels(snapshot).filter(
        (model) =>
          model.subFamilyId === query.subFamilyId &&
          model.virtual === virtual &&
          (query.applicationLocationId === undefined || model.applicationLocationId === query.applicationLocationId),
      );
      return [{ catalogId, models: models.map((model) => ({ model: model.model })) }];
    },

    /**
     * Variations of models. `catalog` may be a brand code (variationCatalog decides what an unknown one
     * does). What is offered follows the caller's filterControlM / filterControlMforCP; `allOptions`
     * (pricing a stored line) keeps every variation.
     */
    async variations(
      principal: Principal | null,
      query: { model: string[]; catalog?: CatalogId | string; subfamily?: number },
      options: { allOptions?: boolean } = {},
    ): Promise<VariationsResponse> {
      const flags = deps.flags.forCaller(principal);
      const catalogId = await catalogOfVariationsQuery(query.catalog, () => flags.isEnabled('variationCatalog'));
      const { snapshot, docs } = await load(catalogId);
      const codes = [...new Set(query.model.map((model) => model.toUpperCase()))];
      if (query.subfamily !== undefined) collectionOrThrow(snapshot, query.subfamily);
      const rows = codes.map((code) => {
        const row = modelOrThrow(snapshot, code);
        if (query.subfamily !== undefined && row.subFamilyId !== query.subfamily) throw notFound(`Model ${code} is not in collection ${query.subfamily}`);
        return row;
      });
      const collection = memo(snapshot, `variations|${codes.join(',')}`, () => articleCollection(snapshot, docs, rows));
      const pricing = await pricingFor(principal, catalogId, docs);
      let pricingInfo: PricingInfo | null = null;
      if (pricing) {
        const basePrices: Record<string, string> = {};
        for (const row of rows) {
          const base = snapshot.baseByModel.get(row.model);
          const price = base ? snapshot.prices.get(`${base.referenceBase}|${pricing.rateId}`) : undefined;
          if (price !== undefined) basePrices[row.model] = price;
        }
        pricingInfo = { currency: pricing.currency, rateId: pricing.rateId, basePrices, discounts: pricing.discounts };
      }
      const variations = options.allOptions ? collection.variations : await offeredVariations(snapshot, collection.variations, flags);
      return { catalogId, articles: collection.articles, variations, pricing: pricingInfo };
    },

    async articleByReference(principal: Principal | null, query: { catalogId?: CatalogId; reference: string; lang?: Lang }): Promise<Article> {
      const reference = query.reference.toUpperCase();
      try {
        parseReference(reference);
      } catch (error) {
        if (error instanceof DomainError) throw badField('querystring.reference', error.message);
        throw error;
      }
      const ofReference = catalogOfReference(reference);
      if (query.catalogId !== undefined && query.catalogId !== ofReference) {
        throw badField('querystring.reference', `${reference} is a reference of catalogue ${ofReference}, not ${query.catalogId}`);
      }
      const catalogId = ofReference;
      const lang = langOf(principal, query.lang);
      const { snapshot, docs } = await load(catalogId);
      const pricing = await pricingFor(principal, catalogId, docs);
      const article = articleIn(snapshot, docs, pricing, reference, lang);
      if (!article) throw notFound(`No article ${reference} in catalogue ${catalogId}`);
      return article;
    },

    /**
     * Why the rules of the article's collection refuse it (issue 31: rules published from the rule
     * editor hold for the server's checks too), in the caller's language; null when they let it through.
     */
    async articleRuleFailure(principal: Principal | null, query: { catalogId: CatalogId; reference: string; lang?: Lang }): Promise<string | null> {
      const { snapshot, docs } = await load(query.catalogId);
      const row = snapshot.articleByReference.get(query.reference.toUpperCase());
      const model = row ? snapshot.modelByCode.get(row.model) : undefined;
      if (!row || !model) return null;
      const sets = collectionRuleSets(snapshot, docs, model.subFamilyId);
      const attributes: Partial<Record<'finish' | 'ledColourTemp' | 'control' | 'installation', string>> = { finish: row.finish };
      if (row.ledColourTemp) attributes.ledColourTemp = row.ledColourTemp;
      if (row.control) attributes.control = row.control;
      if (row.installation) attributes.installation = row.installation;
      const failure = findRuleFailure(sets, { id: row.reference, type: 'Light', model: row.model, attributes, parent: null, childCounts: {} });
      if (!failure) return null;
      return descriptionIn(failure.reasons ?? {}, langOf(principal, query.lang)) || failure.reason;
    },

    /**
     * Several references of one catalogue at once (a project's lines): the catalogue and the caller's
     * price terms are read once, not per reference. A reference that is not an active article or
     * accessory of the catalogue (or not a reference at all) maps to undefined.
     */
    async articlesByReference(principal: Principal | null, query: { catalogId: CatalogId; references: readonly string[]; lang?: Lang }): Promise<Map<string, Article | undefined>> {
      const lang = langOf(principal, query.lang);
      const { snapshot, docs } = await load(query.catalogId);
      const pricing = await pricingFor(principal, query.catalogId, docs);
      const found = new Map<string, Article | undefined>();
      for (const given of query.references) {
        const reference = given.toUpperCase();
        let valid = true;
        try {
          parseReference(reference);
        } catch {
          valid = false;
        }
        found.set(given, valid && catalogOfReference(reference) === query.catalogId ? articleIn(snapshot, docs, pricing, reference, lang) : undefined);
      }
      return found;
    },

    /**
     * What ordering needs of references (issue 13): per reference, whether the catalogue sells it,
     * its description, MOQ, lead time (the article's merged with its selected variations',
     * configuration-domain §9) and the availability windows of its selected variations (§4).
     * Unknown references are left out of the map. No prices (the order reads them from the project).
     */
    async orderFacts(catalogId: CatalogId, references: readonly string[], lang: Lang): Promise<Map<string, OrderFacts>> {
      const { snapshot, docs } = await load(catalogId);
      const facts = new Map<string, OrderFacts>();
      for (const asked of references) {
        const reference = asked.toUpperCase();
        if (facts.has(reference)) continue;
        const row = snapshot.articleByReference.get(reference);
        if (row) {
          const selected = variationsOfReference(snapshot.variationsByModel.get(row.model) ?? [], row);
          facts.set(reference, {
            reference,
            model: row.model,
            active: row.active && snapshot.baseByModel.has(row.model),
            description: descriptionIn(snapshot.modelByCode.get(row.model)?.data.description, lang) || row.model,
            moq: Math.max(1, row.moq, ...selected.map((variation) => variation.moq ?? 1)),
            leadtime: mergeLeadTimes(row.leadtime, ...selected.map((variation) => variation.leadtime)),
            availabilities: selected.flatMap((variation) => (variation.availability ? [variation.availability] : [])),
          });
          continue;
        }
        const accessory = snapshot.accessoryByReference.get(reference);
        if (accessory) {
          const article = buildAccessoryArticle(snapshot, docs, accessory);
          facts.set(reference, { reference, model: accessory.model, active: true, description: descriptionIn(accessory.description, lang) || accessory.model, moq: Math.max(1, accessory.moq), leadtime: [...article.leadtime], availabilities: [] });
        }
      }
      return facts;
    },

    async search(principal: Principal | null, query: { catalogId?: CatalogId; search: string; lang?: Lang; limit?: number }) {
      const catalogId = catalogOf(principal, query.catalogId);
      const lang = langOf(principal, query.lang);
      const { snapshot } = await load(catalogId);
      const needle = query.search.toUpperCase();
      const limit = query.limit ?? 20;
      const hits = [];
      const models = shownModels(snapshot);
      const modelHits = models.filter((model) => model.model.startsWith(needle) || descriptionIn(model.data.description, lang).toUpperCase().includes(needle));
      for (const model of modelHits) {
        const base = snapshot.baseByModel.get(model.model);
        if (base) hits.push({ row: base, model });
      }
      if (needle.length >= 5) {
        for (const model of models) {
          for (const row of snapshot.articlesByModel.get(model.model) ?? []) {
            if (hits.length >= limit * 2) break;
            if (row.active && !row.isBase && row.reference.startsWith(needle)) hits.push({ row, model });
          }
        }
      }
      return hits.slice(0, limit).map(({ row, model }) => ({
        reference: row.reference,
        model: row.model,
        description: descriptionIn(model.data.description, lang),
        subFamilyId: model.subFamilyId,
        familyName: snapshot.collectionById.get(model.subFamilyId)?.familyName ?? '',
        applicationLocationId: model.applicationLocationId,
        isBase: row.isBase,
        image: imageUrl('model', row.model),
      }));
    },

    async technicalInfo(principal: Principal | null, query: { subFamily: number; catalog?: CatalogId; appLocation?: number; lang?: Lang }): Promise<TechnicalInfo[]> {
      const catalogId = catalogOf(principal, query.catalog);
      const lang = langOf(principal, query.lang);
      const { snapshot, docs } = await load(catalogId);
      collectionOrThrow(snapshot, query.subFamily);
      return memo(snapshot, `technicalInfo|${query.subFamily}|${query.appLocation ?? ''}|${lang}`, () =>
        shownModels(snapshot)
          .filter((model) => model.subFamilyId === query.subFamily && (query.appLocation === undefined || model.applicationLocationId === query.appLocation))
          .map((model) => technicalInfo(snapshot, docs, model, lang)),
      );
    },

    async technicalInfoByModel(principal: Principal | null, query: { family?: number; catalog?: CatalogId; model: string; lang?: Lang }): Promise<TechnicalInfo> {
      const catalogId = catalogOf(principal, query.catalog);
      const lang = langOf(principal, query.lang);
      const { snapshot, docs } = await load(catalogId);
      const row = modelOrThrow(snapshot, query.model);
      if (query.family !== undefined && snapshot.collectionById.get(row.subFamilyId)?.familyId !== query.family && row.subFamilyId !== query.family) {
        throw notFound(`Model ${row.model} is not in family ${query.family}`);
      }
      return technicalInfo(snapshot, docs, row, lang);
    },

    async spotlight(principal: Principal | null, query: { catalog?: CatalogId; subFamily: number; lang?: Lang }) {
      const catalogId = catalogOf(principal, query.catalog);
      const lang = langOf(principal, query.lang);
      const { snapshot } = await load(catalogId);
      const collection = collectionOrThrow(snapshot, query.subFamily);
      return {
        subFamilyId: collection.subFamilyId,
        catalogId,
        title: descriptionIn(collection.spotlight.title, lang),
        text: descriptionIn(collection.spotlight.text, lang),
        image: imageUrl('collection', collection.subFamilyId),
        models: shownModels(snapshot)
          .filter((model) => model.subFamilyId === collection.subFamilyId)
          .map((model) => model.model),
      };
    },

    async attachments(principal: Principal | null, query: { family?: number; model: string; appLocation?: number; catalog?: CatalogId; lang?: Lang }) {
      const catalogId = catalogOf(principal, query.catalog);
      const lang = langOf(principal, query.lang);
      const { snapshot } = await load(catalogId);
      const row = modelOrThrow(snapshot, query.model);
      if (query.appLocation !== undefined && row.applicationLocationId !== query.appLocation) throw notFound(`Model ${row.model} has no application location ${query.appLocation}`);
      const download = (type: string, subType: string | null, extra = '') =>
        `/sr-documents/v1/docs-web/download?type=${type}${subType ? `&subType=${subType}` : ''}&model=${row.model}&subFamilyId=${row.subFamilyId}&catalogId=${catalogId}&lang=${lang}${extra}`;
      const specSubType = Number(row.model) > 100 ? 'model' : 'umbrella';
      const name = descriptionIn(row.data.description, lang);
      return [
        { type: 'specSheet' as const, name: `${name} — spec sheet`, format: 'pdf', lang, url: download('specSheet', specSubType) },
        { type: 'manual' as const, name: `${name} — installation manual`, format: 'pdf', lang, url: download('manual', 'regular') },
        { type: 'energyLabel' as const, name: `${name} — energy label`, format: 'pdf', url: download('energyLabel', null) },
        { type: '2D_3D' as const, name: `${name} — 2D/3D models`, format: 'zip', url: download('2D_3D', null) },
        { type: 'photometry' as const, name: `${name} — photometry`, format: 'ldt', url: download('photometry', null) },
        { type: 'imagesHD' as const, name: `${name} — product image`, format: 'png', url: imageUrl('model', row.model).replace(/\.webp$/, '.png?size=1600') },
      ];
    },

    async applicationLocation(principal: Principal | null, query: { applicationId: number; locationId: number; lang?: Lang }) {
      const lang = langOf(principal, query.lang);
      const docs = await cache.documents();
      const found = docs.applicationLocations.find((item) => item.applicationId === query.applicationId && item.locationId === query.locationId);
      if (!found) throw notFound(`No application location for application ${query.applicationId} and location ${query.locationId}`);
      return { id: found.id, applicationId: found.applicationId, locationId: found.locationId, description: descriptionIn(found.description, lang) };
    },

    /**
     * A creation (issue 15) rebuilt, checked, listed and priced in the caller's catalogue (default the
     * caller's, 16 for visitors), rate and language; prices only with price.view.
     */
    async evaluateCreation(
      principal: Principal | null,
      body: { space: unknown; catalogId?: CatalogId; subFamilyId?: number; quantity: number; lang?: Lang },
      /** The public call's client, whose evaluations are counted; none for the server's own (saving a line, pricing a project). */
      caller?: { ip: string },
    ): Promise<CreationEvaluation> {
      if (caller)
        await limiter.hit([
          principal ? { key: `crea-evaluate:user:${principal.userId}`, policy: EVALUATE_POLICY.user } : { key: `crea-evaluate:ip:${caller.ip}`, policy: EVALUATE_POLICY.visitor },
        ]);
      const catalogId = catalogOf(principal, body.catalogId);
      const { snapshot, docs } = await load(catalogId);
      const [pricing, remoteDriverCP] = await Promise.all([pricingFor(principal, catalogId, docs), deps.flags.forCaller(principal).isEnabled('RemoteDriverCP')]);
      return evaluateCreation(
        { snapshot, docs, pricing, remoteDriverCP, lang: langOf(principal, body.lang), now: new Date() },
        { space: body.space, quantity: body.quantity, ...(body.subFamilyId !== undefined ? { subFamilyId: body.subFamilyId } : {}) },
      );
    },

    /**
     * Shares a plusminus drawing (issue 16 §5): the space is rebuilt and checked, then stored as it was
     * rebuilt behind 16 random bytes; no price is stored. Visitors may share (the configurator is open
     * to them); counted like evaluate.
     */
    async shareCreation(principal: Principal | null, body: { space: unknown; subFamilyId: number; catalogId?: CatalogId }, caller: { ip: string }): Promise<CreationShareCreated> {
      await countEvaluation(principal, caller);
      if (drawnFamilyOrBad(body.subFamilyId, 'body.subFamilyId') !== SHARED_FAMILY) {
        throw badField('body.subFamilyId', `SubfamilyId ${body.subFamilyId} has no shared view: only plusminus drawings (225) are shared`);
      }
      const catalogId = catalogOf(principal, body.catalogId);
      const { evaluation } = await evaluatedDrawing(principal, { catalogId, space: body.space, subFamilyId: body.subFamilyId, priced: false });
      const hash = randomToken(SHARE_HASH_BYTES);
      await ctx.db.transaction(async (tx) => {
        await insertCreationShare(tx, { hash, subFamilyId: body.subFamilyId, catalogId, space: evaluation.space, createdBy: principal?.userId ?? null });
        // The Idempotency-Key commits with the share (issue 29 §6): a retry after a crash answers this hash.
        await recordIdempotentResource(tx, { kind: 'share', id: hash });
      });
      return { hash, path: sharedViewPath(hash) };
    },

    /** The answer of a share that committed without its answer (a retry of its key after a crash, issue 29 §6). */
    shared(hash: string): CreationShareCreated {
      return { hash, path: sharedViewPath(hash) };
    },

    /** A shared snapshot and its evaluation made now for the viewer: prices only with price.view, in the viewer's rate. Unknown or malformed hash: 404. */
    async sharedCreation(principal: Principal | null, hash: string, query: { lang?: Lang }, caller: { ip: string }): Promise<SharedCreation> {
      const row = await shareOr404(hash, principal, caller);
      await countEvaluation(principal, caller);
      const { evaluation } = await evaluatedDrawing(principal, { catalogId: row.catalogId, space: row.space, subFamilyId: row.subFamilyId, priced: true, ...(query.lang ? { lang: query.lang } : {}) });
      return { hash: row.hash, subFamilyId: row.subFamilyId, catalogId: row.catalogId, createdAt: row.createdAt.toISOString(), space: evaluation.space, evaluation };
    },

    /** A file of a shared snapshot (issue 16 §4). */
    async exportShared(principal: Principal | null, hash: string, format: CreationExportFormat, caller: { ip: string }): Promise<DrawingFile> {
      const row = await shareOr404(hash, principal, caller);
      await countEvaluation(principal, caller);
      const { tree, family, collection } = await evaluatedDrawing(principal, { catalogId: row.catalogId, space: row.space, subFamilyId: row.subFamilyId, priced: false });
      return drawingFile({ tree, family, catalogId: row.catalogId, format, name: row.hash, collection });
    },

    /**
     * A file of a drawn product: the configurator's unsaved space (EXPORT mode, the export frame), or a
     * project line's (the projects service checks the caller's read scope and names the file).
     */
    async exportCreation(
      principal: Principal | null,
      body: { space: unknown; subFamilyId: number; catalogId?: CatalogId; name?: string },
      format: CreationExportFormat,
      caller?: { ip: string },
    ): Promise<DrawingFile> {
      await countEvaluation(principal, caller);
      const catalogId = catalogOf(principal, body.catalogId);
      const { tree, family, collection } = await evaluatedDrawing(principal, { catalogId, space: body.space, subFamilyId: body.subFamilyId, priced: false });
      return drawingFile({ tree, family, catalogId, format, name: body.name ?? 'drawing', collection });
    },

    async preconfigs(
      principal: Principal | null,
      query: { catalogId?: CatalogId; familyId?: number; subFamilyId?: number; applicationLocationId?: number; lang?: Lang; visibility?: 'website' | 'private' },
    ): Promise<PreconfigSummary[]> {
      const catalogId = catalogOf(principal, query.catalogId);
      const lang = langOf(principal, query.lang);
      const visibility = query.visibility ?? 'website';
      const { snapshot, docs } = await load(catalogId);
      if (query.subFamilyId !== undefined) collectionOrThrow(snapshot, query.subFamilyId);
      const pricing = await pricingFor(principal, catalogId, docs);
      const listed = snapshot.preconfigs.filter(
        (preconfig) =>
          preconfig.visibility === visibility &&
          (query.familyId === undefined || preconfig.familyId === query.familyId) &&
          (query.subFamilyId === undefined || preconfig.subFamilyId === query.subFamilyId) &&
          (query.applicationLocationId === undefined || preconfig.applicationLocationId === query.applicationLocationId),
      );
      const versions = await previewVersions(listed.map((preconfig) => preconfig.id));
      return listed.map((preconfig) => preconfigSummary(snapshot, docs, preconfig, lang, pricing, versions.get(preconfig.id)));
    },

    async preconfig(principal: Principal | null, id: number, asked: { lang?: Lang }): Promise<PreconfigDetail> {
      return preconfigDetail(principal, id, asked);
    },

    /**
     * A preconfiguration's generated preview image (issue 32 §3), to whoever may read the preconfiguration
     * (the lists' rules): 404 for an unknown preconfiguration or one no batch made a preview of.
     */
    async preconfigPreview(principal: Principal | null, id: number): Promise<{ version: number; content: () => Promise<Readable> }> {
      await preconfigDetail(principal, id, {});
      const stored = await deps.preconfigOutputs?.()?.results.open(id, 'preview');
      if (!stored) throw notFound(`No preview image of preconfiguration ${id}`);
      return stored;
    },

    /**
     * A preconfiguration's PDF spec sheet in the reader's language (the asked one, else the account's):
     * the one a batch made last when it is in that language, else made now (issue 32 §3).
     */
    async preconfigSheet(principal: Principal | null, id: number, query: { lang?: Lang } = {}): Promise<PreconfigFile & { name: string }> {
      const lang = langOf(principal, query.lang);
      const detail = await preconfigDetail(principal, id, { lang });
      const outputs = deps.preconfigOutputs?.();
      if (!outputs) throw new AppError('UNAVAILABLE', 'Spec sheets are not available');
      const name = `preconfig-${id}-${detail.name}.pdf`;
      const stored = lang === outputs.batchLang ? await outputs.results.open(id, 'pdf') : null;
      if (stored) return { name, version: stored.version, content: stored.content };
      return { name, version: null, body: await outputs.makeSheet(detail.catalogId, detail, lang) };
    },

    async decisionTree(principal: Principal | null, id: number, query: { lang?: Lang }) {
      const lang = langOf(principal, query.lang);
      const docs = await cache.documents();
      const tree = docs.decisionTrees.find((item) => item.id === id);
      if (!tree) throw notFound(`No decision tree ${id}`);
      return localiseTree(tree, lang);
    },

    async decisionLayer(principal: Principal | null, layer: string, query: { catalogId?: CatalogId; familyId?: number; subFamilyId?: number; lang?: Lang }) {
      if (query.subFamilyId === undefined && query.familyId === undefined) throw badField('querystring.subFamilyId', 'subFamilyId or familyId is required');
      const catalogId = catalogOf(principal, query.catalogId);
      const lang = langOf(principal, query.lang);
      const docs = await cache.documents();
      const tree = docs.decisionTrees.find(
        (item) =>
          item.catalogId === catalogId &&
          (query.subFamilyId === undefined || item.subFamilyId === query.subFamilyId) &&
          (query.familyId === undefined || item.familyId === query.familyId),
      );
      const found = tree ? localiseTree(tree, lang).layers.find((item) => item.id === layer) : undefined;
      if (!found) throw notFound(`No decision layer ${layer} for this collection`);
      return found;
    },

    async imageDetails(principal: Principal | null, query: { catalogId?: CatalogId; lang?: Lang }, body: unknown): Promise<unknown> {
      try {
        if (!Array.isArray(body)) return body;
        const catalogId = catalogOf(principal, query.catalogId);
        const lang = langOf(principal, query.lang);
        const { snapshot, docs } = await load(catalogId);
        return body.map((item: unknown) => {
          if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
          const product = item as Record<string, unknown>;
          const reference = [product.reference, product.referenceCode, product.articleCode].find((value): value is string => typeof value === 'string');
          const modelCode = typeof product.model === 'string' ? product.model.toUpperCase() : reference?.slice(0, 4).toUpperCase();
          const model = modelCode ? snapshot.modelByCode.get(modelCode) : undefined;
          if (!model) return item;
          const finishCode = (reference ? tryParseReference(reference.toUpperCase())?.colour : undefined) ?? snapshot.baseByModel.get(model.model)?.finish;
          const finish = finishCode ? docs.finishByCode.get(finishCode) : undefined;
          return {
            ...product,
            image: imageUrl('model', model.model),
            ...(finish?.thumbnail ? { thumbnail: finish.thumbnail, colour: descriptionIn(finish.description, lang) } : {}),
            description: descriptionIn(model.data.description, lang),
          };
        });
      } catch (error) {
        log().info({ err: error }, 'image details failed; answering the input');
        return body;
      }
    },

    async config(id: number) {
      const docs = await cache.documents();
      const config = docs.configs.find((item) => item.id === id);
      if (!config) throw notFound(`No configuration ${id}`);
      const catalogId: CatalogId = config.catalogId === 21 ? 21 : 16;
      const { snapshot } = await load(catalogId);
      const collection = snapshot.collectionById.get(config.subFamilyId);
      return {
        id: config.id,
        subFamilyId: config.subFamilyId,
        catalogId,
        configuratorType: collection?.configuratorType ?? { id: config.configuratorTypeId, description: String(config.configuratorTypeId) },
        settings: config.settings,
      };
    },

    async designer(principal: Principal | null, subFamilyId: number, query: { lang?: Lang }) {
      const lang = langOf(principal, query.lang);
      for (const catalogId of [16, 21] as const) {
        const { snapshot } = await load(catalogId);
        const collection = snapshot.collectionById.get(subFamilyId);
        if (!collection) continue;
        return {
          subFamilyId,
          name: collection.name,
          designer: collection.designer.name,
          year: collection.designer.year,
          bio: { [lang]: descriptionIn(collection.designer.bio, lang), ...collection.designer.bio },
          image: imageUrl('collection', subFamilyId),
        };
      }
      throw notFound(`No collection ${subFamilyId}`);
    },

    async staticFile(name: 'Subfamilies' | 'IndexSubfamiliesNames' | 'modelSubFamilyNameDictionary'): Promise<unknown> {
      const [{ snapshot: int }, { snapshot: usa }] = await Promise.all([load(16), load(21)]);
      const collections = new Map<number, { data: (typeof int.collections)[number]['data']; catalogs: CatalogId[] }>();
      for (const snapshot of [int, usa]) {
        for (const { data } of snapshot.collections) {
          const entry = collections.get(data.subFamilyId);
          if (entry) entry.catalogs.push(snapshot.catalogId);
          else collections.set(data.subFamilyId, { data, catalogs: [snapshot.catalogId] });
        }
      }
      if (name === 'Subfamilies') {
        return [...collections.values()].map(({ data, catalogs }) => ({
          id: data.subFamilyId,
          name: data.name,
          familyId: data.familyId,
          familyName: data.familyName,
          productType: data.productType,
          configuratorType: data.configuratorType,
          catalogs,
        }));
      }
      if (name === 'IndexSubfamiliesNames') return Object.fromEntries([...collections.values()].map(({ data }) => [String(data.subFamilyId), data.name]));
      const dictionary: Record<string, string> = {};
      for (const snapshot of [int, usa]) for (const model of snapshot.models) dictionary[model.model] = snapshot.collectionById.get(model.subFamilyId)?.name ?? '';
      return dictionary;
    },

    async subfamilyFile(folder: 'byFamily' | 'accessories' | 'rules', file: string): Promise<unknown> {
      const [subFamilyText = '', catalogText = ''] = file.replace(/\.json$/, '').split('_');
      const subFamilyId = Number(subFamilyText);
      const catalogId: CatalogId = catalogText === '21' ? 21 : 16;
      const { snapshot, docs } = await load(catalogId);
      if (folder === 'rules') {
        const book: RuleBook | undefined = docs.rules.get(subFamilyId);
        const published = snapshot.adminRules.get(subFamilyId) ?? [];
        if (!book && published.length === 0) {
          log().warn({ subFamilyId, catalogId }, 'no rules file for this subfamily; answering empty rules');
          return { ...EMPTY_RULE_BOOK, subFamilyId };
        }
        // The catalogue's rules, then those published from the product administration's rule editor (issue 31).
        return { ...(book ?? { ...EMPTY_RULE_BOOK, subFamilyId }), ruleSets: collectionRuleSets(snapshot, docs, subFamilyId) };
      }
      if (folder === 'accessories') {
        const accessories = snapshot.accessories.filter((accessory) => accessory.subFamilyId === subFamilyId);
        if (accessories.length === 0) {
          log().warn({ subFamilyId, catalogId }, 'no accessories file for this subfamily; answering an empty object');
          return {};
        }
        return { subFamilyId, catalogId, accessories: accessories.map((accessory) => buildAccessoryArticle(snapshot, docs, accessory)) };
      }
      collectionOrThrow(snapshot, subFamilyId);
      const rows = shownModels(snapshot).filter((model) => model.subFamilyId === subFamilyId);
      return memo(snapshot, `byFamily|${subFamilyId}`, () => ({ subFamilyId, catalogId, ...articleCollection(snapshot, docs, rows) }));
    },
  };
}

function localiseTree(tree: SharedDocuments['decisionTrees'][number], lang: Lang) {
  return {
    id: tree.id,
    catalogId: (tree.catalogId === 21 ? 21 : 16) as CatalogId,
    subFamilyId: tree.subFamilyId,
    familyId: tree.familyId,
    name: tree.name,
    rootLayer: tree.rootLayer,
    layers: tree.layers.map((layer) => ({
      id: layer.id,
      width: layer.width,
      title: descriptionIn(layer.title, lang),
      ...(layer.visibility ? { visibility: layer.visibility } : {}),
      options: layer.options.map((option) => ({
        id: option.id,
        label: descriptionIn(option.label, lang),
        ...(option.image ? { image: option.image } : {}),
        next: option.next,
        ...(option.result ? { result: option.result } : {}),
      })),
    })),
  };
}
