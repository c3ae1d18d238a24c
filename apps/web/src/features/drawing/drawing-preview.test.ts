import { DEFAULT_ROOM_SIZE, drawingParts, type Drawing, type ModelPart } from '@lumen/domain';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { fitView, zoomView } from './drawing-plan';
import { cameraFor } from '../../shared/scene-camera';
import { drawingCamera, framing, groupParts, kindOfPart, materialOf, placePart } from './drawing-preview';

const DRAWING: Drawing = {
  family: 'plusminus',
  height: 2.5,
  segments: [
    { id: 'a', from: { x: -1, z: 0 }, to: { x: 1, z: 0 }, attributes: { finish: '10' } },
    { id: 'b', from: { x: 1, z: 0 }, to: { x: 1, z: 1.5 }, attributes: { finish: '10' } },
  ],
  items: [
    { id: 'l1', kind: 'light', segmentId: 'a', offset: 0.5, model: '5520', attributes: { finish: '05' } },
    { id: 'l2', kind: 'light', segmentId: 'b', offset: 0.5, model: '5520', attributes: { finish: '05' } },
    { id: 'c', kind: 'connection', segmentId: 'a', offset: 1, model: '7495', attributes: {} },
  ],
};

describe('the 3D preview', () => {
  it('draws each shape and material once, however many parts', () => {
    const parts = drawingParts(DRAWING);
    const groups = groupParts(parts);
    expect(groups.reduce((n, g) => n + g.parts.length, 0)).toBe(parts.length);
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
    // Two straps are one group (textile cables), whatever their number.
    expect(groups.find((g) => g.shape === 'cable' && g.material === 'textile')?.parts.filter((p) => p.elementId === 'a' || p.elementId === 'b').length).toBeGreaterThanOrEqual(2);
  });

  it('each part is drawn in its finish’s material (issue 35 §3): black sticks lacquer, straps fabric, brass metal, emitters glowing', () => {
    const sticks = groupParts(drawingParts(DRAWING));
    expect(sticks.every((g) => g.material === 'emitter' || g.kind === kindOfPart(g.parts[0] as ModelPart))).toBe(true);
    expect(kindOfPart({ material: 'metal', colour: '#16161a' })).toBe('lacquer');
    expect(kindOfPart({ material: 'metal', colour: '#a98b4f' })).toBe('metal');
    expect(kindOfPart({ material: 'textile', colour: '#16161a' })).toBe('fabric');
    expect(kindOfPart({ material: 'glass', colour: '#f4f4f0' })).toBe('glass');
    const lacquer = materialOf({ material: 'metal', kind: 'lacquer' }) as THREE.MeshStandardMaterial;
    expect(lacquer.metalness).toBe(0);
    expect(materialOf({ material: 'metal', kind: 'metal' })).toHaveProperty('metalness', 1);
    expect(materialOf({ material: 'emitter', kind: 'lacquer' })).toBeInstanceOf(THREE.MeshBasicMaterial);
  });

  it('places a cable from its start to its end, and an upright cylinder at its centre', () => {
    const target = new THREE.Object3D();
    const cable: ModelPart = { id: 'x', elementId: 'a', shape: 'cable', from: { x: 0, y: 2, z: 0 }, to: { x: 2, y: 2, z: 0 }, radius: 0.01, colour: '#ffffff', material: 'textile' };
    expect(placePart(cable, target)).toBe(true);
    expect(target.position.toArray()).toEqual([1, 2, 0]);
    expect(target.scale.y).toBeCloseTo(2, 6);
    // The unit cylinder's axis (y) now runs along x.
    expect(new THREE.Vector3(0, 1, 0).applyQuaternion(target.quaternion).x).toBeCloseTo(1, 6);
    const cylinder: ModelPart = { id: 'y', elementId: 'l1', shape: 'cylinder', centre: { x: 0.5, y: 1.8, z: 0 }, radius: 0.1, length: 0.3, colour: '#000000', material: 'metal' };
    expect(placePart(cylinder, target)).toBe(true);
    expect(target.position.toArray()).toEqual([0.5, 1.8, 0]);
    expect(target.scale.toArray()).toEqual([0.2, 0.3, 0.2]);
    expect(placePart({ ...cable, to: cable.from }, target)).toBe(false);
  });

  it('opens framed on the structure (from below, never under the floor), or on the room when empty', () => {
    const room = { ...DEFAULT_ROOM_SIZE, width: 6, depth: 6, height: 3 };
    const view = framing(drawingParts(DRAWING), room);
    expect(view.target[0]).toBeCloseTo(0, 1);
    expect(view.target[2]).toBeGreaterThan(0.5);
    expect(view.position[1]).toBeLessThan(view.target[1]);
    expect(view.position[1]).toBeGreaterThanOrEqual(0.3);
    expect(framing([], room).target[1]).toBeCloseTo(1.8, 6);
  });

  it('has the crea room’s top and front views (the same camera helper), and "reset view" goes back to the opening framing', () => {
    const room = { ...DEFAULT_ROOM_SIZE, width: 6, depth: 4, height: 3 };
    const parts = drawingParts(DRAWING);
    expect(drawingCamera('top', parts, room)).toEqual(cameraFor('top', room));
    expect(drawingCamera('front', parts, room)).toEqual(cameraFor('front', room));
    const top = drawingCamera('top', parts, room);
    // Straight down from above the ceiling onto the middle of the floor.
    expect(top.position[1]).toBeGreaterThan(room.height);
    expect(top.target).toEqual([0, 0, 0]);
    expect(Math.hypot(top.position[0], top.position[2])).toBeLessThan(0.01);
    expect(drawingCamera('perspective', parts, room)).toEqual(framing(parts, room));
  });
});

describe('the plan view', () => {
  it('fits the room and zooms around a point, within its limits', () => {
    const room = { ...DEFAULT_ROOM_SIZE, width: 6, depth: 4 };
    const fit = fitView(room);
    expect(fit).toEqual({ cx: 0, cz: 0, span: 6.6 });
    const closer = zoomView(fit, 2, { x: 2, z: 1 });
    expect(closer.span).toBeCloseTo(3.3, 6);
    // The point under the pointer stays where it was on screen: (2 - cx) / span is the same.
    expect((2 - closer.cx) / closer.span).toBeCloseTo((2 - fit.cx) / fit.span, 6);
    expect(zoomView(fit, 1000).span).toBe(0.5);
    expect(zoomView(fit, 0.001).span).toBe(60);
  });
});
