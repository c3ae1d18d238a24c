/**
 * Crea creations (issue 15): a saved space from the room is rebuilt with @lumen/domain's engine
 * (rebuildSpace), checked against the collection's rules, turned into its bill of materials
 * (spaceToBillOfMaterials) and priced in the caller's rate — nothing the client says about prices,
 * BOM or validity is read. Pure over a catalogue snapshot: the products service loads the snapshot,
 * the caller's price terms and flags, and calls `evaluateCreation`.
 */
import type {
  CreationAccessoryLine,
  CreationArticleLine,
  CreationAvailability,
  CreationComposition,
  CreationEvaluation,
  CreationFailure,
  CreationPrice,
} from '@lumen/contracts';
import {
  type Article,
  type ArticleCollection,
  availabilityState,
  type Availability,
  type CompositionBill,
  dateWhenAvailable,
  Dec,
  checkDrawingSpace,
  DomainError,
  descriptionIn,
  discountForSublevel,
  type DrawingFamily,
  type DrawingProblem,
  drawingFamilyOf,
  type ElementTree,
  type FamilyData,
  type Lang,
  type LeadTimeEntry,
  leadTimeWeeks,
  linePrices,
  mergeLeadTimes,
  minimumOrderQuantity,
  type PriceQuery,
  priceWithVariations,
  rebuildSpace,
  type SpaceFailure,
  spaceToBillOfMaterials,
  spaceToJSON,
  toDecimal,
  toMoney,
  type UnitPrice,
  type Variation,
  variationsOfReference,
  weeksUntilAvailable,
} from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import type { VariationData } from '../../db/seed/catalogue/catalogue-data.types';
import { AppError } from '../../errors';
import { buildAccessoryArticle, buildArticle, type CatalogueSnapshot, collectionRuleSets, type SharedDocuments } from './products.catalogue';

/** The caller's price terms (ProductsService's Pricing). */
interface CreationPricing {
  catalogId: 16 | 21;
  currency: 'EUR' | 'USD';
  rateId: number;
  discounts: Record<string, number>;
  changePricesCalculation: boolean;
}

export interface CreationSource {
  snapshot: CatalogueSnapshot;
  docs: SharedDocuments;
  /** The caller's rate and discounts; null without price.view (visitors, web users). */
  pricing: CreationPricing | null;
  remoteDriverCP: boolean;
  lang: Lang;
  now: Date;
}

export interface CreationRequest {
  space: unknown;
  subFamilyId?: number;
  quantity: number;
}

/** Model codes the space's pieces name (lights, tracks, connections, accessories), in tree order; the first light's first. */
function codesOf(space: unknown, limit: number): { codes: string[]; firstLight: string | undefined } {
  const codes = new Set<string>();
  let firstLight: string | undefined;
  const stack: unknown[] = [space];
  let seen = 0;
  while (stack.length > 0 && seen <= limit) {
    const node = stack.pop();
    seen += 1;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) continue;
    const { props, children, type } = node as { props?: unknown; children?: unknown; type?: unknown };
    const code = typeof props === 'object' && props !== null ? (props as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && code !== '') {
      codes.add(code);
      if (type === 'Light' && firstLight === undefined) firstLight = code;
    }
    if (Array.isArray(children)) for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
  return { codes: [...codes], firstLight };
}

/** A catalogue variation as @lumen/domain types it (a pendant height without its range is dropped). */
function domainVariation(variation: VariationData): Variation | undefined {
  const common = {
    model: variation.model,
    modifier: variation.modifier,
    bov: variation.bov,
    priceIncrement: variation.priceIncrement,
    priceIncrementDollars: variation.priceIncrementDollars,
    priceIncrementPercent: variation.priceIncrementPercent,
    priceEffectOrder: variation.priceEffectOrder,
    ...(variation.moq !== undefined ? { moq: variation.moq } : {}),
    ...(variation.leadtime ? { leadtime: variation.leadtime } : {}),
    ...(variation.availability ? { availability: variation.availability } : {}),
    ...(variation.fromValidityDate !== undefined ? { fromValidityDate: variation.fromValidityDate } : {}),
    ...(variation.toValidityDate !== undefined ? { toValidityDate: variation.toValidityDate } : {}),
  };
  if (variation.type === 'pendantHeight') {
    const { min, max, standard, delta } = variation;
    if (min === undefined || max === undefined || standard === undefined) return undefined;
    return { ...common, type: 'pendantHeight', min, max, standard, ...(delta !== undefined ? { delta } : {}) } as Variation;
  }
  return { ...common, type: variation.type } as Variation;
}

