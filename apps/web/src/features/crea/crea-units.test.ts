import { describe, expect, it } from 'vitest';
import { roomUnits } from './crea-panels';

describe("the room's units follow the catalogue", () => {
  it('metres for the international catalogue', () => {
    const units = roomUnits(16);
    expect(units.imperial).toBe(false);
    expect(units.toShown(3)).toBe(3);
    expect(units.unitKey).toBe('crea.units.metres');
  });

  it('feet for the United States catalogue (21), read back in metres', () => {
    const units = roomUnits(21);
    expect(units.imperial).toBe(true);
    expect(units.toShown(3)).toBe(9.84);
    expect(units.fromShown(10)).toBeCloseTo(3.048, 6);
    expect(units.unitKey).toBe('crea.units.feet');
  });
});
