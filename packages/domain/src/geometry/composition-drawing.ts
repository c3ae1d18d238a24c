/**
 * A creation's plan and elevation (issue 28 §3): the solids of its space (`compositionParts`: a drawn
 * family's sticks, straps and lights by `drawingParts`, or each element of a crea / composing space
 * by its box, with the suspension from its canopy) drawn to scale in millimetres — the elevation
 * (x across, y up, the ceiling line) above the plan seen from above (x across, z towards the viewer
 * drawn down the page) — with the composition's overall width, depth and its drop from the ceiling.
 * The same drawing operations as a luminaire's dimension drawing, so the PDF, DXF and SVG writers
 * draw it.
 */
import { spaceToDrawing } from '../drawing/drawing-space';
import { drawingParts } from '../drawing/drawing-parts';
import type { DrawingFamily, ModelPart, ModelPoint } from '../drawing/drawing.types';
import type { ElementTree, TreeElement } from '../element-tree/element.types';
import { roomOf } from '../element-tree/tree-queries';
import { worldBoxes } from '../element-tree/tree-placement';
import { type DimensionDrawing, type DimensionLabels, type DrawLayer, type DrawOp, drawingExtent } from './dimension-drawing';

/** Containers drawn through what they hold. */
const CONTAINERS = new Set(['Space', 'Composition', 'Group']);

export interface CompositionLabels extends Pick<DimensionLabels, 'length'> {
  readonly elevation: string;
  readonly plan: string;
}

/** The overall size of a composition, mm (what its drawing measures). */
export interface CompositionSize {
  readonly width: number;
  readonly depth: number;
  /** Ceiling to the composition's lowest point, mm. */
  readonly drop: number;
}

const GREY = '#9a9a9a';

/**
 * The solids of a creation's space, metres, room coordinates: a drawn family's (sticks, plusminus)
 * through `drawingParts`, any other space's elements with a size as upright cylinders of their box,
 * and a cable from each pendant up to its canopy (or the ceiling).
 */
export function compositionParts(tree: ElementTree, family?: DrawingFamily | null): ModelPart[] {
  const room = roomOf(tree);
  if (family) return drawingParts(spaceToDrawing(tree, family), room);
  const boxes = worldBoxes(tree);
  const parts: ModelPart[] = [];
  for (const [id, box] of boxes) {
    const element = tree.elements[id];
    if (!element || CONTAINERS.has(element.type)) continue;
    const size = { x: box.max.x - box.min.x, y: box.max.y - box.min.y, z: box.max.z - box.min.z };
    if (size.x <= 0 && size.y <= 0 && size.z <= 0) continue;
    const centre: ModelPoint = { x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2, z: (box.min.z + box.max.z) / 2 };
    parts.push({ id: `${id}:body`, elementId: id, shape: 'cylinder', centre, radius: Math.max(size.x, size.z) / 2, length: size.y, colour: GREY, material: element.type === 'Light' ? 'emitter' : 'metal' });
    if (element.type !== 'Pendant') continue;
    let holder: TreeElement | undefined = element.parent ? tree.elements[element.parent] : undefined;
    while (holder && holder.type !== 'Cluster' && holder.parent) holder = tree.elements[holder.parent];
    const top = holder && holder.type === 'Cluster' ? boxes.get(holder.id)?.min.y ?? room.height : room.height;
    if (top > box.max.y) parts.push({ id: `${id}:cable`, elementId: id, shape: 'cable', from: { x: centre.x, y: top, z: centre.z }, to: { x: centre.x, y: box.max.y, z: centre.z }, radius: 0.001, length: top - box.max.y, colour: GREY, material: 'metal' });
  }
  return parts;
}

interface Extent {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  z0: number;
  z1: number;
}

function extentOf(part: ModelPart): Extent | null {
  const r = part.radius;
  if ((part.shape === 'beam' || part.shape === 'cable') && part.from && part.to) {
    const { from, to } = part;
    return { x0: Math.min(from.x, to.x) - r, x1: Math.max(from.x, to.x) + r, y0: Math.min(from.y, to.y) - r, y1: Math.max(from.y, to.y) + r, z0: Math.min(from.z, to.z) - r, z1: Math.max(from.z, to.z) + r };
  }
  if (!part.centre) return null;
  const half = part.shape === 'cylinder' ? (part.length ?? 0) / 2 : r;
  const c = part.centre;
  return { x0: c.x - r, x1: c.x + r, y0: c.y - half, y1: c.y + half, z0: c.z - r, z1: c.z + r };
}