interface LineCodes {
  finish: string;
  ledColourTemp: string;
  control: string;
  installation: string;
}

/** The selected (non-base) variations of a line's codes, as catalogue data. */
function selectedVariations(snapshot: CatalogueSnapshot, model: string, codes: LineCodes): VariationData[] {
  return variationsOfReference(snapshot.variationsByModel.get(model) ?? [], codes);
}

function unitPriceOf(snapshot: CatalogueSnapshot, pricing: CreationPricing, query: PriceQuery): UnitPrice | undefined {
  const base = snapshot.prices.get(`${query.priceReference}|${pricing.rateId}`);
  if (base === undefined) return undefined;
  const selected = selectedVariations(snapshot, query.model, query.attributes)
    .map(domainVariation)
    .filter((variation): variation is Variation => variation !== undefined && variation.type !== 'pendantHeight');
  if (query.attributes.pendantHeight !== null) {
    const height = (snapshot.variationsByModel.get(query.model) ?? []).find((variation) => variation.type === 'pendantHeight');
    const domain = height ? domainVariation(height) : undefined;
    // Only the delta above standard adds price (configuration-domain §9; the domain's increments).
    if (domain) selected.push({ ...domain, value: toDecimal(query.attributes.pendantHeight).times(100).round().toNumber() } as Variation);
  }
  const unitGross = priceWithVariations(base, selected, { catalogId: pricing.catalogId, rateId: pricing.rateId, changePricesCalculation: pricing.changePricesCalculation });
  return { unitGross, discountPercent: discountForSublevel(pricing.discounts, query.sublevel ?? undefined) };
}

/** The price resolver of one evaluation: a space repeats its references, each is priced once. */
function memoisedPrices(snapshot: CatalogueSnapshot, pricing: CreationPricing): (query: PriceQuery) => UnitPrice | undefined {
  const known = new Map<string, UnitPrice | undefined>();
  return (query) => {
    const { finish, ledColourTemp, control, installation, pendantHeight } = query.attributes;
    const key = `${query.priceReference}|${query.model}|${finish}|${ledColourTemp}|${control}|${installation}|${pendantHeight ?? ''}|${query.sublevel ?? ''}`;
    if (!known.has(key)) known.set(key, unitPriceOf(snapshot, pricing, query));
    return known.get(key);
  };
}

/** The least available of some windows: expired beats upcoming beats available. */
function availabilityOf(windows: readonly Availability[], now: Date): CreationAvailability {
  let status: CreationAvailability['status'] = 'available';
  let weeks = 0;
  let date: string | null = null;
  for (const window of windows) {
    const state = availabilityState(window, now);
    if (state === 'expired') return { status: 'expired', weeks: -1, date: null };
    if (state === 'upcoming') {
      status = 'upcoming';
      weeks = Math.max(weeks, weeksUntilAvailable(window, now));
      const when = dateWhenAvailable(window, now);
      if (typeof when === 'string' && (date === null || when > date)) date = when;
    }
  }
  return { status, weeks, date };
}

const STATUS_RANK: Record<CreationAvailability['status'], number> = { available: 0, upcoming: 1, expired: 2 };

