/**
 * One luminaire geometry (issue 28 §4): the parts of a catalogue luminaire, in millimetres, from its
 * type (lamp-type category and mounting location), its catalogue dimensions, its pendant height and
 * its installation. The spec sheet's dimension drawing, the DXF/SVG, the glb/OBJ/STL, the HD images
 * and the web's 3D are all made from these parts, so they all show the catalogue's size.
 *
 * Axes: x across (the width), y up, z out from the wall / towards the viewer (the depth). The origin
 * is the mounting point: the ceiling for pendants, ceiling and track luminaires, the wall surface at
 * the luminaire's centre for wall ones, the floor for floor, table and outdoor posts.
 *
 * Every part is the luminaire's own ('luminaire') or what mounts it ('mounting': canopy, suspension
 * cables, recessed housing, ground spike, anchor plate). The luminaire's parts fill exactly the
 * catalogue's width × height × depth (`luminaireEnvelope`); the mounting adds to the overall bounds.
 */

export type LuminaireShape = 'pendant' | 'ceiling' | 'wall' | 'bathroom' | 'wallPendant' | 'floor' | 'table' | 'track' | 'bollard';

const LOCATION = { ceiling: 1, wall: 2, floor: 3, table: 4, suspended: 5, track: 6 } as const;

/** The shape a model is drawn as: its category, and for the categories of two mountings, its location. */
export function shapeOf(category: number, locationId: number): LuminaireShape {
  switch (category) {
    case 19:
    case 26:
      return 'pendant';
    case 25:
      return 'wallPendant';
    case 24:
      return 'track';
    case 23:
      return 'table';
    case 18:
      return 'bathroom';
    case 20:
      return 'floor';
    case 28:
      return locationId === LOCATION.wall ? 'wall' : 'floor';
    case 21:
      return 'ceiling';
    case 27:
      return locationId === LOCATION.ceiling ? 'ceiling' : 'wall';
    case 17:
      return 'wall';
    case 22:
      return locationId === LOCATION.wall ? 'wall' : locationId === LOCATION.ceiling ? 'ceiling' : 'bollard';
    default:
      return (
        ({ [LOCATION.ceiling]: 'ceiling', [LOCATION.wall]: 'wall', [LOCATION.floor]: 'floor', [LOCATION.table]: 'table', [LOCATION.track]: 'track' } as Record<number, LuminaireShape>)[
          locationId
        ] ?? 'pendant'
      );
  }
}

export type PartMaterial = 'body' | 'cable' | 'canopy' | 'light' | 'metal';
export type PartRole = 'luminaire' | 'mounting';
export type Vec3mm = readonly [number, number, number];

export interface LuminairePart {
  readonly name: string;
  readonly kind: 'box' | 'cylinder';
  readonly material: PartMaterial;
  readonly role: PartRole;
  /** Centre, mm. */
  readonly centre: Vec3mm;
  /** Extent along x, y, z, mm (a cylinder stands along y; its diameters are size[0] and size[2]). */
  readonly size: Vec3mm;
  /** A cylinder's top diameter as a share of its bottom one (a bell, a cone, a dome's shade); 1 when absent. */
  readonly taper?: number;
  /** A cylinder's axis: 'z' lies it along the depth (a disc on a wall, its diameters size[0] and size[1]); 'y' when absent. */
  readonly axis?: 'y' | 'z';
  /** What the part is made of when it is not the finish's material: a fabric ribbon. */
  readonly surface?: 'fabric';
}

/** What an installation adds at the mounting point (installation codes of the demo catalogue). */
export interface Canopy {
  readonly code: string;
  /** Visible diameter and height, mm (0 when none). */
  readonly diameter: number;
  readonly height: number;
  /** Hole to cut for a recessed canopy, mm. */
  readonly cutout?: number;
  readonly recessed: boolean;
}

