/**
 * The two drawn families (issue 16) as data: their subfamilies, the article of each part, and the
 * limits `checkDrawing` enforces. The api's seed catalogue carries the same model codes.
 */
import type { DrawingFamily, DrawingItemKind } from './drawing.types';

/** A segment article: its model and the length it is (sticks) or the longest it can be cut to (straps), metres. */
export interface SegmentModel {
  readonly model: string;
  readonly length: number;
}

export interface DrawingFamilySpec {
  readonly family: DrawingFamily;
  readonly subFamilyId: number;
  /** Segment articles, shortest first. */
  readonly segmentModels: readonly SegmentModel[];
  /**
   * 'exact': a segment is one of the lengths (± LENGTH_TOLERANCE) and that model (sticks);
   * 'cut': a segment is cut from the shortest article at least as long (straps).
   */
  readonly segmentFit: 'exact' | 'cut';
  readonly minSegmentLength: number;
  readonly maxSegmentLength: number;
  /** The item kinds the family takes, each with its part model (lights: null, the light's own model). */
  readonly itemModels: Readonly<Partial<Record<DrawingItemKind, string | null>>>;
  /** The light models the family hangs (empty: the segments are the lights). */
  readonly lightModels: readonly string[];
  /** The joint accessory the engine adds where 2 or more segments meet, or null. */
  readonly jointModel: string | null;
  /** Smallest angle between two segments at a node, degrees. */
  readonly minAngle: number;
  /** Angles between segments must be a multiple of this many degrees, or null for any angle. */
  readonly angleStep: number | null;
  /** Most segments meeting at one node. */
  readonly maxPerNode: number;
  /** Most items of a kind on one segment (kinds not listed: no limit beyond the others). */
  readonly maxPerSegment: Readonly<Partial<Record<DrawingItemKind, number>>>;
}

export const DRAWING_SUBFAMILY: Readonly<Record<DrawingFamily, number>> = { sticks: 219, plusminus: 225 };

export const DRAWING_FAMILIES: Readonly<Record<DrawingFamily, DrawingFamilySpec>> = {
  sticks: {
    family: 'sticks',
    subFamilyId: DRAWING_SUBFAMILY.sticks,
    segmentModels: [
      { model: '7460', length: 0.6 },
      { model: '7470', length: 0.9 },
      { model: '7475', length: 1.2 },
      { model: '2355', length: 1.5 },
    ],
    segmentFit: 'exact',
    minSegmentLength: 0.6,
    maxSegmentLength: 1.5,
    itemModels: { connection: '7466' },
    lightModels: [],
    jointModel: '7465',
    minAngle: 90,
    angleStep: 45,
    maxPerNode: 4,
    maxPerSegment: {},
  },
  plusminus: {
    family: 'plusminus',
    subFamilyId: DRAWING_SUBFAMILY.plusminus,
    segmentModels: [
      { model: '7481', length: 1 },
      { model: '7482', length: 2 },
      { model: '7483', length: 3 },
      { model: '7484', length: 4 },
      { model: '7486', length: 6 },
    ],
    segmentFit: 'cut',
    minSegmentLength: 0.3,
    maxSegmentLength: 6,
    itemModels: { light: null, counterweight: '7490', connection: '7495', reflector: '7498' },
    lightModels: ['5520', '5525', '7450', '7455'],
    jointModel: null,
    minAngle: 30,
    angleStep: null,
    maxPerNode: 3,
    maxPerSegment: { light: 6, counterweight: 2 },
  },
};

/** Most segments in one drawing. */
export const MAX_DRAWING_SEGMENTS = 200;
/** Two plan points closer than this are the same node, metres. */
export const NODE_TOLERANCE = 0.005;
/** A segment shorter than this is no segment, metres. */
export const MIN_SEGMENT_LENGTH = 0.01;
/** How far a stick may be from its nominal length, and a reflector from its light, metres. */
export const LENGTH_TOLERANCE = 0.01;
/** How far an angle may be from a multiple of the family's step, degrees. */
export const ANGLE_TOLERANCE = 0.5;

/** The drawn family of a subfamily (219 sticks, 225 plusminus), else null. */
export function drawingFamilyOf(subFamilyId: number): DrawingFamily | null {
  if (subFamilyId === DRAWING_SUBFAMILY.sticks) return 'sticks';
  if (subFamilyId === DRAWING_SUBFAMILY.plusminus) return 'plusminus';
  return null;
}

/** The stick of this length (± 0.01 m): 7460 0.60, 7470 0.90, 7475 1.20, 2355 1.50; else null. */
export function stickModelFor(length: number): string | null {
  if (!Number.isFinite(length)) return null;
  const hit = DRAWING_FAMILIES.sticks.segmentModels.find((m) => Math.abs(m.length - length) <= LENGTH_TOLERANCE + 1e-9);
  return hit ? hit.model : null;
}

/** The shortest strap at least this long (1, 2, 3, 4, 6 m), for 0 < length ≤ 6; else null. */
export function strapModelFor(length: number): string | null {
  if (!Number.isFinite(length) || length <= 0) return null;
  const hit = DRAWING_FAMILIES.plusminus.segmentModels.find((m) => m.length >= length - 1e-9);
  return hit ? hit.model : null;
}

/** The segment model of a family for a length, or null when no article fits. */
export function segmentModelFor(family: DrawingFamily, length: number): string | null {
  return family === 'sticks' ? stickModelFor(length) : strapModelFor(length);
}
