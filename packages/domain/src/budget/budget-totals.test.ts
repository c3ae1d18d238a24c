import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetLine, budgetProducts, budgetTotalsOf, computeBudget, entersBudget, taxSummaryOf, taxSummaryOfLines, type BudgetProductInput } from './budget-totals';

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

describe('tax summary: net before tax, each rate with its base and amount, total with tax (issue 34 §1)', () => {
  it('reads a quote: net = subtotal − discount + surcharge; tax on that base; total = net + tax', () => {
    // Hand computation: lines 3 × 19.99 − 10 % = 53.97 and 2 × 100 = 200 → subtotal 253.97;
    // 5 % discount = 12.70 (12.6985); surcharge 0; net before tax 241.27; VAT 21 % = 50.6667 → 50.67; total 291.94.
    const budget = computeBudget([p(3, '19.99', 10), p(2, 100)], { discount: 5, iva: 21 });
    expect(budget.totals).toEqual({ subTotal: 253.97, discountValue: 12.7, surchargeValue: 0, ivaValue: 50.67, netTotal: 291.94 });
    expect(taxSummaryOf(budget.totals, 21)).toEqual({ net: 241.27, taxes: [{ rate: 21, base: 241.27, amount: 50.67 }], total: 291.94 });
  });
  it('takes rates with 3 decimals (New York 8.875 %), rounding half away from zero', () => {
    // 1,234.56 × 8.875 % = 109.5672 → 109.57; total 1,344.13.
    const budget = computeBudget([p(1, '1234.56')], { iva: '8.875' });
    expect(budget.totals).toMatchObject({ ivaValue: 109.57, netTotal: 1344.13 });
    expect(taxSummaryOf(budget.totals, '8.875')).toEqual({ net: 1234.56, taxes: [{ rate: 8.875, base: 1234.56, amount: 109.57 }], total: 1344.13 });
    // 4.00 × 8.875 % = 0.355 exactly → 0.36 (half away from zero); 0.50 × 21 % = 0.105 → 0.11 (half-even would say 0.10).
    expect(budgetTotalsOf([4], { iva: '8.875' }).ivaValue).toBe(0.36);
    expect(budgetTotalsOf([0.5], { iva: 21 }).ivaValue).toBe(0.11);
  });
  it('groups lines by rate; each rate is rounded once on its base and the total adds the printed figures', () => {
    // 10 % on 10.05 + 0.01 = 10.06 → 1.006 → 1.01; 21 % on 3.33 → 0.6993 → 0.70; total 13.39 + 1.71 = 15.10.
    expect(taxSummaryOfLines([{ net: '10.05', rate: 10 }, { net: 3.33, rate: 21 }, { net: 0.01, rate: '10.000' }])).toEqual({
      net: 13.39,
      taxes: [
        { rate: 10, base: 10.06, amount: 1.01 },
        { rate: 21, base: 3.33, amount: 0.7 },
      ],
      total: 15.1,
    });
  });
  it('net + Σ tax = total for any lines and footer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 10_000_00 }), fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, ivaThousandths) => {
          const iva = new Decimal(ivaThousandths).dividedBy(1000).toString();
          const budget = computeBudget(lines.map(([q, cents, d]) => p(q, new Decimal(cents).dividedBy(100).toString(), d)), { iva });
          const summary = taxSummaryOf(budget.totals, iva);
          expect(new Decimal(summary.net).plus(summary.taxes[0]!.amount).toNumber()).toBe(summary.total);
          expect(summary.total).toBe(budget.totals.netTotal);
        },
      ),
      { numRuns: 200 },
    );
  });
});
