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

export function writeObj(meshes: readonly PartMesh[], title: string): Buffer {
  // OBJ comments are one line each: the title cannot break out of its line.
  const header = `# ${title.replace(/[\r\n]+/g, ' ')}\n# Lumen Pro model export, metres, y up\n`;
  return Buffer.from(header + new OBJExporter().parse(sceneOf(meshes)), 'utf8');
}

export function writeStl(meshes: readonly PartMesh[]): Buffer {
  const view = new STLExporter().parse(sceneOf(meshes), { binary: true });
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}
