/**
 * Attributes of lights and of the elements that hold them (spec §4 "Attribute and element
 * behaviour"): options and their intersection, auto-set of single options, colour from the base,
 * RemoteDriverCP, and setting an attribute with revert-on-failure and incompatibility marking.
 */
import type { AttributeKey } from '../catalogue/catalogue.types';
import { resolveInstallation, isRemoteInstallation } from '../space/canopy';
import { clampPendantHeight } from '../space/pendant-height';
import {
  baseArticle,
  isAttributeValueValid,
  LISTED_ATTRIBUTE_KEYS,
  lightOptionsForModel,
} from './article-collection';
import type { LightOptions } from './article-collection';
import { DomainError, isDomainError } from '../catalogue/domain-error';
import type { TreeElement, ElementTree, LightElement } from './element.types';
import type { TreeContext } from './tree-context';
import { findElementRuleFailure } from './tree-rules';
import { ancestors, enclosingComposition, getElement, invalidMethod, lightsUnder, descendants, roomOf, withElements } from './tree-queries';
import { ruleFailedError } from '../rules/rules-engine';

export const INCOMPATIBLE_MESSAGE = 'This combination is incompatible.';

/** The control a remote-driver composition switches its lights to. */
export const NO_DRIVER_CONTROL = { code: 'M', label: 'M No-driver' } as const;

function noLightOptions(): DomainError {
  return new DomainError('NO_LIGHT_OPTIONS', 'Cannot get Light options of this element');
}

const LIGHT_HOLDERS = new Set<TreeElement['type']>(['Group', 'Cluster', 'Pendant', 'Composition']);

/** Values present in every list, in the order of the first. */
function intersect(lists: readonly (readonly string[])[]): string[] {
  const [first, ...rest] = lists;
  if (!first) return [];
  return first.filter((v) => rest.every((l) => l.includes(v)));
}

export function intersectLightOptions(all: readonly LightOptions[]): LightOptions {
  const lists = {} as Record<(typeof LISTED_ATTRIBUTE_KEYS)[number], string[]>;
  for (const key of LISTED_ATTRIBUTE_KEYS) lists[key] = intersect(all.map((o) => o[key]));
  let pendantHeight: LightOptions['pendantHeight'] = null;
  if (all.length > 0 && all.every((o) => o.pendantHeight !== null)) {
    const min = Math.max(...all.map((o) => o.pendantHeight?.min ?? 0));
    const max = Math.min(...all.map((o) => o.pendantHeight?.max ?? 0));
    pendantHeight = min <= max ? { min, max } : null;
  }
  return { ...lists, pendantHeight };
}

/**
 * The options of a light, or for a group, cluster, pendant or composition the intersection of its
 * lights' options. Any other element (or a holder without lights) throws
 * 'Cannot get Light options of this element'.
 */
export function getLightOptions(tree: ElementTree, id: string, ctx: TreeContext): LightOptions {
  const e = getElement(tree, id);
  if (e.type === 'Light') return lightOptionsForModel(e.props.code, ctx.articles);
  if (!LIGHT_HOLDERS.has(e.type)) throw noLightOptions();
  const lights = lightsUnder(tree, id);
  if (lights.length === 0) throw noLightOptions();
  return intersectLightOptions(lights.map((l) => lightOptionsForModel(l.props.code, ctx.articles)));
}

/**
 * Fills what the catalogue decides alone: the finish defaults to the base article's; control and
 * temperature are set when the model offers a single value; installation too, when the light hangs
 * from a parent (not straight from the space); else a light under a cluster takes the cluster's
 * installation. Without articles in the context nothing changes.
 */
export function autoSetLightAttributes(tree: ElementTree, lightId: string, ctx: TreeContext): ElementTree {
  const light = getElement(tree, lightId);
  if (light.type !== 'Light' || !ctx.articles) return tree;
  const code = light.props.code;
  const options = lightOptionsForModel(code, ctx.articles);
  const attributes: Partial<Record<AttributeKey, string>> = { ...light.attributes };
  if (attributes.finish === undefined) attributes.finish = baseArticle(ctx.articles, code).attributes.finish.code;
  const single = (key: 'control' | 'ledColourTemp' | 'installation'): void => {
    const [only, ...more] = options[key];
    if (only !== undefined && more.length === 0) attributes[key] = only;
  };
  single('control');
  single('ledColourTemp');
  if (light.parent !== null && light.parent !== tree.rootId) single('installation');
  // A light hanging from a cluster takes the cluster's installation when it has none of its own.
  if (attributes.installation === undefined) {
    const cluster = ancestors(tree, lightId).find((a) => a.type === 'Cluster');
    if (cluster?.attributes.installation !== undefined) attributes.installation = cluster.attributes.installation;
  }
  const changed = (Object.keys(attributes) as AttributeKey[]).some((k) => attributes[k] !== light.attributes[k]);
  return changed ? withElements(tree, [{ ...light, attributes }]) : tree;
}

/**
 * RemoteDriverCP: when the flag is on and the composition has a remote installation (a code starting
 * with 3, on a cluster or a light), every light goes to control 'M' (No-driver) — only when every
 * light of the composition offers it.
 */
