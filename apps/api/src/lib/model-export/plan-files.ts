/**
 * The plan of a drawing (@lumen/domain `planOutline`) as DXF and SVG. Both show the ceiling from
 * below with the room's x to the right and its z downwards on the page (the plan editor's view), so
 * the DXF's Y is -z. Lengths are labelled in the catalogue's system: centimetres, or feet and inches
 * for catalogue 21.
 */
import { type DrawingItemKind, formatFeetAndInches, type LengthSystem, type PlanOutline, type PlanPoint } from '@lumen/domain';
import { DxfWriter, point3d, TextHorizontalAlignment, TextVerticalAlignment, Units } from '@tarikjabiri/dxf';

export interface PlanFileOptions {
  /** The product's name: the SVG's <title>. */
  readonly title: string;
  readonly lengths: LengthSystem;
}

/** Item marks: radius (m) and SVG colour. */
const MARK: Record<DrawingItemKind, { radius: number; colour: string }> = {
  light: { radius: 0.04, colour: '#e0a100' },
  counterweight: { radius: 0.025, colour: '#4a4a4a' },
  connection: { radius: 0.05, colour: '#b3261e' },
  reflector: { radius: 0.06, colour: '#3b6fb6' },
};

export function lengthLabel(metres: number, lengths: LengthSystem): string {
  const cm = Math.round(metres * 1000) / 10;
  return lengths === 'imperial' ? formatFeetAndInches(cm) : `${Number.isInteger(cm) ? cm : cm.toFixed(1)} cm`;
}

interface Extent {
  minX: number;
  minZ: number;
  maxX: number;
  maxZ: number;
}

function extentOf(outline: PlanOutline): Extent {
  const points: PlanPoint[] = [...outline.segments.flatMap((segment) => [segment.from, segment.to]), ...outline.items.map((item) => item.at)];
  if (points.length === 0) return { minX: -0.5, minZ: -0.5, maxX: 0.5, maxZ: 0.5 };
  return {
    minX: Math.min(...points.map((point) => point.x)),
    minZ: Math.min(...points.map((point) => point.z)),
    maxX: Math.max(...points.map((point) => point.x)),
    maxZ: Math.max(...points.map((point) => point.z)),
  };
}

/** The DXF's Y of a plan z (never -0). */
const dxfY = (z: number): number => -z || 0;
const midpoint = (from: PlanPoint, to: PlanPoint): PlanPoint => ({ x: (from.x + to.x) / 2, z: (from.z + to.z) / 2 });
/** The label's angle (degrees, counter-clockwise on the plan as the DXF draws it), kept readable (never upside down). */
function labelAngle(from: PlanPoint, to: PlanPoint): number {
  let degrees = (Math.atan2(-(to.z - from.z), to.x - from.x) * 180) / Math.PI;
  if (degrees > 90) degrees -= 180;
  if (degrees <= -90) degrees += 180;
  return Math.round(degrees * 100) / 100;
}

/** DXF (AutoCAD 2007 text, units metres): layers STRUCTURE (segments), ITEMS (item marks) and DIMENSIONS (lengths as text). */
export function writeDxf(outline: PlanOutline, options: PlanFileOptions): Buffer {
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Meters);
  const extent = extentOf(outline);
  dxf.setVariable('$EXTMIN', { 10: extent.minX, 20: dxfY(extent.maxZ), 30: 0 });
  dxf.setVariable('$EXTMAX', { 10: extent.maxX, 20: dxfY(extent.minZ), 30: 0 });
  dxf.addLayer('STRUCTURE', 7, 'Continuous');
  dxf.addLayer('ITEMS', 2, 'Continuous');
  dxf.addLayer('DIMENSIONS', 1, 'Continuous');
  const span = Math.max(extent.maxX - extent.minX, extent.maxZ - extent.minZ, 0.5);
  const textHeight = Math.round(Math.min(0.08, Math.max(0.03, span / 60)) * 1000) / 1000;
  for (const segment of outline.segments) {
    dxf.addLine(point3d(segment.from.x, dxfY(segment.from.z), 0), point3d(segment.to.x, dxfY(segment.to.z), 0), { layerName: 'STRUCTURE' });
    const at = midpoint(segment.from, segment.to);
    dxf.addText(point3d(at.x, dxfY(at.z), 0), textHeight, lengthLabel(segment.length, options.lengths), {
      layerName: 'DIMENSIONS',
      rotation: labelAngle(segment.from, segment.to),
      horizontalAlignment: TextHorizontalAlignment.Center,
      verticalAlignment: TextVerticalAlignment.Bottom,
      secondAlignmentPoint: point3d(at.x, dxfY(at.z), 0),
    });
  }
  for (const item of outline.items) dxf.addCircle(point3d(item.at.x, dxfY(item.at.z), 0), MARK[item.kind].radius, { layerName: 'ITEMS' });
  return Buffer.from(dxf.stringify(), 'utf8');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

const cm = (metres: number) => Math.round(metres * 1000) / 10;

/** SVG plan, viewBox in centimetres (1 unit = 1 cm), a <title>, each segment with its length as a label. */
export function writeSvg(outline: PlanOutline, options: PlanFileOptions): Buffer {
  const extent = extentOf(outline);
  const margin = 0.25;
  const width = extent.maxX - extent.minX + margin * 2;
  const height = extent.maxZ - extent.minZ + margin * 2;
  const fontSize = Math.round(Math.min(8, Math.max(3, (Math.max(width, height) * 100) / 50)) * 10) / 10;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${cm(extent.minX - margin)} ${cm(extent.minZ - margin)} ${cm(width)} ${cm(height)}" width="${cm(width)}cm" height="${cm(height)}cm">`,
    `<title>${escapeXml(options.title)}</title>`,
    '<g id="structure" stroke="#222222" stroke-width="1.2" stroke-linecap="round" fill="none">',
  ];
  for (const segment of outline.segments) {
    out.push(`<line id="${escapeXml(`segment-${segment.id}`)}" x1="${cm(segment.from.x)}" y1="${cm(segment.from.z)}" x2="${cm(segment.to.x)}" y2="${cm(segment.to.z)}"/>`);
  }
  out.push('</g>', '<g id="items" stroke="#ffffff" stroke-width="0.4">');
  for (const item of outline.items) {
    const mark = MARK[item.kind];
    out.push(`<circle id="${escapeXml(`item-${item.id}`)}" class="${item.kind}" cx="${cm(item.at.x)}" cy="${cm(item.at.z)}" r="${cm(mark.radius)}" fill="${mark.colour}"/>`);
  }
  out.push('</g>', `<g id="dimensions" font-family="sans-serif" font-size="${fontSize}" fill="#222222" text-anchor="middle">`);
  for (const segment of outline.segments) {
    const at = midpoint(segment.from, segment.to);
    // SVG's y runs down the page like the plan's z, so the DXF's angle turns the other way.
    const angle = -labelAngle(segment.from, segment.to);
    out.push(`<text x="${cm(at.x)}" y="${cm(at.z) - 1.5}" transform="rotate(${angle} ${cm(at.x)} ${cm(at.z)})">${escapeXml(lengthLabel(segment.length, options.lengths))}</text>`);
  }
  out.push('</g>', '</svg>', '');
  return Buffer.from(out.join('\n'), 'utf8');
}