function worst(all: readonly CreationAvailability[]): CreationAvailability {
  let result: CreationAvailability = { status: 'available', weeks: 0, date: null };
  for (const one of all) {
    if (STATUS_RANK[one.status] > STATUS_RANK[result.status] || (one.status === result.status && one.weeks > result.weeks)) result = one;
  }
  return result;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** A failure of a rebuilt space in the caller's language (common-front crea.failure.*). */
function localise(failure: SpaceFailure, lang: Lang): CreationFailure {
  const texts = translationsFor('common-front', lang);
  if (failure.code === 'RULE_FAILED') {
    const reason = descriptionIn(failure.reasons ?? failure.reason, lang) || (failure.reason ?? '');
    return {
      code: failure.code,
      messageKey: 'crea.failure.ruleFailed',
      values: { reason },
      message: fill(texts['crea.failure.ruleFailed'] ?? 'Rule failed: {{reason}}', { reason }),
      elementId: failure.elementId,
      ...(failure.ruleId !== undefined ? { ruleId: failure.ruleId } : {}),
      ...(failure.ruleSetId !== undefined ? { ruleSetId: failure.ruleSetId } : {}),
    };
  }
  return { code: failure.code, messageKey: 'crea.failure.collides', message: texts['crea.failure.collides'] ?? '', elementId: failure.elementId };
}

/** The collection whose family and rules apply: the one asked for, else the first light's model's. */
function collectionFor(snapshot: CatalogueSnapshot, asked: number | undefined, firstLight: string | undefined) {
  let subFamilyId = asked;
  if (subFamilyId === undefined && firstLight !== undefined) {
    const model = snapshot.modelByCode.get(firstLight.toUpperCase());
    if (!model?.active || !snapshot.baseByModel.has(model.model)) throw new DomainError('NO_ARTICLE_FOR_MODEL', 'No article for this model was found');
    subFamilyId = model.subFamilyId;
  }
  if (subFamilyId === undefined) return undefined;
  const collection = snapshot.collectionById.get(subFamilyId);
  if (!collection) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path: 'body.subFamilyId', message: `No collection ${subFamilyId} in catalogue ${snapshot.catalogId}` }]);
  }
  return collection;
}

/** Configurator ids of the drawn families' spaces (configuration-domain §3): DRAWING 2, NODRAWING 3. */
const DRAWING_CONFIGURATORS: ReadonlySet<unknown> = new Set([2, 3]);

function configuratorOf(space: unknown): unknown {
  if (typeof space !== 'object' || space === null) return undefined;
  const props = (space as { props?: unknown }).props;
  return typeof props === 'object' && props !== null ? (props as { configurator?: unknown }).configurator : undefined;
}

/**
 * A drawing the engine rebuilt but whose plan breaks its family's limits (issue 16): a 400 with the
 * first problem's code and one field per problem, naming the element at fault under body.space.
 */
export function drawingRefused(problems: readonly DrawingProblem[]): AppError {
  const [first] = problems as [DrawingProblem, ...DrawingProblem[]];
  return new AppError(
    first.code,
    first.message,
    problems.map((problem) => ({ path: `body.space.${problem.elementId}`, message: `${problem.code}: ${problem.message}` })),
  );
}

/** An evaluation and the element tree it was made from (the exports draw the tree). */
export interface EvaluatedCreation {
  evaluation: CreationEvaluation;
  tree: ElementTree;
  /** The drawn family (sticks, plusminus) of a drawing's space; null for any other creation. */
  drawing: DrawingFamily | null;
}

/**
 * Rebuilds, checks, lists and prices a creation. Throws the engine's DomainError (the api's 400 with
 * its code) for a space the engine cannot take; rule failures and collisions come back as `failures`.
 */
export function evaluateCreation(source: CreationSource, request: CreationRequest): CreationEvaluation {
  return evaluateCreationTree(source, request).evaluation;
}

/**
 * `evaluateCreation` with the rebuilt tree. A drawing (issue 16: a space of configurator 2 DRAWING or
 * 3 NODRAWING, or one of the collections 219 sticks and 225 plusminus) is rebuilt without the crea
 * room's cluster rule (its lights hang from tracks) and its plan is then checked by the engine
 * (`checkDrawingSpace`): any problem is a 400 (drawingRefused). A drawing's space must name a drawn
 * collection: another one is a 400 on body.subFamilyId.
 */
