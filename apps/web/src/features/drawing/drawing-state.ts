/**
 * The plan editor's working state (issue 16 §2): the drawing (packages/domain's `Drawing`), the tool in
 * hand, the selection, the segment being drawn, and undo/redo. Every rule of the drawing is the domain's
 * (`checkDrawing`, run by the screen on every change); this reducer only decides where what the user
 * draws goes: points snap to the grid (0.05 m), sticks snap to the stick lengths and to 45°, two points
 * closer than the engine's node tolerance are one node.
 */
import { DRAWING_FAMILIES, NODE_TOLERANCE, segmentLength, snapToGrid } from '@lumen/domain';
import type { AttributeKey, Drawing, DrawingFamily, DrawingItem, DrawingItemKind, DrawingSegment, ElementAttributes, PlanPoint } from '@lumen/domain';

/** The plan's grid (metres): every drawn or moved point lands on it. */
export const GRID = 0.05;
/** Keyboard moves: a step, and a long step with Shift (metres). */
export const MOVE_STEP = 0.05;
export const LONG_MOVE_STEP = 0.25;
export const HISTORY_LIMIT = 100;
/** The stick lengths (metres) of the sticks family (the engine's); a stick is one of them. */
export const STICK_LENGTHS: readonly number[] = DRAWING_FAMILIES.sticks.segmentModels.map((m) => m.length);

export type DrawingTool = 'select' | 'draw' | DrawingItemKind;

/** A node is every segment end at one plan point; it is named by its first end, `${segmentId}:from|to`. */
export type DrawingSelection = { readonly kind: 'node'; readonly id: string } | { readonly kind: 'segment'; readonly id: string } | { readonly kind: 'item'; readonly id: string };

export interface DrawingEditorState {
  readonly drawing: Drawing;
  readonly past: readonly Drawing[];
  readonly future: readonly Drawing[];
  readonly tool: DrawingTool;
  readonly selected: DrawingSelection | null;
  /** The first point of the segment being drawn (draw tool), or null. */
  readonly pending: PlanPoint | null;
  /** The drawing before the drag in progress (one undo step per drag). */
  readonly dragFrom: Drawing | null;
}

export interface DrawingEnv {
  /** New segment and item ids (random in the app, counted in tests). */
  readonly newId: () => string;
  /** Attributes a new segment takes (the drawing's current finish, temperature, control). */
  readonly segmentAttributes: ElementAttributes;
  /** Plusminus: the light model and attributes a new light takes. */
  readonly lightModel: string;
  readonly lightAttributes: ElementAttributes;
  /** The room's plan (metres): a segment drawn by clicks starts and ends inside it (issue 27 §2). */
  readonly room?: { readonly width: number; readonly depth: number };
}

/** The point inside the room's plan nearest to `point` (the point itself when it is inside). */
export function insideRoom(point: PlanPoint, room: DrawingEnv['room']): PlanPoint {
  if (!room) return point;
  const clamp = (value: number, half: number) => round(Math.min(half, Math.max(-half, value)));
  return { x: clamp(point.x, room.width / 2), z: clamp(point.z, room.depth / 2) };
}

export type DrawingAction =
  | { type: 'setTool'; tool: DrawingTool }
  | { type: 'select'; selection: DrawingSelection | null }
  /** A click on the plan at a point (metres): what it does depends on the tool. */
  | { type: 'planClick'; point: PlanPoint; segmentId?: string }
  | { type: 'cancel' }
  /**
   * Keyboard drawing: a segment from the selected node (from the room's centre when the drawing is empty),
   * at an angle (degrees, 0 = +x, 90 = +z) and a length (m). The node is the state's selection when the
   * action runs, not the one a panel showed a render earlier.
   */
  | { type: 'addSegmentFrom'; angle: number; length: number }
  /** Keyboard placing: an item on a segment, at its middle (a reflector: at the light nearest the middle). */
  | { type: 'addItem'; kind: DrawingItemKind; segmentId: string }
  | { type: 'dragStart' }
  | { type: 'dragNode'; id: string; to: PlanPoint }
  | { type: 'dragEnd' }
  | { type: 'nudge'; selection: DrawingSelection; dx: number; dz: number }
  | { type: 'remove'; selection: DrawingSelection }
  | { type: 'setSegmentAttribute'; ids: readonly string[]; key: AttributeKey; value: string }
  | { type: 'setItemAttribute'; ids: readonly string[]; key: AttributeKey; value: string }
  | { type: 'setItemModel'; ids: readonly string[]; model: string }
  | { type: 'setHeight'; height: number }
  | { type: 'replace'; drawing: Drawing }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialDrawingState(drawing: Drawing): DrawingEditorState {
  return { drawing, past: [], future: [], tool: 'select', selected: null, pending: null, dragFrom: null };
}

