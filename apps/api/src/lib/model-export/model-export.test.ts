/**
 * Every file of lib/model-export read back by an independent reader: three's GLTFLoader, OBJLoader and
 * STLLoader for the 3D model (meshes, names, triangles and the bounding box against the parts'),
 * dxf-parser for the DXF (units, layers, entities, lengths), xmllint for the SVG (well-formed, title escaped).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelPart, PlanOutline } from '@lumen/domain';
import DxfParser from 'dxf-parser';
import { Box3, type BufferGeometry, type Mesh, type Object3D, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { afterAll, describe, expect, it } from 'vitest';
import { exportModel, type ModelExportInput } from './index';
import { partMeshes } from './model-meshes';
import { lengthLabel } from './plan-files';

const work = mkdtempSync(join(tmpdir(), 'model-export-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A plusminus-like structure: two straps meeting at an anchor, a light hanging from one, a canopy, a diagonal stick. */
const parts: ModelPart[] = [
  { id: 'p-s1', elementId: 's1', shape: 'cable', from: { x: -1, y: 3, z: 0 }, to: { x: 1, y: 3, z: 0 }, radius: 0.004, colour: '#f4f4f0', material: 'textile' },
  { id: 'p-s2', elementId: 's2', shape: 'cable', from: { x: 1, y: 3, z: 0 }, to: { x: 1, y: 3, z: 1.5 }, radius: 0.004, colour: '#f4f4f0', material: 'textile' },
  { id: 'p-b1', elementId: 'b1', shape: 'beam', from: { x: -1, y: 3, z: 0 }, to: { x: -0.2, y: 3, z: -0.8 }, radius: 0.01, colour: '#16161a', material: 'metal' },
  { id: 'p-l1', elementId: 'l1', shape: 'cylinder', centre: { x: 0.2, y: 2.5, z: 0 }, radius: 0.075, length: 0.12, colour: '#a98b4f', material: 'metal' },
  { id: 'p-l1-glow', elementId: 'l1', shape: 'sphere', centre: { x: 0.2, y: 2.43, z: 0 }, radius: 0.03, colour: '#fff3d6', material: 'emitter' },
  { id: 'p-c1', elementId: 'c1', shape: 'cylinder', centre: { x: 1, y: 3.99, z: 1.5 }, radius: 0.06, length: 0.02, colour: '#f4f4f0', material: 'metal' },
];

const outline: PlanOutline = {
  segments: [
    { id: 's1', from: { x: -1, z: 0 }, to: { x: 1, z: 0 }, length: 2 },
    { id: 's2', from: { x: 1, z: 0 }, to: { x: 1, z: 1.5 }, length: 1.5 },
    { id: 'b1', from: { x: -1, z: 0 }, to: { x: -0.2, z: -0.8 }, length: Math.hypot(0.8, 0.8) },
  ],
  items: [
    { id: 'l1', kind: 'light', at: { x: 0.2, z: 0 } },
    { id: 'c1', kind: 'connection', at: { x: 1, z: 1.5 } },
  ],
};

const title = 'Plusminus <Salon> & "hall" — LP-0001';
const input: ModelExportInput = { parts, outline, title, lengths: 'metric' };

/** The parts' own extent: geometry built independently of the exporter's code path (three's Box3 of each baked geometry would be the same code). */
function expectedBox(): Box3 {
  const box = new Box3();
  for (const part of parts) {
    const grow = (point: { x: number; y: number; z: number }) => box.expandByPoint(new Vector3(point.x, point.y, point.z));
    if (part.from && part.to) {
      grow(part.from);
      grow(part.to);
    }
    if (part.centre) {
      const half = part.shape === 'cylinder' ? (part.length ?? 0) / 2 : part.radius;
      box.expandByPoint(new Vector3(part.centre.x - part.radius, part.centre.y - half, part.centre.z - part.radius));
      box.expandByPoint(new Vector3(part.centre.x + part.radius, part.centre.y + half, part.centre.z + part.radius));
    }
  }
  return box;
}

