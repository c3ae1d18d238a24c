/**
 * A saved space that comes from outside (a browser, an old project) is never taken as it is: it is
 * read (migrated forward, every node validated), then rebuilt element by element with the same
 * operations the room uses (`addElement`: auto-set, canopies, pendant heights, RemoteDriverCP,
 * one light per cluster, collisions), and checked against the rules (issue 15 §4 and "Bad input").
 *
 * What the engine could never have produced is refused with a DomainError (the api's 400): an
 * unreadable or unknown node, too many elements, a light hanging from no cluster (creations), a
 * canopy the room's ceiling refuses, a pendant lower than the room allows. What the engine produces
 * but the rules reject (a rule, a collision) is reported as failures: the room shows them, and a
 * project refuses to store such a creation.
 */
import type { LocalizedText } from '../catalogue/catalogue.types';
import { DomainError } from '../catalogue/domain-error';
import { createSpace } from '../element-tree/element-factory';
import type { NewElement } from '../element-tree/element-factory';
import type { ElementTree, TreeElement } from '../element-tree/element.types';
import { applyRemoteDriver } from '../element-tree/light-attributes';
import type { TreeContext } from '../element-tree/tree-context';
import { addElement } from '../element-tree/tree-operations';
import { elementCollides, worldBoxes } from '../element-tree/tree-placement';
import { ancestors, descendants, getElement, withElements } from '../element-tree/tree-queries';
import { findTreeRuleFailures } from '../element-tree/tree-rules';
import { resolveInstallation } from '../space/canopy';
import { isEmptyBox } from '../space/collision';
import { maxPendantHeight } from '../space/pendant-height';
import type { RoomSize } from '../space/room';
import type { FamilyData } from './bill-of-materials.types';
import { spaceFromJSON } from './space-json';
import { isJsonObject, spaceSchemaVersion } from './space-migrations';

/** Most elements (the space included) one creation may hold: 200 pendants with their clusters and lights fit twice over. */
export const MAX_CREATION_ELEMENTS = 1_000;

/** A rule or a collision that makes a rebuilt space invalid. */
export interface SpaceFailure {
  readonly code: 'RULE_FAILED' | 'COLLIDES';
  readonly elementId: string;
  /** RULE_FAILED: the rule's reason (and its translations when it carries them). */
  readonly reason?: string;
  readonly reasons?: LocalizedText;
  readonly ruleId?: string;
  readonly ruleSetId?: string;
}

export interface RebuildOptions {
  readonly family: FamilyData | null | undefined;
  /** Articles, the subfamily's rule sets, flags and catalogue, as the room has them. */
  readonly ctx: TreeContext;
  /** Every light must hang from a cluster (creations). Default true. */
  readonly requireCluster?: boolean;
  /** Default MAX_CREATION_ELEMENTS. */
  readonly maxElements?: number;
}

export interface RebuiltSpace {
  readonly tree: ElementTree;
  readonly failures: readonly SpaceFailure[];
  /** The schema version the space was saved with (older ones were migrated). */
  readonly savedVersion: number;
}

/** Counts nodes through `children` without recursion, stopping once past `max`. */
function countNodes(json: unknown, max: number): number {
  let count = 0;
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const node = stack.pop();
    count++;
    if (count > max) return count;
    if (isJsonObject(node) && Array.isArray(node.children)) for (const child of node.children) stack.push(child);
  }
  return count;
}

function tooManyElements(max: number): DomainError {
  return new DomainError('TOO_MANY_ELEMENTS', `A creation holds at most ${max} elements`);
}

/** Elements below the space in pre-order (parents before children, siblings in order). */
function preOrder(tree: ElementTree): TreeElement[] {
  const out: TreeElement[] = [];
  const stack = [...getElement(tree, tree.rootId).children].reverse();
  while (stack.length > 0) {
    const e = getElement(tree, stack.pop() as string);
    out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as string);
  }
  return out;
}

/** Kinds that only arrange others: rebuilt first, as the skeleton every other piece is added to. */
const STRUCTURE = new Set<TreeElement['type']>(['Composition', 'Group']);

function refuseByRoom(read: ElementTree, e: TreeElement, room: RoomSize, requireCluster: boolean): void {
  const inCluster = ancestors(read, e.id).some((a) => a.type === 'Cluster');
  if (e.type === 'Light' && requireCluster && !inCluster) {
    throw new DomainError('LIGHT_WITHOUT_CLUSTER', `Light ${e.id} hangs from no cluster: every light of a creation hangs from a cluster`);
  }
  const installation = e.attributes.installation;
  const holdsCanopy = e.type === 'Cluster' || (e.type === 'Light' && !inCluster);
  if (installation !== undefined && holdsCanopy && resolveInstallation(installation, room).replaced) {
    throw new DomainError('INSTALLATION_REFUSED', `The ceiling does not take installation ${installation}: the room replaces it by '10 Surface Basic'`);
  }
  const heightCm = e.attributes.pendantHeight;
  const maxCm = Math.round(maxPendantHeight(room.height) * 100);
  if (heightCm !== undefined && Number(heightCm) > maxCm) {
    throw new DomainError('PENDANT_HEIGHT_OUT_OF_ROOM', `Pendant height ${heightCm} cm of ${e.id} goes below the room's floor: at most ${maxCm} cm`);
  }
}

function asNew(e: TreeElement): NewElement {
  return {
    type: e.type,
    id: e.id,
    createdAt: e.createdAt,
    props: (e.type === 'Composition' ? { ...e.props, rules: [] } : e.props) as never,
    attributes: e.attributes,
    elementOrderValue: e.elementOrderValue,
    applicationLocationId: e.applicationLocationId,
    position: e.position,
    // A cluster saved without extents takes its canopy's, as one added in the room does.
    ...(e.type === 'Cluster' && e.size.x === 0 && e.size.y === 0 && e.size.z === 0 ? {} : { size: e.size }),
  };
}