export function emptyDrawing(family: DrawingFamily, height: number): Drawing {
  return { family, height, segments: [], items: [] };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
export const distance = (a: PlanPoint, b: PlanPoint) => Math.hypot(a.x - b.x, a.z - b.z);
export const samePoint = (a: PlanPoint, b: PlanPoint) => distance(a, b) < NODE_TOLERANCE;
export const lengthOf = (segment: Pick<DrawingSegment, 'from' | 'to'>) => segmentLength(segment);

/** A point on the grid (the engine's snapping). */
export function onGrid(point: PlanPoint, grid = GRID): PlanPoint {
  return snapToGrid(point, grid);
}

/** Sticks: the end of a stick drawn from `from` towards `towards`, at a multiple of 45° and the nearest stick length. */
export function stickEnd(from: PlanPoint, towards: PlanPoint): PlanPoint {
  const raw = distance(from, towards);
  const angle = Math.round(Math.atan2(towards.z - from.z, towards.x - from.x) / (Math.PI / 4)) * (Math.PI / 4);
  const length = STICK_LENGTHS.reduce((best, candidate) => (Math.abs(candidate - raw) < Math.abs(best - raw) ? candidate : best), STICK_LENGTHS[0] ?? 0.6);
  return { x: round(from.x + Math.cos(angle) * length), z: round(from.z + Math.sin(angle) * length) };
}

export interface DrawingNode {
  /** `${segmentId}:from|to` of its first end. */
  readonly id: string;
  readonly at: PlanPoint;
  /** Every segment end at this node. */
  readonly ends: readonly { readonly segmentId: string; readonly end: 'from' | 'to' }[];
}

/** The nodes of a drawing: segment ends grouped by the node tolerance, in drawing order. */
export function nodesOf(drawing: Drawing): DrawingNode[] {
  const nodes: { id: string; at: PlanPoint; ends: { segmentId: string; end: 'from' | 'to' }[] }[] = [];
  const buckets = new Map<string, number[]>();
  const key = (x: number, z: number) => `${Math.floor(x / 0.01)}|${Math.floor(z / 0.01)}`;
  for (const segment of drawing.segments) {
    for (const end of ['from', 'to'] as const) {
      const at = segment[end];
      let found: number | undefined;
      const bx = Math.floor(at.x / 0.01);
      const bz = Math.floor(at.z / 0.01);
      for (let dx = -1; dx <= 1 && found === undefined; dx += 1) {
        for (let dz = -1; dz <= 1 && found === undefined; dz += 1) {
          found = buckets.get(`${bx + dx}|${bz + dz}`)?.find((index) => samePoint(nodes[index]!.at, at));
        }
      }
      if (found === undefined) {
        const index = nodes.push({ id: `${segment.id}:${end}`, at, ends: [] }) - 1;
        const bucket = key(at.x, at.z);
        buckets.set(bucket, [...(buckets.get(bucket) ?? []), index]);
        found = index;
      }
      nodes[found]!.ends.push({ segmentId: segment.id, end });
    }
  }
  return nodes;
}

/** The segments connected to a segment (its structure), by shared nodes. */
export function structureOf(drawing: Drawing, segmentId: string): Set<string> {
  const nodes = nodesOf(drawing);
  const bySegment = new Map<string, DrawingNode[]>();
  for (const node of nodes) for (const end of node.ends) bySegment.set(end.segmentId, [...(bySegment.get(end.segmentId) ?? []), node]);
  const seen = new Set<string>([segmentId]);
  const queue = [segmentId];
  while (queue.length > 0) {
    const current = queue.pop()!;
    for (const node of bySegment.get(current) ?? []) {
      for (const end of node.ends) {
        if (!seen.has(end.segmentId)) {
          seen.add(end.segmentId);
          queue.push(end.segmentId);
        }
      }
    }
  }
  return seen;
}

/** The nearest node to a point within `radius` metres, or null. */
export function nodeNear(drawing: Drawing, point: PlanPoint, radius: number): DrawingNode | null {
  let best: DrawingNode | null = null;
  for (const node of nodesOf(drawing)) {
    const d = distance(node.at, point);
    if (d <= radius && (best === null || d < distance(best.at, point))) best = node;
  }
  return best;
}

/** Where a point falls along a segment: the offset from its `from` (clamped to the segment) and the distance off it. */
export function projectOnSegment(segment: DrawingSegment, point: PlanPoint): { offset: number; away: number } {
  const length = lengthOf(segment);
  if (length === 0) return { offset: 0, away: distance(segment.from, point) };
  const ux = (segment.to.x - segment.from.x) / length;
  const uz = (segment.to.z - segment.from.z) / length;
  const along = Math.min(length, Math.max(0, (point.x - segment.from.x) * ux + (point.z - segment.from.z) * uz));
  const at = { x: segment.from.x + ux * along, z: segment.from.z + uz * along };
  return { offset: round(along), away: distance(at, point) };
}

/** The plan point of an item (its offset along its segment), or null when its segment is gone. */
export function itemPoint(drawing: Drawing, item: DrawingItem): PlanPoint | null {
  const segment = drawing.segments.find((s) => s.id === item.segmentId);
  if (!segment) return null;
  const length = lengthOf(segment);
  const t = length === 0 ? 0 : item.offset / length;
  return { x: segment.from.x + (segment.to.x - segment.from.x) * t, z: segment.from.z + (segment.to.z - segment.from.z) * t };
}

/** The nearest segment to a point within `radius`, or null. */
export function segmentNear(drawing: Drawing, point: PlanPoint, radius: number): DrawingSegment | null {
  let best: { segment: DrawingSegment; away: number } | null = null;
  for (const segment of drawing.segments) {
    const { away } = projectOnSegment(segment, point);
    if (away <= radius && (best === null || away < best.away)) best = { segment, away };
  }
  return best?.segment ?? null;
}

function commit(state: DrawingEditorState, drawing: Drawing, patch: Partial<DrawingEditorState> = {}): DrawingEditorState {
  if (drawing === state.drawing) return { ...state, ...patch };
  return { ...state, ...patch, drawing, past: [...state.past, state.drawing].slice(-HISTORY_LIMIT), future: [] };
}

/** Moves the node's ends to `to`; items keep their offsets, clamped to their segment's new length. */
function moveNode(drawing: Drawing, nodeId: string, to: PlanPoint): Drawing {
  const node = nodesOf(drawing).find((n) => n.id === nodeId);
  if (!node) return drawing;
  const ends = new Map(node.ends.map((e) => [`${e.segmentId}:${e.end}`, true]));
  const segments = drawing.segments.map((segment) => {
    const from = ends.has(`${segment.id}:from`) ? to : segment.from;
    const end = ends.has(`${segment.id}:to`) ? to : segment.to;
    return from === segment.from && end === segment.to ? segment : { ...segment, from, to: end };
  });
  return clampItems({ ...drawing, segments });
}

/** Moves every segment of a structure by (dx, dz). */
function translateStructure(drawing: Drawing, segmentIds: ReadonlySet<string>, dx: number, dz: number): Drawing {
  const shift = (p: PlanPoint) => ({ x: round(p.x + dx), z: round(p.z + dz) });
  return { ...drawing, segments: drawing.segments.map((s) => (segmentIds.has(s.id) ? { ...s, from: shift(s.from), to: shift(s.to) } : s)) };
}

function clampItems(drawing: Drawing): Drawing {
  const lengths = new Map(drawing.segments.map((s) => [s.id, lengthOf(s)]));
  let changed = false;
  const items = drawing.items.map((item) => {
    const length = lengths.get(item.segmentId);
    if (length === undefined || item.offset <= length) return item;
    changed = true;
    return { ...item, offset: round(length) };
  });
  return changed ? { ...drawing, items } : drawing;
}

/** The node's id after a move (the same first end keeps naming it). */
function nodeAt(drawing: Drawing, nodeId: string): DrawingNode | undefined {
  return nodesOf(drawing).find((n) => n.id === nodeId);
}

function addItem(state: DrawingEditorState, kind: DrawingItemKind, segment: DrawingSegment, point: PlanPoint, env: DrawingEnv): DrawingEditorState {
  const { offset } = projectOnSegment(segment, point);
  const drawing = state.drawing;
  // A reflector sits at a light of the same segment: the light nearest the click.
  let at = offset;
  if (kind === 'reflector') {
    const lights = drawing.items.filter((i) => i.kind === 'light' && i.segmentId === segment.id);
    const nearest = lights.reduce<DrawingItem | null>((best, light) => (best === null || Math.abs(light.offset - offset) < Math.abs(best.offset - offset) ? light : best), null);
    if (nearest) at = nearest.offset;
  } else {
    at = round(Math.round(offset / GRID) * GRID);
    at = Math.min(at, round(lengthOf(segment)));
  }
  const item: DrawingItem = {
    id: env.newId(),
    kind,
    segmentId: segment.id,
    offset: at,
    model: kind === 'light' ? env.lightModel : '',
    attributes: kind === 'light' ? env.lightAttributes : {},
  };
  return commit(state, { ...drawing, items: [...drawing.items, item] }, { selected: { kind: 'item', id: item.id } });
}

export function drawingReducer(state: DrawingEditorState, action: DrawingAction, env: DrawingEnv): DrawingEditorState {
  const drawing = state.drawing;
  switch (action.type) {
    case 'setTool':
      return { ...state, tool: action.tool, pending: null };
    case 'select':
      return { ...state, selected: action.selection };
    case 'cancel':
      return state.pending ? { ...state, pending: null } : { ...state, selected: null };
    case 'planClick': {
      if (state.tool === 'select') {
        const node = nodeNear(drawing, action.point, 0.1);
        if (node) return { ...state, selected: { kind: 'node', id: node.id } };
        const segment = action.segmentId ? drawing.segments.find((s) => s.id === action.segmentId) : segmentNear(drawing, action.point, 0.1);
        return { ...state, selected: segment ? { kind: 'segment', id: segment.id } : null };
      }
      if (state.tool === 'draw') {
        // A click near a node starts or ends there; otherwise on the grid.
        const near = nodeNear(drawing, action.point, 0.1);
        // A click outside the room draws from (or to) the nearest point on its walls: a drawing never starts outside the room.
        const point = near ? near.at : insideRoom(onGrid(action.point), env.room);
        if (!state.pending) return { ...state, pending: point, selected: null };
        let end = drawing.family === 'sticks' ? stickEnd(state.pending, point) : point;
        // A stick's fixed length may reach past a wall: that one is not drawn (the room refuses it).
        if (env.room && (end.x !== insideRoom(end, env.room).x || end.z !== insideRoom(end, env.room).z)) return state;
        if (drawing.family === 'sticks') {
          const snapped = nodeNear(drawing, end, 0.02);
          if (snapped) end = snapped.at;
        }
        if (samePoint(state.pending, end)) return { ...state, pending: null };
        const segment: DrawingSegment = { id: env.newId(), from: state.pending, to: end, attributes: env.segmentAttributes };
        // Drawing continues from the new end (click-click-click draws a chain; Escape ends it).
        return commit(state, { ...drawing, segments: [...drawing.segments, segment] }, { pending: end, selected: { kind: 'segment', id: segment.id } });
      }
      const segment = action.segmentId ? drawing.segments.find((s) => s.id === action.segmentId) : segmentNear(drawing, action.point, 0.15);
      if (!segment) return state;
      return addItem(state, state.tool, segment, action.point, env);
    }
    case 'addSegmentFrom': {
      const start = state.selected?.kind === 'node' ? nodeAt(drawing, state.selected.id)?.at : drawing.segments.length === 0 ? { x: 0, z: 0 } : undefined;
      if (!start || !(action.length > 0)) return state;
      const radians = (action.angle * Math.PI) / 180;
      let end: PlanPoint = { x: round(start.x + Math.cos(radians) * action.length), z: round(start.z + Math.sin(radians) * action.length) };
      const joined = nodeNear(drawing, end, 0.02);
      if (joined) end = joined.at;
      const segment: DrawingSegment = { id: env.newId(), from: start, to: end, attributes: env.segmentAttributes };
      const next = { ...drawing, segments: [...drawing.segments, segment] };
      // The new end is selected, so that the next segment continues from it.
      const endNode = nodesOf(next).find((n) => n.ends.some((e) => e.segmentId === segment.id && e.end === 'to'));
      return commit(state, next, { selected: endNode ? { kind: 'node', id: endNode.id } : { kind: 'segment', id: segment.id } });
    }
    case 'addItem': {
      const segment = drawing.segments.find((s) => s.id === action.segmentId);
      if (!segment) return state;
      return addItem(state, action.kind, segment, { x: (segment.from.x + segment.to.x) / 2, z: (segment.from.z + segment.to.z) / 2 }, env);
    }
    case 'dragStart':
      return state.dragFrom ? state : { ...state, dragFrom: drawing };
    case 'dragNode': {
      const to = onGrid(action.to);
      const node = nodeAt(drawing, action.id);
      if (!node || samePoint(node.at, to)) return state;
      const next =
        drawing.family === 'sticks'
          ? translateStructure(drawing, structureOf(drawing, node.ends[0]?.segmentId ?? ''), to.x - node.at.x, to.z - node.at.z)
          : moveNode(drawing, action.id, to);
      return state.dragFrom ? { ...state, drawing: next } : commit(state, next);
    }
    case 'dragEnd': {
      if (!state.dragFrom) return state;
      if (state.dragFrom === drawing) return { ...state, dragFrom: null };
      return { ...state, dragFrom: null, past: [...state.past, state.dragFrom].slice(-HISTORY_LIMIT), future: [] };
    }
    case 'nudge': {
      const { selection, dx, dz } = action;
      if (selection.kind === 'node') {
        const node = nodeAt(drawing, selection.id);
        if (!node) return state;
        return drawingReducer(state, { type: 'dragNode', id: selection.id, to: { x: node.at.x + dx, z: node.at.z + dz } }, env);
      }
      if (selection.kind === 'segment') {
        const ids = drawing.family === 'sticks' ? structureOf(drawing, selection.id) : new Set([selection.id]);
        if (drawing.family === 'plusminus') {
          // A strap alone moves with both ends (the straps met at its ends follow their ends).
          const segment = drawing.segments.find((s) => s.id === selection.id);
          if (!segment) return state;
          const fromNode = nodesOf(drawing).find((n) => n.ends.some((e) => e.segmentId === segment.id && e.end === 'from'));
          const toNode = nodesOf(drawing).find((n) => n.ends.some((e) => e.segmentId === segment.id && e.end === 'to'));
          let next = drawing;
          if (fromNode) next = moveNode(next, fromNode.id, { x: round(fromNode.at.x + dx), z: round(fromNode.at.z + dz) });
          if (toNode) next = moveNode(next, toNode.id, { x: round(toNode.at.x + dx), z: round(toNode.at.z + dz) });
          return commit(state, next);
        }
        return commit(state, translateStructure(drawing, ids, dx, dz));
      }
      // An item slides along its segment: right/down forward, left/up back.
      const item = drawing.items.find((i) => i.id === selection.id);
      const segment = item && drawing.segments.find((s) => s.id === item.segmentId);
      if (!item || !segment) return state;
      const step = dx !== 0 ? dx : dz;
      const offset = round(Math.min(lengthOf(segment), Math.max(0, item.offset + step)));
      if (offset === item.offset) return state;
      return commit(state, { ...drawing, items: drawing.items.map((i) => (i.id === item.id ? { ...i, offset } : i)) });
    }
    case 'remove': {
      const { selection } = action;
      let segmentIds: Set<string>;
      if (selection.kind === 'item') {
        if (!drawing.items.some((i) => i.id === selection.id)) return state;
        return commit(state, { ...drawing, items: drawing.items.filter((i) => i.id !== selection.id) }, { selected: null });
      }
      if (selection.kind === 'segment') segmentIds = new Set([selection.id]);
      else segmentIds = new Set(nodeAt(drawing, selection.id)?.ends.map((e) => e.segmentId) ?? []);
      if (segmentIds.size === 0) return state;
      return commit(
        state,
        { ...drawing, segments: drawing.segments.filter((s) => !segmentIds.has(s.id)), items: drawing.items.filter((i) => !segmentIds.has(i.segmentId)) },
        { selected: null },
      );
    }
    case 'setSegmentAttribute': {
      const ids = new Set(action.ids);
      const segments = drawing.segments.map((s) => (ids.has(s.id) && s.attributes[action.key] !== action.value ? { ...s, attributes: { ...s.attributes, [action.key]: action.value } } : s));
      return segments.every((s, i) => s === drawing.segments[i]) ? state : commit(state, { ...drawing, segments });
    }
    case 'setItemAttribute': {
      const ids = new Set(action.ids);
      const items = drawing.items.map((i) => (ids.has(i.id) && i.attributes[action.key] !== action.value ? { ...i, attributes: { ...i.attributes, [action.key]: action.value } } : i));
      return items.every((i, n) => i === drawing.items[n]) ? state : commit(state, { ...drawing, items });
    }
    case 'setItemModel': {
      const ids = new Set(action.ids);
      const items = drawing.items.map((i) => (ids.has(i.id) && i.kind === 'light' && i.model !== action.model ? { ...i, model: action.model } : i));
      return items.every((i, n) => i === drawing.items[n]) ? state : commit(state, { ...drawing, items });
    }
    case 'setHeight':
      return Math.abs(action.height - drawing.height) < 0.0005 ? state : commit(state, { ...drawing, height: round(action.height) });
    case 'replace':
      return commit(state, action.drawing, { selected: null, pending: null });
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous || state.dragFrom) return state;
      return { ...state, drawing: previous, past: state.past.slice(0, -1), future: [drawing, ...state.future], selected: null, pending: null };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next || state.dragFrom) return state;
      return { ...state, drawing: next, past: [...state.past, drawing], future: rest, selected: null, pending: null };
    }
  }
}
