/**
 * The configurator's working state on top of @lumen/domain. Every rule (options, auto-set, validity,
 * incompatibility, reference, price, lead time, availability, drivers) is the domain's; this file
 * only holds a one-light element tree and asks the domain questions about it.
 */
import type { Lang, VariationsResponse } from '@lumen/contracts';
import {
  articleCollectionOf,
  articleForLight,
  availabilityState,
  calculateDrivers,
  dateWhenAvailable,
  descriptionIn,
  discountForSublevel,
  driverCatalogueNameFor,
  getElement,
  isCurrentlyValid,
  leadTimeWeeks,
  lightOptionsForModel,
  linePrices,
  mergeLeadTimes,
  priceWithVariations,
  weeksUntilAvailable,
  type Article,
  type ArticleCollection,
  type ArticlePrices,
  type AttributeKey,
  type CatalogId,
  type DriverLine,
  type ElementAttributes,
  type ElementTree,
  type LightOptions,
  type RuleSet,
  type TreeContext,
  type TreeFlags,
  type Variation,
  chooseLightOption,
  lightOptionStates,
  lightReachability,
  startLightConfiguration,
  type AttributeChange,
  type ChooseOptionResult,
  type LightConfiguratorContext,
  type LightReachability,
  type ListedAttributeKey,
  type OptionState,
} from '@lumen/domain';

export const SPACE_ID = 'space';
export const COMPOSITION_ID = 'composition';
export const LIGHT_ID = 'light';

export interface ConfiguratorContext {
  model: string;
  catalogId: CatalogId;
  collection: ArticleCollection;
  rules: readonly RuleSet[];
  /** The engine's flags as evaluated for the user (RemoteDriverCP); absent: every flag off. */
  flags?: TreeFlags;
}

function treeContext(context: ConfiguratorContext): TreeContext {
  return { articles: context.collection, rules: context.rules, catalogId: context.catalogId, flags: context.flags };
}

const REACHABILITY = new WeakMap<ConfiguratorContext, LightReachability>();

/** The model's reachability in the configurator's one-light tree: as the context's last start computed it, else computed now (see @lumen/domain's light configurator). */
export function reachabilityOf(context: ConfiguratorContext, tree: ElementTree, now: Date = new Date()): LightReachability {
  let reach = REACHABILITY.get(context);
  if (!reach) {
    reach = lightReachability(tree, LIGHT_ID, lightContext(context), now);
    REACHABILITY.set(context, reach);
  }
  return reach;
}

function lightContext(context: ConfiguratorContext): LightConfiguratorContext {
  return { ...treeContext(context), articles: context.collection };
}

const CONTEXTS = new WeakMap<VariationsResponse, WeakMap<readonly RuleSet[], Map<string, ConfiguratorContext>>>();

/**
 * The one context of a model's answers, rules and flags: the start builds it ahead
 * (warmConfiguratorStart) and the configurator's render finds it, so that both speak of the same
 * context and the render takes what the start computed for it.
 */
export function configuratorContextOf(model: string, data: VariationsResponse, rules: readonly RuleSet[], flags: TreeFlags): ConfiguratorContext {
  let byRules = CONTEXTS.get(data);
  if (!byRules) CONTEXTS.set(data, (byRules = new WeakMap()));
  let byModelAndFlags = byRules.get(rules);
  if (!byModelAndFlags) byRules.set(rules, (byModelAndFlags = new Map()));
  const key = JSON.stringify([model, flags]);
  let context = byModelAndFlags.get(key);
  if (!context) byModelAndFlags.set(key, (context = { model, catalogId: data.catalogId, collection: articleCollectionOf(data), rules, flags }));
  return context;
}

const WARM_STARTS = new WeakMap<ConfiguratorContext, ElementTree>();

/**
 * Computes a context's reachability and starting tree ahead of the render that asks for them, in a
 * task of the caller's own (the start, before the first render of a configurator opened by its
 * address): the engine's heaviest work then does not lengthen that render's task, which a phone
 * counts as blocking time (issue 35 §5). startConfiguration without initial values or a fixed time
 * takes that tree until the configurator that took it is on screen (forgetWarmStart): React may
 * render a component and throw the render away (a lazy module still loading), then render it again.
 */
export function warmConfiguratorStart(context: ConfiguratorContext): ElementTree {
  const tree = startConfiguration(context, {});
  WARM_STARTS.set(context, tree);
  return tree;
}

