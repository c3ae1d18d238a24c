/**
 * The 3D model of a luminaire from its geometry: triangle meshes (boxes, 32-sided cylinders) with
 * normals, in metres, y up, written as glTF 2.0 binary (.glb, our own writer: one buffer, a mesh
 * and a node per part, PBR materials in the finish's colour, the light faces emissive) and as
 * Wavefront OBJ with its MTL.
 */
import { type LuminaireGeometry, type LuminaireMesh, luminaireMeshes, type PartMaterial } from '@lumen/domain';

export type Mesh = LuminaireMesh;

/** The meshes of the geometry's parts (packages/domain), in metres, y up. */
export function meshesOf(geometry: LuminaireGeometry): Mesh[] {
  return luminaireMeshes(geometry);
}

export interface Appearance {
  /** The finish's colour, #rrggbb (sRGB). */
  finish: string;
  /** Colour temperature of the light faces, K. */
  kelvin: number;
}

const srgbToLinear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
};

function rgb(hex: string): [number, number, number] {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? 'b5b8bb';
  return [0, 2, 4].map((at) => Number.parseInt(value.slice(at, at + 2), 16)) as [number, number, number];
}

/** An approximate sRGB colour of a black body at `kelvin` (Tanner Helland's fit), for the light faces. */
export function kelvinColour(kelvin: number): [number, number, number] {
  const t = Math.min(40000, Math.max(1000, kelvin)) / 100;
  const clamp = (v: number) => Math.round(Math.min(255, Math.max(0, v)));
  const r = t <= 66 ? 255 : 329.698727446 * Math.pow(t - 60, -0.1332047592);
  const g = t <= 66 ? 99.4708025861 * Math.log(t) - 161.1195681661 : 288.1221695283 * Math.pow(t - 60, -0.0755148492);
  const b = t >= 66 ? 255 : t <= 19 ? 0 : 138.5177312231 * Math.log(t - 10) - 305.0447927307;
  return [clamp(r), clamp(g), clamp(b)];
}

interface MaterialSpec {
  name: string;
  colour: [number, number, number];
  metallic: number;
  roughness: number;
  emissive?: [number, number, number];
}

function materialSpecs(appearance: Appearance): Record<PartMaterial, MaterialSpec> {
  const finish = rgb(appearance.finish);
  const light = kelvinColour(appearance.kelvin);
  return {
    body: { name: 'finish', colour: finish, metallic: 0.1, roughness: 0.55 },
    canopy: { name: 'canopy', colour: finish, metallic: 0.1, roughness: 0.55 },
    cable: { name: 'cable', colour: [34, 34, 36], metallic: 0, roughness: 0.8 },
    metal: { name: 'metal', colour: [181, 184, 187], metallic: 0.8, roughness: 0.35 },
    light: { name: 'light', colour: light, metallic: 0, roughness: 0.3, emissive: light },
  };
}

