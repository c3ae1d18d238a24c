/**
 * The domain's luminaire geometry as three.js data (issue 35 §3): `luminaireMeshes` (the triangle
 * meshes the glb, OBJ and STL files are written from) merged into one BufferGeometry per part
 * material, so a luminaire is a handful of draws however many parts it has (a 7-head pendant is one
 * geometry for its heads and one for its light faces), and instancing draws any number of them.
 * Only three.js's core: this module loads with the 3D chunks, never on the first load.
 */
import { finishSurface, luminaireEnvelope, type SurfaceKind, luminaireMeshes, type LuminaireGeometry, type LuminairePart, type PartMaterial, type Vec3mm } from '@lumen/domain';
import * as THREE from 'three';

export type PartSelection = 'luminaire' | 'all';

export interface LuminaireThreeOptions {
  /** The luminaire's own parts only (a room draws the canopy and wires itself), or the mounting too. */
  readonly parts?: PartSelection;
  /**
   * Where the origin is: the mounting point (the domain's origin: the ceiling for a pendant) or the
   * centre of the luminaire's envelope (to place it where a room's element says its body is).
   */
  readonly origin?: 'mounting' | 'envelope';
  /** Millimetres added round every part (a selection outline's shell). */
  readonly grow?: number;
  /** Part materials left out (e.g. 'cable' when the scene draws its wires). */
  readonly without?: readonly PartMaterial[];
}

/** One geometry per part material of a luminaire (metres, y up). */
export type LuminaireGeometries = Partial<Record<PartMaterial, THREE.BufferGeometry>>;

/** The centre of the luminaire's envelope, mm. */
export function envelopeCentre(geometry: Pick<LuminaireGeometry, 'parts'>): Vec3mm {
  const { min, max } = luminaireEnvelope(geometry);
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
}

/** The parts chosen, moved to the origin asked for and grown by `grow` mm. */
export function selectParts(geometry: Pick<LuminaireGeometry, 'parts'>, options: LuminaireThreeOptions = {}): LuminairePart[] {
  const offset = options.origin === 'envelope' ? envelopeCentre(geometry) : ([0, 0, 0] as const);
  const grow = options.grow ?? 0;
  return geometry.parts
    .filter((part) => (options.parts ?? 'all') === 'all' || part.role === 'luminaire')
    .filter((part) => !options.without?.includes(part.material))
    .map((part) => ({
      ...part,
      centre: [part.centre[0] - offset[0], part.centre[1] - offset[1], part.centre[2] - offset[2]] as const,
      size: grow === 0 ? part.size : ([part.size[0] + 2 * grow, part.size[1] + 2 * grow, part.size[2] + 2 * grow] as const),
    }));
}

/** The luminaire's meshes merged per part material into indexed BufferGeometries (positions and normals). */
export function luminaireGeometries(geometry: Pick<LuminaireGeometry, 'parts'>, options: LuminaireThreeOptions = {}): LuminaireGeometries {
  const byMaterial = new Map<PartMaterial, { positions: number[]; normals: number[]; indices: number[] }>();
  for (const mesh of luminaireMeshes({ parts: selectParts(geometry, options) })) {
    const target = byMaterial.get(mesh.material) ?? { positions: [], normals: [], indices: [] };
    const base = target.positions.length / 3;
    target.positions.push(...mesh.positions);
    target.normals.push(...mesh.normals);
    for (const index of mesh.indices) target.indices.push(base + index);
    byMaterial.set(mesh.material, target);
  }
  const out: LuminaireGeometries = {};
  for (const [material, data] of byMaterial) {
    const buffer = new THREE.BufferGeometry();
    buffer.setAttribute('position', new THREE.Float32BufferAttribute(data.positions, 3));
    buffer.setAttribute('normal', new THREE.Float32BufferAttribute(data.normals, 3));
    buffer.setIndex(data.indices);
    buffer.computeBoundingBox();
    buffer.computeBoundingSphere();
    out[material] = buffer;
  }
  return out;
}

/** Every geometry of a luminaire merged into one (a selection outline, a shadow caster). */
export function mergedGeometry(geometries: LuminaireGeometries): THREE.BufferGeometry {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (const geometry of Object.values(geometries)) {
    const base = positions.length / 3;
    positions.push(...(geometry.getAttribute('position').array as Float32Array));
    normals.push(...(geometry.getAttribute('normal').array as Float32Array));
    for (const index of geometry.getIndex()?.array ?? []) indices.push(base + index);
  }
  const merged = new THREE.BufferGeometry();
  merged.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  merged.setAttribute('normal', new THREE.Float32BufferAttribute(normals, 3));
  merged.setIndex(indices);
  merged.computeBoundingBox();
  merged.computeBoundingSphere();
  return merged;
}

/**
 * The triangles of a geometry that face a direction (their normal within 60° of it): a light face
 * seen only from below needs its bottom, not its rim and top (a third of a room's triangles).
 */
