/**
 * The crea room's working state: an element tree of @lumen/domain (space → composition → clusters →
 * pendants → lights), the selection, undo/redo and the last notice the engine gave. Every rule is the
 * domain's (canopies and the ceiling, one light per cluster, pendant height, collision, attributes,
 * RemoteDriverCP, rule sets); this reducer only decides where new elements go and keeps the history.
 * The server checks the same tree again (evaluate, add to project).
 */
import {
  addElement,
  baseArticle,
  canopyExtents,
  collectionHasModel,
  DEFAULT_INSTALLATION,
  DEFAULT_PENDANT_HEIGHT,
  descendants,
  findElement,
  getElement,
  getLightOptions,
  groupClusters,
  intersectLightOptions,
  isDomainError,
  isFreeWire,
  lightsUnder,
  moveElement,
  placeAt,
  removeElement,
  roomOf,
  setAttribute,
  setPendantHeight,
  setRoomSize,
  withElements,
  type AttributeKey,
  type ElementTree,
  type LightOptions,
  type RoomSize,
  type TreeContext,
  type TreeElement,
  type Vec3,
} from '@lumen/domain';

/** What the room knows of a model to hang it: its body (metres) and light (lumens, watts). */
export interface ModelBody {
  readonly model: string;
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  readonly lumens: number;
  readonly watts: number;
  readonly familyName: string;
  readonly subFamilyId: number | null;
}

/** A message of the engine to show near an element (rendered in the user's language by the screen). */
export type CreaNotice =
  | { readonly kind: 'replaced'; readonly elementId: string; readonly asked: string }
  | { readonly kind: 'incompatible'; readonly elementId: string }
  | { readonly kind: 'refused'; readonly elementId: string | null; readonly code: string; readonly message: string }
  | { readonly kind: 'collision'; readonly elementId: string }
  | { readonly kind: 'autoSet'; readonly elementId: string; readonly key: AttributeKey; readonly value: string };

export interface CreaState {
  readonly tree: ElementTree;
  readonly past: readonly ElementTree[];
  readonly future: readonly ElementTree[];
  /** Selected clusters (the unit the user places), in selection order. */
  readonly selected: readonly string[];
  readonly notice: CreaNotice | null;
  /** The tree before the drag in progress started (one undo step per drag). */
  readonly dragFrom: ElementTree | null;
}

export const COMPOSITION_ID = 'composition';
export const HISTORY_LIMIT = 100;
/** Keyboard moves: a step, and a long step with Shift (metres). */
export const MOVE_STEP = 0.05;
export const LONG_MOVE_STEP = 0.25;

export interface CreaEnv {
  readonly ctx: TreeContext;
  readonly bodies: Readonly<Record<string, ModelBody>>;
  /** New element ids (random in the app, counted in tests). */
  readonly newId: () => string;
  readonly now: () => number;
}

export type CreaAction =
  | { type: 'load'; tree: ElementTree }
  | { type: 'addCluster'; model: string; installation: string; at?: { x: number; z: number } }
  | { type: 'addPendant'; clusterId: string; model: string }
  | { type: 'select'; ids: readonly string[] }
  | { type: 'toggleSelect'; id: string }
  | { type: 'dragStart'; id: string }
  | { type: 'dragTo'; id: string; x: number; z: number }
  | { type: 'dragEnd'; id: string }
  | { type: 'nudge'; id: string; dx: number; dz: number }
  | { type: 'duplicate'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'setAttribute'; ids: readonly string[]; key: AttributeKey; value: string }
  | { type: 'setPendantHeight'; id: string; metres: number }
  | { type: 'setRoom'; change: Partial<RoomSize> }
  | { type: 'dismissNotice' }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Issue 27 §2 (spec §3–§4): clusters of one composition put in a group, edited together. */
  | { type: 'group'; ids: readonly string[] };

export function initialCreaState(tree: ElementTree): CreaState {
  return { tree, past: [], future: [], selected: [], notice: null, dragFrom: null };
}

/** The clusters of the room, in the order they were added. */
export function clustersOf(tree: ElementTree): TreeElement[] {
  return descendants(tree, tree.rootId)
    .filter((e) => e.type === 'Cluster')
    .sort((a, b) => a.elementOrderValue - b.elementOrderValue);
}

/** The space's compositions, in order (a preconfiguration, or a room past a composition's limit, holds several). */
function compositionsOf(tree: ElementTree): string[] {
  return getElement(tree, tree.rootId).children.filter((id) => getElement(tree, id).type === 'Composition');
}

