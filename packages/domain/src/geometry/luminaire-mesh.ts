/**
 * Triangle meshes of a luminaire geometry's parts (boxes, 32-sided cylinders) with outward normals,
 * in metres, y up: what the glb, OBJ and STL writers and a 3D view draw.
 */
import type { LuminaireGeometry, LuminairePart, PartMaterial, PartRole } from './luminaire-geometry';

export interface LuminaireMesh {
  readonly name: string;
  readonly material: PartMaterial;
  readonly role: PartRole;
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
  return { name: part.name, material: part.material, role: part.role, positions, normals, indices };
}

function cylinderMesh(part: LuminairePart): LuminaireMesh {
  const [cx, cy, cz] = part.centre.map((v) => v / 1000) as [number, number, number];
  const rx = part.size[0] / 2000;
  const rz = part.size[2] / 2000;
  const half = part.size[1] / 2000;
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  // Side: two rings with radial normals.
  for (let i = 0; i <= CYLINDER_SEGMENTS; i++) {
    const a = (i / CYLINDER_SEGMENTS) * Math.PI * 2;
    const x = Math.cos(a);
    const z = Math.sin(a);
    const length = Math.hypot(x / (rx || 1), z / (rz || 1)) || 1;
    for (const y of [-half, half]) {
      positions.push(cx + x * rx, cy + y, cz + z * rz);
      normals.push(x / (rx || 1) / length, 0, z / (rz || 1) / length);
    }
  }
  for (let i = 0; i < CYLINDER_SEGMENTS; i++) {
    const a = i * 2;
    indices.push(a, a + 1, a + 3, a, a + 3, a + 2);
  }
  // Caps.
  for (const [y, ny] of [
    [half, 1],
    [-half, -1],
  ] as const) {
    const centre = positions.length / 3;
    positions.push(cx, cy + y, cz);
    normals.push(0, ny, 0);
    for (let i = 0; i <= CYLINDER_SEGMENTS; i++) {
      const a = (i / CYLINDER_SEGMENTS) * Math.PI * 2;
      positions.push(cx + Math.cos(a) * rx, cy + y, cz + Math.sin(a) * rz);
      normals.push(0, ny, 0);
    }
    for (let i = 0; i < CYLINDER_SEGMENTS; i++) {
      if (ny > 0) indices.push(centre, centre + i + 2, centre + i + 1);
      else indices.push(centre, centre + i + 1, centre + i + 2);
    }
  }
  return { name: part.name, material: part.material, role: part.role, positions, normals, indices };
}

/** One mesh per part, in the parts' order. */
export function luminaireMeshes(geometry: Pick<LuminaireGeometry, 'parts'>): LuminaireMesh[] {
  return geometry.parts.map((part) => (part.kind === 'box' ? boxMesh(part) : cylinderMesh(part)));
}
