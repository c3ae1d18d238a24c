import { candelaDistribution, intensityAt } from '@lumen/domain';
import { describe, expect, it } from 'vitest';
import { distributionOf, illuminanceBelow, kelvinOfCode, kelvinToRgb, poolAngle, poolHalfWidth, poolPattern, poolStrength } from './light-pools';

describe('light pools from the photometry', () => {
  it("reads the model's candela distribution, the one the IES files are written from", () => {
    const optics = { lumens: 1500, beamAngle: 60, width: 30, depth: 30 };
    const distribution = distributionOf(optics);
    expect(distribution).toEqual(candelaDistribution({ lumens: 1500, beamAngle: 60, length: 30, depth: 30 }));
    // Computed once per optics.
    expect(distributionOf({ ...optics })).toBe(distribution);
  });

  it('is brightest under the light, symmetric for a round luminaire, and faded at its edge', () => {
    const size = 33;
    const pattern = poolPattern(distributionOf({ lumens: 1500, beamAngle: 60, width: 30, depth: 30 }), size);
    const centre = pattern[16 * size + 16] ?? 0;
    expect(centre).toBeCloseTo(1, 2);
    expect(Math.max(...pattern)).toBeLessThanOrEqual(centre + 1e-9);
    expect(pattern[16 * size + 4]).toBeCloseTo(pattern[4 * size + 16] ?? NaN, 6);
    expect(pattern[0]).toBe(0);
    expect(pattern[16 * size]).toBeLessThan(0.05);
  });

  it('a linear luminaire throws a longer pool along its length (C0, x) than across it', () => {
    const size = 65;
    const pattern = poolPattern(distributionOf({ lumens: 2000, beamAngle: 40, width: 120, depth: 10 }), size);
    expect(pattern[32 * size + 44] ?? 0).toBeGreaterThan(pattern[44 * size + 32] ?? 0);
  });

  it('a narrow beam makes a smaller pool than a wide one; the pool never passes 75°', () => {
    const narrow = distributionOf({ lumens: 1500, beamAngle: 24, width: 20, depth: 20 });
    const wide = distributionOf({ lumens: 1500, beamAngle: 110, width: 20, depth: 20 });
    expect(poolAngle(narrow)).toBeLessThan(poolAngle(wide));
    expect(poolHalfWidth(narrow)).toBeLessThan(poolHalfWidth(wide));
    expect(poolAngle(distributionOf({ lumens: 1500, beamAngle: 360, width: 20, depth: 20 }))).toBeLessThanOrEqual(75);
  });

  it('the illuminance under a light is its peak intensity over the height squared', () => {
    const distribution = distributionOf({ lumens: 1500, beamAngle: 60, width: 30, depth: 30 });
    expect(illuminanceBelow(distribution, 2)).toBeCloseTo(intensityAt(distribution, 0, 0) / 4, 6);
    expect(poolStrength(distribution, 1)).toBeGreaterThan(poolStrength(distribution, 3));
    expect(poolStrength(distribution, 0.01)).toBeLessThanOrEqual(1);
  });

  it('tints the pool by the LED colour temperature', () => {
    const warm = kelvinToRgb(kelvinOfCode('7'));
    const cool = kelvinToRgb(kelvinOfCode('4'));
    expect(warm[0]).toBe(1);
    expect(warm[2]).toBeLessThan(cool[2]);
    expect(kelvinOfCode('?')).toBe(3000);
  });
});