/** Its overall width, depth (x and z of every solid but the suspension) and drop from the ceiling, mm. */
export function compositionSize(parts: readonly ModelPart[], ceiling: number): CompositionSize | null {
  const extents = parts.filter((part) => part.shape !== 'cable' || part.material === 'textile').flatMap((part) => extentOf(part) ?? []);
  if (extents.length === 0) return null;
  const m = (metres: number) => Math.round(metres * 10000) / 10;
  const x0 = Math.min(...extents.map((e) => e.x0));
  const x1 = Math.max(...extents.map((e) => e.x1));
  const z0 = Math.min(...extents.map((e) => e.z0));
  const z1 = Math.max(...extents.map((e) => e.z1));
  const y0 = Math.min(...extents.map((e) => e.y0));
  return { width: m(x1 - x0), depth: m(z1 - z0), drop: m(ceiling - y0) };
}

const layerOf = (part: ModelPart): DrawLayer => (part.material === 'emitter' ? 'LIGHT' : part.shape === 'cable' && part.material === 'metal' ? 'MOUNTING' : 'OUTLINE');

/** The plan and elevation of a creation from its solids (metres) under a ceiling (metres), or null when it has none. */
export function compositionDrawing(parts: readonly ModelPart[], ceilingMetres: number, labels: CompositionLabels): DimensionDrawing | null {
  const size = compositionSize(parts, ceilingMetres);
  const measured = parts.filter((part) => part.shape !== 'cable' || part.material === 'textile').flatMap((part) => extentOf(part) ?? []);
  if (!size || measured.length === 0) return null;
  const k = 1000;
  const ceiling = ceilingMetres * k;
  const minX = Math.min(...measured.map((e) => e.x0)) * k;
  const maxX = Math.max(...measured.map((e) => e.x1)) * k;
  const minY = Math.min(...measured.map((e) => e.y0)) * k;
  const minZ = Math.min(...measured.map((e) => e.z0)) * k;
  const maxZ = Math.max(...measured.map((e) => e.z1)) * k;
  const span = Math.max(maxX - minX, maxZ - minZ, ceiling - minY, 200);
  const textHeight = Math.max(8, Math.min(60, span / 40));
  const off = textHeight * 3;
  const gap = Math.max(150, span * 0.3) + off * 2;
  const planTop = minY - gap;
  const planY = (z: number) => planTop - (z * k - minZ);
  const ops: DrawOp[] = [{ op: 'line', layer: 'MOUNTING', from: [minX - gap / 3, ceiling], to: [maxX + gap / 3, ceiling] }];

  for (const part of parts) {
    const layer = layerOf(part);
    if ((part.shape === 'beam' || part.shape === 'cable') && part.from && part.to) {
      const { from, to } = part;
      ops.push({ op: 'line', layer, from: [from.x * k, from.y * k], to: [to.x * k, to.y * k] });
      if (Math.hypot(to.x - from.x, to.z - from.z) > 1e-6) ops.push({ op: 'line', layer, from: [from.x * k, planY(from.z)], to: [to.x * k, planY(to.z)] });
      continue;
    }
    if (!part.centre) continue;
    const c = part.centre;
    const r = part.radius * k;
    if (part.shape === 'sphere') ops.push({ op: 'circle', layer, centre: [c.x * k, c.y * k], radius: r });
    else ops.push({ op: 'rect', layer, x: c.x * k - r, y: (c.y - (part.length ?? 0) / 2) * k, width: 2 * r, height: (part.length ?? 0) * k });
    ops.push({ op: 'circle', layer, centre: [c.x * k, planY(c.z)], radius: r });
  }

  // Dimensions: the width and the drop from the ceiling on the elevation; the width and depth on the plan.
  ops.push({ op: 'dim', from: [minX, minY], to: [maxX, minY], offset: -off, text: labels.length(size.width) });
  ops.push({ op: 'dim', from: [minX, ceiling], to: [minX, ceiling - size.drop], offset: -off * 1.5, text: labels.length(size.drop) });
  ops.push({ op: 'dim', from: [minX, planY(minZ / k)], to: [maxX, planY(minZ / k)], offset: off, text: labels.length(size.width) });
  ops.push({ op: 'dim', from: [maxX, planY(minZ / k)], to: [maxX, planY(maxZ / k)], offset: off, text: labels.length(size.depth) });

  ops.push({ op: 'text', layer: 'TEXT', at: [(minX + maxX) / 2, ceiling + off * 1.5], height: textHeight * 1.4, text: labels.elevation });
  ops.push({ op: 'text', layer: 'TEXT', at: [(minX + maxX) / 2, planY(maxZ / k) - off * 2.5], height: textHeight * 1.4, text: labels.plan });
  return { ops, ...drawingExtent(ops, textHeight) };
}
