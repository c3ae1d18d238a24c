/**
 * The luminaire's geometry, in millimetres, from its type (the images module's shape), its
 * catalogue dimensions, its pendant height and its installation (canopy): the parts the 2D
 * drawings, the 3D models and the manual's dimension drawing are all made from.
 *
 * Axes: x across (the width), y up, z out from the wall / towards the viewer (the depth). The
 * origin is the mounting point: the ceiling for pendants, ceiling and track luminaires, the wall
 * surface at the luminaire's centre for wall ones, the floor for floor, table and outdoor posts.
 */
import { type LuminaireShape, shapeOf } from '../../images/luminaire-drawing';
import type { PictureSubject } from '../../products/products.service';

export type PartMaterial = 'body' | 'cable' | 'canopy' | 'light' | 'metal';

export interface Part {
  name: string;
  kind: 'box' | 'cylinder';
  material: PartMaterial;
  /** Centre, mm. */
  centre: readonly [number, number, number];
  /** Extent along x, y, z, mm (a cylinder stands along y; its diameter is size[0]). */
  size: readonly [number, number, number];
}

/** What an installation adds at the mounting point (spec: installation codes of the demo catalogue). */
export interface Canopy {
  code: string;
  /** Visible diameter and height, mm (0 when none). */
  diameter: number;
  height: number;
  /** Hole to cut for a recessed canopy, mm. */
  cutout?: number;
  recessed: boolean;
}

const CANOPIES: Record<string, Omit<Canopy, 'code'>> = {
  '10': { diameter: 120, height: 25, recessed: false },
  '31': { diameter: 50, height: 5, cutout: 45, recessed: true },
  '32': { diameter: 30, height: 3, cutout: 25, recessed: true },
  '18': { diameter: 20, height: 10, recessed: false },
  '20': { diameter: 80, height: 20, recessed: false },
  '50': { diameter: 30, height: 300, recessed: true },
  '51': { diameter: 150, height: 8, recessed: false },
  '60': { diameter: 40, height: 35, recessed: false },
  '00': { diameter: 0, height: 0, recessed: false },
};

export function canopyOf(installation: string): Canopy {
  return { code: installation, ...(CANOPIES[installation] ?? { diameter: 0, height: 0, recessed: false }) };
}

export interface LuminaireGeometry {
  shape: LuminaireShape;
  parts: Part[];
  canopy: Canopy;
  /** Overall size of the luminaire itself (catalogue dimensions), mm. */
  width: number;
  height: number;
  depth: number;
  /** Ceiling to the luminaire's bottom, mm (pendants). */
  pendantHeight: number | null;
  /** Bounding box of every part, mm. */
  bounds: { min: [number, number, number]; max: [number, number, number] };
}

export interface GeometryInput {
  picture: Pick<PictureSubject, 'category' | 'locationId' | 'width' | 'height' | 'depth' | 'lightSources'>;
  installation: string;
  /** Centimetres. */
  pendantHeight: number | null;
}

const mm = (cm: number) => Math.max(1, Math.round(cm * 10 * 10) / 10);