/** glTF 2.0 binary: JSON chunk + BIN chunk, each 4-byte aligned. */
export function writeGlb(geometry: LuminaireGeometry, appearance: Appearance, name: string): Buffer {
  const meshes = meshesOf(geometry);
  const specs = materialSpecs(appearance);
  const used = [...new Set(meshes.map((mesh) => mesh.material))];
  const materialIndex = new Map(used.map((material, i) => [material, i]));
  const chunks: Buffer[] = [];
  let offset = 0;
  const bufferViews: Array<Record<string, number>> = [];
  const accessors: Array<Record<string, unknown>> = [];
  const push = (data: Buffer, target: number) => {
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: data.length, target });
    chunks.push(padded);
    offset += padded.length;
    return bufferViews.length - 1;
  };
  const gltfMeshes = meshes.map((mesh) => {
    const positions = Float32Array.from(mesh.positions);
    const normals = Float32Array.from(mesh.normals);
    const count = positions.length / 3;
    const min = [0, 1, 2].map((axis) => Math.min(...Array.from(positions.filter((_, i) => i % 3 === axis))));
    const max = [0, 1, 2].map((axis) => Math.max(...Array.from(positions.filter((_, i) => i % 3 === axis))));
    const pView = push(Buffer.from(positions.buffer), 34962);
    accessors.push({ bufferView: pView, componentType: 5126, count, type: 'VEC3', min, max });
    const position = accessors.length - 1;
    const nView = push(Buffer.from(normals.buffer), 34962);
    accessors.push({ bufferView: nView, componentType: 5126, count, type: 'VEC3' });
    const normal = accessors.length - 1;
    const wide = count > 65535;
    const indices = wide ? Uint32Array.from(mesh.indices) : Uint16Array.from(mesh.indices);
    const iView = push(Buffer.from(indices.buffer), 34963);
    accessors.push({ bufferView: iView, componentType: wide ? 5125 : 5123, count: indices.length, type: 'SCALAR' });
    return { name: mesh.name, primitives: [{ attributes: { POSITION: position, NORMAL: normal }, indices: accessors.length - 1, material: materialIndex.get(mesh.material) ?? 0, mode: 4 }] };
  });
  const bin = Buffer.concat(chunks);
  const json = {
    asset: { version: '2.0', generator: 'Lumen Pro document makers' },
    scene: 0,
    scenes: [{ name, nodes: [meshes.length] }],
    // each node says whether it is the luminaire's own or its mounting (canopy, suspension, housing)
    nodes: [...meshes.map((mesh, i) => ({ name: mesh.name, mesh: i, extras: { role: mesh.role } })), { name, children: meshes.map((_, i) => i) }],
    meshes: gltfMeshes,
    materials: used.map((material) => {
      const spec = specs[material];
      return {
        name: spec.name,
        pbrMetallicRoughness: { baseColorFactor: [...spec.colour.map(srgbToLinear), 1], metallicFactor: spec.metallic, roughnessFactor: spec.roughness },
        ...(spec.emissive ? { emissiveFactor: spec.emissive.map(srgbToLinear) } : {}),
      };
    }),
    accessors,
    bufferViews,
    buffers: [{ byteLength: bin.length }],
  };
  const jsonBytes = Buffer.from(JSON.stringify(json), 'utf8');
  const jsonChunk = Buffer.concat([jsonBytes, Buffer.alloc((4 - (jsonBytes.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonChunk.length + 8 + bin.length;
  header.writeUInt32LE(0x46546c67, 0); // 'glTF'
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunkHeader = (length: number, type: number) => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(length, 0);
    b.writeUInt32LE(type, 4);
    return b;
  };
  return Buffer.concat([header, chunkHeader(jsonChunk.length, 0x4e4f534a), jsonChunk, chunkHeader(bin.length, 0x004e4942), bin]);
}

const n6 = (value: number) => (Math.round(value * 1e6) / 1e6).toString();

/** Wavefront OBJ (metres, y up) and its material library. */
export function writeObj(geometry: LuminaireGeometry, appearance: Appearance, name: string, mtlFileName: string): { obj: string; mtl: string } {
  const meshes = meshesOf(geometry);
  const specs = materialSpecs(appearance);
  const lines = [`# ${name}`, '# Lumen Pro document makers; units: metres, y up', `mtllib ${mtlFileName}`];
  let base = 1;
  for (const mesh of meshes) {
    lines.push(`o ${mesh.name}`, `usemtl ${specs[mesh.material].name}`);
    for (let i = 0; i < mesh.positions.length; i += 3) lines.push(`v ${n6(mesh.positions[i] ?? 0)} ${n6(mesh.positions[i + 1] ?? 0)} ${n6(mesh.positions[i + 2] ?? 0)}`);
    for (let i = 0; i < mesh.normals.length; i += 3) lines.push(`vn ${n6(mesh.normals[i] ?? 0)} ${n6(mesh.normals[i + 1] ?? 0)} ${n6(mesh.normals[i + 2] ?? 0)}`);
    for (let i = 0; i < mesh.indices.length; i += 3) {
      const [a, b, c] = [mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]].map((index) => (index ?? 0) + base);
      lines.push(`f ${a}//${a} ${b}//${b} ${c}//${c}`);
    }
    base += mesh.positions.length / 3;
  }
  const used = [...new Set(meshes.map((mesh) => mesh.material))];
  const mtl = used.flatMap((material) => {
    const spec = specs[material];
    const [r, g, b] = spec.colour.map((c) => n6(c / 255));
    return [`newmtl ${spec.name}`, `Kd ${r} ${g} ${b}`, 'Ka 0 0 0', `Ns ${Math.round((1 - spec.roughness) * 200)}`, ...(spec.emissive ? [`Ke ${spec.emissive.map((c) => n6(c / 255)).join(' ')}`] : []), 'd 1', 'illum 2', ''];
  });
  return { obj: `${lines.join('\n')}\n`, mtl: `${mtl.join('\n')}\n` };
}

/**
 * Binary STL of the luminaire (issue 28 §4: the regular 2D/3D download includes STL): every triangle of
 * every part, in millimetres (STL has no unit; CAD and slicers read millimetres), z up as STL readers
 * expect (our y up becomes z), each facet with its normal from its vertices' winding.
 */
export function writeStl(geometry: LuminaireGeometry, name: string): Buffer {
  const meshes = meshesOf(geometry);
  const triangles = meshes.reduce((sum, mesh) => sum + mesh.indices.length / 3, 0);
  const out = Buffer.alloc(84 + triangles * 50);
  out.write(`Lumen Pro ${name}`.replace(/[^\x20-\x7e]/g, '-').slice(0, 79), 0, 'ascii');
  out.writeUInt32LE(triangles, 80);
  let offset = 84;
  for (const mesh of meshes) {
    // metres (x, y up, z) → millimetres (x, −z, y): z up, the same handedness
    const point = (index: number): [number, number, number] => [(mesh.positions[index * 3] ?? 0) * 1000, -(mesh.positions[index * 3 + 2] ?? 0) * 1000, (mesh.positions[index * 3 + 1] ?? 0) * 1000];
    for (let i = 0; i < mesh.indices.length; i += 3) {
      const [a, b, c] = [point(mesh.indices[i] ?? 0), point(mesh.indices[i + 1] ?? 0), point(mesh.indices[i + 2] ?? 0)];
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const normal = [(u[1] ?? 0) * (v[2] ?? 0) - (u[2] ?? 0) * (v[1] ?? 0), (u[2] ?? 0) * (v[0] ?? 0) - (u[0] ?? 0) * (v[2] ?? 0), (u[0] ?? 0) * (v[1] ?? 0) - (u[1] ?? 0) * (v[0] ?? 0)];
      const length = Math.hypot(normal[0] ?? 0, normal[1] ?? 0, normal[2] ?? 0) || 1;
      for (const value of [...normal.map((component) => component / length), ...a, ...b, ...c]) {
        out.writeFloatLE(value, offset);
        offset += 4;
      }
      out.writeUInt16LE(0, offset);
      offset += 2;
    }
  }
  return out;
}
