/**
 * A composition's picture (issue 35 §2): the solids of a creation's space as packages/domain's
 * `compositionParts` gives them (a drawn family's sticks, straps, reflectors and lights in their
 * finishes; a crea's elements by their boxes; the wire of each pendant) turned into meshes the
 * renderer draws: beams as boxes, cables and cylinders along their axes, spheres. Metres, room
 * coordinates, y up.
 */
import type { ModelPart, ModelPoint } from '@lumen/domain';
import type { RenderableMesh } from './render-luminaire';
import type { FinishSurface, Vec3 } from './render-shading';

const SURFACE: Readonly<Record<ModelPart['material'], FinishSurface>> = { metal: 'lacquer', textile: 'fabric', glass: 'glass', emitter: 'lacquer' };

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const normalise = (v: Vec3): Vec3 => {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
};
const vec = (point: ModelPoint): Vec3 => [point.x, point.y, point.z];

/** Triangles with their outward normals; each triangle is wound counter-clockwise seen from outside (the renderer culls back faces). */
class Builder {
  readonly positions: number[] = [];
  readonly normals: number[] = [];
  readonly indices: number[] = [];
  vertex(p: Vec3, n: Vec3): number {
    this.positions.push(p[0], p[1], p[2]);
    this.normals.push(n[0], n[1], n[2]);
    return this.positions.length / 3 - 1;
  }
  triangle(a: number, b: number, c: number, outward: Vec3): void {
    const at = (i: number): Vec3 => [this.positions[i * 3]!, this.positions[i * 3 + 1]!, this.positions[i * 3 + 2]!];
    const face = cross(sub(at(b), at(a)), sub(at(c), at(a)));
    if (dot(face, outward) >= 0) this.indices.push(a, b, c);
    else this.indices.push(a, c, b);
  }
}

/** Two unit vectors across an axis. */
function across(axis: Vec3): [Vec3, Vec3] {
  const helper: Vec3 = Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normalise(cross(axis, helper));
  return [u, cross(axis, u)];
}

function tube(builder: Builder, from: Vec3, to: Vec3, radius: number, segments: number): void {
  const axis = normalise(sub(to, from));
  const [u, v] = across(axis);
  const ring = (centre: Vec3, i: number): { p: Vec3; n: Vec3 } => {
    const a = (i / segments) * Math.PI * 2;
    const n: Vec3 = [u[0] * Math.cos(a) + v[0] * Math.sin(a), u[1] * Math.cos(a) + v[1] * Math.sin(a), u[2] * Math.cos(a) + v[2] * Math.sin(a)];
    return { p: [centre[0] + n[0] * radius, centre[1] + n[1] * radius, centre[2] + n[2] * radius], n };
  };
  for (let i = 0; i < segments; i++) {
    const a0 = ring(from, i);
    const a1 = ring(from, i + 1);
    const b0 = ring(to, i);
    const b1 = ring(to, i + 1);
    const i0 = builder.vertex(a0.p, a0.n);
    const i1 = builder.vertex(a1.p, a1.n);
    const i2 = builder.vertex(b1.p, b1.n);
    const i3 = builder.vertex(b0.p, b0.n);
    const out = normalise([a0.n[0] + a1.n[0], a0.n[1] + a1.n[1], a0.n[2] + a1.n[2]]);
    builder.triangle(i0, i1, i2, out);
    builder.triangle(i0, i2, i3, out);
  }
  for (const [centre, n] of [
    [from, [-axis[0], -axis[1], -axis[2]] as Vec3],
    [to, axis],
  ] as const) {
    const middle = builder.vertex(centre, n);
    for (let i = 0; i < segments; i++) builder.triangle(middle, builder.vertex(ring(centre, i).p, n), builder.vertex(ring(centre, i + 1).p, n), n);
  }
}

