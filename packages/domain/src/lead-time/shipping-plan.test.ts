import { describe, expect, it } from 'vitest';
import { isCalendarDay, minimumOrderQuantity, shippingPlan } from './shipping-plan';

const leadtime = [
  { from: 1, weeks: 2 },
  { from: 50, weeks: 4 },
];

describe('shipping plan of an order line', () => {
  it('earliest shipping date is today plus the lead time for the quantity', () => {
    expect(shippingPlan({ quantity: 10, leadtime, today: '2026-03-02' })).toEqual({ state: 'toOrder', weeks: 2, leadTimeWeeks: 2, earliestShippingDate: '2026-03-16' });
    expect(shippingPlan({ quantity: 50, leadtime, today: '2026-03-02' }).earliestShippingDate).toBe('2026-03-30');
  });
  it('in stock when the ERP holds the quantity: it ships today, with no lead time (issue 34 §4); one more than the stock is made to order', () => {
    expect(shippingPlan({ quantity: 10, leadtime, stock: 10, today: '2026-03-02' })).toEqual({ state: 'inStock', weeks: 0, leadTimeWeeks: 0, earliestShippingDate: '2026-03-02' });
    expect(shippingPlan({ quantity: 11, leadtime, stock: 10, today: '2026-03-02' })).toMatchObject({ state: 'toOrder', weeks: 2, leadTimeWeeks: 2, earliestShippingDate: '2026-03-16' });
    expect(shippingPlan({ quantity: 11, leadtime, stock: 10, today: '2026-03-02' }).state).toBe('toOrder');
  });
  it('an expired variation cannot ship; an upcoming one waits for the later of since and expected', () => {
    expect(shippingPlan({ quantity: 1, leadtime, today: '2026-03-02', availabilities: [{ until: '2026-01-01T00:00:00Z' }] })).toMatchObject({ state: 'expired', weeks: -1, earliestShippingDate: null });
    const plan = shippingPlan({ quantity: 1, leadtime, today: '2026-03-02', stock: 100, availabilities: [{ since: '2026-06-01T00:00:00Z', expected: '2026-07-01T00:00:00Z' }] });
    expect(plan.state).toBe('upcoming');
    expect(plan.earliestShippingDate).toBe('2026-07-01');
    expect(plan.weeks).toBe(18);
  });
  it('checks calendar days and the quantity that meets every MOQ', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('26-02-01')).toBe(false);
    expect(minimumOrderQuantity([{ moq: 4 }, { moq: 6, quantity: 4 }])).toBe(4);
    expect(minimumOrderQuantity([])).toBe(1);
  });
});
