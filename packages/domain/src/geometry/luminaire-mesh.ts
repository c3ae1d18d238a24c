/**
 * Triangle meshes of a luminaire geometry's parts (boxes, 32-sided cylinders) with outward normals,
 * in metres, y up: what the glb, OBJ and STL writers and a 3D view draw.
 */
import type { LuminaireGeometry, LuminairePart, PartMaterial, PartRole } from './luminaire-geometry';

export interface LuminaireMesh {
  readonly name: string;
  readonly material: PartMaterial;
  readonly role: PartRole;
  /** The part's own surface when it is not its material's (a fabric ribbon). */
  readonly surface?: 'fabric';
  readonly positions: number[];
  readonly normals: number[];
  readonly indices: number[];
}

export const CYLINDER_SEGMENTS = 32;

function boxMesh(part: LuminairePart): LuminaireMesh {
  const [cx, cy, cz] = part.centre.map((v) => v / 1000) as [number, number, number];
  const [sx, sy, sz] = part.size.map((v) => v / 2000) as [number, number, number];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  // Each face: its normal and two in-plane axes (u × v = normal, so the winding is counter-clockwise seen from outside).
  const faces: Array<[[number, number, number], [number, number, number], [number, number, number]]> = [
    [[1, 0, 0], [0, 0, -1], [0, 1, 0]],
    [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    [[0, 1, 0], [1, 0, 0], [0, 0, -1]],
    [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
    [[0, 0, -1], [-1, 0, 0], [0, 1, 0]],
  ];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      positions.push(cx + (n[0] + a * u[0] + b * v[0]) * sx, cy + (n[1] + a * u[1] + b * v[1]) * sy, cz + (n[2] + a * u[2] + b * v[2]) * sz);
      normals.push(...n);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { name: part.name, material: part.material, role: part.role, ...(part.surface ? { surface: part.surface } : {}), positions, normals, indices };
}

function cylinderMesh(part: LuminairePart, segments: number): LuminaireMesh {
  const [cx, cy, cz] = part.centre.map((v) => v / 1000) as [number, number, number];
  // built standing along y; a part along z is turned a quarter round x: (x, y, z) → (x, -z, y)
  const alongZ = part.axis === 'z';
  const rx = part.size[0] / 2000;
  const rz = (alongZ ? part.size[1] : part.size[2]) / 2000;
  const half = (alongZ ? part.size[2] : part.size[1]) / 2000;
  const taper = Math.min(1, Math.max(0.05, part.taper ?? 1));
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  const put = (x: number, y: number, z: number, nx: number, ny: number, nz: number) => {
    if (alongZ) {
      positions.push(cx + x, cy - z, cz + y);
      normals.push(nx, -nz, ny);
    } else {
      positions.push(cx + x, cy + y, cz + z);
      normals.push(nx, ny, nz);
    }
  };
  // Side: two rings (the top one narrower by the taper) with normals leaning by the slope.
  const slope = ((1 - taper) * Math.max(rx, rz)) / (2 * half || 1);
  for (let i = 0; i <= segments; i++) {
    const a = (i / segments) * Math.PI * 2;
    const x = Math.cos(a);
    const z = Math.sin(a);
    let nx = x / (rx || 1);
    let nz = z / (rz || 1);
    const flat = Math.hypot(nx, nz) || 1;
    nx /= flat;
    nz /= flat;
    const length = Math.hypot(1, slope);
    for (const [y, share] of [
      [-half, 1],
      [half, taper],
    ] as const) {
      put(x * rx * share, y, z * rz * share, nx / length, slope / length, nz / length);
    }
  }
  for (let i = 0; i < segments; i++) {
    const a = i * 2;
    indices.push(a, a + 1, a + 3, a, a + 3, a + 2);
  }
  // Caps.
  for (const [y, ny, share] of [
    [half, 1, taper],
    [-half, -1, 1],
  ] as const) {
    const centre = positions.length / 3;
    put(0, y, 0, 0, ny, 0);
    for (let i = 0; i <= segments; i++) {
      const a = (i / segments) * Math.PI * 2;
      put(Math.cos(a) * rx * share, y, Math.sin(a) * rz * share, 0, ny, 0);
    }
    for (let i = 0; i < segments; i++) {
      if (ny > 0) indices.push(centre, centre + i + 2, centre + i + 1);
      else indices.push(centre, centre + i + 1, centre + i + 2);
    }
  }
  return { name: part.name, material: part.material, role: part.role, ...(part.surface ? { surface: part.surface } : {}), positions, normals, indices };
}

/** One mesh per part, in the parts' order; cylinders of CYLINDER_SEGMENTS sides unless asked for more (an HD picture's smooth outline). */
export function luminaireMeshes(geometry: Pick<LuminaireGeometry, 'parts'>, options: { segments?: number } = {}): LuminaireMesh[] {
  const segments = Math.max(8, Math.min(256, Math.round(options.segments ?? CYLINDER_SEGMENTS)));
  return geometry.parts.map((part) => (part.kind === 'box' ? boxMesh(part) : cylinderMesh(part, segments)));
}
