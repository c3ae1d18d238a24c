/**
 * Changing the tree: add, move, remove, group clusters, pendant height and room size. Each function
 * takes a tree and returns a new one (the input is never changed); a refused change throws and
 * leaves the caller with its tree.
 */
import { canopyExtents, isFreeWire, resolveInstallation } from '../space/canopy';
import { clampPendantHeight } from '../space/pendant-height';
import type { RoomSize } from '../space/room';
import type { Vec3 } from '../space/collision';
import { checkElementRules } from './tree-rules';
import { DomainError } from '../catalogue/domain-error';
import { createElement } from './element-factory';
import type { NewElement } from './element-factory';
import { CONTAINER_TYPES } from './element.types';
import type { ClusterElement, TreeElement, ElementTree, ElementType, PendantElement } from './element.types';
import { applyRemoteDriverAround, autoSetLightAttributes } from './light-attributes';
import type { TreeContext } from './tree-context';
import { placeAt, updatePlacement } from './tree-placement';
import {
  ancestors,
  descendants,
  findElement,
  getElement,
  getSpace,
  invalidMethod,
  isDescendantOf,
  lightsUnder,
  roomOf,
  withElements,
} from './tree-queries';

/** Bounds of a space; the saved form refuses more (see MAX_SPACE_NODES / MAX_SPACE_DEPTH). */
export const MAX_TREE_ELEMENTS = 20_000;
export const MAX_TREE_DEPTH = 64;

/** Levels below the space of `id` (the space is 0). */
function depthOf(tree: ElementTree, id: string): number {
  return ancestors(tree, id).length;
}

/** Levels the subtree of `id` spans (a leaf is 1). */
function heightOf(tree: ElementTree, id: string): number {
  const all = [getElement(tree, id), ...descendants(tree, id)];
  const base = depthOf(tree, id);
  let max = 0;
  for (const e of all) max = Math.max(max, depthOf(tree, e.id) - base + 1);
  return max;
}

function tooDeep(): DomainError {
  return new DomainError('INVALID_TREE_OPERATION', `A space cannot be more than ${MAX_TREE_DEPTH} levels deep`);
}

export const ONE_LIGHT_PER_CLUSTER_MESSAGE = 'Error while adding a new light to the cluster: Cluster allows only one light per cluster';

function canHoldChildren(type: ElementType): boolean {
  return CONTAINER_TYPES.includes(type);
}

/** The cluster that would hold a light placed under `parentId` (the parent or an ancestor). */
function clusterOf(tree: ElementTree, parentId: string): ClusterElement | undefined {
  const parent = getElement(tree, parentId);
  if (parent.type === 'Cluster') return parent;
  return ancestors(tree, parentId).find((a): a is ClusterElement => a.type === 'Cluster');
}

/** One light per cluster unless the cluster is free wire. */
function assertClusterAcceptsLights(tree: ElementTree, parentId: string, incoming: number): void {
  if (incoming === 0) return;
  const cluster = clusterOf(tree, parentId);
  if (!cluster || isFreeWire(cluster.attributes.installation)) return;
  if (lightsUnder(tree, cluster.id).length + incoming > 1) {
    throw new DomainError('CLUSTER_ALLOWS_ONE_LIGHT', ONE_LIGHT_PER_CLUSTER_MESSAGE);
  }
}

function attach(tree: ElementTree, parentId: string, child: TreeElement): ElementTree {
  const parent = getElement(tree, parentId);
  return withElements(tree, [{ ...parent, children: [...parent.children, child.id] } as TreeElement, { ...child, parent: parentId } as TreeElement]);
}

function detach(tree: ElementTree, id: string): ElementTree {
  const e = getElement(tree, id);
  if (e.parent === null) return tree;
  const parent = getElement(tree, e.parent);
  return withElements(tree, [{ ...parent, children: parent.children.filter((c) => c !== id) } as TreeElement, { ...e, parent: null } as TreeElement]);
}

/** Replaces a cluster's installation by '10 Surface Basic' when its canopy does not fit the room. */
/** The elements whose installation is a canopy in the ceiling: clusters, and lights hanging from no cluster. */
function holdsCanopy(tree: ElementTree, e: TreeElement): boolean {
  if (e.type === 'Cluster') return true;
  return e.type === 'Light' && !ancestors(tree, e.id).some((a) => a.type === 'Cluster');
}