export function evaluateCreationTree(source: CreationSource, request: CreationRequest): EvaluatedCreation {
  const { snapshot, docs, pricing, lang, now } = source;
  const { codes, firstLight } = codesOf(request.space, 2_000);
  const collection = collectionFor(snapshot, request.subFamilyId, firstLight);
  const drawing = collection ? drawingFamilyOf(collection.subFamilyId) : null;
  if (drawing === null && DRAWING_CONFIGURATORS.has(configuratorOf(request.space))) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid', [
      { path: 'body.subFamilyId', message: collection ? `SubfamilyId ${collection.subFamilyId} does not match any drawing configurator` : 'A drawing names its collection (219 sticks, 225 plusminus)' },
    ]);
  }
  const family: FamilyData | null = collection
    ? { familyId: collection.familyId, subFamily: { id: collection.subFamilyId, description: collection.name }, category: collection.productType.id }
    : null;

  // The articles of the models the space names (base articles + every variation), and the accessories it names.
  const articles: Article[] = [];
  const variations: Variation[] = [];
  for (const code of codes) {
    const upper = code.toUpperCase();
    const model = snapshot.modelByCode.get(upper);
    const base = snapshot.baseByModel.get(upper);
    if (model?.active && base) {
      const article = buildArticle(snapshot, docs, base);
      articles.push({ ...article, priceReference: article.priceReference ?? article.referenceBase } as Article);
      for (const variation of snapshot.variationsByModel.get(upper) ?? []) {
        const domain = domainVariation(variation);
        if (domain) variations.push(domain);
      }
      continue;
    }
    const rows = snapshot.accessories.filter((accessory) => accessory.model === upper);
    for (const accessory of rows) {
      const article = buildAccessoryArticle(snapshot, docs, accessory);
      articles.push({ ...article, priceReference: article.priceReference ?? article.reference } as Article);
      // A part made in several colours (the plusminus straps, one row per finish): each row's finish is
      // a colour of the part, so the engine takes the element's finish and finds that row's article.
      if (rows.length > 1) variations.push({ type: 'color', model: upper, modifier: accessory.reference.slice(-2) });
    }
  }
  const collectionOfArticles: ArticleCollection = { articles, variations };
  const rules = collection ? collectionRuleSets(snapshot, docs, collection.subFamilyId) : [];

  const rebuilt = rebuildSpace(request.space, {
    family,
    ctx: { articles: collectionOfArticles, rules, flags: { remoteDriverCP: source.remoteDriverCP }, catalogId: snapshot.catalogId },
    ...(drawing !== null ? { requireCluster: false } : {}),
  });
  if (drawing !== null) {
    const problems = checkDrawingSpace(rebuilt.tree, drawing);
    if (problems.length > 0) throw drawingRefused(problems);
  }
  // rebuildSpace refuses a space without family data, so the collection is known from here on.
  const known = collection as NonNullable<typeof collection>;
  const bills = spaceToBillOfMaterials({
    tree: rebuilt.tree,
    articles: collectionOfArticles,
    family: family as FamilyData,
    catalogId: snapshot.catalogId,
    ...(pricing ? { prices: memoisedPrices(snapshot, pricing) } : {}),
  });

  const sets = request.quantity;
  const windows: CreationAvailability[] = [];
  const forMoq: Array<{ moq: number; quantity: number }> = [];
  let leadTime = 0;
  let complete = true;
  const grossParts: Dec[] = [];
  const netParts: Dec[] = [];
  const compositions = bills.map((bill: CompositionBill): CreationComposition => {
    const articleLines = bill.articles.map((line): CreationArticleLine => {
      const row = snapshot.baseByModel.get(line.model);
      // A drawing's strap or power canopy is an accessory of the catalogue listed as an article (a Track, an ElectricalConnection).
      const part = row ? undefined : snapshot.accessoryByReference.get(line.referenceCode);
      const selected = selectedVariations(snapshot, line.model, line.attributes);
      const moq = Math.max(1, row?.moq ?? part?.moq ?? 1, ...selected.map((variation) => variation.moq ?? 1));
      const leadtime: LeadTimeEntry[] = mergeLeadTimes(row?.leadtime, ...selected.map((variation) => variation.leadtime));
      const weeks = leadTimeWeeks(leadtime, line.quantity * sets);
      const availability = availabilityOf(
        selected.flatMap((variation) => (variation.availability ? [variation.availability] : [])),
        now,
      );
      windows.push(availability);
      forMoq.push({ moq, quantity: line.quantity });
      leadTime = Math.max(leadTime, weeks);
      if (pricing) {
        if (line.isAvailablePrice) {
          grossParts.push(toDecimal(line.prices.totalGross));
          netParts.push(toDecimal(line.prices.totalNet));
        } else complete = false;
      }
      return {
        model: line.model,
        referenceCode: line.referenceCode,
        referenceBase: line.referenceBase,
        articleCode: line.articleCode,
        accessoryCode: line.accessoryCode,
        description: descriptionIn(snapshot.modelByCode.get(line.model)?.data.description ?? part?.description, lang) || line.model,
        attributes: { ...line.attributes },
        lumensLed: line.lumensLed,
        watts: line.watts,
        sublevel: line.sublevel,
        familyId: line.familyId,
        subFamily: line.subFamily,
        applicationLocation: line.applicationLocation,
        elementOrderValue: line.elementOrderValue,
        quantity: line.quantity,
        moq,
        leadTimeWeeks: weeks,
        availability,
        isAvailablePrice: line.isAvailablePrice,
        isPersonalized: line.isPersonalized,
        priceReference: line.priceReference,
        ...(pricing ? { prices: { ...line.prices } } : {}),
      };
    });
    const accessoryLines = bill.accessories.map((line): CreationAccessoryLine => {
      const accessory = snapshot.accessoryByReference.get(line.accessoryCode);
      if (!accessory) {
        // A driver (configuration-domain §9): part of the luminaire's electrical set, priced with it.
        return { accessoryCode: line.accessoryCode, quantity: line.quantity, model: line.model, kind: 'driver', description: line.accessoryCode, isAvailablePrice: false };
      }
      forMoq.push({ moq: Math.max(1, accessory.moq), quantity: line.quantity });
      const article = buildAccessoryArticle(snapshot, docs, accessory);
      leadTime = Math.max(leadTime, leadTimeWeeks(article.leadtime, line.quantity * sets));
      const unitGross = pricing ? snapshot.prices.get(`${line.accessoryCode}|${pricing.rateId}`) : undefined;
      let prices: CreationAccessoryLine['prices'];
      if (pricing && unitGross !== undefined) {
        prices = linePrices({ unitGross, quantity: line.quantity, discountPercent: discountForSublevel(pricing.discounts, accessory.sublevel) });
        grossParts.push(toDecimal(prices.totalGross));
        netParts.push(toDecimal(prices.totalNet));
      } else if (pricing) complete = false;
      return {
        accessoryCode: line.accessoryCode,
        quantity: line.quantity,
        model: line.model,
        kind: 'accessory',
        description: descriptionIn(accessory.description, lang) || line.model,
        isAvailablePrice: prices !== undefined,
        ...(prices ? { prices } : {}),
      };
    });
    return {
      compositionNumber: bill.compositionNumber,
      subFamily: { ...bill.subFamily },
      familyId: bill.familyId,
      category: bill.category,
      attributes: { ...bill.attributes },
      totalLumensLed: bill.totalLumensLed,
      totalWatts: bill.totalWatts,
      articles: articleLines,
      accessories: accessoryLines,
      electricalGroups: bill.electricalGroups.map((group) => ({ ...group, drivers: group.drivers.map((driver) => ({ ...driver })) })),
      packaging: { ...bill.packaging },
      assemblyData: { ...bill.assemblyData, elementIds: [...bill.assemblyData.elementIds] },
    };
  });

  const sum = (values: Dec[]) => values.reduce((total, value) => total.plus(value), new Dec(0));
  let price: CreationPrice | null = null;
  if (pricing) {
    const unitGross = toMoney(sum(grossParts));
    const unitNet = toMoney(sum(netParts));
    const totalGross = toMoney(toDecimal(unitGross).times(sets));
    const totalNet = toMoney(toDecimal(unitNet).times(sets));
    price = { currency: pricing.currency, unitGross, unitNet, totalGross, totalNet, totalDiscount: toMoney(toDecimal(totalGross).minus(totalNet)), complete };
  }
  const failures = rebuilt.failures.map((failure) => localise(failure, lang));
  const evaluation: CreationEvaluation = {
    valid: failures.length === 0,
    failures,
    space: spaceToJSON(rebuilt.tree) as Record<string, unknown>,
    schemaVersion: rebuilt.savedVersion,
    catalogId: snapshot.catalogId,
    subFamily: { id: known.subFamilyId, description: known.name },
    familyId: known.familyId,
    category: known.productType.id,
    configuratorType: { id: known.configuratorType.id, description: known.configuratorType.description },
    quantity: sets,
    compositions,
    totals: {
      lumens: compositions.reduce((total, composition) => total + composition.totalLumensLed, 0),
      watts: toMoney(sum(compositions.map((composition) => toDecimal(composition.totalWatts)))),
      lights: compositions.reduce((total, composition) => total + composition.assemblyData.lights, 0),
      clusters: compositions.reduce((total, composition) => total + composition.assemblyData.clusters, 0),
      pendants: compositions.reduce((total, composition) => total + composition.assemblyData.pendants, 0),
      wireLength: sum(compositions.map((composition) => toDecimal(composition.assemblyData.wireLength))).toDecimalPlaces(3).toNumber(),
    },
    price,
    moq: minimumOrderQuantity(forMoq),
    leadTimeWeeks: leadTime,
    availability: worst(windows),
  };
  return { evaluation, tree: rebuilt.tree, drawing };
}
