import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetLine, budgetProducts, budgetTotalsOf, computeBudget, entersBudget, type BudgetProductInput } from './budget-totals';

const p = (quantity: number | string, unitGross: number | string, discount: number | string = 0, extra: Partial<BudgetProductInput> = {}): BudgetProductInput => ({
  quantity,
  unitGross,
  discount,
  isPersonalized: 1,
  ...extra,
});

describe('net price of a line = quantity × unit gross × (1 − discount%/100)', () => {
  it('computes pvp, discount and net with 2 decimals', () => {
    expect(budgetLine(p(3, '19.99', 10))).toMatchObject({ unitPvp: 19.99, pvp: 59.97, discountValue: 6, netPrice: 53.97 });
    expect(budgetLine(p(1, '10.05', 50))).toMatchObject({ netPrice: 5.03, discountValue: 5.02 });
    expect(budgetLine(p(7, 0.1))).toMatchObject({ pvp: 0.7, netPrice: 0.7 });
  });
});

describe('which products enter a budget', () => {
  it('lines with quantity ≤ 0 are dropped', () => {
    expect(entersBudget(p(0, 10))).toBe(false);
    expect(entersBudget(p(-2, 10))).toBe(false);
    expect(entersBudget(p('0.5', 10))).toBe(true);
  });
  it('only personalised (isPersonalized 1) products', () => {
    expect(entersBudget(p(1, 10, 0, { isPersonalized: 0 }))).toBe(false);
    expect(entersBudget(p(1, 10, 0, { isPersonalized: undefined }))).toBe(false);
    expect(entersBudget(p(1, 10, 0, { isPersonalized: true }))).toBe(true);
  });
  it('discontinued products never enter', () => {
    expect(entersBudget(p(1, 10, 0, { discontinued: true }))).toBe(false);
    expect(budgetProducts([p(1, 1), p(0, 1), p(1, 1, 0, { discontinued: true }), p(2, 1)])).toHaveLength(2);
  });
});

describe('budget totals: subtotal, discount, surcharge, iva, net total', () => {
  it('discount is a percent of subtotal; surcharge of subtotal − discount; iva of subtotal − discount + surcharge', () => {
    const budget = computeBudget([p(2, 100), p(1, '50.50', 10)], { discount: 10, surcharge: 5, iva: 21 });
    // lines 200 + 45.45 = 245.45; discount 24.55 (24.545 half away from zero); surcharge 5% of 220.90 = 11.045 → 11.05
    // iva 21% of 231.95 = 48.7095 → 48.71; net 280.66
    expect(budget.totals).toEqual({ subTotal: 245.45, discountValue: 24.55, surchargeValue: 11.05, ivaValue: 48.71, netTotal: 280.66 });
  });

  it('an empty footer leaves the subtotal as the net total', () => {
    expect(computeBudget([p(3, '0.1'), p(3, '0.2')]).totals).toEqual({ subTotal: 0.9, discountValue: 0, surchargeValue: 0, ivaValue: 0, netTotal: 0.9 });
  });

  it('dropped lines do not count', () => {
    const budget = computeBudget([p(1, 10), p(0, 99), p(1, 99, 0, { isPersonalized: 0 })], { iva: 10 });
    expect(budget.lines).toHaveLength(1);
    expect(budget.totals.netTotal).toBe(11);
  });

  it('rounds half away from zero (no binary floating point)', () => {
    expect(budgetTotalsOf(['1.005'], { iva: 0 }).subTotal).toBe(1.01);
    expect(budgetTotalsOf([10], { iva: '21.5' }).ivaValue).toBe(2.15);
    expect(budgetTotalsOf(['0.05'], { iva: 50 }).ivaValue).toBe(0.03);
  });

  it('accepts decimal strings as inputs', () => {
    expect(computeBudget([p('2', '12.345', '0')], { discount: '0', surcharge: '0', iva: '0' }).totals.netTotal).toBe(24.69);
  });
});

const money = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(2));
const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => (hundredths / 100).toString());
const product = fc.record({
  quantity: fc.integer({ min: -3, max: 500 }),
  unitGross: money,
  discount: percent,
  isPersonalized: fc.constantFrom(0 as const, 1 as const),
  discontinued: fc.boolean(),
});
const footer = fc.record({ discount: percent, surcharge: percent, iva: percent });
const twoDecimals = (x: number) => new Decimal(String(x)).decimalPlaces() <= 2;

describe('budget totals: laws', () => {
  it('never depend on line order', () => {
    fc.assert(
      fc.property(fc.array(product, { maxLength: 40 }), footer, fc.func(fc.integer()), (products, f, key) => {
        const shuffled = [...products].map((x, i) => ({ x, k: key(i) })).sort((a, b) => a.k - b.k).map(({ x }) => x);
        expect(computeBudget(shuffled, f).totals).toEqual(computeBudget(products, f).totals);
        expect(computeBudget([...products].reverse(), f).totals).toEqual(computeBudget(products, f).totals);
      }),
    );
  });

  it('always have 2 decimals and add up exactly', () => {
    fc.assert(
      fc.property(fc.array(product, { maxLength: 40 }), footer, (products, f) => {
        const { totals, lines } = computeBudget(products, f);
        for (const value of Object.values(totals)) expect(twoDecimals(value)).toBe(true);
        for (const line of lines) for (const value of [line.pvp, line.netPrice, line.discountValue]) expect(twoDecimals(value)).toBe(true);
        const sum = (xs: number[]) => xs.reduce((s, x) => s.plus(String(x)), new Decimal(0)).toNumber();
        expect(sum(lines.map((l) => l.netPrice))).toBe(totals.subTotal);
        expect(sum([totals.subTotal, -totals.discountValue, totals.surchargeValue, totals.ivaValue])).toBe(totals.netTotal);
      }),
    );
  });
});
