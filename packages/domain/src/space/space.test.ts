import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_PENDANT_HEIGHT, DEFAULT_ROOM_SIZE, roomSize } from './room';
import { CANOPY_TYPES, DEFAULT_INSTALLATION, isFreeWire, isInstallationCompatible, isRemoteInstallation, resolveInstallation } from './canopy';
import { clampPendantHeight, maxPendantHeight, wireLength } from './pendant-height';
import { boxAt, boxesOverlap, collides, isEmptyBox, isInsideRoom } from './collision';
import type { Box } from './collision';

describe('room', () => {
  it('defaults to height 4, width 3, depth 3, extraCeiling 0.16, ceiling material pladur', () => {
    expect(DEFAULT_ROOM_SIZE).toEqual({ height: 4, width: 3, depth: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur' });
    expect(roomSize({ height: 3 })).toEqual({ ...DEFAULT_ROOM_SIZE, height: 3 });
  });
});

describe('canopy types', () => {
  it('lists 10 Surface (extraCeiling 0, all materials), 31 Micro (0.1, pladur only), 32 XXS (0.1, all), 18 free wire', () => {
    expect(CANOPY_TYPES['10']).toMatchObject({ name: 'Surface', extraCeiling: 0, ceilingMaterials: 'all' });
    expect(CANOPY_TYPES['31']).toMatchObject({ name: 'Micro', extraCeiling: 0.1, ceilingMaterials: ['pladur'] });
    expect(CANOPY_TYPES['32']).toMatchObject({ name: 'XXS', extraCeiling: 0.1, ceilingMaterials: 'all' });
    expect(CANOPY_TYPES['18'].freeWire).toBe(true);
    expect(isFreeWire('18')).toBe(true);
    expect(isFreeWire('10')).toBe(false);
  });

  it('has sizes surface 0.195 × 0.195 × 0.135, micro 0.035, XXS 0.07', () => {
    expect(CANOPY_TYPES['10'].size).toEqual({ width: 0.195, depth: 0.195, height: 0.135 });
    expect(CANOPY_TYPES['31'].size.width).toBe(0.035);
    expect(CANOPY_TYPES['32'].size.width).toBe(0.07);
  });

  it('rejects an installation whose canopy needs more extra ceiling than the room has, replacing it by 10 Surface Basic', () => {
    const room = roomSize({ extraCeiling: 0.05 });
    expect(isInstallationCompatible('32', room)).toBe(false);
    expect(resolveInstallation('32', room)).toEqual({ installation: '10', replaced: true });
    expect(DEFAULT_INSTALLATION.label).toBe('10 Surface Basic');
    expect(resolveInstallation('32', DEFAULT_ROOM_SIZE)).toEqual({ installation: '32', replaced: false });
  });

  it('rejects an installation whose canopy is not compatible with the ceiling material', () => {
    expect(resolveInstallation('31', roomSize({ ceilingMaterial: 'concrete' }))).toEqual({ installation: '10', replaced: true });
    expect(resolveInstallation('31', roomSize({ ceilingMaterial: 'pladur' }))).toEqual({ installation: '31', replaced: false });
    expect(resolveInstallation('10', roomSize({ ceilingMaterial: 'wood', extraCeiling: 0 }))).toEqual({ installation: '10', replaced: false });
  });

  it('leaves codes that are not canopies alone', () => {
    expect(resolveInstallation('77', roomSize({ extraCeiling: 0 }))).toEqual({ installation: '77', replaced: false });
  });

  it('treats installation codes starting with 3 as remote', () => {
    expect(isRemoteInstallation('31')).toBe(true);
    expect(isRemoteInstallation('10')).toBe(false);
    expect(isRemoteInstallation(undefined)).toBe(false);
  });
});

describe('pendant height', () => {
  const bounds = { roomHeight: 4, positionOffset: 0.3 };

  it('defaults to 2 m', () => {
    expect(DEFAULT_PENDANT_HEIGHT).toBe(2);
    expect(clampPendantHeight(undefined, bounds)).toBe(2);
    expect(clampPendantHeight(Number.NaN, bounds)).toBe(2);
  });

  it('is clamped to room height − 0.1', () => {
    expect(maxPendantHeight(4)).toBeCloseTo(3.9);
    expect(clampPendantHeight(5, bounds)).toBeCloseTo(3.9);
  });

  it('is clamped to not below the position offset', () => {
    expect(clampPendantHeight(0.1, bounds)).toBe(0.3);
    expect(clampPendantHeight(1.5, bounds)).toBe(1.5);
  });

  it('lets the room win when the offset is above room height − 0.1', () => {
    expect(clampPendantHeight(1, { roomHeight: 1, positionOffset: 2 })).toBeCloseTo(0.9);
  });

  it('derives the wire length from the height and the offset', () => {
    expect(wireLength(2, 0.3)).toBeCloseTo(1.7);
    expect(wireLength(0.2, 0.3)).toBe(0);
  });

  it('clamping is idempotent (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.double({ min: -100, max: 100, noNaN: true }), { nil: undefined }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (height, roomHeight, positionOffset) => {
          const b = { roomHeight, positionOffset };
          const once = clampPendantHeight(height, b);
          expect(clampPendantHeight(once, b)).toBe(once);
          expect(once).toBeLessThanOrEqual(maxPendantHeight(roomHeight));
          if (positionOffset <= maxPendantHeight(roomHeight)) expect(once).toBeGreaterThanOrEqual(positionOffset);
        },
      ),
    );
  });
});

