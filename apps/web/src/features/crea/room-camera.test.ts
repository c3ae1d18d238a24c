import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { cameraFor, modelShape } from './room-scene';

describe('the room’s views (issue 27 §3)', () => {
  const room = { width: 3, depth: 4, height: 3 };
  it('top view: above the ceiling, straight down at the middle of the floor, far enough to see the whole room', () => {
    const { position, target } = cameraFor('top', room);
    expect(target).toEqual([0, 0, 0]);
    expect(position[1]).toBeGreaterThan(room.height);
    expect(Math.abs(position[0])).toBeLessThan(0.01);
    expect(Math.abs(position[2])).toBeLessThan(0.01);
    // With a 45° field of view, the longer side (4 m) fits in the height above the floor.
    expect(2 * position[1] * Math.tan((22.5 * Math.PI) / 180)).toBeGreaterThanOrEqual(4);
  });
  it('reset view: the three-quarter view the room opens with, looking at the middle of the room', () => {
    const { position, target } = cameraFor('perspective', room);
    [1.65, 2.55, 2 + 3 * 1.35].forEach((value, axis) => expect(position[axis]).toBeCloseTo(value, 9));
    expect(target).toEqual([0, 1.5, 0]);
  });
});

describe('the room’s front view and the models’ shapes (issue 35 §3)', () => {
  it('front view: level, from beyond the front wall, looking at the middle of the back wall', () => {
    const room = { width: 6, depth: 4, height: 3 };
    const { position, target } = cameraFor('front', room);
    expect(target).toEqual([0, 1.5, 0]);
    expect(position[0]).toBe(0);
    expect(position[1]).toBe(1.5);
    expect(position[2]).toBeGreaterThan(room.depth / 2);
    // the back wall's 6 m fit a screen 1.5 times wider than high at 45° vertical
    expect(2 * (position[2] + room.depth / 2) * Math.tan((22.5 * Math.PI) / 180) * 1.5).toBeGreaterThanOrEqual(6);
  });

  it('a 3-head pendant is drawn with its three heads, three light faces and a wire per head, at the catalogue size', () => {
    const shape = modelShape({ category: 26, locationId: 5, width: 49.5, height: 19, depth: 50, lightSources: 3 });
    expect(shape.wires).toHaveLength(3);
    expect(shape.size.toArray()).toEqual([0.495, 0.19, 0.5]);
    shape.body.computeBoundingBox();
    const size = shape.body.boundingBox?.getSize(new THREE.Vector3());
    expect(size?.x).toBeCloseTo(0.495, 5);
    expect(size?.y).toBeCloseTo(0.19, 5);
    expect(size?.z).toBeCloseTo(0.5, 5);
    // the light faces' bottoms only (32 triangles a head): what is seen from below
    expect(shape.light?.getIndex()?.count).toBe(3 * 32 * 3);
    // the outline is a shell a few millimetres round the heads
    shape.outline.computeBoundingBox();
    expect(shape.outline.boundingBox?.getSize(new THREE.Vector3()).x).toBeGreaterThan(0.495);
  });
});