export function facesFacing(geometry: THREE.BufferGeometry, direction: THREE.Vector3): THREE.BufferGeometry {
  const normals = geometry.getAttribute('normal');
  const index = geometry.getIndex();
  const kept: number[] = [];
  const n = new THREE.Vector3();
  const total = index ? index.count : normals.count;
  const at = (i: number) => (index ? index.getX(i) : i);
  for (let i = 0; i < total; i += 3) {
    n.set(0, 0, 0);
    for (let k = 0; k < 3; k++) n.add(new THREE.Vector3().fromBufferAttribute(normals, at(i + k)));
    if (n.normalize().dot(direction) > 0.5) kept.push(at(i), at(i + 1), at(i + 2));
  }
  const out = new THREE.BufferGeometry();
  out.setAttribute('position', geometry.getAttribute('position'));
  out.setAttribute('normal', normals);
  out.setIndex(kept);
  out.computeBoundingBox();
  out.computeBoundingSphere();
  return out;
}

/** The bounding box of geometries together, metres. */
export function boundsOfGeometries(geometries: LuminaireGeometries | readonly THREE.BufferGeometry[]): THREE.Box3 {
  const box = new THREE.Box3();
  for (const geometry of Array.isArray(geometries) ? geometries : Object.values(geometries)) {
    if (!geometry.boundingBox) geometry.computeBoundingBox();
    if (geometry.boundingBox) box.union(geometry.boundingBox);
  }
  return box;
}

const MATERIALS = new Map<string, THREE.Material>();

/**
 * The physically based material of a finish on a part material (`finishSurface` of the domain: metal,
 * lacquer, glass, terracotta, fabric), shared by every mesh that asks for the same pair (never
 * dispose it). The light face glows in the LED's colour (`lightColour`, linear 0..1).
 */
export function surfaceMaterial(finish: string | undefined, part: PartMaterial | 'glass' | 'textile' = 'body'): THREE.MeshStandardMaterial {
  const key = `${finish ?? ''}|${part}`;
  const found = MATERIALS.get(key);
  if (found) return found as THREE.MeshStandardMaterial;
  let material: THREE.MeshStandardMaterial;
  if (part === 'cable') material = new THREE.MeshStandardMaterial({ color: '#8a8f94', metalness: 1, roughness: 0.4 });
  else if (part === 'metal') material = new THREE.MeshStandardMaterial({ color: '#b9bcbf', metalness: 1, roughness: 0.3 });
  else {
    // A canopy is the luminaire's finish; a body's finish on its own material (glass and textile keep theirs).
    const surface = finishSurface(finish, part === 'glass' || part === 'textile' ? part : undefined);
    material = new THREE.MeshStandardMaterial({
      color: new THREE.Color(surface.colour),
      metalness: surface.metalness,
      // The clear coat and the sheen as a standard material shows them (a physical material's extra
      // layers cost seconds of shader compiling on a software renderer): a lacquer a little glossier, fabric fully rough.
      roughness: surface.clearcoat > 0 ? surface.roughness * (1 - surface.clearcoat * 0.5) : surface.roughness,
      transparent: surface.opacity < 1,
      opacity: surface.opacity,
      side: surface.opacity < 1 ? THREE.DoubleSide : THREE.FrontSide,
    });
  }
  material.name = key;
  MATERIALS.set(key, material);
  return material;
}

/** A finish of each kind, for the kind's material. */
const KIND_SAMPLE: Readonly<Record<SurfaceKind, [string, 'glass' | 'textile' | undefined]>> = {
  metal: ['58', undefined],
  lacquer: ['10', undefined],
  terracotta: ['23', undefined],
  glass: ['10', 'glass'],
  fabric: ['10', 'textile'],
};

/**
 * The material of a kind of surface in white, for instanced meshes whose instances carry their
 * finish's colour (instance colours multiply it): one draw per model and kind, whatever the finishes.
 */
export function kindMaterial(kind: SurfaceKind): THREE.MeshStandardMaterial {
  const key = `kind|${kind}`;
  const found = MATERIALS.get(key);
  if (found) return found as THREE.MeshStandardMaterial;
  const [finish, part] = KIND_SAMPLE[kind];
  const material = surfaceMaterial(finish, part).clone();
  material.color.set('#ffffff');
  material.name = key;
  MATERIALS.set(key, material);
  return material;
}

/**
 * A light face: it glows, unlit, in its LED's colour (instance colours above 1 are brighter than
 * white before tone mapping, so a bright face reads as light, not as a white hole).
 */
export function emitterMaterial(): THREE.MeshBasicMaterial {
  const key = 'emitter';
  const found = MATERIALS.get(key);
  if (found) return found as THREE.MeshBasicMaterial;
  const material = new THREE.MeshBasicMaterial({ color: '#ffffff' });
  material.name = key;
  MATERIALS.set(key, material);
  return material;
}

/** How bright a light face is drawn (times its LED's colour, before tone mapping). */
export const EMITTER_GAIN = 2.4;
