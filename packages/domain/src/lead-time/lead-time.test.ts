import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leadTimeWeeks, mergeLeadTimes, orderLeadTime } from './lead-time';

describe('the last entry whose from ≤ quantity gives the weeks', () => {
  const list = [
    { from: 1, weeks: 2 },
    { from: 50, weeks: 4 },
    { from: 200, weeks: 8 },
  ];
  it.each([
    [1, 2],
    [49, 2],
    [50, 4],
    [199, 4],
    [200, 8],
    [10_000, 8],
  ])('quantity %d → %d weeks', (quantity, weeks) => {
    expect(leadTimeWeeks(list, quantity)).toBe(weeks);
  });
  it('unsorted input is read by from; below the first breakpoint the first entry applies; empty is 0', () => {
    expect(leadTimeWeeks([...list].reverse(), 60)).toBe(4);
    expect(leadTimeWeeks([{ from: 10, weeks: 3 }], 1)).toBe(3);
    expect(leadTimeWeeks([], 5)).toBe(0);
    expect(leadTimeWeeks(undefined, 5)).toBe(0);
  });
});

describe('variations merged by quantity breakpoints', () => {
  it('takes the longer weeks at each breakpoint', () => {
    expect(
      mergeLeadTimes(
        [
          { from: 1, weeks: 2 },
          { from: 100, weeks: 6 },
        ],
        [
          { from: 1, weeks: 3 },
          { from: 50, weeks: 5 },
        ],
      ),
    ).toEqual([
      { from: 1, weeks: 3 },
      { from: 50, weeks: 5 },
      { from: 100, weeks: 6 },
    ]);
  });
  it('drops non-increasing entries', () => {
    expect(
      mergeLeadTimes(
        [
          { from: 1, weeks: 6 },
          { from: 10, weeks: 6 },
          { from: 20, weeks: 4 },
          { from: 30, weeks: 9 },
        ],
      ),
    ).toEqual([
      { from: 1, weeks: 6 },
      { from: 30, weeks: 9 },
    ]);
  });
  it('ignores empty and missing lists', () => {
    expect(mergeLeadTimes([], undefined, [{ from: 1, weeks: 2 }])).toEqual([{ from: 1, weeks: 2 }]);
    expect(mergeLeadTimes()).toEqual([]);
  });
});

describe('order lead time = maximum across references', () => {
  it('takes each reference at its own quantity', () => {
    expect(
      orderLeadTime([
        { leadtime: [{ from: 1, weeks: 2 }, { from: 100, weeks: 10 }], quantity: 10 },
        { leadtime: [{ from: 1, weeks: 4 }], quantity: 500 },
      ]),
    ).toBe(4);
    expect(orderLeadTime([{ leadtime: [{ from: 1, weeks: 2 }, { from: 100, weeks: 10 }], quantity: 100 }])).toBe(10);
    expect(orderLeadTime([])).toBe(0);
  });
});

const entry = fc.record({ from: fc.integer({ min: 0, max: 1000 }), weeks: fc.integer({ min: 0, max: 52 }) });
const list = fc.array(entry, { maxLength: 8 });

describe('lead time: laws', () => {
  it('merged lead times are increasing (strictly, in from and in weeks)', () => {
    fc.assert(
      fc.property(fc.array(list, { maxLength: 5 }), (lists) => {
        const merged = mergeLeadTimes(...lists);
        for (let i = 1; i < merged.length; i++) {
          expect(merged[i]!.from).toBeGreaterThan(merged[i - 1]!.from);
          expect(merged[i]!.weeks).toBeGreaterThan(merged[i - 1]!.weeks);
        }
      }),
    );
  });

  it('merged weeks are never shorter than any input list at its breakpoints', () => {
    fc.assert(
      fc.property(fc.array(list, { minLength: 1, maxLength: 5 }), (lists) => {
        const merged = mergeLeadTimes(...lists);
        for (const l of lists) for (const e of l) expect(leadTimeWeeks(merged, e.from)).toBeGreaterThanOrEqual(leadTimeWeeks(l, e.from));
      }),
    );
  });
});
