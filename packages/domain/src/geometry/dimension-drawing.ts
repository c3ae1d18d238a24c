/**
 * The dimensioned 2D drawing of a luminaire (front view, side view, plan from below) as drawing
 * operations in millimetres, from its geometry: the spec sheet's and the manual's dimension drawing
 * and the DXF / SVG files are all written from these operations. The measurements are the
 * luminaire's own (its envelope: the catalogue's width, height and depth), the pendant's drop and
 * the canopy; the overall height with the mounting only where the mounting adds to it.
 */
import { formatInchFraction } from '../units/units';
import { type LuminaireGeometry, type LuminairePart, luminaireEnvelope } from './luminaire-geometry';

export type DrawLayer = 'OUTLINE' | 'LIGHT' | 'DIMENSIONS' | 'TEXT' | 'MOUNTING';
export type DrawPoint = readonly [number, number];

export type DrawOp =
  | { readonly op: 'line'; readonly layer: DrawLayer; readonly from: DrawPoint; readonly to: DrawPoint }
  | { readonly op: 'rect'; readonly layer: DrawLayer; readonly x: number; readonly y: number; readonly width: number; readonly height: number }
  | { readonly op: 'circle'; readonly layer: DrawLayer; readonly centre: DrawPoint; readonly radius: number }
  | { readonly op: 'text'; readonly layer: DrawLayer; readonly at: DrawPoint; readonly height: number; readonly text: string }
  | { readonly op: 'dim'; readonly from: DrawPoint; readonly to: DrawPoint; readonly offset: number; readonly text: string };

export interface DimensionDrawing {
  readonly ops: readonly DrawOp[];
  readonly min: DrawPoint;
  readonly max: DrawPoint;
}

export interface DimensionLabels {
  readonly front: string;
  readonly side: string;
  readonly plan: string;
  /** A length in the catalogue's units, from millimetres. */
  readonly length: (mm: number) => string;
}

/** Millimetres, or inches to the 1/16 for the US catalogue. */
export function lengthFormatter(imperial: boolean): (mm: number) => string {
  return imperial ? (mm) => formatInchFraction(mm / 25.4) : (mm) => `${Math.round(mm)}`;
}

/** The part's outline in a view: [horizontal axis, vertical axis] of the 3D axes. */
function outline(part: LuminairePart, h: 0 | 2, v: 1 | 2): { x: number; y: number; width: number; height: number } {
  return { x: part.centre[h] - part.size[h] / 2, y: part.centre[v] - part.size[v] / 2, width: part.size[h], height: part.size[v] };
}

const layerOf = (part: LuminairePart): DrawLayer => (part.material === 'light' ? 'LIGHT' : part.role === 'mounting' || part.material === 'canopy' || part.material === 'metal' ? 'MOUNTING' : 'OUTLINE');

export function dimensionDrawing(geometry: LuminaireGeometry, labels: DimensionLabels): DimensionDrawing {
  const ops: DrawOp[] = [];
  const { bounds } = geometry;
  const [minX, minY, minZ] = bounds.min;
  const [maxX, maxY, maxZ] = bounds.max;
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const spanZ = maxZ - minZ;
  const gap = Math.max(120, 0.35 * Math.max(spanX, spanZ, 200));
  const textHeight = Math.max(8, Math.min(30, Math.max(spanX, spanY, spanZ) / 40));

  // Front view (x, y) at its own coordinates.
  for (const part of geometry.parts) ops.push({ op: 'rect', layer: layerOf(part), ...outline(part, 0, 1) });
  // Side view (z, y), to the right.
  const sideShift = maxX + gap - minZ;
  for (const part of geometry.parts) {
    const box = outline(part, 2, 1);
    ops.push({ op: 'rect', layer: layerOf(part), ...box, x: box.x + sideShift });
  }
  // Plan seen from below (x, z), under the front view.
  const planShift = minY - gap - maxZ;
  for (const part of geometry.parts) {
    if (part.material === 'cable') continue;
    if (part.kind === 'cylinder' && part.axis !== 'z' && Math.abs(part.size[0] - part.size[2]) < 0.01) ops.push({ op: 'circle', layer: layerOf(part), centre: [part.centre[0], part.centre[2] + planShift], radius: part.size[0] / 2 });
    else {
      const box = outline(part, 0, 2);
      ops.push({ op: 'rect', layer: layerOf(part), ...box, y: box.y + planShift });
    }
  }

  // The mounting surface: the wall, seen edge-on in the side view, or the ceiling / floor line (y = 0).
  const onWall = geometry.shape === 'wall' || geometry.shape === 'bathroom' || geometry.shape === 'wallPendant';
  if (onWall) ops.push({ op: 'line', layer: 'MOUNTING', from: [sideShift, minY - gap / 4], to: [sideShift, maxY + gap / 4] });
  else ops.push({ op: 'line', layer: 'MOUNTING', from: [minX - gap / 3, 0], to: [maxX + gap / 3, 0] });

  // Dimensions: the luminaire's own width, height (front) and depth (side), the drop and the canopy.
  const envelope = luminaireEnvelope(geometry);
  const [eMinX, eMinY, eMinZ] = envelope.min;
  const [eMaxX, eMaxY, eMaxZ] = envelope.max;
  const off = textHeight * 3;
  ops.push({ op: 'dim', from: [eMinX, eMinY], to: [eMaxX, eMinY], offset: -off, text: labels.length(eMaxX - eMinX) });
  ops.push({ op: 'dim', from: [eMaxX, eMinY], to: [eMaxX, eMaxY], offset: -off, text: labels.length(eMaxY - eMinY) });
  ops.push({ op: 'dim', from: [eMinZ + sideShift, minY], to: [eMaxZ + sideShift, minY], offset: -off, text: labels.length(eMaxZ - eMinZ) });
  if (geometry.pendantHeight !== null) {
    ops.push({ op: 'dim', from: [minX, 0], to: [minX, -geometry.pendantHeight], offset: -off * 1.5, text: labels.length(geometry.pendantHeight) });
  }
  if (geometry.canopy.diameter > 0 && geometry.shape === 'pendant') {
    const r = geometry.canopy.diameter / 2;
    ops.push({ op: 'dim', from: [-r, 0], to: [r, 0], offset: off, text: `Ø ${labels.length(geometry.canopy.diameter)}` });
  }
  // Overall height with the mounting (canopy and drop, spike, plate), on the side view, where it adds to the luminaire's.
  if (spanY - (eMaxY - eMinY) > 0.5 && geometry.pendantHeight === null) {
    ops.push({ op: 'dim', from: [maxZ + sideShift, minY], to: [maxZ + sideShift, maxY], offset: -off, text: labels.length(spanY) });
  }

  // View titles.
  ops.push({ op: 'text', layer: 'TEXT', at: [(minX + maxX) / 2, maxY + off * 2.2], height: textHeight * 1.4, text: labels.front });
  ops.push({ op: 'text', layer: 'TEXT', at: [(minZ + maxZ) / 2 + sideShift, maxY + off * 2.2], height: textHeight * 1.4, text: labels.side });
  ops.push({ op: 'text', layer: 'TEXT', at: [(minX + maxX) / 2, minZ + planShift - off * 2], height: textHeight * 1.4, text: labels.plan });

  return { ops, ...drawingExtent(ops, textHeight) };
}

