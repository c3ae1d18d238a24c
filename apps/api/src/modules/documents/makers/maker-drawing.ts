/**
 * The dimensioned 2D drawing of a luminaire (front view, side view, plan), built once from its
 * geometry as a list of drawing operations in millimetres, and written as DXF (ASCII, AutoCAD R12,
 * units mm), SVG, or drawn into a PDF (the installation manual).
 */
import { formatInchFraction } from '@lumen/domain';
import type { LuminaireGeometry, Part } from './maker-geometry';

export type Layer = 'OUTLINE' | 'LIGHT' | 'DIMENSIONS' | 'TEXT' | 'MOUNTING';
export type Point = readonly [number, number];

export type DrawOp =
  | { op: 'line'; layer: Layer; from: Point; to: Point }
  | { op: 'rect'; layer: Layer; x: number; y: number; width: number; height: number }
  | { op: 'circle'; layer: Layer; centre: Point; radius: number }
  | { op: 'text'; layer: Layer; at: Point; height: number; text: string }
  | { op: 'dim'; from: Point; to: Point; offset: number; text: string };

export interface Drawing {
  ops: DrawOp[];
  min: Point;
  max: Point;
}

export interface DrawingLabels {
  front: string;
  side: string;
  plan: string;
  /** A length in the catalogue's units, from millimetres. */
  length: (mm: number) => string;
}

/** Millimetres, or inches to the 1/16 for catalogue 21. */
export function lengthFormatter(imperial: boolean): (mm: number) => string {
  return imperial ? (mm) => formatInchFraction(mm / 25.4) : (mm) => `${Math.round(mm)}`;
}

/** The part's outline in a view: [horizontal axis, vertical axis] of the 3D axes. */
function outline(part: Part, h: 0 | 2, v: 1 | 2): { x: number; y: number; width: number; height: number } {
  return {
    x: (part.centre[h] ?? 0) - (part.size[h] ?? 0) / 2,
    y: (part.centre[v] ?? 0) - (part.size[v] ?? 0) / 2,
    width: part.size[h] ?? 0,
    height: part.size[v] ?? 0,
  };
}