describe('collision', () => {
  const size = { x: 0.2, y: 0.2, z: 0.2 };

  it('collides against the room bounds', () => {
    expect(collides(boxAt({ x: 0, y: 2, z: 0 }, size), DEFAULT_ROOM_SIZE, [])).toBe(false);
    expect(collides(boxAt({ x: 1.45, y: 2, z: 0 }, size), DEFAULT_ROOM_SIZE, [])).toBe(true);
    expect(collides(boxAt({ x: 0, y: 3.95, z: 0 }, size), DEFAULT_ROOM_SIZE, [])).toBe(true);
    expect(isInsideRoom(boxAt({ x: 1.4, y: 0.1, z: 1.4 }, size), DEFAULT_ROOM_SIZE)).toBe(true);
  });

  it('collides against other elements (axis-aligned boxes)', () => {
    const other = boxAt({ x: 0.1, y: 2, z: 0 }, size);
    expect(collides(boxAt({ x: 0, y: 2, z: 0 }, size), DEFAULT_ROOM_SIZE, [other])).toBe(true);
    expect(collides(boxAt({ x: 0.3, y: 2, z: 0 }, size), DEFAULT_ROOM_SIZE, [other])).toBe(false);
  });

  it('a zero-height canopy (Micro, XXS) keeps its footprint: it stays in the room and clear of the others (issue 27 §2)', () => {
    const micro = { x: CANOPY_TYPES['31'].size.width, y: CANOPY_TYPES['31'].size.height, z: CANOPY_TYPES['31'].size.depth };
    const ceiling = DEFAULT_ROOM_SIZE.height;
    expect(isEmptyBox(boxAt({ x: 0, y: ceiling, z: 0 }, micro))).toBe(false);
    // Through a wall.
    expect(collides(boxAt({ x: DEFAULT_ROOM_SIZE.width / 2, y: ceiling, z: 0 }, micro), DEFAULT_ROOM_SIZE, [])).toBe(true);
    expect(collides(boxAt({ x: 0, y: ceiling, z: 0 }, micro), DEFAULT_ROOM_SIZE, [])).toBe(false);
    // Two canopies in one spot of the ceiling, and one across another element's box.
    const other = boxAt({ x: 0.01, y: ceiling, z: 0 }, micro);
    expect(collides(boxAt({ x: 0, y: ceiling, z: 0 }, micro), DEFAULT_ROOM_SIZE, [other])).toBe(true);
    expect(collides(boxAt({ x: 0.1, y: ceiling, z: 0 }, micro), DEFAULT_ROOM_SIZE, [other])).toBe(false);
    expect(boxesOverlap(boxAt({ x: 0, y: ceiling - 0.1, z: 0 }, size), boxAt({ x: 0, y: ceiling - 0.1, z: 0 }, micro))).toBe(true);
    // A point or a line (a light, a group without extents) still takes no room.
    expect(isEmptyBox(boxAt({ x: 0, y: 1, z: 0 }, { x: 0.2, y: 0, z: 0 }))).toBe(true);
  });

  it('does not count touching faces as a collision', () => {
    expect(boxesOverlap(boxAt({ x: 0, y: 1, z: 0 }, size), boxAt({ x: 0.2, y: 1, z: 0 }, size))).toBe(false);
  });

  it('collision is symmetric (property)', () => {
    const coord = fc.double({ min: -5, max: 5, noNaN: true });
    const ext = fc.double({ min: 0, max: 3, noNaN: true });
    const box: fc.Arbitrary<Box> = fc.record({ p: fc.record({ x: coord, y: coord, z: coord }), s: fc.record({ x: ext, y: ext, z: ext }) }).map(({ p, s }) => boxAt(p, s));
    fc.assert(fc.property(box, box, (a, b) => {
      expect(boxesOverlap(a, b)).toBe(boxesOverlap(b, a));
    }));
  });
});