function fitInstallation(tree: ElementTree, id: string): ElementTree {
  const e = getElement(tree, id);
  if (e.attributes.installation === undefined || !holdsCanopy(tree, e)) return tree;
  const { installation, replaced } = resolveInstallation(e.attributes.installation, roomOf(tree));
  if (!replaced) return tree;
  const changed: TreeElement[] = [{ ...e, attributes: { ...e.attributes, installation } }];
  for (const l of lightsUnder(tree, id)) changed.push({ ...l, attributes: { ...l.attributes, installation } });
  return withElements(tree, changed);
}

/** Keeps a pendant's height within the room and its wire length in step. */
function fitPendant(tree: ElementTree, id: string): ElementTree {
  const e = getElement(tree, id);
  if (e.type !== 'Pendant') return tree;
  const pendantHeight = clampPendantHeight(e.props.pendantHeight, { roomHeight: roomOf(tree).height, positionOffset: e.props.positionOffset });
  const wireLength = Math.max(0, pendantHeight - e.props.positionOffset);
  if (pendantHeight === e.props.pendantHeight && wireLength === e.props.wireLength) return tree;
  return withElements(tree, [{ ...e, props: { ...e.props, pendantHeight, wireLength } }]);
}

/**
 * Adds a new element under `parentId`. Throws 'Element not found' (no such parent), 'This method is
 * invalid for this element' (the parent holds no children, or a second Space), 'Base cannot be
 * instanced', the one-light-per-cluster error, or 'Rule failed: {reason}'.
 */
export function addElement(tree: ElementTree, parentId: string, input: NewElement, ctx: TreeContext = {}): ElementTree {
  const parent = getElement(tree, parentId);
  const created = createElement(input);
  if (created.type === 'Space' || !canHoldChildren(parent.type)) throw invalidMethod();
  if (findElement(tree, created.id)) {
    throw new DomainError('INVALID_TREE_OPERATION', `Element ${created.id} already exists`);
  }
  if (Object.keys(tree.elements).length >= MAX_TREE_ELEMENTS) {
    throw new DomainError('INVALID_TREE_OPERATION', `A space cannot hold more than ${MAX_TREE_ELEMENTS} elements`);
  }
  if (depthOf(tree, parentId) + 1 > MAX_TREE_DEPTH) throw tooDeep();
  if (created.type === 'Light') assertClusterAcceptsLights(tree, parentId, 1);
  // A cluster given no size takes its canopy's (the spec's canopy sizes), for collision.
  const canopySize = created.type === 'Cluster' && input.size === undefined ? canopyExtents(created.attributes.installation) : undefined;
  const element = {
    ...created,
    ...(canopySize ? { size: canopySize } : {}),
    elementOrderValue: input.elementOrderValue ?? tree.nextOrderValue,
  } as TreeElement;
  let next: ElementTree = { ...attach(tree, parentId, element), nextOrderValue: Math.max(tree.nextOrderValue, element.elementOrderValue + 1) };
  next = autoSetLightAttributes(next, element.id, ctx);
  next = fitInstallation(next, element.id);
  next = fitPendant(next, element.id);
  next = applyRemoteDriverAround(next, element.id, ctx);
  checkElementRules(next, element.id, ctx.rules);
  checkElementRules(next, parentId, ctx.rules);
  return updatePlacement(next, element.id);
}

/** Removes an element and everything under it. The space cannot be removed. */
export function removeElement(tree: ElementTree, id: string): ElementTree {
  const e = getElement(tree, id);
  if (e.parent === null) throw invalidMethod();
  const gone = new Set([id, ...descendants(tree, id).map((d) => d.id)]);
  const detached = detach(tree, id);
  const elements: Record<string, TreeElement> = {};
  for (const [key, value] of Object.entries(detached.elements)) if (!gone.has(key)) elements[key] = value;
  return { ...detached, elements };
}

export interface MoveTarget {
  /** New position relative to the (new) parent, metres. */
  readonly position?: Vec3;
  /** New parent id. */
  readonly parent?: string;
}

/**
 * Moves an element: to a new position (collision is checked and `collides` set; the last valid
 * position is kept only when free), to a new parent (containers only, never into itself), or both.
 * Throws 'No element to move found', 'Element not found' (no such parent), 'This method is invalid
 * for this element', the one-light-per-cluster error, or 'Rule failed: {reason}'.
 */
