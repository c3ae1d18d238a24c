/**
 * Wavefront OBJ and binary STL of a drawing's model with three's own exporters (they run in Node):
 * one object per part named after its element (OBJ `o`, with `usemtl` naming its material kind and
 * colour), metres, y up. STL carries no units or names: the same triangles, in metres.
 */
import { Group, Mesh, MeshStandardMaterial } from 'three';
import { OBJExporter } from 'three/examples/jsm/exporters/OBJExporter.js';
import { STLExporter } from 'three/examples/jsm/exporters/STLExporter.js';
import type { PartMesh } from './model-meshes';

function sceneOf(meshes: readonly PartMesh[]): Group {
  const group = new Group();
  const materials = new Map<string, MeshStandardMaterial>();
  for (const { part, geometry } of meshes) {
    const key = `${part.material}_${part.colour.replace('#', '').toLowerCase()}`;
    let material = materials.get(key);
    if (!material) {
      material = new MeshStandardMaterial({ name: key, color: part.colour });
      materials.set(key, material);
    }
    const mesh = new Mesh(geometry, material);
    mesh.name = part.elementId;
    group.add(mesh);
  }
  group.updateMatrixWorld(true);
  return group;
}

/** The OBJ; with `mtlFileName` it names its material library (`mtllib`), written by `writeMtl`. */
export function writeObj(meshes: readonly PartMesh[], title: string, mtlFileName?: string): Buffer {
  // OBJ comments are one line each: the title cannot break out of its line.
  const header = `# ${title.replace(/[\r\n]+/g, ' ')}\n# Lumen Pro model export, metres, y up\n${mtlFileName ? `mtllib ${mtlFileName.replace(/[^A-Za-z0-9._-]/g, '_')}\n` : ''}`;
  return Buffer.from(header + new OBJExporter().parse(sceneOf(meshes)), 'utf8');
}

/** The material library of `writeObj`'s materials: each one's colour (its finish) as Kd, an emitter's as Ke too. */
export function writeMtl(meshes: readonly PartMesh[]): Buffer {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const { part } of meshes) {
    const key = `${part.material}_${part.colour.replace('#', '').toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const hex = /^#[0-9a-f]{6}$/i.test(part.colour) ? part.colour : '#808080';
    const rgb = [1, 3, 5].map((at) => (Number.parseInt(hex.slice(at, at + 2), 16) / 255).toFixed(4)).join(' ');
    lines.push(`newmtl ${key}`, `Kd ${rgb}`, 'Ka 0 0 0', `d ${part.material === 'glass' ? '0.55' : '1'}`, ...(part.material === 'emitter' ? [`Ke ${rgb}`] : []), 'illum 2', '');
  }
  return Buffer.from(lines.join('\n'), 'utf8');
}

export function writeStl(meshes: readonly PartMesh[]): Buffer {
  const view = new STLExporter().parse(sceneOf(meshes), { binary: true });
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}
