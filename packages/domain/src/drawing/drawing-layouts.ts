/**
 * The no-drawing configurators' layouts (issue 16 §3): each family's shapes, each with numeric
 * parameters, and `layoutDrawing` that turns a layout and its parameters into a drawing centred on
 * the room (which then goes through `drawingToSpace` as a drawn one does). Every parameter in range
 * gives a drawing `checkDrawing` accepts in a room large enough to hold it.
 */
import { DomainError } from '../catalogue/domain-error';
import type { ElementAttributes } from '../element-tree/element.types';
import { DRAWING_FAMILIES } from './drawing-families';
import { roundMicro } from './drawing-geometry';
import type { Drawing, DrawingFamily, DrawingItem, DrawingSegment, PlanPoint } from './drawing.types';

export interface LayoutParam {
  readonly key: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
}

export interface DrawingLayout {
  readonly id: string;
  readonly params: readonly LayoutParam[];
}

export interface LayoutDefaults {
  /** Sticks: the sticks' attributes; plusminus: the lights' (the straps take its finish). */
  readonly attributes: ElementAttributes;
  /** Plusminus: the lights' model (default the family's first, 5520). */
  readonly lightModel?: string;
  /** Height of the structure above the floor, metres. */
  readonly height: number;
}

const param = (key: string, min: number, max: number, step: number, value: number): LayoutParam => ({ key, min, max, step, default: value });
/** Stick lengths are 0.60, 0.90, 1.20 and 1.50 m: steps of 0.30 from 0.60. */
const stickLength = param('length', 0.6, 1.5, 0.3, 0.9);

export const DRAWING_LAYOUTS: Readonly<Record<DrawingFamily, readonly DrawingLayout[]>> = {
  sticks: [
    { id: 'line', params: [param('count', 1, 8, 1, 3), stickLength] },
    { id: 'square', params: [param('side', 1, 4, 1, 1), stickLength] },
    { id: 'zigzag', params: [param('count', 2, 10, 1, 4), stickLength, param('angle', 90, 135, 45, 135)] },
    { id: 'star', params: [param('arms', 2, 4, 1, 4), param('armSticks', 1, 3, 1, 1), stickLength] },
  ],
  plusminus: [
    { id: 'parallel', params: [param('count', 1, 8, 1, 3), param('length', 1, 6, 0.5, 2), param('spacing', 0.3, 1.5, 0.1, 0.6), param('lights', 0, 6, 1, 3)] },
    { id: 'cross', params: [param('arms', 2, 3, 1, 3), param('length', 0.5, 3, 0.5, 1.5), param('lights', 0, 6, 1, 2)] },
    { id: 'zigzag', params: [param('count', 2, 10, 1, 4), param('length', 0.5, 2.5, 0.5, 1), param('angle', 30, 150, 10, 90), param('lights', 0, 6, 1, 1)] },
  ],
};

/** The layouts of a family. */
export function drawingLayouts(family: DrawingFamily): readonly DrawingLayout[] {
  return DRAWING_LAYOUTS[family];
}

/** A parameter's value: the given one (or the default) clamped to the range and put on its step. */
function valueOf(p: LayoutParam, given: Readonly<Record<string, number>>): number {
  const raw = Object.hasOwn(given, p.key) && Number.isFinite(given[p.key]) ? (given[p.key] as number) : p.default;
  const clamped = Math.min(p.max, Math.max(p.min, raw));
  return roundMicro(Math.min(p.max, p.min + Math.round((clamped - p.min) / p.step) * p.step));
}

const polar = (from: PlanPoint, degrees: number, length: number): PlanPoint => ({
  x: roundMicro(from.x + Math.cos((degrees * Math.PI) / 180) * length),
  z: roundMicro(from.z + Math.sin((degrees * Math.PI) / 180) * length),
});

/** A chain of segments from `start`, each at its heading, of `length`. */
function chain(start: PlanPoint, headings: readonly number[], length: number): [PlanPoint, PlanPoint][] {
  const out: [PlanPoint, PlanPoint][] = [];
  let at = start;
  for (const h of headings) {
    const next = polar(at, h, length);
    out.push([at, next]);
    at = next;
  }
  return out;
}

