/**
 * The one-light configurator (express and attributes configurators, configuration-domain §4–§5): its
 * default configuration, which options can be reached at all, which conflict with the current
 * choice and why, and choosing a conflicting option by moving the other attributes to the nearest
 * valid combination. Everything is decided by the element tree's own rules (setAttribute, the room,
 * RemoteDriverCP, the rule sets), so what is offered is exactly what can be chosen.
 */
import type { AttributeKey } from '../catalogue/catalogue.types';
import { isDomainError } from '../catalogue/domain-error';
import type { DomainError } from '../catalogue/domain-error';
import { availabilityState } from '../attributes/availability';
import { isCurrentlyValid } from '../attributes/validity';
import type { RuleFailure } from '../rules/rules-engine';
import { resolveInstallation } from '../space/canopy';
import { baseArticle, isAttributeValueValid, LISTED_ATTRIBUTE_KEYS, lightOptionsForModel, variationsForLight } from '../element-tree/article-collection';
import type { ArticleCollection, ListedAttributeKey } from '../element-tree/article-collection';
import type { ElementAttributes, ElementTree, LightElement } from '../element-tree/element.types';
import { applyRemoteDriverAround, setAttribute } from '../element-tree/light-attributes';
import { addElement } from '../element-tree/tree-operations';
import { createSpace } from '../element-tree/element-factory';
import type { TreeContext } from '../element-tree/tree-context';
import { getElement, roomOf, withElements } from '../element-tree/tree-queries';
import { findElementRuleFailure } from '../element-tree/tree-rules';

/** One value per listed attribute (finish, LED colour temperature, control, installation). */
export type Combination = Readonly<Record<ListedAttributeKey, string>>;

/** Why a combination cannot be had. */
export type CombinationConflict =
  /** A rule of the collection (or of the composition) rejects it. */
  | { readonly kind: 'rule'; readonly failure: RuleFailure }
  /** The room's ceiling cannot take the canopy: it would become '10 Surface Basic'. */
  | { readonly kind: 'room'; readonly installation: string }
  /** RemoteDriverCP: a remote canopy switches the light to control 'M' (no driver). */
  | { readonly kind: 'remoteDriver'; readonly control: string };

/** A context the light configurator needs: the tree context with its article collection. */
export type LightConfiguratorContext = TreeContext & { readonly articles: ArticleCollection };

/** Above this many combinations the enumeration is not attempted and every offered value counts as reachable. */
export const MAX_ENUMERATED_COMBINATIONS = 20_000;

const VARIATION_TYPE = { finish: 'color', ledColourTemp: 'temperature', control: 'control', installation: 'installation' } as const;

const keyOf = (combination: Combination): string => LISTED_ATTRIBUTE_KEYS.map((key) => combination[key]).join('\u0000');

function lightOf(tree: ElementTree, lightId: string): LightElement {
  const light = getElement(tree, lightId);
  if (light.type !== 'Light') throw new Error(`${lightId} is not a light`);
  return light;
}

/**
 * True when a value of the model can be chosen now: its variation is not expired and lies within its
 * validity dates (the base value, which has no variation of its own, always can).
 */
export function isOptionOfferedNow(collection: ArticleCollection, model: string, key: ListedAttributeKey, code: string, now: Date = new Date()): boolean {
  const type = VARIATION_TYPE[key];
  const variation = variationsForLight(model, collection).find(
    (item) => item.type === type && (item.modifier === code || (type === 'installation' && item.modifier2 === code)),
  );
  if (!variation) return true;
  if (availabilityState(variation.availability, now) === 'expired') return false;
  // The catalogue's temporal values (bov T) carry validity dates besides their variation fields.
  const window = variation as { readonly fromValidityDate?: string; readonly toValidityDate?: string };
  return isCurrentlyValid({ fromValidityDate: window.fromValidityDate, toValidityDate: window.toValidityDate }, now);
}

/** The light's listed attributes with the base article's code where none is set. */
export function combinationOf(tree: ElementTree, lightId: string, collection: ArticleCollection): Combination {
  const light = lightOf(tree, lightId);
  const base = baseArticle(collection, light.props.code);
  const value = (key: ListedAttributeKey): string => light.attributes[key] ?? base.attributes[key].code;
  return { finish: value('finish'), ledColourTemp: value('ledColourTemp'), control: value('control'), installation: value('installation') };
}

/**
 * The light with exactly these values, after what the configuration does on its own (the room's
 * canopy check, RemoteDriverCP), and the first reason it cannot be had (null when it can): a value
 * the configuration changes, or a rule that rejects the light.
 */