function newComposition(tree: ElementTree, env: CreaEnv): { tree: ElementTree; id: string } {
  const id = findElement(tree, COMPOSITION_ID) ? env.newId() : COMPOSITION_ID;
  const compositionNumber = compositionsOf(tree).length + 1;
  return { tree: addElement(tree, tree.rootId, { type: 'Composition', id, createdAt: env.now(), props: { compositionNumber } }, env.ctx), id };
}

/** A cluster's height under the ceiling: its canopy hangs from it (centre of its box). */
function clusterY(tree: ElementTree, cluster: TreeElement): number {
  return roomOf(tree).height - cluster.size.y / 2;
}

/** The pendant's body centre relative to its cluster: its lowest point `pendantHeight` below the ceiling. */
function pendantOffset(tree: ElementTree, cluster: TreeElement, pendant: TreeElement, dx = 0): Vec3 {
  if (pendant.type !== 'Pendant') return pendant.position;
  const room = roomOf(tree);
  const bodyCentre = room.height - pendant.props.pendantHeight + pendant.props.positionOffset / 2;
  return { x: dx, y: bodyCentre - clusterY(tree, cluster), z: 0 };
}

/** Positions of a cluster's pendants (and their lights) recomputed from their heights. */
function hangPendants(tree: ElementTree, clusterId: string): ElementTree {
  const cluster = getElement(tree, clusterId);
  const changed: TreeElement[] = [];
  for (const id of cluster.children) {
    const pendant = getElement(tree, id);
    if (pendant.type !== 'Pendant') continue;
    changed.push({ ...pendant, position: pendantOffset(tree, cluster, pendant, pendant.position.x) } as TreeElement);
  }
  return withElements(tree, changed);
}

/** The cluster holding an element (itself when it is one). */
export function clusterOfElement(tree: ElementTree, id: string): string | null {
  let e: TreeElement | undefined = findElement(tree, id);
  while (e) {
    if (e.type === 'Cluster') return e.id;
    e = e.parent === null ? undefined : findElement(tree, e.parent);
  }
  return null;
}

function bodyOf(env: CreaEnv, model: string): ModelBody {
  return env.bodies[model] ?? { model, width: 0.2, height: 0.3, depth: 0.2, lumens: 0, watts: 0, familyName: '', subFamilyId: null };
}

/** Adds a pendant and its light under a cluster (side by side when the cluster is free wire). */
function hangModel(tree: ElementTree, clusterId: string, model: string, env: CreaEnv): ElementTree {
  const body = bodyOf(env, model);
  const cluster = getElement(tree, clusterId);
  const index = cluster.children.length;
  const pendantId = env.newId();
  const lightId = env.newId();
  const now = env.now();
  const roomHeight = roomOf(tree).height;
  const pendantHeight = Math.min(Math.max(DEFAULT_PENDANT_HEIGHT, body.height), roomHeight - 0.1);
  let next = addElement(
    tree,
    clusterId,
    {
      type: 'Pendant',
      id: pendantId,
      createdAt: now,
      props: { pendantHeight, positionOffset: body.height },
      size: { x: body.width, y: body.height, z: body.depth },
    },
    env.ctx,
  );
  // Side by side on a free wire: each body its width plus a hand apart.
  const dx = index === 0 ? 0 : Math.ceil(index / 2) * (index % 2 === 1 ? 1 : -1) * (body.width + 0.05);
  const pendant = getElement(next, pendantId);
  next = withElements(next, [{ ...pendant, position: pendantOffset(next, getElement(next, clusterId), pendant, dx) } as TreeElement]);
  next = addElement(
    next,
    pendantId,
    {
      type: 'Light',
      id: lightId,
      createdAt: now,
      props: { code: model, info: { familyName: body.familyName, subfamily: body.subFamilyId }, technicalData: { watts: body.watts, lumens: body.lumens } },
      attributes: baseValues(env, model),
      position: { x: 0, y: -body.height / 2, z: 0 },
    },
    env.ctx,
  );
  return next;
}

/**
 * A new light starts on its model's base LED and control (the finish too: spec §4 "colour defaults to
 * the base"); the installation comes from its cluster.
 */
function baseValues(env: CreaEnv, model: string): Partial<Record<AttributeKey, string>> {
  const articles = env.ctx.articles;
  if (!articles || !collectionHasModel(articles, model)) return {};
  const base = baseArticle(articles, model).attributes;
  return { finish: base.finish.code, ledColourTemp: base.ledColourTemp.code, control: base.control.code };
}

