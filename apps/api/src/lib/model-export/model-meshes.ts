/**
 * The meshes of a drawing's 3D model, built with three's geometries from @lumen/domain's `ModelPart`s
 * (drawingParts): beams are boxes and cables thin cylinders laid from `from` to `to`, cylinders stand
 * upright at `centre`, spheres sit at `centre`. Each geometry is baked into room coordinates (metres,
 * y up), so every file format writes the same vertices and no node carries a transform.
 */
import type { ModelPart, ModelPoint } from '@lumen/domain';
import { BoxGeometry, type BufferGeometry, CylinderGeometry, Matrix4, Quaternion, SphereGeometry, Vector3 } from 'three';

/** One solid ready to write: its element id, look and triangles (non-indexed geometries are indexed here). */
export interface PartMesh {
  readonly part: ModelPart;
  readonly geometry: BufferGeometry;
}

const Y = new Vector3(0, 1, 0);
const Z = new Vector3(0, 0, 1);
const vec = (point: ModelPoint) => new Vector3(point.x, point.y, point.z);

/** A part whose points are missing or not finite cannot be drawn: the domain never makes one; refusing it keeps NaN out of the files. */
function pointOf(part: ModelPart, key: 'from' | 'to' | 'centre'): Vector3 {
  const point = part[key];
  if (!point || ![point.x, point.y, point.z].every(Number.isFinite)) throw new Error(`model part ${part.id} has no ${key}`);
  return vec(point);
}

/** A geometry whose own axis (`axis`) is laid along from→to, centred between them. */
function laid(geometry: BufferGeometry, axis: Vector3, from: Vector3, to: Vector3): BufferGeometry {
  const direction = to.clone().sub(from);
  const length = direction.length();
  const rotation = length > 0 ? new Quaternion().setFromUnitVectors(axis, direction.divideScalar(length)) : new Quaternion();
  return geometry.applyMatrix4(new Matrix4().compose(from.clone().add(to).multiplyScalar(0.5), rotation, new Vector3(1, 1, 1)));
}

export function partGeometry(part: ModelPart): BufferGeometry {
  const radius = Math.max(part.radius, 0.001);
  switch (part.shape) {
    case 'beam': {
      const from = pointOf(part, 'from');
      const to = pointOf(part, 'to');
      // A lit profile: a square section of twice the radius, its length along z before it is laid.
      return laid(new BoxGeometry(radius * 2, radius * 2, Math.max(from.distanceTo(to), 0.001)), Z, from, to);
    }
    case 'cable': {
      const from = pointOf(part, 'from');
      const to = pointOf(part, 'to');
      return laid(new CylinderGeometry(radius, radius, Math.max(from.distanceTo(to), 0.001), 8, 1), Y, from, to);
    }
    case 'cylinder': {
      const centre = pointOf(part, 'centre');
      const height = part.length !== undefined && part.length > 0 ? part.length : radius * 2;
      return new CylinderGeometry(radius, radius, height, 24, 1).translate(centre.x, centre.y, centre.z);
    }
    case 'sphere': {
      const centre = pointOf(part, 'centre');
      return new SphereGeometry(radius, 16, 12).translate(centre.x, centre.y, centre.z);
    }
  }
}

export function partMeshes(parts: readonly ModelPart[]): PartMesh[] {
  return parts.map((part) => ({ part, geometry: partGeometry(part) }));
}