export function dimensionDrawing(geometry: LuminaireGeometry, labels: DrawingLabels): Drawing {
  const ops: DrawOp[] = [];
  const { bounds } = geometry;
  const [minX, minY, minZ] = bounds.min;
  const [maxX, maxY, maxZ] = bounds.max;
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const spanZ = maxZ - minZ;
  const gap = Math.max(120, 0.35 * Math.max(spanX, spanZ, 200));
  const textHeight = Math.max(8, Math.min(30, Math.max(spanX, spanY, spanZ) / 40));
  const layerOf = (part: Part): Layer => (part.material === 'light' ? 'LIGHT' : part.material === 'canopy' || part.material === 'metal' ? 'MOUNTING' : 'OUTLINE');

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
    if (part.kind === 'cylinder') ops.push({ op: 'circle', layer: layerOf(part), centre: [part.centre[0], part.centre[2] + planShift], radius: part.size[0] / 2 });
    else {
      const box = outline(part, 0, 2);
      ops.push({ op: 'rect', layer: layerOf(part), ...box, y: box.y + planShift });
    }
  }

  // The mounting surface.
  // The mounting surface: the wall, seen edge-on in the side view, or the ceiling / floor line (y = 0).
  const onWall = geometry.shape === 'wall' || geometry.shape === 'bathroom' || geometry.shape === 'wallPendant';
  if (onWall) ops.push({ op: 'line', layer: 'MOUNTING', from: [sideShift, minY - gap / 4], to: [sideShift, maxY + gap / 4] });
  else ops.push({ op: 'line', layer: 'MOUNTING', from: [minX - gap / 3, 0], to: [maxX + gap / 3, 0] });

  // Dimensions: the luminaire's width, height and depth (catalogue), the drop and the canopy.
  const body = geometry.parts.filter((part) => part.material === 'body');
  const bodyMinY = Math.min(...body.map((part) => part.centre[1] - part.size[1] / 2));
  const bodyMaxY = Math.max(...body.map((part) => part.centre[1] + part.size[1] / 2));
  const bodyMinX = Math.min(...body.map((part) => part.centre[0] - part.size[0] / 2));
  const bodyMaxX = Math.max(...body.map((part) => part.centre[0] + part.size[0] / 2));
  const off = textHeight * 3;
  ops.push({ op: 'dim', from: [bodyMinX, bodyMinY], to: [bodyMaxX, bodyMinY], offset: -off, text: labels.length(geometry.width) });
  ops.push({ op: 'dim', from: [bodyMaxX, bodyMinY], to: [bodyMaxX, bodyMaxY], offset: -off, text: labels.length(bodyMaxY - bodyMinY) });
  ops.push({ op: 'dim', from: [minZ + sideShift, minY], to: [maxZ + sideShift, minY], offset: -off, text: labels.length(spanZ) });
  if (geometry.pendantHeight !== null) {
    ops.push({ op: 'dim', from: [minX, 0], to: [minX, -geometry.pendantHeight], offset: -off * 1.5, text: labels.length(geometry.pendantHeight) });
  }
  if (geometry.canopy.diameter > 0 && geometry.shape === 'pendant') {
    const r = geometry.canopy.diameter / 2;
    ops.push({ op: 'dim', from: [-r, 0], to: [r, 0], offset: off, text: `Ø ${labels.length(geometry.canopy.diameter)}` });
  }
  // Overall height with the mounting (canopy, drop, spike) on the side view.
  ops.push({ op: 'dim', from: [maxZ + sideShift, minY], to: [maxZ + sideShift, maxY], offset: -off, text: labels.length(spanY) });

  // View titles.
  ops.push({ op: 'text', layer: 'TEXT', at: [(minX + maxX) / 2, maxY + off * 2.2], height: textHeight * 1.4, text: labels.front });
  ops.push({ op: 'text', layer: 'TEXT', at: [(minZ + maxZ) / 2 + sideShift, maxY + off * 2.2], height: textHeight * 1.4, text: labels.side });
  ops.push({ op: 'text', layer: 'TEXT', at: [(minX + maxX) / 2, minZ + planShift - off * 2], height: textHeight * 1.4, text: labels.plan });

  return { ops, ...extentOf(ops, textHeight) };
}

function extentOf(ops: readonly DrawOp[], textHeight: number): { min: Point; max: Point } {
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
  const a: Point = [ax + nx * dim.offset, ay + ny * dim.offset];
  const b: Point = [bx + nx * dim.offset, by + ny * dim.offset];
  const sign = Math.sign(dim.offset) || 1;
  const extension: Array<[Point, Point]> = [
    [dim.from, [a[0] + nx * sign * textHeight * 0.5, a[1] + ny * sign * textHeight * 0.5]],
    [dim.to, [b[0] + nx * sign * textHeight * 0.5, b[1] + ny * sign * textHeight * 0.5]],
  ];
  const arrow = Math.min(textHeight, length / 4);
  const head = (tip: Point, dir: 1 | -1): Array<[Point, Point]> => [
    [tip, [tip[0] + dir * (ux * arrow + nx * arrow * 0.35), tip[1] + dir * (uy * arrow + ny * arrow * 0.35)]],
    [tip, [tip[0] + dir * (ux * arrow - nx * arrow * 0.35), tip[1] + dir * (uy * arrow - ny * arrow * 0.35)]],
  ];
  const lines: Array<[Point, Point]> = [...extension, [a, b], ...head(a, 1), ...head(b, -1)];
  const textAt: Point = [(a[0] + b[0]) / 2 + nx * sign * textHeight * 0.6, (a[1] + b[1]) / 2 + ny * sign * textHeight * 0.6];
  const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
  const readable = angle > 90 || angle <= -90 ? angle + 180 : angle;
  return { lines, textAt, angle: readable, points: [a, b, textAt, ...extension.flatMap((line) => line)] };
}

// ------------------------------------------------------------------------------------------------
// DXF (ASCII, AutoCAD R12 / AC1009)
// ------------------------------------------------------------------------------------------------