/** The configurator is on screen with its start: a later one (opened again) counts afresh from its own time. */
export function forgetWarmStart(context: ConfiguratorContext): void {
  WARM_STARTS.delete(context);
}

/**
 * A space holding one composition with one light of the model, on a valid combination: the base
 * article's values where the rules accept them, `initial` values (a preconfiguration) where they fit,
 * else the nearest valid combination (@lumen/domain startLightConfiguration).
 */
export function startConfiguration(context: ConfiguratorContext, initial?: ElementAttributes, now?: Date): ElementTree {
  const warm = initial === undefined && now === undefined ? WARM_STARTS.get(context) : undefined;
  if (warm) return warm;
  const { tree, reachability } = startLightConfiguration(context.model, lightContext(context), initial ?? {}, now ?? new Date());
  // Each start counts afresh from its own time (a context may outlive a day in an open tab).
  REACHABILITY.set(context, reachability);
  return tree;
}

/** The order the configurator asks in. */
export const ATTRIBUTE_ORDER: readonly AttributeKey[] = ['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight'];

export type ChoiceOutcome = {
  tree: ElementTree;
  /** applied: as asked; moved: other attributes moved to the nearest valid combination; refused: nothing changed. */
  status: ChooseOptionResult['status'];
  /** The other attributes that changed with the choice. */
  changes: readonly AttributeChange[];
  /** Refused: "This combination is incompatible." and the previous value kept. */
  incompatible: boolean;
};

/**
 * Sets one attribute. A value that fits is set; a conflicting one moves the other attributes to the
 * nearest valid combination holding it (the changes say which); a value no valid combination holds is
 * refused and the configuration stays as it was.
 */
export function chooseAttribute(tree: ElementTree, key: AttributeKey, value: string, context: ConfiguratorContext, now: Date = new Date()): ChoiceOutcome {
  const result = chooseLightOption(tree, LIGHT_ID, key, value, lightContext(context), reachabilityOf(context, tree, now));
  return { tree: result.tree, status: result.status, changes: result.status === 'refused' ? [] : result.changes, incompatible: result.status === 'refused' };
}

/** Each option's state beside the current choice: available, in conflict (why), unavailable now, or unreachable (not offered). */
export function optionStatesOf(tree: ElementTree, context: ConfiguratorContext, now: Date = new Date()): Readonly<Record<ListedAttributeKey, readonly OptionState[]>> {
  return lightOptionStates(tree, LIGHT_ID, lightContext(context), reachabilityOf(context, tree, now));
}

export function attributesOf(tree: ElementTree): ElementAttributes {
  return getElement(tree, LIGHT_ID).attributes;
}

export function optionsOf(context: ConfiguratorContext): LightOptions {
  return lightOptionsForModel(context.model, context.collection);
}

/** The variation behind a chosen code (installation matches its suffix too). */
export function variationFor(context: ConfiguratorContext, key: AttributeKey, code: string): Variation | undefined {
  const type = ({ finish: 'color', ledColourTemp: 'temperature', control: 'control', installation: 'installation', pendantHeight: 'pendantHeight' } as const)[key];
  return context.collection.variations.find(
    (variation) => variation.model === context.model && variation.type === type && (variation.modifier === code || (type === 'installation' && variation.modifier2 === code)),
  );
}

/** A code can be chosen when its variation is available now and within its validity dates (the base value always can). */
export function isOfferedNow(context: ConfiguratorContext, key: AttributeKey, code: string, now: Date = new Date()): boolean {
  const variation = variationFor(context, key, code);
  if (!variation) return true;
  if (availabilityState(variation.availability, now) === 'expired') return false;
  const window = variation as { fromValidityDate?: string; toValidityDate?: string };
  return isCurrentlyValid({ fromValidityDate: window.fromValidityDate, toValidityDate: window.toValidityDate }, now);
}

/** The text of a code in the user's language: the variation's description, else the base article's, else the code. */
export function labelOf(context: ConfiguratorContext, base: Article, key: Exclude<AttributeKey, 'pendantHeight'>, code: string, lang: Lang): string {
  const variation = variationFor(context, key, code);
  const text = variation ? descriptionIn(variation.description, lang) : base.attributes[key].code === code ? descriptionIn(base.attributes[key].description, lang) : '';
  return text || code;
}

