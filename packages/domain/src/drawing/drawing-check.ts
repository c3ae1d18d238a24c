/**
 * `checkDrawing`: every rule a drawing of sticks or plusminus must keep (issue 16), each broken rule a
 * problem naming the segment or item at fault (or DRAWING_ELEMENT_ID for the drawing as a whole).
 *
 * Cost: nodes by grid buckets, crossings by a sweep over x (only segments whose x ranges overlap are
 * compared), angles per node: near linear for drawings a person draws.
 */
import { MAX_CREATION_ELEMENTS } from '../bill-of-materials/space-rebuild';
import type { RoomSize } from '../space/room';
import {
  ANGLE_TOLERANCE,
  DRAWING_FAMILIES,
  LENGTH_TOLERANCE,
  MAX_DRAWING_SEGMENTS,
  MIN_SEGMENT_LENGTH,
  NODE_TOLERANCE,
  stickModelFor,
} from './drawing-families';
import type { DrawingFamilySpec } from './drawing-families';
import { drawingNodes, drawingStructures, pointSegmentDistance, segmentLength, segmentsDistance } from './drawing-geometry';
import type { DrawingNodes } from './drawing-geometry';
import type { Drawing, DrawingProblem, DrawingProblemCode, DrawingSegment, PlanPoint } from './drawing.types';

/** The `elementId` of a problem of the drawing as a whole (its height, its size). */
export const DRAWING_ELEMENT_ID = 'drawing';

/** Ids the engine gives to what it adds (compositions, joints, the space) start with this; a drawing's own ids may not. */
export const RESERVED_ID_PREFIX = '~';

const EPSILON = 1e-6;

function problem(code: DrawingProblemCode, elementId: string, message: string): DrawingProblem {
  return { code, elementId, message };
}

function usableId(id: unknown): id is string {
  return typeof id === 'string' && id !== '' && id.length <= 200 && id !== '__proto__' && !id.startsWith(RESERVED_ID_PREFIX);
}

function insideRoom(p: PlanPoint, room: RoomSize): boolean {
  return Math.abs(p.x) <= room.width / 2 + EPSILON && Math.abs(p.z) <= room.depth / 2 + EPSILON;
}

function checkSegments(drawing: Drawing, spec: DrawingFamilySpec, room: RoomSize, lengths: readonly number[], out: DrawingProblem[]): void {
  drawing.segments.forEach((s, i) => {
    const length = lengths[i] as number;
    if (!(length >= MIN_SEGMENT_LENGTH)) {
      out.push(problem('SEGMENT_ZERO_LENGTH', s.id, `Segment ${s.id} is shorter than ${MIN_SEGMENT_LENGTH} m`));
    } else if (spec.segmentFit === 'exact' ? stickModelFor(length) === null : length < spec.minSegmentLength - EPSILON || length > spec.maxSegmentLength + EPSILON) {
      const allowed = spec.segmentFit === 'exact'
        ? `one of ${spec.segmentModels.map((m) => m.length.toFixed(2)).join(', ')} m`
        : `between ${spec.minSegmentLength.toFixed(2)} and ${spec.maxSegmentLength.toFixed(2)} m`;
      out.push(problem('SEGMENT_LENGTH', s.id, `Segment ${s.id} is ${length.toFixed(3)} m long: a ${spec.family} segment is ${allowed}`));
    }
    if (!insideRoom(s.from, room) || !insideRoom(s.to, room)) {
      out.push(problem('OUT_OF_ROOM', s.id, `Segment ${s.id} leaves the room's plan (${room.width} × ${room.depth} m)`));
    }
  });
}