const LAYERS: Record<Layer, { colour: number; linetype: 'CONTINUOUS' | 'DASHED' }> = {
  OUTLINE: { colour: 7, linetype: 'CONTINUOUS' },
  LIGHT: { colour: 2, linetype: 'CONTINUOUS' },
  MOUNTING: { colour: 8, linetype: 'DASHED' },
  DIMENSIONS: { colour: 1, linetype: 'CONTINUOUS' },
  TEXT: { colour: 7, linetype: 'CONTINUOUS' },
};

const f = (value: number) => (Math.round(value * 1000) / 1000).toString();

/** DXF text is single-byte: keep ASCII and write Ø as %%c (AutoCAD's control code). */
function dxfText(text: string): string {
  return text
    .replace(/Ø/g, '%%c')
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '');
}

export function writeDxf(drawing: Drawing, title: string): string {
  const out: string[] = [];
  const pair = (code: number, value: string | number) => out.push(String(code), typeof value === 'number' ? f(value) : value);
  const textHeight = Math.max(8, Math.min(30, Math.max(drawing.max[0] - drawing.min[0], drawing.max[1] - drawing.min[1]) / 60));
  pair(999, dxfText(title));
  pair(0, 'SECTION');
  pair(2, 'HEADER');
  pair(9, '$ACADVER');
  pair(1, 'AC1009');
  pair(9, '$INSUNITS');
  pair(70, '4');
  pair(9, '$MEASUREMENT');
  pair(70, '1');
  pair(9, '$EXTMIN');
  pair(10, drawing.min[0]);
  pair(20, drawing.min[1]);
  pair(30, 0);
  pair(9, '$EXTMAX');
  pair(10, drawing.max[0]);
  pair(20, drawing.max[1]);
  pair(30, 0);
  pair(0, 'ENDSEC');
  pair(0, 'SECTION');
  pair(2, 'TABLES');
  pair(0, 'TABLE');
  pair(2, 'LTYPE');
  pair(70, '2');
  for (const [name, description, pattern] of [
    ['CONTINUOUS', 'Solid line', []],
    ['DASHED', '__ __ __', [6, -3]],
  ] as const) {
    pair(0, 'LTYPE');
    pair(2, name);
    pair(70, '0');
    pair(3, description);
    pair(72, '65');
    pair(73, String(pattern.length));
    pair(40, pattern.reduce((sum: number, value: number) => sum + Math.abs(value), 0));
    for (const value of pattern) pair(49, value);
  }
  pair(0, 'ENDTAB');
  pair(0, 'TABLE');
  pair(2, 'LAYER');
  pair(70, String(Object.keys(LAYERS).length + 1));
  for (const [name, layer] of [['0', { colour: 7, linetype: 'CONTINUOUS' }] as const, ...Object.entries(LAYERS)]) {
    pair(0, 'LAYER');
    pair(2, name);
    pair(70, '0');
    pair(62, String(layer.colour));
    pair(6, layer.linetype);
  }
  pair(0, 'ENDTAB');
  pair(0, 'ENDSEC');
  pair(0, 'SECTION');
  pair(2, 'ENTITIES');
  const line = (layer: Layer, a: Point, b: Point) => {
    pair(0, 'LINE');
    pair(8, layer);
    pair(10, a[0]);
    pair(20, a[1]);
    pair(30, 0);
    pair(11, b[0]);
    pair(21, b[1]);
    pair(31, 0);
  };
  const text = (layer: Layer, at: Point, height: number, value: string, rotation = 0) => {
    pair(0, 'TEXT');
    pair(8, layer);
    pair(10, at[0]);
    pair(20, at[1]);
    pair(30, 0);
    pair(40, height);
    pair(1, dxfText(value));
    if (rotation !== 0) pair(50, rotation);
    pair(72, '1');
    pair(11, at[0]);
    pair(21, at[1]);
    pair(31, 0);
  };
  for (const op of drawing.ops) {
    if (op.op === 'line') line(op.layer, op.from, op.to);
    else if (op.op === 'rect') {
      const corners: Point[] = [
        [op.x, op.y],
        [op.x + op.width, op.y],
        [op.x + op.width, op.y + op.height],
        [op.x, op.y + op.height],
      ];
      corners.forEach((corner, i) => line(op.layer, corner, corners[(i + 1) % 4] ?? corner));
    } else if (op.op === 'circle') {
      pair(0, 'CIRCLE');
      pair(8, op.layer);
      pair(10, op.centre[0]);
      pair(20, op.centre[1]);
      pair(30, 0);
      pair(40, op.radius);
    } else if (op.op === 'text') text(op.layer, op.at, op.height, op.text);
    else {
      const parts = dimensionLines(op, textHeight);
      for (const [a, b] of parts.lines) line('DIMENSIONS', a, b);
      text('DIMENSIONS', parts.textAt, textHeight, op.text, parts.angle);
    }
  }
  pair(0, 'ENDSEC');
  pair(0, 'EOF');
  return `${out.join('\r\n')}\r\n`;
}