export function applyRemoteDriver(tree: ElementTree, compositionId: string, ctx: TreeContext): ElementTree {
  if (ctx.flags?.remoteDriverCP !== true || !ctx.articles) return tree;
  const composition = getElement(tree, compositionId);
  if (composition.type !== 'Composition') return tree;
  const under = descendants(tree, compositionId);
  if (!under.some((e) => (e.type === 'Cluster' || e.type === 'Light') && isRemoteInstallation(e.attributes.installation))) return tree;
  const lights = under.filter((e): e is LightElement => e.type === 'Light');
  if (lights.length === 0) return tree;
  const articles = ctx.articles;
  if (!lights.every((l) => lightOptionsForModel(l.props.code, articles).control.includes(NO_DRIVER_CONTROL.code))) return tree;
  const changed = lights
    .filter((l) => l.attributes.control !== NO_DRIVER_CONTROL.code)
    .map((l) => ({ ...l, attributes: { ...l.attributes, control: NO_DRIVER_CONTROL.code } }));
  return withElements(tree, changed);
}

/** Applies RemoteDriverCP to the composition holding `id`, if any. */
export function applyRemoteDriverAround(tree: ElementTree, id: string, ctx: TreeContext): ElementTree {
  const composition = enclosingComposition(tree, id);
  return composition ? applyRemoteDriver(tree, composition.id, ctx) : tree;
}

export type SetAttributeResult =
  | { readonly status: 'applied'; readonly tree: ElementTree }
  /** Applied, but the configuration changed the value asked for (the UI shows the message). */
  | { readonly status: 'incompatible'; readonly tree: ElementTree; readonly message: typeof INCOMPATIBLE_MESSAGE }
  /** Failed validation: the tree is the one given, unchanged. */
  | { readonly status: 'reverted'; readonly tree: ElementTree; readonly error: DomainError };

function setOn(e: TreeElement, key: AttributeKey, value: string): TreeElement {
  return { ...e, attributes: { ...e.attributes, [key]: value } } as TreeElement;
}

/**
 * Sets an attribute on a light, or on every light of a group/cluster/pendant/composition (a cluster
 * takes only installation; a pendant's pendantHeight also sets its height). The new value is checked
 * against the catalogue and the rules; on failure the tree is returned unchanged ('reverted'). When the
 * room or RemoteDriverCP then changes the value asked for, the result is 'incompatible' with
 * 'This combination is incompatible.'. Other elements throw 'This method is invalid for this element'.
 */
export function setAttribute(tree: ElementTree, id: string, key: AttributeKey, value: string, ctx: TreeContext = {}): SetAttributeResult {
  const target = getElement(tree, id);
  if (target.type === 'Cluster' && key !== 'installation') throw invalidMethod();
  if (target.type !== 'Light' && !LIGHT_HOLDERS.has(target.type)) throw invalidMethod();
  const lights = lightsUnder(tree, id);
  if (target.type !== 'Light' && target.type !== 'Cluster' && target.type !== 'Pendant' && lights.length === 0) throw noLightOptions();

  try {
    // 1. Validate the value for every light it reaches.
    if (ctx.articles) {
      for (const l of lights) {
        if (!isAttributeValueValid(l.props.code, key, value, ctx.articles)) {
          throw new DomainError('INVALID_ATTRIBUTE_VALUES', `Tried to get Article for Light ${l.props.code} with invalid attribute values`);
        }
      }
    }
    // 2. Normalise against the room: canopies that do not fit, pendant heights out of range.
    let applied = value;
    // Installation is the canopy in the ceiling: one the room cannot take becomes '10 Surface Basic'.
    if (key === 'installation') applied = resolveInstallation(value, roomOf(tree)).installation;
    const updates: TreeElement[] = [];
    if (key === 'pendantHeight' && target.type === 'Pendant') {
      const metres = clampPendantHeight(Number(value) / 100, { roomHeight: roomOf(tree).height, positionOffset: target.props.positionOffset });
      applied = String(Math.round(metres * 100));
      updates.push({ ...setOn(target, key, applied), props: { ...target.props, pendantHeight: metres, wireLength: Math.max(0, metres - target.props.positionOffset) } } as TreeElement);
    } else if (target.type !== 'Light') {
      updates.push(setOn(target, key, applied));
    }
    for (const l of lights) updates.push(setOn(l, key, applied));
    let next = withElements(tree, updates);
    // 3. RemoteDriverCP may switch controls.
    if (key === 'installation' || key === 'control') next = applyRemoteDriverAround(next, id, ctx);
    // 4. Rules on every element that changed.
    for (const e of updates) {
      const failure = findElementRuleFailure(next, e.id, ctx.rules);
      if (failure) throw ruleFailedError(failure.reason);
    }
    // 5. Did the configuration keep what was asked?
    const kept = [getElement(next, id), ...lightsUnder(next, id)].every((e) => e.attributes[key] === value);
    return kept ? { status: 'applied', tree: next } : { status: 'incompatible', tree: next, message: INCOMPATIBLE_MESSAGE };
  } catch (error) {
    if (isDomainError(error)) return { status: 'reverted', tree, error };
    throw error;
  }
}
