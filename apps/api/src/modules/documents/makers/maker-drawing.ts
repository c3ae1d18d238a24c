/**
 * The dimensioned 2D drawing of a luminaire written as DXF (ASCII, AutoCAD R12, units mm) and SVG. The
 * drawing itself (views, outlines, measurements) is @lumen/domain's `dimensionDrawing`, from the one
 * luminaire geometry (issue 28 §4); the PDFs draw the same operations.
 */
import { type DimensionDrawing, type DrawLayer, type DrawPoint, dimensionLines } from '@lumen/domain';

export { dimensionDrawing, dimensionLines, lengthFormatter } from '@lumen/domain';
export type { DimensionLabels as DrawingLabels, DrawOp } from '@lumen/domain';
export type Drawing = DimensionDrawing;
export type Layer = DrawLayer;
export type Point = DrawPoint;

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