/** Two segments may touch only at a shared end; any other contact (a crossing, a T, an overlap) is refused. */
function touchesWrongly(i: number, j: number, segments: readonly DrawingSegment[], nodes: DrawingNodes): boolean {
  const [a1, a2] = nodes.ends[i] as [number, number];
  const [b1, b2] = nodes.ends[j] as [number, number];
  const a = segments[i] as DrawingSegment;
  const b = segments[j] as DrawingSegment;
  const shared = [a1, a2].filter((n) => n === b1 || n === b2).length;
  if (shared === 2) return true;
  if (shared === 1) {
    const aOther = a1 === b1 || a1 === b2 ? a2 : a1;
    const bOther = b1 === a1 || b1 === a2 ? b2 : b1;
    const pa = nodes.points[aOther] as PlanPoint;
    const pb = nodes.points[bOther] as PlanPoint;
    // Sharing an end, they overlap only when one's far end lies along the other.
    return pointSegmentDistance(pb, a.from, a.to) < NODE_TOLERANCE || pointSegmentDistance(pa, b.from, b.to) < NODE_TOLERANCE;
  }
  return segmentsDistance(a.from, a.to, b.from, b.to) < NODE_TOLERANCE;
}

function checkCrossings(drawing: Drawing, nodes: DrawingNodes, lengths: readonly number[], out: DrawingProblem[]): void {
  const segments = drawing.segments;
  const live = segments.map((_, i) => i).filter((i) => (lengths[i] as number) >= MIN_SEGMENT_LENGTH);
  const minX = (i: number): number => Math.min((segments[i] as DrawingSegment).from.x, (segments[i] as DrawingSegment).to.x);
  const maxX = (i: number): number => Math.max((segments[i] as DrawingSegment).from.x, (segments[i] as DrawingSegment).to.x);
  const minZ = (i: number): number => Math.min((segments[i] as DrawingSegment).from.z, (segments[i] as DrawingSegment).to.z);
  const maxZ = (i: number): number => Math.max((segments[i] as DrawingSegment).from.z, (segments[i] as DrawingSegment).to.z);
  const order = live.map((i) => ({ i, lo: minX(i), hi: maxX(i), zlo: minZ(i), zhi: maxZ(i) })).sort((p, q) => p.lo - q.lo);
  const pairs: [number, number][] = [];
  for (let k = 0; k < order.length; k++) {
    const p = order[k] as (typeof order)[number];
    for (let m = k + 1; m < order.length; m++) {
      const q = order[m] as (typeof order)[number];
      if (q.lo > p.hi + NODE_TOLERANCE) break;
      if (q.zlo > p.zhi + NODE_TOLERANCE || p.zlo > q.zhi + NODE_TOLERANCE) continue;
      if (touchesWrongly(p.i, q.i, segments, nodes)) pairs.push(p.i < q.i ? [p.i, q.i] : [q.i, p.i]);
    }
  }
  pairs.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  for (const [i, j] of pairs) {
    const a = (segments[i] as DrawingSegment).id;
    const b = (segments[j] as DrawingSegment).id;
    out.push(problem('SEGMENTS_CROSS', b, `Segment ${b} crosses or overlaps segment ${a}: segments meet only at shared ends`));
  }
}