/** The extent of drawing operations, with a margin of two text heights. */
export function drawingExtent(ops: readonly DrawOp[], textHeight: number): { min: DrawPoint; max: DrawPoint } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const add = (x: number, y: number) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  };
  for (const op of ops) {
    if (op.op === 'line') {
      add(...op.from);
      add(...op.to);
    } else if (op.op === 'rect') {
      add(op.x, op.y);
      add(op.x + op.width, op.y + op.height);
    } else if (op.op === 'circle') {
      add(op.centre[0] - op.radius, op.centre[1] - op.radius);
      add(op.centre[0] + op.radius, op.centre[1] + op.radius);
    } else if (op.op === 'text') {
      add(op.at[0] - op.text.length * op.height * 0.35, op.at[1]);
      add(op.at[0] + op.text.length * op.height * 0.35, op.at[1] + op.height);
    } else {
      for (const p of dimensionLines(op, textHeight).points) add(...p);
    }
  }
  const margin = textHeight * 2;
  return { min: [x0 - margin, y0 - margin], max: [x1 + margin, y1 + margin] };
}

/** A linear dimension's extension lines, dimension line, arrowheads and text position. */
export function dimensionLines(dim: Extract<DrawOp, { op: 'dim' }>, textHeight: number) {
  const [ax, ay] = dim.from;
  const [bx, by] = dim.to;
  const length = Math.hypot(bx - ax, by - ay) || 1;
  const ux = (bx - ax) / length;
  const uy = (by - ay) / length;
  // the normal points to the left of from→to; a negative offset puts the line on the right
  const nx = -uy;
  const ny = ux;
  const a: DrawPoint = [ax + nx * dim.offset, ay + ny * dim.offset];
  const b: DrawPoint = [bx + nx * dim.offset, by + ny * dim.offset];
  const sign = Math.sign(dim.offset) || 1;
  const extension: Array<[DrawPoint, DrawPoint]> = [
    [dim.from, [a[0] + nx * sign * textHeight * 0.5, a[1] + ny * sign * textHeight * 0.5]],
    [dim.to, [b[0] + nx * sign * textHeight * 0.5, b[1] + ny * sign * textHeight * 0.5]],
  ];
  const arrow = Math.min(textHeight, length / 4);
  const head = (tip: DrawPoint, dir: 1 | -1): Array<[DrawPoint, DrawPoint]> => [
    [tip, [tip[0] + dir * (ux * arrow + nx * arrow * 0.35), tip[1] + dir * (uy * arrow + ny * arrow * 0.35)]],
    [tip, [tip[0] + dir * (ux * arrow - nx * arrow * 0.35), tip[1] + dir * (uy * arrow - ny * arrow * 0.35)]],
  ];
  const lines: Array<[DrawPoint, DrawPoint]> = [...extension, [a, b], ...head(a, 1), ...head(b, -1)];
  const textAt: DrawPoint = [(a[0] + b[0]) / 2 + nx * sign * textHeight * 0.6, (a[1] + b[1]) / 2 + ny * sign * textHeight * 0.6];
  const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
  const readable = angle > 90 || angle <= -90 ? angle + 180 : angle;
  return { lines, textAt, angle: readable, points: [a, b, textAt, ...extension.flatMap((line) => line)] };
}