/** The first free spot on a 25 cm grid, from the middle of the room outwards. */
function freeSpot(tree: ElementTree, clusterId: string): { x: number; z: number } {
  const room = roomOf(tree);
  const cluster = getElement(tree, clusterId);
  const spots: { x: number; z: number }[] = [];
  const step = 0.25;
  for (let x = -room.width / 2 + step; x < room.width / 2; x += step) {
    for (let z = -room.depth / 2 + step; z < room.depth / 2; z += step) spots.push({ x: round(x), z: round(z) });
  }
  spots.sort((a, b) => a.x * a.x + a.z * a.z - (b.x * b.x + b.z * b.z));
  for (const spot of spots) {
    const placed = placeAt(tree, clusterId, { x: spot.x, y: clusterY(tree, cluster), z: spot.z });
    if (!placed.collides) return spot;
  }
  return { x: 0, z: 0 };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function errorNotice(error: unknown, elementId: string | null): CreaNotice {
  if (isDomainError(error)) return { kind: 'refused', elementId, code: error.code, message: error.message };
  throw error;
}

/** A new state after a change: history kept, redo cleared. */
function commit(state: CreaState, tree: ElementTree, patch: Partial<CreaState> = {}): CreaState {
  if (tree === state.tree) return { ...state, ...patch };
  const past = [...state.past, state.tree].slice(-HISTORY_LIMIT);
  return { ...state, notice: null, ...patch, tree, past, future: [] };
}

function addCluster(state: CreaState, action: Extract<CreaAction, { type: 'addCluster' }>, env: CreaEnv): CreaState {
  const clusterId = env.newId();
  const cluster = { type: 'Cluster' as const, id: clusterId, createdAt: env.now(), attributes: { installation: action.installation }, size: clusterSize(action.installation) };
  // Into the last composition; one that holds all the clusters its rules allow gets a next composition.
  const into = (tree: ElementTree, compositionId: string): ElementTree | null => {
    try {
      return addElement(tree, compositionId, cluster, env.ctx);
    } catch (error) {
      if (isDomainError(error) && error.code === 'RULE_FAILED') return null;
      throw error;
    }
  };
  const last = compositionsOf(state.tree).at(-1);
  let tree = last === undefined ? null : into(state.tree, last);
  if (tree === null) {
    const next = newComposition(state.tree, env);
    tree = addElement(next.tree, next.id, cluster, env.ctx);
  }
  const added = getElement(tree, clusterId);
  tree = withElements(tree, [{ ...added, position: { x: 0, y: clusterY(tree, added), z: 0 } } as TreeElement]);
  tree = hangModel(tree, clusterId, action.model, env);
  const spot = action.at ?? freeSpot(tree, clusterId);
  tree = moveElement(tree, clusterId, { position: { x: spot.x, y: clusterY(tree, getElement(tree, clusterId)), z: spot.z } }, env.ctx);
  const installation = getElement(tree, clusterId).attributes.installation;
  const notice: CreaNotice | null = installation !== action.installation ? { kind: 'replaced', elementId: clusterId, asked: action.installation } : null;
  return commit(state, tree, { selected: [clusterId], notice });
}

/** The box a cluster's canopy takes (a free wire or flat trim takes none). */
function clusterSize(installation: string): Vec3 {
  return canopyExtents(installation) ?? { x: 0, y: 0, z: 0 };
}

/** Copies a cluster with everything it holds, a step aside (then the first free spot). */
function duplicate(state: CreaState, id: string, env: CreaEnv): CreaState {
  const clusterId = clusterOfElement(state.tree, id);
  if (!clusterId) return state;
  const source = getElement(state.tree, clusterId);
  if (source.parent === null) return state;
  let tree = state.tree;
  const copyId = env.newId();
  const ids = new Map<string, string>([[clusterId, copyId]]);
  const copyOf = (e: TreeElement, parent: string) => {
    const newId = ids.get(e.id) ?? env.newId();
    ids.set(e.id, newId);
    tree = addElement(
      tree,
      parent,
      { type: e.type, id: newId, createdAt: env.now(), props: e.props as never, attributes: e.attributes, position: e.position, size: e.size, applicationLocationId: e.applicationLocationId },
      env.ctx,
    );
    for (const child of e.children) copyOf(getElement(state.tree, child), newId);
  };
  copyOf(source, source.parent);
  const room = roomOf(tree);
  const aside = { x: source.position.x + LONG_MOVE_STEP * 2, y: source.position.y, z: source.position.z };
  const placed = placeAt(tree, copyId, aside);
  const inside = Math.abs(aside.x) < room.width / 2;
  const spot = !placed.collides && inside ? { x: aside.x, z: aside.z } : freeSpot(tree, copyId);
  tree = moveElement(tree, copyId, { position: { x: spot.x, y: source.position.y, z: spot.z } }, env.ctx);
  return commit(state, tree, { selected: [copyId] });
}

/** A dragged cluster lands on a 5 cm grid, and against a wall when its edge comes within 10 cm of it (issue 27 §3). */
export const SNAP_GRID = 0.05;
export const WALL_SNAP = 0.1;

/** How far a cluster reaches from its centre on the plan (its canopy, its pendants' bodies): metres on x and z. */
function footprintHalf(tree: ElementTree, id: string): { x: number; z: number } {
  const cluster = getElement(tree, id);
  let x = cluster.size.x / 2;
  let z = cluster.size.z / 2;
  for (const child of cluster.children) {
    const pendant = getElement(tree, child);
    if (pendant.type !== 'Pendant') continue;
    x = Math.max(x, Math.abs(pendant.position.x) + pendant.size.x / 2);
    z = Math.max(z, Math.abs(pendant.position.z) + pendant.size.z / 2);
  }
  return { x, z };
}

/** Where a cluster dragged to (x, z) lands: against a wall within WALL_SNAP of it, else on the grid. */
export function snapOnCeiling(tree: ElementTree, id: string, x: number, z: number): { x: number; z: number } {
  const room = roomOf(tree);
  const half = footprintHalf(tree, id);
  const axis = (value: number, roomHalf: number, reach: number) => {
    const wall = Math.max(0, roomHalf - reach);
    if (Math.abs(value - wall) <= WALL_SNAP) return wall;
    if (Math.abs(value + wall) <= WALL_SNAP) return -wall;
    return Math.round(value / SNAP_GRID) * SNAP_GRID;
  };
  return { x: round(axis(x, room.width / 2, half.x)), z: round(axis(z, room.depth / 2, half.z)) };
}

/** Moves a cluster on the ceiling; a position that collides is kept while dragging and undone at the end. */
function moveCluster(tree: ElementTree, id: string, x: number, z: number, env: CreaEnv): ElementTree {
  const cluster = getElement(tree, id);
  return moveElement(tree, id, { position: { x: round(x), y: cluster.position.y, z: round(z) } }, env.ctx);
}

/** Back to the last valid position when the cluster ended where it collides. */
function settle(tree: ElementTree, id: string, env: CreaEnv): { tree: ElementTree; wasColliding: boolean } {
  const cluster = getElement(tree, id);
  if (!cluster.collides) return { tree, wasColliding: false };
  const back = cluster.lastValidPosition;
  if (!back) return { tree, wasColliding: true };
  return { tree: moveElement(tree, id, { position: back }, env.ctx), wasColliding: true };
}

/**
 * Sets an attribute on lights and holders, all or nothing: each target through the domain's
 * setAttribute (validation, the room, RemoteDriverCP, rules); the first refusal reverts every one.
 */
function setAttributes(state: CreaState, ids: readonly string[], key: AttributeKey, value: string, env: CreaEnv): CreaState {
  let tree = state.tree;
  let incompatible = false;
  for (const id of ids) {
    const target = getElement(tree, id);
    // A cluster takes only its installation; other attributes go to its lights.
    const targets = target.type === 'Cluster' && key !== 'installation' ? lightsUnder(tree, id).map((l) => l.id) : [id];
    for (const t of targets) {
      const result = setAttribute(tree, t, key, value, env.ctx);
      if (result.status === 'reverted') return { ...state, notice: errorNotice(result.error, id) };
      if (result.status === 'incompatible') incompatible = true;
      tree = result.tree;
    }
    if (key === 'pendantHeight') for (const c of clusterTargets(tree, id)) tree = hangPendants(tree, c);
  }
  const first = ids[0] ?? null;
  const notice: CreaNotice | null =
    key === 'installation' && incompatible && first !== null
      ? { kind: 'replaced', elementId: first, asked: value }
      : incompatible && first !== null
        ? { kind: 'incompatible', elementId: first }
        : null;
  return commit(state, tree, { notice });
}

/** What setting an attribute would do, without doing it (issue 27 §2: a refused option says so before it is chosen). */
export type AttributeOutcome = { readonly status: 'applied' | 'incompatible' } | { readonly status: 'refused'; readonly notice: Extract<CreaNotice, { kind: 'refused' }> };

export function attributeOutcome(state: CreaState, ids: readonly string[], key: AttributeKey, value: string, env: CreaEnv): AttributeOutcome {
  let next: CreaState;
  try {
    next = setAttributes({ ...state, notice: null }, ids, key, value, env);
  } catch (error) {
    if (isDomainError(error)) return { status: 'refused', notice: { kind: 'refused', elementId: ids[0] ?? null, code: error.code, message: error.message } };
    throw error;
  }
  if (next.notice?.kind === 'refused') return { status: 'refused', notice: next.notice };
  return { status: next.notice?.kind === 'incompatible' || next.notice?.kind === 'replaced' ? 'incompatible' : 'applied' };
}

function clusterTargets(tree: ElementTree, id: string): string[] {
  const own = clusterOfElement(tree, id);
  if (own) return [own];
  return descendants(tree, id)
    .filter((e) => e.type === 'Cluster')
    .map((e) => e.id);
}

function pendantsUnder(tree: ElementTree, id: string): TreeElement[] {
  const self = getElement(tree, id);
  return [self, ...descendants(tree, id)].filter((e) => e.type === 'Pendant');
}

function guarded(state: CreaState, elementId: string | null, run: () => CreaState): CreaState {
  try {
    return run();
  } catch (error) {
    return { ...state, notice: errorNotice(error, elementId) };
  }
}

export function creaReducer(state: CreaState, action: CreaAction, env: CreaEnv): CreaState {
  switch (action.type) {
    case 'load':
      return initialCreaState(action.tree);
    case 'addCluster':
      return guarded(state, null, () => addCluster(state, action, env));
    case 'addPendant':
      return guarded(state, action.clusterId, () => {
        const cluster = getElement(state.tree, action.clusterId);
        if (cluster.type !== 'Cluster') return state;
        return commit(state, hangModel(state.tree, action.clusterId, action.model, env), { selected: [action.clusterId] });
      });
    case 'group':
      return guarded(state, action.ids[0] ?? null, () => {
        const id = env.newId();
        return commit(state, groupClusters(state.tree, action.ids, { id, createdAt: env.now() }, env.ctx), { selected: [...action.ids] });
      });
    case 'select':
      return { ...state, selected: action.ids.filter((id) => findElement(state.tree, id) !== undefined) };
    case 'toggleSelect':
      return { ...state, selected: state.selected.includes(action.id) ? state.selected.filter((id) => id !== action.id) : [...state.selected, action.id] };
    case 'dragStart':
      return { ...state, dragFrom: state.tree, selected: state.selected.includes(action.id) ? state.selected : [action.id], notice: null };
    case 'dragTo':
      return guarded(state, action.id, () => {
        const at = snapOnCeiling(state.tree, action.id, action.x, action.z);
        return { ...state, tree: moveCluster(state.tree, action.id, at.x, at.z, env) };
      });
    case 'dragEnd': {
      // Pointer-up may reach the room twice (the element and the canvas): only the first ends the drag.
      if (state.dragFrom === null) return state;
      const from = state.dragFrom;
      return guarded(state, action.id, () => {
        const { tree, wasColliding } = settle(state.tree, action.id, env);
        const notice: CreaNotice | null = wasColliding ? { kind: 'collision', elementId: action.id } : null;
        if (tree === from || sameTree(tree, from)) return { ...state, tree: from, dragFrom: null, notice };
        return { ...commit({ ...state, tree: from }, tree), dragFrom: null, notice };
      });
    }
    case 'nudge':
      return guarded(state, action.id, () => {
        const cluster = getElement(state.tree, action.id);
        const moved = moveCluster(state.tree, action.id, cluster.position.x + action.dx, cluster.position.z + action.dz, env);
        // A step into another element or a wall does not happen: the cluster stays where it was.
        if (getElement(moved, action.id).collides) return { ...state, notice: { kind: 'collision', elementId: action.id } };
        return commit(state, moved);
      });
    case 'duplicate':
      return guarded(state, action.id, () => duplicate(state, action.id, env));
    case 'remove':
      return guarded(state, action.id, () => {
        const target = findElement(state.tree, action.id);
        if (!target || target.parent === null) return state;
        // A pendant or light alone on its cluster takes the cluster with it.
        const cluster = clusterOfElement(state.tree, action.id);
        const whole = cluster !== null && lightsUnder(state.tree, cluster).length <= 1 ? cluster : action.id;
        return commit(state, removeElement(state.tree, whole), { selected: state.selected.filter((id) => findElement(removeElement(state.tree, whole), id) !== undefined) });
      });
    case 'setAttribute':
      return guarded(state, action.ids[0] ?? null, () => setAttributes(state, action.ids, action.key, action.value, env));
    case 'setPendantHeight':
      return guarded(state, action.id, () => {
        let tree = state.tree;
        for (const p of pendantsUnder(tree, action.id)) tree = setPendantHeight(tree, p.id, action.metres);
        for (const c of clusterTargets(tree, action.id)) tree = hangPendants(tree, c);
        for (const c of clusterTargets(tree, action.id)) tree = moveElement(tree, c, {}, env.ctx);
        return commit(state, tree);
      });
    case 'setRoom':
      return guarded(state, null, () => {
        const { tree: resized, replacedInstallations } = setRoomSize(state.tree, action.change);
        let tree = resized;
        for (const c of clustersOf(tree)) {
          const cluster = getElement(tree, c.id);
          tree = withElements(tree, [{ ...cluster, position: { ...cluster.position, y: clusterY(tree, cluster) } } as TreeElement]);
          tree = hangPendants(tree, c.id);
          tree = moveElement(tree, c.id, {}, env.ctx);
        }
        const [first] = replacedInstallations;
        const asked = first ? state.tree.elements[first]?.attributes.installation : undefined;
        const notice: CreaNotice | null = first && asked ? { kind: 'replaced', elementId: first, asked } : null;
        return commit(state, tree, { notice });
      });
    case 'dismissNotice':
      return { ...state, notice: null };
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return { ...state, tree: previous, past: state.past.slice(0, -1), future: [state.tree, ...state.future], notice: null, selected: keep(state.selected, previous) };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, tree: next, past: [...state.past, state.tree], future: rest, notice: null, selected: keep(state.selected, next) };
    }
  }
}

