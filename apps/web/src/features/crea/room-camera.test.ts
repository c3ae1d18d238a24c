import { describe, expect, it } from 'vitest';
import { cameraFor } from './room-scene';

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