const CANOPIES: Readonly<Record<string, Omit<Canopy, 'code'>>> = {
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

/** A catalogue luminaire as the geometry needs it: its type and its catalogue dimensions (centimetres). */
export interface LuminaireData {
  /** Lamp-type category (17 wall … 28 floor and wall). */
  readonly category: number;
  /** Location (1 ceiling, 2 wall, 3 floor, 4 table, 5 suspended, 6 track). */
  readonly locationId: number;
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  /** Heads of a cluster, spotlights of a track. */
  readonly lightSources?: number;
  /** The collection's family name (catalogue `familyName`): a family with a shape of its own is built as itself (Algorithm's discs, Plusminus's ribbon, Multiple's heads). */
  readonly family?: string;
}

export interface LuminaireGeometryInput {
  readonly luminaire: LuminaireData;
  readonly installation: string;
  /** Centimetres (pendants; the standard drop of 100 cm when null). */
  readonly pendantHeight: number | null;
}

export interface Bounds {
  readonly min: Vec3mm;
  readonly max: Vec3mm;
}

export interface LuminaireGeometry {
  readonly shape: LuminaireShape;
  readonly parts: readonly LuminairePart[];
  readonly canopy: Canopy;
  /** The catalogue's size of the luminaire itself, mm. */
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  /** Ceiling to the luminaire's bottom, mm (pendants), else null. */
  readonly pendantHeight: number | null;
  /** Bounding box of every part (with the mounting), mm. */
  readonly bounds: Bounds;
}

/** Centimetres to millimetres, at least 1 mm, to 0.1 mm. */
const mm = (cm: number) => Math.max(1, Math.round(cm * 100) / 10);

/**
 * Where n heads of a cluster sit so that, with their diameter, they fill width × depth exactly:
 * evenly round a ring, the ring's extremes stretched to the rectangle.
 */
export function clusterHeads(count: number, width: number, depth: number): { head: number; centres: Array<readonly [number, number]> } {
  const n = Math.max(1, Math.floor(count));
  const small = Math.min(width, depth);
  if (n === 1) return { head: small, centres: [[0, 0]] };
  if (n === 2) {
    const head = Math.min(depth, width / 2.2);
    return { head, centres: [[-(width - head) / 2, 0], [(width - head) / 2, 0]] };
  }
  const s = Math.sin(Math.PI / n);
  const head = (small * s) / (1.1 + s);
  const ring = Array.from({ length: n }, (_, i) => {
    const angle = Math.PI / 2 + (2 * Math.PI * i) / n;
    return [Math.cos(angle), Math.sin(angle)] as const;
  });
  const span = (axis: 0 | 1) => {
    const values = ring.map((point) => point[axis]);
    return [Math.min(...values), Math.max(...values)] as const;
  };
  const [x0, x1] = span(0);
  const [z0, z1] = span(1);
  const stretch = (value: number, low: number, high: number, size: number) => (high - low < 1e-9 ? 0 : -(size - head) / 2 + ((value - low) / (high - low)) * (size - head));
  return { head, centres: ring.map(([x, z]) => [round01(stretch(x, x0, x1, width)), round01(stretch(z, z0, z1, depth))] as const) };
}

const round01 = (value: number) => Math.round(value * 1000) / 1000;

export function luminaireGeometry(input: LuminaireGeometryInput): LuminaireGeometry {
  const { luminaire } = input;
  const shape = shapeOf(luminaire.category, luminaire.locationId);
  const W = mm(luminaire.width);
  const H = mm(luminaire.height);
  const D = mm(luminaire.depth);
  const heads = Math.max(1, luminaire.lightSources ?? 1);
  const canopy = canopyOf(input.installation);
  const parts: LuminairePart[] = [];
  const round = Math.abs(W - D) <= 0.1 * Math.max(W, D);
  const bodyKind: LuminairePart['kind'] = round ? 'cylinder' : 'box';
  const add = (name: string, kind: LuminairePart['kind'], material: PartMaterial, centre: Vec3mm, size: Vec3mm, role: PartRole = 'luminaire', extra: Pick<LuminairePart, 'taper' | 'axis' | 'surface'> = {}) =>
    parts.push({ name, kind, material, role, centre, size, ...extra });
  const family = luminaire.family?.toLowerCase();
  /** The light face, 1.5 mm thick, inside the body's outline at its bottom (y its lowest point). */
  const lightFace = (name: string, x: number, y: number, z: number, w: number, d: number, kind: LuminairePart['kind']) => add(name, kind, 'light', [x, y + 0.75, z], [w * 0.8, 1.5, d * 0.8]);
  const cable = (name: string, x: number, z: number, from: number, to: number) => add(name, 'cylinder', 'cable', [x, (from + to) / 2, z], [3, Math.max(1, from - to), 3], 'mounting');
  /** Plusminus hangs from its textile ribbon, 24 mm wide, not from a cable. */
  const ribbon = (name: string, x: number, z: number, from: number, to: number) => add(name, 'box', 'cable', [x, (from + to) / 2, z], [24, Math.max(1, from - to), 1.5], 'mounting', { surface: 'fabric' });
  let pendantHeight: number | null = null;

  switch (shape) {
    case 'pendant': {
      const drop = Math.max(H + 50, (input.pendantHeight ?? 100) * 10);
      pendantHeight = drop;
      addCanopyAtCeiling(add, canopy);
      const top = -drop + H;
      if (family === 'algorithm') {
        // Algorithm: discs of four sizes at four heights, each on its cable, together the catalogue's size
        const discs = algorithmDiscs(W, H, D);
        discs.forEach((disc, i) => {
          cable(`cable-${i + 1}`, disc.x, disc.z, -canopy.height, -drop + disc.y + disc.thickness / 2);
          add(`disc-${i + 1}`, 'cylinder', 'body', [disc.x, -drop + disc.y, disc.z], [disc.width, disc.thickness, disc.depth]);
          lightFace(`light-${i + 1}`, disc.x, -drop + disc.y - disc.thickness / 2, disc.z, disc.width, disc.depth, 'cylinder');
        });
      } else if (heads > 1) {
        // a cluster: its heads round the canopy, filling the catalogue's width and depth; Multiple's are bells
        const { head, centres } = clusterHeads(heads, W, D);
        const bell = family === 'multiple' ? { taper: 0.42 } : {};
        centres.forEach(([x, z], i) => {
          cable(`cable-${i + 1}`, x, z, -canopy.height, top);
          add(`head-${i + 1}`, 'cylinder', 'body', [x, -drop + H / 2, z], [head, H, head], 'luminaire', bell);
          lightFace(`light-${i + 1}`, x, -drop, z, head, head, 'cylinder');
        });
      } else if (family === 'plusminus') {
        // Plusminus: a shade narrowing to its top, hung from the textile ribbon
        ribbon('ribbon', 0, 0, -canopy.height, top);
        add('body', 'cylinder', 'body', [0, -drop + H / 2, 0], [W, H, D], 'luminaire', { taper: 0.38 });
        lightFace('light', 0, -drop, 0, W, D, 'cylinder');
      } else {
        const cables = W >= 3 * D ? [-W / 2 + W * 0.1, W / 2 - W * 0.1] : [0];
        cables.forEach((x, i) => cable(`cable-${i + 1}`, x, 0, -canopy.height, top));
        add('body', bodyKind, 'body', [0, -drop + H / 2, 0], [W, H, D]);
        lightFace('light', 0, -drop, 0, W, D, bodyKind);
      }
      break;
    }
    case 'ceiling': {
      if (canopy.recessed && canopy.cutout) add('recessed-housing', 'cylinder', 'metal', [0, 20, 0], [canopy.cutout, 40, canopy.cutout], 'mounting');
      add('body', bodyKind, 'body', [0, -H / 2, 0], [W, H, D]);
      lightFace('light', 0, -H, 0, W, D, bodyKind);
      break;
    }
    case 'track': {
      const adapter = Math.min(35, H / 3);
      add('track-adapter', 'box', 'metal', [0, -adapter / 2, 0], [Math.min(40, W), adapter, Math.min(35, D)]);
      const spacing = W / heads;
      const head = heads === 1 ? Math.min(W, D) : Math.min(spacing * 0.8, D);
      const length = Math.max(1, H - adapter);
      for (let i = 0; i < heads; i++) {
        const x = heads === 1 ? 0 : -W / 2 + spacing * (i + 0.5);
        add(`spot-${i + 1}`, 'cylinder', 'body', [x, -adapter - length / 2, 0], [head, length, head]);
        lightFace(`light-${i + 1}`, x, -H, 0, head, head, 'cylinder');
      }
      if (heads > 1) add('track-bar', 'box', 'metal', [0, -adapter - 5, 0], [W, 10, Math.min(20, D)]);
      break;
    }
    case 'wall':
    case 'bathroom': {
      const plate = Math.min(10, D / 3);
      // a wall light as wide as high is a disc standing out from its wall (Skan), else a box
      const disc = Math.abs(W - H) <= 0.1 * Math.max(W, H);
      const plateSize: Vec3mm = [Math.min(W, Math.max(60, W * 0.6)), Math.min(H, Math.max(60, H * 0.6)), plate];
      if (disc) add('wall-plate', 'cylinder', 'metal', [0, 0, plate / 2], plateSize, 'luminaire', { axis: 'z' });
      else add('wall-plate', 'box', 'metal', [0, 0, plate / 2], plateSize);
      const depth = D - plate;
      if (disc) {
        add('body', 'cylinder', 'body', [0, 0, plate + depth / 2], [W, H, depth], 'luminaire', { axis: 'z' });
        // its light is its front face's diffuser
        add('light', 'cylinder', 'light', [0, 0, D - 0.75], [W * 0.8, H * 0.8, 1.5], 'luminaire', { axis: 'z' });
      } else {
        add('body', 'box', 'body', [0, 0, plate + depth / 2], [W, H, depth]);
        lightFace('light', 0, -H / 2, plate + depth / 2, W, depth, 'box');
      }
      break;
    }
    case 'wallPendant': {
      const plate = Math.min(80, H / 2, W);
      add('wall-plate', 'box', 'metal', [0, H / 2 - plate / 2, 7.5], [plate, plate, 15]);
      // the arm reaches so that the shade's far side is the catalogue's depth from the wall
      const reach = Math.max(1, D - 15 - W / 2);
      add('arm', 'box', 'metal', [0, H / 2 - plate / 2, 15 + reach / 2], [12, 12, reach]);
      const shadeHeight = Math.max(40, H * 0.45);
      const zShade = 15 + reach;
      const armY = H / 2 - plate / 2;
      add('cable', 'cylinder', 'cable', [0, (armY + (-H / 2 + shadeHeight)) / 2, zShade], [3, Math.max(1, armY - (-H / 2 + shadeHeight)), 3]);
      add('shade', 'cylinder', 'body', [0, -H / 2 + shadeHeight / 2, zShade], [W, shadeHeight, W]);
      lightFace('light', 0, -H / 2, zShade, W, W, 'cylinder');
      break;
    }
    case 'floor':
    case 'table': {
      const base = Math.min(Math.min(W, D), Math.max(120, Math.min(W, D) * 0.8));
      const baseHeight = Math.min(15, H / 10);
      const head = Math.min(H * 0.3, Math.max(60, W * 0.5));
      add('base', 'cylinder', 'body', [0, baseHeight / 2, 0], [base, baseHeight, base]);
      add('stem', 'cylinder', 'metal', [0, baseHeight + (H - head - baseHeight) / 2, 0], [Math.min(20, base), Math.max(1, H - head - baseHeight), Math.min(20, base)]);
      add('shade', 'cylinder', 'body', [0, H - head / 2, 0], [W, head, D]);
      lightFace('light', 0, H - head, 0, W, D, 'cylinder');
      break;
    }
    case 'bollard': {
      if (canopy.code === '50') add('ground-spike', 'cylinder', 'metal', [0, -150, 0], [30, 300, 30], 'mounting');
      if (canopy.code === '51') add('anchor-plate', 'box', 'metal', [0, 4, 0], [150, 8, 150], 'mounting');
      const floorAt = canopy.code === '51' ? 8 : 0;
      const cap = Math.min(20, H / 6);
      const band = Math.min(20, H / 6);
      add('post', bodyKind, 'body', [0, floorAt + (H - cap - band) / 2, 0], [W, H - cap - band, D]);
      add('light', bodyKind, 'light', [0, floorAt + H - cap - band / 2, 0], [W * 0.96, band, D * 0.96]);
      add('cap', bodyKind, 'body', [0, floorAt + H - cap / 2, 0], [W, cap, D]);
      break;
    }
  }
  return { shape, parts, canopy, width: W, height: H, depth: D, pendantHeight, bounds: boundsOf(parts) };
}

/** Algorithm's discs (mm, y from the luminaire's bottom): four sizes, the largest the catalogue's width and depth, at four heights. */
export function algorithmDiscs(width: number, height: number, depth: number): Array<{ x: number; y: number; z: number; width: number; depth: number; thickness: number }> {
  const shares = [1, 0.74, 0.55, 0.4];
  const thickness = Math.max(4, Math.min(18, height * 0.08));
  return shares.map((share, i) => {
    // offset inside the largest disc's outline, round a golden-angle spiral
    const angle = i * 2.39996;
    const room = (1 - share) / 2;
    return {
      x: round01(Math.cos(angle) * room * width * 0.7 * (i === 0 ? 0 : 1)),
      z: round01(Math.sin(angle) * room * depth * 0.7 * (i === 0 ? 0 : 1)),
      y: round01(thickness / 2 + (i * (height - thickness)) / (shares.length - 1)),
      width: width * share,
      depth: depth * share,
      thickness,
    };
  });
}

function addCanopyAtCeiling(add: (name: string, kind: LuminairePart['kind'], material: PartMaterial, centre: Vec3mm, size: Vec3mm, role?: PartRole) => void, canopy: Canopy): void {
  if (canopy.diameter === 0) return;
  add('canopy', 'cylinder', 'canopy', [0, -canopy.height / 2, 0], [canopy.diameter, canopy.height, canopy.diameter], 'mounting');
  if (canopy.recessed && canopy.cutout) add('recessed-housing', 'cylinder', 'metal', [0, 25, 0], [canopy.cutout, 50, canopy.cutout], 'mounting');
}

/** The bounding box of parts, mm. */
export function boundsOf(parts: readonly LuminairePart[]): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const part of parts) {
    for (const axis of [0, 1, 2] as const) {
      min[axis] = Math.min(min[axis], part.centre[axis] - part.size[axis] / 2);
      max[axis] = Math.max(max[axis], part.centre[axis] + part.size[axis] / 2);
    }
  }
  return { min, max };
}

/** The luminaire's own bounding box (its mounting left out): the catalogue's width × height × depth. */
export function luminaireEnvelope(geometry: Pick<LuminaireGeometry, 'parts'>): Bounds {
  return boundsOf(geometry.parts.filter((part) => part.role === 'luminaire'));
}

/** Width, height and depth of a bounding box, mm. */
export function sizeOf(bounds: Bounds): { width: number; height: number; depth: number } {
  return { width: bounds.max[0] - bounds.min[0], height: bounds.max[1] - bounds.min[1], depth: bounds.max[2] - bounds.min[2] };
}