function keep(ids: readonly string[], tree: ElementTree): string[] {
  return ids.filter((id) => findElement(tree, id) !== undefined);
}

function sameTree(a: ElementTree, b: ElementTree): boolean {
  const keys = Object.keys(a.elements);
  if (keys.length !== Object.keys(b.elements).length) return false;
  return keys.every((k) => {
    const x = a.elements[k];
    const y = b.elements[k];
    return x !== undefined && y !== undefined && x.position.x === y.position.x && x.position.z === y.position.z && x === y;
  });
}

/**
 * The options to offer for a selection: one element's lights, or the intersection over every selected
 * element's lights (spec §4: a group's options are the intersection of its children's).
 */
export function optionsForSelection(tree: ElementTree, ids: readonly string[], ctx: TreeContext): LightOptions | null {
  const all: LightOptions[] = [];
  for (const id of ids) {
    try {
      all.push(getLightOptions(tree, id, ctx));
    } catch (error) {
      if (isDomainError(error)) return null;
      throw error;
    }
  }
  return all.length === 0 ? null : intersectLightOptions(all);
}

/** The value every light of the selection shares for an attribute, or null when they differ. */
export function sharedValue(tree: ElementTree, ids: readonly string[], key: AttributeKey): string | null {
  const values = new Set<string | undefined>();
  for (const id of ids) for (const l of lightsUnder(tree, id)) values.add(l.attributes[key]);
  const [only] = [...values];
  return values.size === 1 && only !== undefined ? only : null;
}

/** Whether a cluster may take another pendant (free wire only, spec §5). */
export function takesMorePendants(tree: ElementTree, clusterId: string): boolean {
  const cluster = findElement(tree, clusterId);
  return cluster?.type === 'Cluster' && isFreeWire(cluster.attributes.installation);
}

export { DEFAULT_INSTALLATION };

/** The groups of the room, in order, each with its clusters (spec §3: a Group holds clusters of one composition). */
export function groupsOf(tree: ElementTree): { id: string; clusters: string[] }[] {
  return descendants(tree, tree.rootId)
    .filter((e) => e.type === 'Group')
    .sort((a, b) => a.elementOrderValue - b.elementOrderValue)
    .map((group) => ({ id: group.id, clusters: descendants(tree, group.id).filter((e) => e.type === 'Cluster').map((e) => e.id) }));
}