function expectBoxClose(actual: Box3, tolerance: number): void {
  const expected = expectedBox();
  for (const key of ['x', 'y', 'z'] as const) {
    expect(Math.abs(actual.min[key] - expected.min[key])).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(actual.max[key] - expected.max[key])).toBeLessThanOrEqual(tolerance);
  }
}

const triangles = (geometry: BufferGeometry) => (geometry.getIndex()?.count ?? geometry.getAttribute('position').count) / 3;
const totalTriangles = partMeshes(parts).reduce((sum, mesh) => sum + triangles(mesh.geometry), 0);
const arrayBufferOf = (body: Buffer): ArrayBuffer => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;

function meshesOf(root: Object3D): Mesh[] {
  const found: Mesh[] = [];
  root.traverse((node) => {
    if ((node as Mesh).isMesh) found.push(node as Mesh);
  });
  return found;
}

describe('model export, read back by independent readers', () => {
  it('glTF binary: one named mesh per part, one material per colour and kind, the parts’ extent', async () => {
    const file = await exportModel('glb', input);
    expect(file.contentType).toBe('model/gltf-binary');
    expect(file.body.subarray(0, 4).toString('latin1')).toBe('glTF');
    const gltf = await new Promise<{ scene: Object3D }>((resolve, reject) => new GLTFLoader().parse(arrayBufferOf(file.body), '', resolve, reject));
    const meshes = meshesOf(gltf.scene);
    expect(meshes).toHaveLength(parts.length);
    // One node per element, named after it; its parts are its meshes.
    expect(gltf.scene.children.map((node) => node.name).sort()).toEqual([...new Set(parts.map((part) => part.elementId))].sort());
    expect(meshesOf(gltf.scene.getObjectByName('l1') as Object3D)).toHaveLength(2);
    const materials = new Set(meshes.map((mesh) => (mesh.material as { name: string }).name));
    expect(materials.size).toBe(new Set(parts.map((part) => `${part.material}|${part.colour}`)).size);
    expect(meshes.reduce((sum, mesh) => sum + triangles(mesh.geometry), 0)).toBe(totalTriangles);
    expectBoxClose(new Box3().setFromObject(gltf.scene), 0.011);
  });

  /** The OBJ and MTL of the export's zip, read by unzip. */
  const unzipped = (body: Buffer) => {
    const path = join(work, `obj-${Math.random().toString(36).slice(2)}.zip`);
    writeFileSync(path, body);
    const names = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n');
    const read = (name: string) => execFileSync('unzip', ['-p', path, name], { encoding: 'utf8' });
    return { names, read };
  };

  it('OBJ: comes with its MTL in one zip, the OBJ naming it (issue 28 §4), each part’s material in it', async () => {
    const file = await exportModel('obj', { ...input, fileStem: 'plusminus-abc' });
    expect([file.contentType, file.extension]).toEqual(['application/zip', 'zip']);
    const zip = unzipped(file.body);
    expect(zip.names.sort()).toEqual(['plusminus-abc.mtl', 'plusminus-abc.obj']);
    const obj = zip.read('plusminus-abc.obj');
    expect(obj).toMatch(/^mtllib plusminus-abc\.mtl$/m);
    const mtl = zip.read('plusminus-abc.mtl');
    const used = new Set([...obj.matchAll(/^usemtl (\S+)$/gm)].map((match) => match[1]));
    const defined = new Set([...mtl.matchAll(/^newmtl (\S+)$/gm)].map((match) => match[1]));
    expect(used.size).toBeGreaterThan(0);
    for (const name of used) expect(defined.has(name), String(name)).toBe(true);
  });

  it('OBJ: one object per part named after its element, the same triangles and extent', async () => {
    const file = await exportModel('obj', input);
    const text = unzipped(file.body).read('model.obj');
    expect(text.split('\n')[0]).toBe(`# ${title}`);
    const object = new OBJLoader().parse(text);
    const meshes = meshesOf(object);
    expect(meshes.map((mesh) => mesh.name).sort()).toEqual(parts.map((part) => part.elementId).sort());
    expect(meshes.reduce((sum, mesh) => sum + triangles(mesh.geometry), 0)).toBe(totalTriangles);
    expectBoxClose(new Box3().setFromObject(object), 0.011);
  });

  it('a title with a line break stays a comment in the OBJ', async () => {
    const text = unzipped((await exportModel('obj', { ...input, title: 'one\nv 9 9 9' })).body).read('model.obj');
    expect(text.split('\n').slice(0, 2)).toEqual(['# one v 9 9 9', '# Lumen Pro model export, metres, y up']);
  });

  it('STL (binary): every triangle, the parts’ extent', async () => {
    const file = await exportModel('stl', input);
    expect(file.body.readUInt32LE(80)).toBe(totalTriangles);
    expect(file.body.byteLength).toBe(84 + 50 * totalTriangles);
    const geometry = new STLLoader().parse(arrayBufferOf(file.body));
    expect(geometry.getAttribute('position').count).toBe(totalTriangles * 3);
    geometry.computeBoundingBox();
    expectBoxClose(geometry.boundingBox as Box3, 0.011);
  });

  it('DXF: metres, layers STRUCTURE / ITEMS / DIMENSIONS, a line per segment, a circle per item, the lengths', async () => {
    const file = await exportModel('dxf', input);
    const dxf = new DxfParser().parseSync(file.body.toString('utf8'));
    expect(dxf).not.toBeNull();
    if (!dxf) return;
    expect(dxf.header.$INSUNITS).toBe(6);
    expect(Object.keys(dxf.tables.layer.layers)).toEqual(expect.arrayContaining(['STRUCTURE', 'ITEMS', 'DIMENSIONS']));
    const entities = dxf.entities as unknown as Array<{ type: string; layer: string; vertices?: Array<{ x: number; y: number }>; center?: { x: number; y: number }; text?: string }>;
    const lines = entities.filter((entity) => entity.type === 'LINE');
    expect(lines.map((line) => line.layer)).toEqual(['STRUCTURE', 'STRUCTURE', 'STRUCTURE']);
    // The plan's z is the DXF's -Y.
    expect(lines[1]?.vertices).toEqual([expect.objectContaining({ x: 1, y: 0 }), expect.objectContaining({ x: 1, y: -1.5 })]);
    const circles = entities.filter((entity) => entity.type === 'CIRCLE');
    expect(circles.map((circle) => [circle.layer, circle.center?.x, circle.center?.y])).toEqual([
      ['ITEMS', 0.2, 0],
      ['ITEMS', 1, -1.5],
    ]);
    const texts = entities.filter((entity) => entity.type === 'TEXT');
    expect(texts.map((text) => [text.layer, text.text])).toEqual([
      ['DIMENSIONS', '200 cm'],
      ['DIMENSIONS', '150 cm'],
      ['DIMENSIONS', '113.1 cm'],
    ]);
  });

  it('SVG: well-formed for xmllint, the title escaped, the viewBox in centimetres, a label per segment', async () => {
    const file = await exportModel('svg', { ...input, lengths: 'imperial' });
    const path = join(work, 'plan.svg');
    writeFileSync(path, file.body);
    execFileSync('xmllint', ['--noout', path]);
    const text = file.body.toString('utf8');
    expect(text).toContain('<title>Plusminus &lt;Salon&gt; &amp; &quot;hall&quot; — LP-0001</title>');
    // Extent x −1…1, z −0.8…1.5, margin 0.25 m.
    expect(text).toContain('viewBox="-125 -105 250 280"');
    expect(text.match(/<line /g)).toHaveLength(3);
    expect(text.match(/<circle /g)).toHaveLength(2);
    const unescape = (value: string) => value.replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&');
    expect([...text.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => unescape(match[1] ?? ''))).toEqual([
      lengthLabel(2, 'imperial'),
      lengthLabel(1.5, 'imperial'),
      lengthLabel(Math.hypot(0.8, 0.8), 'imperial'),
    ]);
    expect(lengthLabel(2, 'imperial')).toBe(`6' 6 3/4"`);
  });

  it('a part without its points is refused, not written with NaN', async () => {
    await expect(exportModel('glb', { ...input, parts: [{ id: 'x', elementId: 'x', shape: 'beam', radius: 0.01, colour: '#000000', material: 'metal' }] })).rejects.toThrow(/no from/);
  });
});