/**
 * Reads and rebuilds a saved space. Throws the engine's errors (see the module comment) and
 * TOO_MANY_ELEMENTS, LIGHT_WITHOUT_CLUSTER, INSTALLATION_REFUSED and PENDANT_HEIGHT_OUT_OF_ROOM.
 *
 * Rebuilding adds every element with `addElement`, as the room did. To stay linear in the size of
 * the space, each structure element (composition, group) and each piece hanging from the structure
 * (a cluster with its pendants and lights, an accessory) is added onto its rebuilt ancestors alone;
 * what spans pieces is then run once on the whole: RemoteDriverCP per composition, collisions, rules.
 */
export function rebuildSpace(json: unknown, options: RebuildOptions): RebuiltSpace {
  const max = options.maxElements ?? MAX_CREATION_ELEMENTS;
  if (countNodes(json, max) > max) throw tooManyElements(max);
  const savedVersion = isJsonObject(json) ? spaceSchemaVersion(json) : 1;
  const { tree: read } = spaceFromJSON(json, options.family);
  const space = getElement(read, read.rootId);
  if (space.type !== 'Space') throw new DomainError('INCORRECT_DOMAIN_JSON', 'Incorrect domainJSON provided');
  const room = space.props.config.roomSize;
  const requireCluster = options.requireCluster !== false;
  // Rules are checked once the whole tree stands (a half-built tree breaks rules a whole one keeps).
  const buildCtx: TreeContext = { ...options.ctx, rules: [] };

  const order = preOrder(read);
  for (const e of order) refuseByRoom(read, e, room, requireCluster);

  const root = createSpace({
    id: space.id,
    createdAt: space.createdAt,
    roomSize: room,
    configurator: space.props.configurator,
    source: space.props.source,
    productId: space.props.productId,
    applicationLocationId: space.applicationLocationId,
  });
  const elements: Record<string, TreeElement> = Object.create(null) as Record<string, TreeElement>;
  elements[root.rootId] = getElement(root, root.rootId);
  let nextOrderValue = Math.max(root.nextOrderValue, read.nextOrderValue);
  /** The rebuilt ancestors of `id` alone (each holding only the next one): what addElement needs to see. */
  const chainOf = (id: string): ElementTree => {
    const chain: Record<string, TreeElement> = Object.create(null) as Record<string, TreeElement>;
    let child: string | null = null;
    for (const a of ancestors(read, id)) {
      const rebuilt = elements[a.id] as TreeElement;
      chain[a.id] = { ...rebuilt, children: child === null ? [] : [child] } as TreeElement;
      child = a.id;
    }
    return { rootId: root.rootId, elements: chain, nextOrderValue };
  };
  for (const e of order) {
    const parent = getElement(read, e.parent ?? read.rootId);
    const onStructure = parent.type === 'Space' || STRUCTURE.has(parent.type);
    if (!onStructure) continue;
    // A structure element alone, or a piece (a cluster with what hangs from it, an accessory) whole.
    const members = STRUCTURE.has(e.type) ? [e] : [e, ...descendants(read, e.id)];
    let scratch = chainOf(e.id);
    for (const m of members) {
      scratch = addElement(scratch, m.parent ?? scratch.rootId, asNew(m), buildCtx);
      const fitted = getElement(scratch, m.id);
      if (m.type === 'Pendant' && fitted.type === 'Pendant' && fitted.props.pendantHeight !== m.props.pendantHeight) {
        throw new DomainError(
          'PENDANT_HEIGHT_OUT_OF_ROOM',
          `Pendant height ${m.props.pendantHeight} m of ${m.id} does not fit the room: between ${m.props.positionOffset} and ${maxPendantHeight(room.height)} m`,
        );
      }
    }
    for (const m of members) elements[m.id] = getElement(scratch, m.id);
    nextOrderValue = Math.max(nextOrderValue, scratch.nextOrderValue);
  }
  // Every element keeps its place among its siblings as saved; compositions get their rules back.
  for (const e of Object.values(elements)) {
    const saved = getElement(read, e.id);
    elements[e.id] = { ...e, children: saved.children, ...(saved.type === 'Composition' ? { props: saved.props } : {}) } as TreeElement;
  }
  let tree: ElementTree = { rootId: read.rootId, elements: { ...elements }, nextOrderValue };
  for (const e of order) if (e.type === 'Composition') tree = applyRemoteDriver(tree, e.id, options.ctx);

  // Collisions once, on the whole room: an element carrying no box (and nothing with one) never collides.
  const boxes = worldBoxes(tree);
  const placed: TreeElement[] = [];
  for (const e of preOrder(tree)) {
    const withBox = [e, ...descendants(tree, e.id)].some((m) => {
      const box = boxes.get(m.id);
      return box !== undefined && !isEmptyBox(box);
    });
    const hit = withBox && elementCollides(tree, e.id, boxes);
    const saved = getElement(read, e.id);
    placed.push({ ...e, collides: hit, lastValidPosition: hit ? saved.lastValidPosition : e.position } as TreeElement);
  }
  tree = withElements(tree, placed);

  const failures: SpaceFailure[] = findTreeRuleFailures(tree, options.ctx.rules).map((f) => ({
    code: 'RULE_FAILED' as const,
    elementId: f.elementId,
    reason: f.reason,
    ...(f.reasons ? { reasons: f.reasons } : {}),
    ruleId: f.ruleId,
    ruleSetId: f.ruleSetId,
  }));
  for (const e of placed) if (e.collides) failures.push({ code: 'COLLIDES', elementId: e.id });
  return { tree, failures, savedVersion };
}