function checkNodes(drawing: Drawing, spec: DrawingFamilySpec, nodes: DrawingNodes, lengths: readonly number[], out: DrawingProblem[]): void {
  const segments = drawing.segments;
  const reported = new Set<string>();
  nodes.segmentsAt.forEach((at, n) => {
    const here = at.filter((i) => (lengths[i] as number) >= MIN_SEGMENT_LENGTH && (nodes.ends[i] as [number, number])[0] !== (nodes.ends[i] as [number, number])[1]);
    if (here.length > spec.maxPerNode) {
      const extra = segments[here[spec.maxPerNode] as number] as DrawingSegment;
      out.push(problem('TOO_MANY_AT_JOINT', extra.id, `Segment ${extra.id} is one of ${here.length} segments meeting at one point: at most ${spec.maxPerNode}`));
    }
    if (here.length < 2) return;
    const p = nodes.points[n] as PlanPoint;
    const directions = here
      .map((i) => {
        const [a, b] = nodes.ends[i] as [number, number];
        const other = nodes.points[a === n ? b : a] as PlanPoint;
        const degrees = (Math.atan2(other.z - p.z, other.x - p.x) * 180) / Math.PI;
        return { i, degrees: degrees < 0 ? degrees + 360 : degrees };
      })
      .sort((u, v) => u.degrees - v.degrees);
    for (let k = 0; k < directions.length; k++) {
      const u = directions[k] as (typeof directions)[number];
      const v = directions[(k + 1) % directions.length] as (typeof directions)[number];
      const gap = k + 1 < directions.length ? v.degrees - u.degrees : v.degrees + 360 - u.degrees;
      const offStep = spec.angleStep === null ? 0 : Math.abs(gap - Math.round(gap / spec.angleStep) * spec.angleStep);
      if (gap >= spec.minAngle - ANGLE_TOLERANCE && offStep <= ANGLE_TOLERANCE) continue;
      const [first, second] = u.i < v.i ? [u.i, v.i] : [v.i, u.i];
      const key = `${first}|${second}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const a = (segments[first] as DrawingSegment).id;
      const b = (segments[second] as DrawingSegment).id;
      const rule = spec.angleStep === null ? `at least ${spec.minAngle}°` : `a multiple of ${spec.angleStep}° and at least ${spec.minAngle}°`;
      out.push(problem('UNSUPPORTED_ANGLE', b, `Segments ${a} and ${b} meet at ${gap.toFixed(1)}°: the angle must be ${rule}`));
    }
  });
}

function checkItems(drawing: Drawing, spec: DrawingFamilySpec, lengths: readonly number[], structures: readonly number[], out: DrawingProblem[]): void {
  const index = new Map<string, number>();
  drawing.segments.forEach((s, i) => {
    if (!index.has(s.id)) index.set(s.id, i);
  });
  const counts = new Map<string, number>();
  const connections = new Map<number, string[]>();
  const lightOffsets = new Map<number, number[]>();
  for (const item of drawing.items) {
    const i = index.get(item.segmentId);
    if (i !== undefined && item.kind === 'light' && Number.isFinite(item.offset)) {
      const list = lightOffsets.get(i) ?? [];
      list.push(item.offset);
      lightOffsets.set(i, list);
    }
  }
  for (const item of drawing.items) {
    if (!Object.hasOwn(spec.itemModels, item.kind)) {
      out.push(problem('ITEM_NOT_ALLOWED', item.id, `A ${spec.family} drawing takes no ${item.kind} (item ${item.id})`));
      continue;
    }
    if (item.kind === 'light' && !spec.lightModels.includes(item.model)) {
      out.push(problem('ITEM_NOT_ALLOWED', item.id, `Light ${item.id} is model ${item.model}: a ${spec.family} light is one of ${spec.lightModels.join(', ')}`));
    }
    const i = index.get(item.segmentId);
    if (i === undefined) {
      out.push(problem('UNKNOWN_SEGMENT', item.id, `Item ${item.id} names segment ${item.segmentId}, which is not in the drawing`));
      continue;
    }
    const length = lengths[i] as number;
    if (!(item.offset >= -EPSILON && item.offset <= length + EPSILON)) {
      out.push(problem('ITEM_OFF_SEGMENT', item.id, `Item ${item.id} sits ${item.offset} m along segment ${item.segmentId}, which is ${length.toFixed(3)} m long`));
    }
    const max = spec.maxPerSegment[item.kind];
    const key = `${i}|${item.kind}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (max !== undefined && count > max) {
      out.push(problem('TOO_MANY_ON_SEGMENT', item.id, `Segment ${item.segmentId} carries more than ${max} ${item.kind}s (item ${item.id})`));
    }
    if (item.kind === 'reflector' && !(lightOffsets.get(i) ?? []).some((o) => Math.abs(o - item.offset) <= LENGTH_TOLERANCE + EPSILON)) {
      out.push(problem('REFLECTOR_WITHOUT_LIGHT', item.id, `Reflector ${item.id} sits at no light of segment ${item.segmentId}`));
    }
    if (item.kind === 'connection') {
      const s = structures[i] as number;
      const list = connections.get(s) ?? [];
      list.push(item.id);
      connections.set(s, list);
    }
  }
  const firstOfStructure = new Map<number, string>();
  drawing.segments.forEach((s, i) => {
    const n = structures[i] as number;
    if (!firstOfStructure.has(n)) firstOfStructure.set(n, s.id);
  });
  for (const [n, first] of firstOfStructure) {
    const list = connections.get(n) ?? [];
    if (list.length === 0) out.push(problem('NO_CONNECTION', first, `The structure of segment ${first} has no electrical connection: each structure has exactly one`));
    for (const extra of list.slice(1)) {
      out.push(problem('TOO_MANY_CONNECTIONS', extra, `Connection ${extra} is a second electrical connection of one structure: each structure has exactly one`));
    }
  }
}

function checkIds(drawing: Drawing, out: DrawingProblem[]): void {
  const seen = new Set<string>();
  for (const e of [...drawing.segments, ...drawing.items]) {
    if (!usableId(e.id) || seen.has(e.id)) {
      out.push(problem('ITEM_NOT_ALLOWED', String(e.id), `Element id '${String(e.id)}' is empty, longer than 200 characters, starts with '${RESERVED_ID_PREFIX}' or is used twice`));
    }
    seen.add(e.id);
  }
}

/** Elements the drawing makes in the tree: space, one composition per structure, segments, items, joints. */
export function drawingElementCount(drawing: Drawing, nodes: DrawingNodes, structures: readonly number[]): number {
  const spec = DRAWING_FAMILIES[drawing.family];
  const joints = spec.jointModel === null ? 0 : nodes.segmentsAt.filter((at) => at.length >= 2).length;
  return 1 + new Set(structures).size + drawing.segments.length + drawing.items.length + joints;
}

/**
 * Every problem of a drawing in a room, each naming its element: lengths, the room's plan and the
 * height, crossings, angles and segments per node, items (kind, segment, offset, counts, reflectors),
 * one connection per structure, element ids, and the size of the drawing. An empty list: valid.
 */
export function checkDrawing(drawing: Drawing, room: RoomSize): DrawingProblem[] {
  const spec = DRAWING_FAMILIES[drawing.family];
  const out: DrawingProblem[] = [];
  // Beyond these sizes nothing else is looked at: hostile input must not cost quadratic time.
  if (drawing.segments.length > MAX_DRAWING_SEGMENTS) {
    const extra = drawing.segments[MAX_DRAWING_SEGMENTS] as DrawingSegment;
    return [problem('TOO_MANY_ELEMENTS', extra.id, `A drawing holds at most ${MAX_DRAWING_SEGMENTS} segments`)];
  }
  if (drawing.items.length > MAX_CREATION_ELEMENTS) {
    return [problem('TOO_MANY_ELEMENTS', DRAWING_ELEMENT_ID, `A drawing holds at most ${MAX_CREATION_ELEMENTS} elements`)];
  }
  checkIds(drawing, out);
  if (!(drawing.height > 0 && drawing.height <= room.height)) {
    out.push(problem('OUT_OF_ROOM', DRAWING_ELEMENT_ID, `The structure hangs at ${drawing.height} m: it must be above the floor and at most the room's height (${room.height} m)`));
  }
  const lengths = drawing.segments.map(segmentLength);
  const nodes = drawingNodes(drawing.segments);
  const structures = drawingStructures(nodes);
  checkSegments(drawing, spec, room, lengths, out);
  checkCrossings(drawing, nodes, lengths, out);
  checkNodes(drawing, spec, nodes, lengths, out);
  checkItems(drawing, spec, lengths, structures, out);
  const count = drawingElementCount(drawing, nodes, structures);
  if (count > MAX_CREATION_ELEMENTS) {
    out.push(problem('TOO_MANY_ELEMENTS', DRAWING_ELEMENT_ID, `The drawing makes ${count} elements: a creation holds at most ${MAX_CREATION_ELEMENTS}`));
  }
  return out;
}