export function evaluateCombination(
  tree: ElementTree,
  lightId: string,
  combination: Combination,
  ctx: TreeContext,
): { readonly tree: ElementTree; readonly conflict: CombinationConflict | null } {
  const light = lightOf(tree, lightId);
  let next = withElements(tree, [{ ...light, attributes: { ...light.attributes, ...combination } }]);
  const installation = resolveInstallation(combination.installation, roomOf(next)).installation;
  if (installation !== combination.installation) return { tree: next, conflict: { kind: 'room', installation } };
  next = applyRemoteDriverAround(next, lightId, ctx);
  const control = lightOf(next, lightId).attributes.control;
  if (control !== undefined && control !== combination.control) return { tree: next, conflict: { kind: 'remoteDriver', control } };
  const failure = findElementRuleFailure(next, lightId, ctx.rules);
  return { tree: next, conflict: failure ? { kind: 'rule', failure } : null };
}

/** What can be reached for one light: its valid combinations and, per attribute, the values some valid combination holds. */
export interface LightReachability {
  readonly model: string;
  /** Every value the model offers per attribute, in the catalogue's order (base first). */
  readonly options: Readonly<Record<ListedAttributeKey, readonly string[]>>;
  /** Values that can be chosen now (not expired, within their validity dates). */
  readonly offered: Readonly<Record<ListedAttributeKey, ReadonlySet<string>>>;
  /** The valid combinations of values offered now, in enumeration order (catalogue order, base first). */
  readonly valid: readonly Combination[];
  readonly validKeys: ReadonlySet<string>;
  /** Per attribute, the values held by at least one valid combination. */
  readonly reachable: Readonly<Record<ListedAttributeKey, ReadonlySet<string>>>;
  /** False when the model had too many combinations to enumerate (every offered value then counts as reachable). */
  readonly enumerated: boolean;
}

/**
 * Enumerates every combination of the values the model offers now and keeps the ones the light can
 * have in this tree (room, composition, rules). The result does not depend on the light's current
 * values (only on its other attributes, e.g. pendant height, and on the tree around it), so a
 * configurator computes it once per model and context.
 */
export function lightReachability(tree: ElementTree, lightId: string, ctx: LightConfiguratorContext, now: Date = new Date()): LightReachability {
  const light = lightOf(tree, lightId);
  const model = light.props.code;
  const all = lightOptionsForModel(model, ctx.articles);
  const options = { finish: all.finish, ledColourTemp: all.ledColourTemp, control: all.control, installation: all.installation };
  const offeredList = {} as Record<ListedAttributeKey, string[]>;
  const offered = {} as Record<ListedAttributeKey, ReadonlySet<string>>;
  for (const key of LISTED_ATTRIBUTE_KEYS) {
    offeredList[key] = options[key].filter((code) => isOptionOfferedNow(ctx.articles, model, key, code, now));
    offered[key] = new Set(offeredList[key]);
  }
  const total = LISTED_ATTRIBUTE_KEYS.reduce((product, key) => product * offeredList[key].length, 1);
  const reachable = {} as Record<ListedAttributeKey, Set<string>>;
  for (const key of LISTED_ATTRIBUTE_KEYS) reachable[key] = new Set();
  const valid: Combination[] = [];
  if (total > MAX_ENUMERATED_COMBINATIONS) {
    for (const key of LISTED_ATTRIBUTE_KEYS) for (const code of offeredList[key]) reachable[key].add(code);
    return { model, options, offered, valid, validKeys: new Set(), reachable, enumerated: false };
  }
  for (const finish of offeredList.finish)
    for (const ledColourTemp of offeredList.ledColourTemp)
      for (const control of offeredList.control)
        for (const installation of offeredList.installation) {
          const combination: Combination = { finish, ledColourTemp, control, installation };
          if (evaluateCombination(tree, lightId, combination, ctx).conflict !== null) continue;
          valid.push(combination);
          for (const key of LISTED_ATTRIBUTE_KEYS) reachable[key].add(combination[key]);
        }
  return { model, options, offered, valid, validKeys: new Set(valid.map(keyOf)), reachable, enumerated: true };
}

/** How an option looks beside the current choice. */
export type OptionState =
  /** Can be chosen as it is. */
  | { readonly code: string; readonly state: 'available' }
  /** Can be chosen, but other attributes move with it: `moves` (to the nearest valid combination), because of `conflict`. */
  | { readonly code: string; readonly state: 'conflict'; readonly conflict: CombinationConflict; readonly moves: readonly ListedAttributeKey[] }
  /** Not offered now (expired, not yet available, outside its validity dates); shown, not chosen. */
  | { readonly code: string; readonly state: 'unavailable' }
  /** No valid combination holds it: not offered. */
  | { readonly code: string; readonly state: 'unreachable' };

/**
 * The state of every value of every attribute beside the light's current combination. The current
 * value is always 'available' (it is what the light has).
 */