export function luminaireGeometry(input: GeometryInput): LuminaireGeometry {
  const shape = shapeOf(input.picture.category, input.picture.locationId);
  const W = mm(input.picture.width);
  const H = mm(input.picture.height);
  const D = mm(input.picture.depth);
  const heads = Math.max(1, input.picture.lightSources ?? 1);
  const canopy = canopyOf(input.installation);
  const parts: Part[] = [];
  const round = Math.abs(W - D) <= 0.1 * Math.max(W, D);
  const bodyKind: Part['kind'] = round ? 'cylinder' : 'box';
  const lightDisc = (name: string, x: number, y: number, z: number, w: number, d: number, kind: Part['kind']) =>
    parts.push({ name, kind, material: 'light', centre: [x, y, z], size: [w * 0.8, 1.5, d * 0.8] });
  let pendantHeight: number | null = null;

  switch (shape) {
    case 'pendant': {
      const drop = Math.max(H + 50, (input.pendantHeight ?? 100) * 10);
      pendantHeight = drop;
      addCanopyAtCeiling(parts, canopy);
      const top = -drop + H;
      if (heads > 1) {
        const spacing = W / heads;
        const head = Math.min(spacing * 0.8, D);
        for (let i = 0; i < heads; i++) {
          const x = -W / 2 + spacing * (i + 0.5);
          parts.push({ name: `cable-${i + 1}`, kind: 'cylinder', material: 'cable', centre: [x, (top - canopy.height) / 2, 0], size: [3, Math.max(1, -top - canopy.height), 3] });
          parts.push({ name: `head-${i + 1}`, kind: 'cylinder', material: 'body', centre: [x, -drop + H / 2, 0], size: [head, H, head] });
          lightDisc(`light-${i + 1}`, x, -drop + 0.75, 0, head, head, 'cylinder');
        }
      } else {
        const cables = W >= 3 * D ? [-W / 2 + W * 0.1, W / 2 - W * 0.1] : [0];
        cables.forEach((x, i) =>
          parts.push({ name: `cable-${i + 1}`, kind: 'cylinder', material: 'cable', centre: [x, (top - canopy.height) / 2, 0], size: [3, Math.max(1, -top - canopy.height), 3] }),
        );
        parts.push({ name: 'body', kind: bodyKind, material: 'body', centre: [0, -drop + H / 2, 0], size: [W, H, D] });
        lightDisc('light', 0, -drop + 0.75, 0, W, D, bodyKind);
      }
      break;
    }
    case 'ceiling': {
      if (canopy.recessed && canopy.cutout) parts.push({ name: 'recessed-housing', kind: 'cylinder', material: 'metal', centre: [0, 20, 0], size: [canopy.cutout, 40, canopy.cutout] });
      parts.push({ name: 'body', kind: bodyKind, material: 'body', centre: [0, -H / 2, 0], size: [W, H, D] });
      lightDisc('light', 0, -H + 0.75, 0, W, D, bodyKind);
      break;
    }
    case 'track': {
      parts.push({ name: 'track-adapter', kind: 'box', material: 'metal', centre: [0, -17.5, 0], size: [40, 35, 35] });
      const spacing = W / heads;
      const head = Math.max(20, Math.min(spacing * 0.8, Math.max(D, 40)));
      const length = Math.max(20, H - 35);
      for (let i = 0; i < heads; i++) {
        const x = heads === 1 ? 0 : -W / 2 + spacing * (i + 0.5);
        parts.push({ name: `spot-${i + 1}`, kind: 'cylinder', material: 'body', centre: [x, -35 - length / 2, 0], size: [head, length, head] });
        lightDisc(`light-${i + 1}`, x, -35 - length + 0.75, 0, head, head, 'cylinder');
      }
      if (heads > 1) parts.push({ name: 'track-bar', kind: 'box', material: 'metal', centre: [0, -40, 0], size: [W, 10, 20] });
      break;
    }
    case 'wall':
    case 'bathroom': {
      const plate = 10;
      parts.push({ name: 'wall-plate', kind: 'box', material: 'metal', centre: [0, 0, plate / 2], size: [Math.max(60, W * 0.6), Math.max(60, H * 0.6), plate] });
      const depth = Math.max(5, D - plate);
      parts.push({ name: 'body', kind: 'box', material: 'body', centre: [0, 0, plate + depth / 2], size: [W, H, depth] });
      lightDisc('light', 0, -H / 2 - 0.75, plate + depth / 2, W, depth, 'box');
      break;
    }
    case 'wallPendant': {
      parts.push({ name: 'wall-plate', kind: 'box', material: 'metal', centre: [0, H / 2 - 40, 7.5], size: [80, 80, 15] });
      const reach = Math.max(W / 2 + 20, D - W / 2);
      parts.push({ name: 'arm', kind: 'box', material: 'metal', centre: [0, H / 2 - 40, 15 + reach / 2], size: [12, 12, reach] });
      const shadeHeight = Math.max(40, H * 0.45);
      const zShade = 15 + reach;
      parts.push({ name: 'cable', kind: 'cylinder', material: 'cable', centre: [0, (H / 2 - 40 + (-H / 2 + shadeHeight)) / 2, zShade], size: [3, Math.max(1, H / 2 - 40 - (-H / 2 + shadeHeight)), 3] });
      parts.push({ name: 'shade', kind: 'cylinder', material: 'body', centre: [0, -H / 2 + shadeHeight / 2, zShade], size: [W, shadeHeight, W] });
      lightDisc('light', 0, -H / 2 + 0.75, zShade, W, W, 'cylinder');
      break;
    }
    case 'floor':
    case 'table': {
      const base = Math.max(120, Math.min(W, D) * 0.8);
      const baseHeight = 15;
      const head = Math.min(H * 0.3, Math.max(60, W * 0.5));
      parts.push({ name: 'base', kind: 'cylinder', material: 'body', centre: [0, baseHeight / 2, 0], size: [base, baseHeight, base] });
      parts.push({ name: 'stem', kind: 'cylinder', material: 'metal', centre: [0, baseHeight + (H - head - baseHeight) / 2, 0], size: [20, Math.max(1, H - head - baseHeight), 20] });
      parts.push({ name: 'shade', kind: 'cylinder', material: 'body', centre: [0, H - head / 2, 0], size: [W, head, D] });
      lightDisc('light', 0, H - head + 0.75, 0, W, D, 'cylinder');
      break;
    }
    case 'bollard': {
      if (canopy.code === '50') parts.push({ name: 'ground-spike', kind: 'cylinder', material: 'metal', centre: [0, -150, 0], size: [30, 300, 30] });
      if (canopy.code === '51') parts.push({ name: 'anchor-plate', kind: 'box', material: 'metal', centre: [0, 4, 0], size: [150, 8, 150] });
      const floorAt = canopy.code === '51' ? 8 : 0;
      parts.push({ name: 'post', kind: bodyKind, material: 'body', centre: [0, floorAt + (H - 40) / 2, 0], size: [W, H - 40, D] });
      parts.push({ name: 'light', kind: bodyKind, material: 'light', centre: [0, floorAt + H - 30, 0], size: [W * 0.96, 20, D * 0.96] });
      parts.push({ name: 'cap', kind: bodyKind, material: 'body', centre: [0, floorAt + H - 10, 0], size: [W, 20, D] });
      break;
    }
  }
  return { shape, parts, canopy, width: W, height: H, depth: D, pendantHeight, bounds: boundsOf(parts) };
}

function addCanopyAtCeiling(parts: Part[], canopy: Canopy): void {
  if (canopy.diameter === 0) return;
  parts.push({ name: 'canopy', kind: 'cylinder', material: 'canopy', centre: [0, -canopy.height / 2, 0], size: [canopy.diameter, canopy.height, canopy.diameter] });
  if (canopy.recessed && canopy.cutout) parts.push({ name: 'recessed-housing', kind: 'cylinder', material: 'metal', centre: [0, 25, 0], size: [canopy.cutout, 50, canopy.cutout] });
}

function boundsOf(parts: readonly Part[]): LuminaireGeometry['bounds'] {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const part of parts) {
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis] ?? 0, (part.centre[axis] ?? 0) - (part.size[axis] ?? 0) / 2);
      max[axis] = Math.max(max[axis] ?? 0, (part.centre[axis] ?? 0) + (part.size[axis] ?? 0) / 2);
    }
  }
  return { min, max };
}