export interface PricingInput {
  basePrice: string | undefined;
  rateId: number;
  discounts: Readonly<Record<string, number>>;
  /** The user's changePricesCalculation (catalogue 21: percent capped instead of the price), as the api prices. */
  changePricesCalculation?: boolean;
}

export interface ConfigurationResult {
  article: Article;
  reference: string;
  /** The variations the configuration uses (what differs from the base article). */
  variations: readonly Variation[];
  moq: number;
  leadTimeWeeks: number;
  availability: { state: 'available' | 'expired' | 'upcoming'; weeks: number; date: string | null };
  lumens: number;
  watts: number;
  drivers: readonly DriverLine[];
  prices: ArticlePrices | null;
}

/** Everything the configurator shows for the current configuration and quantity. */
export function resultOf(tree: ElementTree, context: ConfiguratorContext, quantity: number, pricing: PricingInput | null, now: Date = new Date()): ConfigurationResult {
  const attributes = attributesOf(tree);
  const article = articleForLight(context.model, attributes, context.collection, context.catalogId);
  const base = context.collection.articles.find((item) => item.model === context.model && item.reference === item.referenceBase) ?? article;
  const variations: Variation[] = [];
  for (const key of ATTRIBUTE_ORDER) {
    const code = attributes[key];
    if (code === undefined) continue;
    if (key === 'pendantHeight') {
      const variation = context.collection.variations.find((item) => item.model === context.model && item.type === 'pendantHeight');
      if (variation?.type === 'pendantHeight') variations.push({ ...variation, value: Number(code) });
      continue;
    }
    if (base.attributes[key].code === code) continue;
    const variation = variationFor(context, key, code);
    if (variation) variations.push(variation);
  }
  const moq = Math.max(article.moq, ...variations.map((variation) => variation.moq ?? 0));
  const leadtime = mergeLeadTimes(article.leadtime, ...variations.map((variation) => variation.leadtime));
  // The configuration is as available as its least available part.
  const states = variations.map((variation) => variation.availability);
  const expired = states.find((availability) => availabilityState(availability, now) === 'expired');
  const upcoming = states
    .filter((availability) => availabilityState(availability, now) === 'upcoming')
    .sort((a, b) => weeksUntilAvailable(b, now) - weeksUntilAvailable(a, now))[0];
  const availability = expired
    ? { state: 'expired' as const, weeks: -1, date: null }
    : upcoming
      ? { state: 'upcoming' as const, weeks: weeksUntilAvailable(upcoming, now), date: String(dateWhenAvailable(upcoming, now)) }
      : { state: 'available' as const, weeks: 0, date: null };
  const control = attributes.control ?? article.attributes.control.code;
  const drivers = quantity > 0 && Number.isSafeInteger(quantity) ? calculateDrivers({ model: context.model, control, lights: quantity }).drivers[driverCatalogueNameFor(context.catalogId)] : [];
  let prices: ArticlePrices | null = null;
  if (pricing?.basePrice !== undefined) {
    const unitGross = priceWithVariations(pricing.basePrice, variations, {
      catalogId: context.catalogId,
      rateId: pricing.rateId,
      changePricesCalculation: pricing.changePricesCalculation === true,
    });
    const sublevel = article.articleType.level3?.id ?? article.articleType.level2?.id;
    prices = linePrices({ unitGross, quantity, discountPercent: discountForSublevel(pricing.discounts, sublevel) });
  }
  return {
    article,
    reference: article.reference,
    variations,
    moq,
    leadTimeWeeks: leadTimeWeeks(leadtime, quantity),
    availability,
    lumens: article.lumens,
    watts: article.watts,
    drivers,
    prices,
  };
}

/**
 * The heights offered (cm): the standard height and every `delta` step above and below it within the
 * model's range, plus the range's ends.
 */
export function pendantHeights(base: Article, range: { min: number; max: number }): number[] {
  const attribute = base.attributes.pendantHeight;
  const standard = attribute ? Math.min(Math.max(attribute.standard, range.min), range.max) : range.min;
  const step = attribute && attribute.delta > 0 ? attribute.delta : 10;
  const heights = new Set<number>([range.min, standard, range.max]);
  for (let cm = standard - step; cm > range.min && heights.size < 200; cm -= step) heights.add(cm);
  for (let cm = standard + step; cm < range.max && heights.size < 400; cm += step) heights.add(cm);
  return [...heights].sort((a, b) => a - b);
}
