/**
 * glTF 2.0 binary (.glb) of a drawing's model with glTF-Transform: one buffer, one node per element
 * (named after its id) holding one mesh with a primitive per part of that element, one PBR material
 * per colour and material kind (metal, textile, glass, emitter: an emitter glows in its colour).
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { Color } from 'three';
import type { PartMesh } from './model-meshes';

const LOOK: Record<PartMesh['part']['material'], { metallic: number; roughness: number; alpha: number }> = {
  metal: { metallic: 0.85, roughness: 0.35, alpha: 1 },
  textile: { metallic: 0, roughness: 0.95, alpha: 1 },
  glass: { metallic: 0, roughness: 0.08, alpha: 0.55 },
  emitter: { metallic: 0, roughness: 0.5, alpha: 1 },
};

/** '#rrggbb' (sRGB) → linear RGB, as glTF's colour factors are. */
function linear(hex: string): [number, number, number] {
  const colour = new Color(/^#[0-9a-f]{6}$/i.test(hex) ? hex : '#808080').convertSRGBToLinear();
  return [colour.r, colour.g, colour.b];
}

export async function writeGlb(meshes: readonly PartMesh[], title: string): Promise<Buffer> {
  const document = new Document();
  document.getRoot().getAsset().generator = 'Lumen Pro model export';
  const buffer = document.createBuffer();
  const scene = document.createScene(title);
  const materials = new Map<string, ReturnType<Document['createMaterial']>>();
  const meshOf = new Map<string, ReturnType<Document['createMesh']>>();
  for (const { part, geometry } of meshes) {
    const key = `${part.material}|${part.colour.toLowerCase()}`;
    let material = materials.get(key);
    if (!material) {
      const look = LOOK[part.material];
      const [r, g, b] = linear(part.colour);
      material = document
        .createMaterial(`${part.material} ${part.colour.toLowerCase()}`)
        .setBaseColorFactor([r, g, b, look.alpha])
        .setMetallicFactor(look.metallic)
        .setRoughnessFactor(look.roughness)
        .setAlphaMode(look.alpha < 1 ? 'BLEND' : 'OPAQUE');
      if (part.material === 'emitter') material.setEmissiveFactor([r, g, b]);
      materials.set(key, material);
    }
    const position = geometry.getAttribute('position');
    const normal = geometry.getAttribute('normal');
    const index = geometry.getIndex();
    const primitive = document
      .createPrimitive()
      .setMaterial(material)
      .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(new Float32Array(position.array)).setBuffer(buffer))
      .setAttribute('NORMAL', document.createAccessor().setType('VEC3').setArray(new Float32Array(normal.array)).setBuffer(buffer));
    if (index) {
      const indices = position.count > 65_535 ? new Uint32Array(index.array) : new Uint16Array(index.array);
      primitive.setIndices(document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
    }
    let mesh = meshOf.get(part.elementId);
    if (!mesh) {
      mesh = document.createMesh(part.elementId);
      meshOf.set(part.elementId, mesh);
      scene.addChild(document.createNode(part.elementId).setMesh(mesh));
    }
    mesh.addPrimitive(primitive.setExtras({ partId: part.id, shape: part.shape }));
  }
  document.getRoot().setDefaultScene(scene);
  return Buffer.from(await new NodeIO().writeBinary(document));
}
