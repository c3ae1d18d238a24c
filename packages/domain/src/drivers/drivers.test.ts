import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DRIVER_CATALOGUE } from './driver-catalogue';
import type { DriverCatalogueByModel } from './driver-catalogue';
import { calculateDrivers, driverCatalogueNameFor, driverLinesFor, driverOptionsFor, mergeDriverGroups, planDriverGroups } from './drivers';

const LISTED = ['0270', '0345', '0361', '0820', '0920', '2350', '2351', '2355', '5520', '5525', '5660', '5662', '5664', '5770', '5772', '5774', '5935', '6160', '6165', '3235', '5730'];
const EMPTY = ['7450', '7455', '7460', '7470', '7475'];

const TEST_CATALOGUE: DriverCatalogueByModel = {
  '9999': [
    {
      catalogue: 'row',
      entries: [
        { number_support: 5, drivers: { '0': 'D5' } },
        { number_support: 2, drivers: { '0': 'D2', '2': 'X2' } },
        { number_support: 3, drivers: { '0': 'D3' } },
      ],
    },
    { catalogue: 'usa', entries: [{ number_support: 4, drivers: { '0': 'U4' } }] },
  ],
};

describe('driver catalogue', () => {
  it('has row and usa catalogues for every listed model of the spec', () => {
    for (const model of LISTED) {
      const lists = DRIVER_CATALOGUE[model];
      expect(lists?.map((l) => l.catalogue)).toEqual(['row', 'usa']);
    }
  });

  it('has empty lists for models 7450, 7455, 7460, 7470 and 7475', () => {
    for (const model of EMPTY) expect(DRIVER_CATALOGUE[model]).toEqual([]);
    expect(Object.keys(DRIVER_CATALOGUE).sort()).toEqual([...LISTED, ...EMPTY].sort());
  });

  it('supports 2 to 9 lights per driver in every entry', () => {
    for (const lists of Object.values(DRIVER_CATALOGUE)) {
      for (const list of lists) {
        for (const entry of list.entries) {
          expect(entry.number_support).toBeGreaterThanOrEqual(2);
          expect(entry.number_support).toBeLessThanOrEqual(9);
          expect(Object.keys(entry.drivers).length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('is plain JSON data', () => {
    expect(JSON.parse(JSON.stringify(DRIVER_CATALOGUE))).toEqual(DRIVER_CATALOGUE);
  });
});

describe('driver calculation', () => {
  it('chooses the size with the largest capacity for the control code', () => {
    // Largest for control 0 is 5, for control 2 only 2 exists.
    expect(planDriverGroups(5, driverOptionsFor(TEST_CATALOGUE['9999']![0]!, '0'))).toEqual([{ load: 5, capacity: 5, driverCode: 'D5' }]);
    expect(planDriverGroups(4, driverOptionsFor(TEST_CATALOGUE['9999']![0]!, '2')).map((g) => g.driverCode)).toEqual(['X2', 'X2']);
  });

  it('uses ceil(N / capacity) drivers', () => {
    const options = driverOptionsFor(TEST_CATALOGUE['9999']![0]!, '0');
    expect(planDriverGroups(11, options)).toHaveLength(3);
    expect(planDriverGroups(10, options)).toHaveLength(2);
  });

  it('spreads lights evenly, the remainder one each to the first drivers', () => {
    const options = driverOptionsFor(TEST_CATALOGUE['9999']![0]!, '0');
    expect(planDriverGroups(11, options).map((g) => g.load)).toEqual([4, 4, 3]);
    expect(planDriverGroups(7, options).map((g) => g.load)).toEqual([4, 3]);
  });

  it('puts each group on the driver sized to its load or the next size up', () => {
    const options = driverOptionsFor(TEST_CATALOGUE['9999']![0]!, '0');
    // 7 lights → loads 4 and 3 → sizes 5 (next up from 4) and 3 (exact).
    expect(planDriverGroups(7, options)).toEqual([
      { load: 4, capacity: 5, driverCode: 'D5' },
      { load: 3, capacity: 3, driverCode: 'D3' },
    ]);
    expect(planDriverGroups(1, options)).toEqual([{ load: 1, capacity: 2, driverCode: 'D2' }]);
  });

  it('merges counts per driver code', () => {
    expect(mergeDriverGroups([
      { load: 3, capacity: 3, driverCode: 'A' },
      { load: 2, capacity: 2, driverCode: 'B' },
      { load: 3, capacity: 3, driverCode: 'A' },
    ])).toEqual([{ driverCode: 'A', count: 2 }, { driverCode: 'B', count: 1 }]);
  });

  it('returns articleCode and, per catalogue, a list of driverCode and count', () => {
    expect(calculateDrivers({ model: '9999', control: '0', lights: 11 }, TEST_CATALOGUE)).toEqual({
      articleCode: 'LW9999',
      drivers: { row: [{ driverCode: 'D5', count: 2 }, { driverCode: 'D3', count: 1 }], usa: [{ driverCode: 'U4', count: 3 }] },
    });
  });

  it('computes drivers of the shipped catalogue for model 0270', () => {
    // row, control 0: sizes 3/6/9 → 10 lights = 2 drivers of 5 → size 6 twice.
    // usa, control 0: sizes 2/4/6 → 10 lights = 2 drivers of 5 → size 6 twice.
    expect(calculateDrivers({ model: '0270', control: '0', lights: 10 })).toEqual({
      articleCode: 'LW0270',
      drivers: { row: [{ driverCode: 'DRRC06-0', count: 2 }], usa: [{ driverCode: 'DRUC06-0', count: 2 }] },
    });
  });

  it('computes the README example: 13 lights of 0270 on row and usa lists', () => {
    expect(calculateDrivers({ model: '0270', control: '0', lights: 13 })).toEqual({
      articleCode: 'LW0270',
      drivers: {
        row: [{ driverCode: 'DRRC09-0', count: 1 }, { driverCode: 'DRRC06-0', count: 1 }],
        usa: [{ driverCode: 'DRUC06-0', count: 1 }, { driverCode: 'DRUC04-0', count: 2 }],
      },
    });
  });

  it('gives no drivers for a model not in the list', () => {
    expect(calculateDrivers({ model: '1234', control: '0', lights: 4 })).toEqual({ articleCode: 'LW1234', drivers: { row: [], usa: [] } });
    expect(calculateDrivers({ model: 'toString', control: '0', lights: 4 }).drivers).toEqual({ row: [], usa: [] });
  });

  it('gives no drivers for models with empty lists', () => {
    for (const model of EMPTY) expect(calculateDrivers({ model, control: '0', lights: 6 }).drivers).toEqual({ row: [], usa: [] });
  });

  it('gives no drivers for a control code without a part code, nor for zero lights', () => {
    expect(calculateDrivers({ model: '0270', control: 'Z', lights: 4 }).drivers).toEqual({ row: [], usa: [] });
    expect(calculateDrivers({ model: '0270', control: '0', lights: 0 }).drivers).toEqual({ row: [], usa: [] });
  });

  it('rejects a negative or fractional number of lights', () => {
    expect(() => calculateDrivers({ model: '0270', control: '0', lights: -1 })).toThrow('Invalid number of lights: -1');
    expect(() => calculateDrivers({ model: '0270', control: '0', lights: 1.5 })).toThrow('Invalid number of lights: 1.5');
  });

  it('uses the usa list for catalogue 21 and row otherwise', () => {
    expect(driverCatalogueNameFor(21)).toBe('usa');
    expect(driverCatalogueNameFor(16)).toBe('row');
  });
});

describe('driver groups (properties)', () => {
  const optionsArb = fc
    .uniqueArray(fc.integer({ min: 2, max: 9 }), { minLength: 1, maxLength: 8 })
    .map((caps) => caps.sort((a, b) => a - b).map((capacity) => ({ capacity, driverCode: `D${capacity}` })));

  it('cover every light, differ in size by at most one and never exceed a driver capacity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), optionsArb, (lights, options) => {
        const groups = planDriverGroups(lights, options);
        expect(groups.reduce((s, g) => s + g.load, 0)).toBe(lights);
        if (groups.length > 0) {
          const loads = groups.map((g) => g.load);
          expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
          const largest = options[options.length - 1]!.capacity;
          expect(groups).toHaveLength(Math.ceil(lights / largest));
        }
        for (const g of groups) {
          expect(g.load).toBeLessThanOrEqual(g.capacity);
          expect(g.load).toBeGreaterThan(0);
          // the smallest size that fits
          expect(options.filter((o) => o.capacity >= g.load)[0]!.capacity).toBe(g.capacity);
        }
      }),
    );
  });

  it('the arithmetic merge equals merging the listed groups', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), optionsArb, (lights, options) => {
        expect(driverLinesFor(lights, options)).toEqual(mergeDriverGroups(planDriverGroups(lights, options)));
      }),
    );
  });

  it('handles any safe number of lights without listing every driver', () => {
    const big = calculateDrivers({ model: '0270', control: '0', lights: Number.MAX_SAFE_INTEGER });
    expect(big.drivers.row.reduce((s, l) => s + l.count, 0)).toBe(Math.ceil(Number.MAX_SAFE_INTEGER / 9));
    expect(() => planDriverGroups(100_001, [{ capacity: 9, driverCode: 'D' }])).toThrow('Invalid number of lights: 100001');
  });

  it('merged counts add up to the number of drivers for every shipped model', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LISTED), fc.constantFrom('0', '1', '2', '3', 'M'), fc.integer({ min: 0, max: 500 }), (model, control, lights) => {
        const result = calculateDrivers({ model, control, lights });
        for (const list of DRIVER_CATALOGUE[model]!) {
          const groups = planDriverGroups(lights, driverOptionsFor(list, control));
          expect(result.drivers[list.catalogue].reduce((s, l) => s + l.count, 0)).toBe(groups.length);
        }
      }),
    );
  });
});