// ------------------------------------------------------------------------------------------------
// SVG
// ------------------------------------------------------------------------------------------------

const STROKES: Record<Layer, string> = { OUTLINE: '#1d1d1f', LIGHT: '#d9a400', MOUNTING: '#8a8a8e', DIMENSIONS: '#c0392b', TEXT: '#1d1d1f' };

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The drawing as a standalone SVG in millimetres (y flipped so up is up). */
export function writeSvg(drawing: Drawing, title: string): string {
  const [x0, y0] = drawing.min;
  const [x1, y1] = drawing.max;
  const width = x1 - x0;
  const height = y1 - y0;
  const textHeight = Math.max(8, Math.min(30, Math.max(width, height) / 60));
  const stroke = Math.max(0.35, Math.max(width, height) / 1500);
  const Y = (y: number) => f(y1 - y + y0);
  const body: string[] = [];
  const attrs = (layer: Layer) => `stroke="${STROKES[layer]}" stroke-width="${f(stroke)}" fill="none"${layer === 'MOUNTING' ? ` stroke-dasharray="${f(stroke * 8)} ${f(stroke * 4)}"` : ''}`;
  const line = (layer: Layer, a: Point, b: Point) => `<line x1="${f(a[0])}" y1="${Y(a[1])}" x2="${f(b[0])}" y2="${Y(b[1])}" ${attrs(layer)}/>`;
  const text = (layer: Layer, at: Point, size: number, value: string, rotation = 0) =>
    `<text x="${f(at[0])}" y="${Y(at[1])}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${f(size)}" text-anchor="middle" fill="${STROKES[layer]}"${rotation !== 0 ? ` transform="rotate(${f(-rotation)} ${f(at[0])} ${Y(at[1])})"` : ''}>${escapeXml(value)}</text>`;
  for (const op of drawing.ops) {
    if (op.op === 'line') body.push(line(op.layer, op.from, op.to));
    else if (op.op === 'rect') body.push(`<rect x="${f(op.x)}" y="${Y(op.y + op.height)}" width="${f(op.width)}" height="${f(op.height)}" ${attrs(op.layer)}${op.layer === 'LIGHT' ? ' fill-opacity="0.6"' : ''}/>`);
    else if (op.op === 'circle') body.push(`<circle cx="${f(op.centre[0])}" cy="${Y(op.centre[1])}" r="${f(op.radius)}" ${attrs(op.layer)}/>`);
    else if (op.op === 'text') body.push(text(op.layer, op.at, op.height, op.text));
    else {
      const parts = dimensionLines(op, textHeight);
      body.push(`<g class="dimension">${parts.lines.map(([a, b]) => line('DIMENSIONS', a, b)).join('')}${text('DIMENSIONS', parts.textAt, textHeight, op.text, parts.angle)}</g>`);
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(x0)} ${f(y0)} ${f(width)} ${f(height)}" width="${f(width)}mm" height="${f(height)}mm">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect x="${f(x0)}" y="${f(y0)}" width="${f(width)}" height="${f(height)}" fill="#ffffff"/>` +
    body.join('') +
    '</svg>\n'
  );
}
