/**
 * Plan geometry of drawings: lengths, the grid, nodes (end points closer than NODE_TOLERANCE are one),
 * structures (segments connected through nodes) and the distance between two segments.
 */
import { NODE_TOLERANCE } from './drawing-families';
import type { DrawingSegment, PlanPoint } from './drawing.types';

export function distance(a: PlanPoint, b: PlanPoint): number {
  return Math.hypot(b.x - a.x, b.z - a.z);
}

/** Length of a segment on the plan, metres. */
export function segmentLength(segment: Pick<DrawingSegment, 'from' | 'to'>): number {
  return distance(segment.from, segment.to);
}

/** The point at `offset` metres from the segment's `from`, along it. */
export function pointAlong(segment: Pick<DrawingSegment, 'from' | 'to'>, offset: number): PlanPoint {
  const length = segmentLength(segment);
  if (length === 0) return segment.from;
  const t = offset / length;
  return { x: segment.from.x + (segment.to.x - segment.from.x) * t, z: segment.from.z + (segment.to.z - segment.from.z) * t };
}

/** Rounds to the micrometre, so that arithmetic noise does not show (0.30000000000000004 → 0.3). */
export function roundMicro(value: number): number {
  const r = Math.round(value * 1e6) / 1e6;
  return Object.is(r, -0) ? 0 : r;
}

/** The nearest point of a grid of `gridMetres` (a grid of 0 or less, or not finite, leaves the point alone). */
export function snapToGrid(point: PlanPoint, gridMetres: number): PlanPoint {
  if (!Number.isFinite(gridMetres) || gridMetres <= 0) return point;
  return { x: roundMicro(Math.round(point.x / gridMetres) * gridMetres), z: roundMicro(Math.round(point.z / gridMetres) * gridMetres) };
}

/** The nodes of a drawing: each segment's two ends as node indices, and each node's point (the first end seen there). */
export interface DrawingNodes {
  readonly points: readonly PlanPoint[];
  /** ends[i] = [node of segment i's from, node of its to]. */
  readonly ends: readonly (readonly [number, number])[];
  /** Segment indices meeting at each node, in input order. */
  readonly segmentsAt: readonly (readonly number[])[];
}

/** Groups end points into nodes with a grid of NODE_TOLERANCE cells (each point looks at the 3 × 3 cells around it). */
export function drawingNodes(segments: readonly Pick<DrawingSegment, 'from' | 'to'>[]): DrawingNodes {
  const cell = NODE_TOLERANCE;
  // Numeric cell keys (exact for plans up to kilometres; a clash past that only costs a distance test).
  const grid = new Map<number, number[]>();
  const key = (cx: number, cz: number): number => (cx + 1_048_576) * 2_097_152 + (cz + 1_048_576);
  const points: PlanPoint[] = [];
  const segmentsAt: number[][] = [];
  const nodeOf = (p: PlanPoint): number => {
    const cx = Math.floor(p.x / cell);
    const cz = Math.floor(p.z / cell);
    let best = -1;
    let bestDistance = Infinity;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dz = -1; dz <= 1; dz++) {
        for (const n of grid.get(key(cx + dx, cz + dz)) ?? []) {
          const d = distance(points[n] as PlanPoint, p);
          if (d < NODE_TOLERANCE && d < bestDistance) {
            best = n;
            bestDistance = d;
          }
        }
      }
    }
    if (best >= 0) return best;
    const n = points.length;
    points.push(p);
    segmentsAt.push([]);
    const bucket = grid.get(key(cx, cz));
    if (bucket) bucket.push(n);
    else grid.set(key(cx, cz), [n]);
    return n;
  };
  const ends = segments.map((s, i): [number, number] => {
    const a = nodeOf(s.from);
    const b = nodeOf(s.to);
    (segmentsAt[a] as number[]).push(i);
    if (b !== a) (segmentsAt[b] as number[]).push(i);
    return [a, b];
  });
  return { points, ends, segmentsAt };
}

/** The structure (connected set of segments) of each segment, numbered 0.. in order of first appearance. */
export function drawingStructures(nodes: DrawingNodes): number[] {
  const parent = nodes.points.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    let j = i;
    while (parent[j] !== r) {
      const next = parent[j] as number;
      parent[j] = r;
      j = next;
    }
    return r;
  };
  for (const [a, b] of nodes.ends) {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  const numbers = new Map<number, number>();
  return nodes.ends.map(([a]) => {
    const root = find(a);
    let n = numbers.get(root);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(root, n);
    }
    return n;
  });
}

/** Distance from point p to the segment a–b. */
export function pointSegmentDistance(p: PlanPoint, a: PlanPoint, b: PlanPoint): number {
  const dx = b.x - a.x;
  const dz = b.z - a.z;
  const len2 = dx * dx + dz * dz;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.z - a.z) * dz) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.z - (a.z + t * dz));
}

function orientation(a: PlanPoint, b: PlanPoint, c: PlanPoint): number {
  return (b.x - a.x) * (c.z - a.z) - (b.z - a.z) * (c.x - a.x);
}

/** Distance between segments a1–a2 and b1–b2: 0 when they properly cross, else the least end-to-segment distance. */
export function segmentsDistance(a1: PlanPoint, a2: PlanPoint, b1: PlanPoint, b2: PlanPoint): number {
  const o1 = orientation(a1, a2, b1);
  const o2 = orientation(a1, a2, b2);
  const o3 = orientation(b1, b2, a1);
  const o4 = orientation(b1, b2, a2);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return 0;
  return Math.min(pointSegmentDistance(b1, a1, a2), pointSegmentDistance(b2, a1, a2), pointSegmentDistance(a1, b1, b2), pointSegmentDistance(a2, b1, b2));
}