export function lightOptionStates(
  tree: ElementTree,
  lightId: string,
  ctx: LightConfiguratorContext,
  reach: LightReachability,
): Readonly<Record<ListedAttributeKey, readonly OptionState[]>> {
  const current = combinationOf(tree, lightId, ctx.articles);
  const states = {} as Record<ListedAttributeKey, OptionState[]>;
  for (const key of LISTED_ATTRIBUTE_KEYS) {
    states[key] = reach.options[key].map((code): OptionState => {
      if (code === current[key]) return { code, state: 'available' };
      if (!reach.offered[key].has(code)) return { code, state: 'unavailable' };
      if (!reach.reachable[key].has(code)) return { code, state: 'unreachable' };
      const candidate: Combination = { ...current, [key]: code };
      if (reach.validKeys.has(keyOf(candidate))) return { code, state: 'available' };
      const { conflict } = evaluateCombination(tree, lightId, candidate, ctx);
      // Valid by the rules though not enumerated (the current combination holds a value not offered now).
      if (conflict === null) return { code, state: 'available' };
      const target = nearestValidCombination(reach, current, key, code);
      const moves = target ? LISTED_ATTRIBUTE_KEYS.filter((other) => other !== key && target[other] !== current[other]) : [];
      return { code, state: 'conflict', conflict, moves };
    });
  }
  return states;
}

/** What the configurator weighs when it has to move attributes: the earlier in this list, the more the user keeps it. */
const KEEP_ORDER: readonly ListedAttributeKey[] = ['finish', 'ledColourTemp', 'control', 'installation'];

/**
 * The valid combination holding `key = value` nearest to `current`: the fewest other attributes
 * changed; among those, the change of the attributes least kept (installation before control before
 * LED before finish); then the catalogue's order (base values first). Null when none holds it.
 */
export function nearestValidCombination(reach: LightReachability, current: Combination, key: ListedAttributeKey, value: string): Combination | null {
  let best: Combination | null = null;
  let bestCount = Infinity;
  let bestWeight = Infinity;
  for (const combination of reach.valid) {
    if (combination[key] !== value) continue;
    let count = 0;
    let weight = 0;
    KEEP_ORDER.forEach((other, index) => {
      if (other === key || combination[other] === current[other]) return;
      count += 1;
      weight += 2 ** (KEEP_ORDER.length - index);
    });
    if (count < bestCount || (count === bestCount && weight < bestWeight)) {
      best = combination;
      bestCount = count;
      bestWeight = weight;
    }
  }
  return best;
}

/** One attribute the configurator changed on its own. */
export interface AttributeChange {
  readonly key: ListedAttributeKey;
  readonly from: string;
  readonly to: string;
}

export type ChooseOptionResult =
  /** Chosen; `changes` lists the other attributes that moved with it (none, or RemoteDriverCP's control). */
  | { readonly status: 'applied'; readonly tree: ElementTree; readonly changes: readonly AttributeChange[] }
  /** Chosen, and other attributes moved to the nearest valid combination. */
  | { readonly status: 'moved'; readonly tree: ElementTree; readonly changes: readonly AttributeChange[] }
  /** Cannot be chosen from anywhere: the tree is the one given. */
  | { readonly status: 'refused'; readonly tree: ElementTree; readonly error: DomainError | null };

function changesBetween(before: Combination, after: Combination, chosen: AttributeKey): AttributeChange[] {
  return LISTED_ATTRIBUTE_KEYS.filter((key) => key !== chosen && before[key] !== after[key]).map((key) => ({ key, from: before[key], to: after[key] }));
}

/**
 * Chooses a value for one attribute of the light. A value that fits the current combination is set
 * as setAttribute sets it; a conflicting one moves the other attributes to the nearest valid
 * combination that holds it (and says which moved); a value no valid combination holds is refused.
 */
export function chooseLightOption(
  tree: ElementTree,
  lightId: string,
  key: AttributeKey,
  value: string,
  ctx: LightConfiguratorContext,
  reach: LightReachability,
): ChooseOptionResult {
  const before = combinationOf(tree, lightId, ctx.articles);
  const direct = setAttribute(tree, lightId, key, value, ctx);
  if (direct.status === 'applied') {
    return { status: 'applied', tree: direct.tree, changes: key === 'pendantHeight' ? [] : changesBetween(before, combinationOf(direct.tree, lightId, ctx.articles), key) };
  }
  if (key === 'pendantHeight') return { status: 'refused', tree, error: direct.status === 'reverted' ? direct.error : null };
  const target = nearestValidCombination(reach, before, key, value);
  if (!target) return { status: 'refused', tree, error: direct.status === 'reverted' ? direct.error : null };
  try {
    const { tree: next, conflict } = evaluateCombination(tree, lightId, target, ctx);
    if (conflict !== null) return { status: 'refused', tree, error: null };
    return { status: 'moved', tree: next, changes: changesBetween(before, target, key) };
  } catch (error) {
    if (isDomainError(error)) return { status: 'refused', tree, error };
    throw error;
  }
}