export function moveElement(tree: ElementTree, id: string, to: MoveTarget, ctx: TreeContext = {}): ElementTree {
  const e = findElement(tree, id);
  if (!e) throw new DomainError('NO_ELEMENT_TO_MOVE', 'No element to move found');
  if (e.parent === null) throw invalidMethod();
  let next = tree;
  const oldParent = e.parent;
  if (to.parent !== undefined && to.parent !== e.parent) {
    const parent = getElement(tree, to.parent);
    if (!canHoldChildren(parent.type) || to.parent === id || isDescendantOf(tree, to.parent, id)) throw invalidMethod();
    if (depthOf(tree, to.parent) + heightOf(tree, id) > MAX_TREE_DEPTH) throw tooDeep();
    assertClusterAcceptsLights(tree, to.parent, lightsUnder(tree, id).length);
    next = attach(detach(next, id), to.parent, getElement(next, id));
    for (const l of lightsUnder(next, id)) next = autoSetLightAttributes(next, l.id, ctx);
    for (const m of [getElement(next, id), ...descendants(next, id)]) next = fitInstallation(next, m.id);
    next = applyRemoteDriverAround(next, id, ctx);
    checkElementRules(next, to.parent, ctx.rules);
    checkElementRules(next, oldParent, ctx.rules);
  }
  // Rules do not look at positions: check them before placing, then write the element once.
  checkElementRules(next, id, ctx.rules);
  const placed = placeAt(next, id, to.position ?? getElement(next, id).position);
  return withElements(next, [placed]);
}

/**
 * Puts clusters that share a parent into a new Group under that parent. Clusters with different
 * parents throw 'Hay clusters con distintos padres'; other elements 'This method is invalid for this element'.
 */
export function groupClusters(tree: ElementTree, clusterIds: readonly string[], group: { readonly id: string; readonly createdAt: number }, ctx: TreeContext = {}): ElementTree {
  const clusters = clusterIds.map((c) => getElement(tree, c));
  const [first] = clusters;
  if (!first || clusters.some((c) => c.type !== 'Cluster')) throw invalidMethod();
  if (clusters.some((c) => c.parent !== first.parent) || first.parent === null) {
    throw new DomainError('CLUSTERS_WITH_DIFFERENT_PARENTS', 'Hay clusters con distintos padres');
  }
  let next = addElement(tree, first.parent, { type: 'Group', id: group.id, createdAt: group.createdAt }, ctx);
  for (const c of clusters) next = attach(detach(next, c.id), group.id, getElement(next, c.id));
  checkElementRules(next, group.id, ctx.rules);
  checkElementRules(next, first.parent, ctx.rules);
  return next;
}

/** Sets a pendant's height in metres, clamped to the room; the wire length follows. */
export function setPendantHeight(tree: ElementTree, id: string, metres: number): ElementTree {
  const e = getElement(tree, id);
  if (e.type !== 'Pendant') throw invalidMethod();
  const pendant: PendantElement = { ...e, props: { ...e.props, pendantHeight: metres } };
  return fitPendant(withElements(tree, [pendant]), id);
}

export interface RoomChange {
  readonly tree: ElementTree;
  /** Clusters (and lights without a cluster) whose installation no longer fitted and became '10 Surface Basic'. */
  readonly replacedInstallations: readonly string[];
}

/** Changes the room; canopies that no longer fit are replaced, pendant heights re-clamped, collisions re-checked. */
export function setRoomSize(tree: ElementTree, change: Partial<RoomSize>): RoomChange {
  const space = getSpace(tree);
  const roomSize = { ...space.props.config.roomSize, ...change };
  let next = withElements(tree, [{ ...space, props: { ...space.props, config: { ...space.props.config, roomSize } } }]);
  const replaced: string[] = [];
  for (const e of descendants(next, next.rootId)) {
    if (holdsCanopy(next, e)) {
      const before = getElement(next, e.id).attributes.installation;
      next = fitInstallation(next, e.id);
      if (getElement(next, e.id).attributes.installation !== before) replaced.push(e.id);
    }
    if (e.type === 'Pendant') next = fitPendant(next, e.id);
  }
  for (const e of descendants(next, next.rootId)) next = updatePlacement(next, e.id);
  return { tree: next, replacedInstallations: replaced };
}