/** Moves the segments so that their bounding box is centred on the room's centre. */
function centred(pieces: readonly [PlanPoint, PlanPoint][]): [PlanPoint, PlanPoint][] {
  const xs = pieces.flatMap(([a, b]) => [a.x, b.x]);
  const zs = pieces.flatMap(([a, b]) => [a.z, b.z]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cz = (Math.min(...zs) + Math.max(...zs)) / 2;
  const move = (p: PlanPoint): PlanPoint => ({ x: roundMicro(p.x - cx), z: roundMicro(p.z - cz) });
  return pieces.map(([a, b]) => [move(a), move(b)]);
}

function sticksLayout(layoutId: string, v: (key: string) => number): [PlanPoint, PlanPoint][] {
  const length = v('length');
  const origin = { x: 0, z: 0 };
  switch (layoutId) {
    case 'line':
      return chain(origin, Array.from({ length: v('count') }, () => 0), length);
    case 'square': {
      const side = v('side');
      return chain(origin, [0, 90, 180, 270].flatMap((h) => Array.from({ length: side }, () => h)), length);
    }
    case 'zigzag': {
      // Consecutive sticks meet at `angle`: each is (180 − angle) / 2 off the main axis, alternately.
      const tilt = (180 - v('angle')) / 2;
      return chain(origin, Array.from({ length: v('count') }, (_, i) => (i % 2 === 0 ? tilt : -tilt)), length);
    }
    case 'star': {
      // Arms at right angles: 2 a line through the centre, 3 a T, 4 a cross.
      const headings = [0, 180, 90, 270].slice(0, v('arms'));
      return headings.flatMap((h) => chain(origin, Array.from({ length: v('armSticks') }, () => h), length));
    }
    default:
      throw unknownLayout('sticks', layoutId);
  }
}

function plusminusLayout(layoutId: string, v: (key: string) => number): [PlanPoint, PlanPoint][] {
  const length = v('length');
  switch (layoutId) {
    case 'parallel':
      return Array.from({ length: v('count') }, (_, i): [PlanPoint, PlanPoint] => [{ x: 0, z: roundMicro(i * v('spacing')) }, { x: length, z: roundMicro(i * v('spacing')) }]);
    case 'cross': {
      // Arms from one anchor, evenly spread: an anchor takes at most 3 straps.
      const arms = v('arms');
      return Array.from({ length: arms }, (_, i): [PlanPoint, PlanPoint] => [{ x: 0, z: 0 }, polar({ x: 0, z: 0 }, (360 / arms) * i, length)]);
    }
    case 'zigzag': {
      const tilt = (180 - v('angle')) / 2;
      return chain({ x: 0, z: 0 }, Array.from({ length: v('count') }, (_, i) => (i % 2 === 0 ? tilt : -tilt)), length);
    }
    default:
      throw unknownLayout('plusminus', layoutId);
  }
}

function unknownLayout(family: DrawingFamily, layoutId: string): DomainError {
  return new DomainError('INVALID_INPUT', `Unknown ${family} layout '${layoutId}'`);
}

/**
 * The drawing of a layout: segments `s1`…, one connection per structure (`k1`… at the start of its
 * first segment) and, for plusminus, `lights` lights evenly spaced along each strap (`l1`…). Missing
 * or out-of-range parameters take the default or the nearest value in range. An unknown layout
 * throws INVALID_INPUT.
 */
export function layoutDrawing(family: DrawingFamily, layoutId: string, params: Readonly<Record<string, number>>, defaults: LayoutDefaults): Drawing {
  const layout = DRAWING_LAYOUTS[family].find((l) => l.id === layoutId);
  if (!layout) throw unknownLayout(family, layoutId);
  const values = new Map(layout.params.map((p) => [p.key, valueOf(p, params)]));
  const v = (key: string): number => values.get(key) as number;
  const spec = DRAWING_FAMILIES[family];
  const pieces = centred(family === 'sticks' ? sticksLayout(layoutId, v) : plusminusLayout(layoutId, v));
  const segmentAttributes: ElementAttributes = family === 'sticks' ? defaults.attributes : defaults.attributes.finish === undefined ? {} : { finish: defaults.attributes.finish };
  const segments: DrawingSegment[] = pieces.map(([from, to], i) => ({ id: `s${i + 1}`, from, to, attributes: segmentAttributes }));
  const items: DrawingItem[] = [];
  const connectionModel = spec.itemModels.connection ?? '';
  // One structure per piece that shares no end with an earlier one (parallel straps); the others are connected.
  const separate = family === 'plusminus' && layoutId === 'parallel';
  const lights = family === 'plusminus' ? v('lights') : 0;
  const model = defaults.lightModel ?? (spec.lightModels[0] as string);
  let connections = 0;
  let n = 0;
  // Items in the order the element tree holds them (segment by segment), so that a layout read back
  // from its space (spaceToDrawing) is the same drawing.
  segments.forEach((s, i) => {
    if (i === 0 || separate) items.push({ id: `k${++connections}`, kind: 'connection', segmentId: s.id, offset: 0, model: connectionModel, attributes: {} });
    const length = Math.hypot(s.to.x - s.from.x, s.to.z - s.from.z);
    for (let k = 1; k <= lights; k++) {
      items.push({ id: `l${++n}`, kind: 'light', segmentId: s.id, offset: roundMicro((length * k) / (lights + 1)), model, attributes: defaults.attributes });
    }
  });
  return { family, height: defaults.height, segments, items };
}