/**
 * The values the light starts with when it has none: the base article's where the tree accepts
 * them, else — per attribute, in the configurator's order — the first reachable value that fits, and
 * when nothing fits with the values already set, the nearest valid combination. `initial` values
 * (a preconfiguration's) are applied first, in order; one the tree refuses is skipped.
 */
export function settleLightConfiguration(
  tree: ElementTree,
  lightId: string,
  ctx: LightConfiguratorContext,
  reach: LightReachability,
  initial: ElementAttributes = {},
): ElementTree {
  let next = tree;
  // The initial values as one combination first (one at a time, a valid whole can pass through an
  // invalid step: no driver before the recessed canopy); else one at a time, skipping what is refused.
  const model = lightOf(tree, lightId).props.code;
  const given = LISTED_ATTRIBUTE_KEYS.filter((key) => initial[key] !== undefined);
  const whole = { ...combinationOf(tree, lightId, ctx.articles) };
  for (const key of given) whole[key] = initial[key] as string;
  const wholeFits = given.length > 0 && given.every((key) => isAttributeValueValid(model, key, whole[key], ctx.articles));
  const together = wholeFits ? evaluateCombination(tree, lightId, whole, ctx) : null;
  if (together && together.conflict === null) {
    next = together.tree;
  } else {
    for (const key of given) {
      const result = setAttribute(next, lightId, key, initial[key] as string, ctx);
      if (result.status !== 'reverted') next = result.tree;
    }
  }
  if (initial.pendantHeight !== undefined) {
    const result = setAttribute(next, lightId, 'pendantHeight', initial.pendantHeight, ctx);
    if (result.status !== 'reverted') next = result.tree;
  }
  const light = lightOf(next, lightId);
  const base = baseArticle(ctx.articles, light.props.code);
  for (const key of LISTED_ATTRIBUTE_KEYS) {
    if (lightOf(next, lightId).attributes[key] !== undefined) continue;
    const baseCode = base.attributes[key].code;
    const candidates = [baseCode, ...reach.options[key].filter((code) => code !== baseCode && reach.reachable[key].has(code))];
    for (const code of candidates) {
      const result = setAttribute(next, lightId, key, code, ctx);
      if (result.status === 'applied') {
        next = result.tree;
        break;
      }
    }
  }
  // Whatever is still invalid (a base article its own rules exclude, a preconfiguration's stale value)
  // goes to the nearest valid combination, keeping the finish first.
  const current = combinationOf(next, lightId, ctx.articles);
  const settled = evaluateCombination(next, lightId, current, ctx);
  if (settled.conflict === null) return settled.tree;
  for (const key of KEEP_ORDER) {
    const target = nearestValidCombination(reach, current, key, current[key]);
    if (target) return evaluateCombination(next, lightId, target, ctx).tree;
  }
  const [first] = reach.valid;
  return first ? evaluateCombination(next, lightId, first, ctx).tree : next;
}

/** The ids of the one-light tree the configurator works on. */
export const LIGHT_CONFIGURATOR_IDS = { space: 'space', composition: 'composition', light: 'light' } as const;

/**
 * The configurator's starting point for one model: a space holding one composition with one light
 * (the light hangs from a parent, so the catalogue's single values are auto-set, installation
 * included), settled on a valid combination (see settleLightConfiguration), and the model's
 * reachability in that tree.
 */
export function startLightConfiguration(
  model: string,
  ctx: LightConfiguratorContext,
  initial: ElementAttributes = {},
  now: Date = new Date(),
): { readonly tree: ElementTree; readonly reachability: LightReachability } {
  const { space, composition, light } = LIGHT_CONFIGURATOR_IDS;
  let tree = createSpace({ id: space, createdAt: 0 });
  tree = addElement(tree, space, { type: 'Composition', id: composition, createdAt: 0, props: { compositionNumber: 1 } }, ctx);
  const input = { type: 'Light' as const, id: light, createdAt: 0, props: { code: model } };
  try {
    tree = addElement(tree, composition, input, ctx);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The auto-set values break a rule on their own: start from the catalogue alone; the settling below is checked.
    tree = addElement(tree, composition, input, { ...ctx, rules: [] });
  }
  const reachability = lightReachability(tree, light, ctx, now);
  return { tree: settleLightConfiguration(tree, light, ctx, reachability, initial), reachability };
}