function beam(builder: Builder, from: Vec3, to: Vec3, half: number): void {
  const axis = normalise(sub(to, from));
  const [u, v] = across(axis);
  const centre: Vec3 = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2, (from[2] + to[2]) / 2];
  const length = Math.hypot(...sub(to, from)) / 2;
  const axes: Array<[Vec3, number]> = [
    [axis, length],
    [u, half],
    [v, half],
  ];
  for (let k = 0; k < 3; k++) {
    for (const sign of [1, -1]) {
      const [n, h] = axes[k]!;
      const [p, hp] = axes[(k + 1) % 3]!;
      const [q, hq] = axes[(k + 2) % 3]!;
      const normal: Vec3 = [n[0] * sign, n[1] * sign, n[2] * sign];
      const corner = (a: number, b: number): Vec3 => [0, 1, 2].map((i) => centre[i]! + normal[i]! * h + p[i]! * hp * a + q[i]! * hq * b) as Vec3;
      const ids = [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)].map((point) => builder.vertex(point, normal));
      builder.triangle(ids[0]!, ids[1]!, ids[2]!, normal);
      builder.triangle(ids[0]!, ids[2]!, ids[3]!, normal);
    }
  }
}

function sphere(builder: Builder, centre: Vec3, radius: number): void {
  const rings = 12;
  const sides = 20;
  const point = (i: number, j: number): Vec3 => {
    const theta = (i / rings) * Math.PI;
    const phi = (j / sides) * Math.PI * 2;
    return [Math.sin(theta) * Math.cos(phi), Math.cos(theta), Math.sin(theta) * Math.sin(phi)];
  };
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < sides; j++) {
      const corners = [point(i, j), point(i + 1, j), point(i + 1, j + 1), point(i, j + 1)];
      const ids = corners.map((n) => builder.vertex([centre[0] + n[0] * radius, centre[1] + n[1] * radius, centre[2] + n[2] * radius], n));
      const out = normalise(corners.reduce<Vec3>((sum, n) => [sum[0] + n[0], sum[1] + n[1], sum[2] + n[2]], [0, 0, 0]));
      builder.triangle(ids[0]!, ids[1]!, ids[2]!, out);
      builder.triangle(ids[0]!, ids[2]!, ids[3]!, out);
    }
  }
}

/** The meshes of a composition's solids, each in its own colour and surface; lights glow, wires are cables. */
export function compositionMeshes(parts: readonly ModelPart[]): RenderableMesh[] {
  const meshes: RenderableMesh[] = [];
  for (const part of parts) {
    const builder = new Builder();
    const radius = Math.max(part.radius, 0.0015);
    try {
      if ((part.shape === 'beam' || part.shape === 'cable') && part.from && part.to) {
        if (part.shape === 'beam') beam(builder, vec(part.from), vec(part.to), radius);
        else tube(builder, vec(part.from), vec(part.to), radius, 8);
      } else if (part.centre && part.shape === 'sphere') sphere(builder, vec(part.centre), radius);
      else if (part.centre) {
        const c = vec(part.centre);
        const half = (part.length ?? radius * 2) / 2;
        tube(builder, [c[0], c[1] - half, c[2]], [c[0], c[1] + half, c[2]], radius, 48);
      } else continue;
    } catch {
      continue;
    }
    if (![...builder.positions].every(Number.isFinite)) continue;
    // a wire is a black cable; a textile strap (Plusminus's ribbon) keeps its own colour
    const wire = part.shape === 'cable' && part.material !== 'textile';
    meshes.push({
      name: part.id,
      material: wire ? 'cable' : part.material === 'emitter' ? 'light' : 'body',
      role: part.shape === 'cable' ? 'mounting' : 'luminaire',
      positions: builder.positions,
      normals: builder.normals,
      indices: builder.indices,
      ...(wire || part.material === 'emitter' ? {} : { finish: { colour: part.colour, surface: SURFACE[part.material] } }),
    });
  }
  return meshes;
}
