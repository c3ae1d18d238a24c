import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PendantHeightVariation, PriceRecord, Variation } from '../catalogue/catalogue.types';
import {
  currencyOfCatalog,
  findPriceRecord,
  formatCurrency,
  priceWithIncrements,
  priceWithVariations,
  roundUpToMultipleOf5,
  usesDollarIncrements,
  variationIncrement,
} from './price-increments';

const INT = { catalogId: 16, rateId: 1 } as const;

describe('increments: fixed amounts plus percentages, rounded up to the next multiple of 5 then ceiling', () => {
  it('rounds up to the next multiple of 5', () => {
    expect(roundUpToMultipleOf5(12.3).toNumber()).toBe(15);
    expect(roundUpToMultipleOf5(10).toNumber()).toBe(10);
    expect(roundUpToMultipleOf5(0).toNumber()).toBe(0);
    expect(roundUpToMultipleOf5('0.01').toNumber()).toBe(5);
  });

  it('fixed amounts are added as they are, the percent amount is rounded up to 5, the sum is ceiled', () => {
    // 100.40 + 3.25 + roundUp5(100.40 × 7%) = 100.40 + 3.25 + 10 = 113.65 → 114
    expect(priceWithIncrements('100.40', [{ fixed: '3.25', percent: 7 }], INT)).toBe(114);
    // several increments: fixed 2 + 3, percent 5 + 5 of 200 = 20
    expect(priceWithIncrements(200, [{ fixed: 2, percent: 5 }, { fixed: 3, percent: 5 }], INT)).toBe(225);
    expect(priceWithIncrements('99.10', [], INT)).toBe(100);
  });
});

describe('USA caps', () => {
  it('under changePricesCalculation the USA percent is capped at 20', () => {
    const ctx = { catalogId: 21, rateId: 1, changePricesCalculation: true } as const;
    expect(priceWithIncrements(100, [{ percent: 15 }, { percent: 15 }], ctx)).toBe(120);
    expect(priceWithIncrements(100, [{ percent: 15 }, { percent: 15 }, { fixed: 50 }], ctx)).toBe(170);
    // catalogue 16 is not capped
    expect(priceWithIncrements(100, [{ percent: 15 }, { percent: 15 }], { ...ctx, catalogId: 16 })).toBe(130);
  });

  it('otherwise the USA price is capped at 1.2 × base', () => {
    const ctx = { catalogId: 21, rateId: 1 } as const;
    expect(priceWithIncrements(100, [{ fixed: 50 }], ctx)).toBe(120);
    expect(priceWithIncrements('99.99', [{ fixed: 50 }], ctx)).toBe(119.99);
    expect(priceWithIncrements(100, [{ fixed: 10 }], ctx)).toBe(110);
    expect(priceWithIncrements(100, [{ fixed: 50 }], INT)).toBe(150);
  });
});

describe('USD increments (priceIncrementDollars) for catalogue 21 with rate 12', () => {
  const colour: Variation = { type: 'color', modifier: 'NE', model: '5520', priceIncrement: 10, priceIncrementDollars: 12, priceIncrementPercent: 2 };
  it('uses dollars only for catalogue 21 and rate 12', () => {
    expect(usesDollarIncrements({ catalogId: 21, rateId: 12 })).toBe(true);
    expect(usesDollarIncrements({ catalogId: 21, rateId: 1 })).toBe(false);
    expect(usesDollarIncrements({ catalogId: 16, rateId: 12 })).toBe(false);
    expect(variationIncrement(colour, { catalogId: 21, rateId: 12 })).toEqual({ fixed: 12, percent: 2 });
    expect(variationIncrement(colour, { catalogId: 21, rateId: 1 })).toEqual({ fixed: 10, percent: 2 });
    expect(variationIncrement(colour, INT)).toEqual({ fixed: 10, percent: 2 });
  });
});

describe('pendant rates 10 and 12 priced by percent; only the delta above standard adds price', () => {
  const pendant: PendantHeightVariation = {
    type: 'pendantHeight',
    modifier: 'PH',
    model: '5520',
    min: 100,
    standard: 200,
    max: 400,
    delta: 50,
    value: 300,
    priceIncrement: 4,
    priceIncrementDollars: 5,
    priceIncrementPercent: 3,
  };
  it('rates 10 and 12: percent only, per step above standard', () => {
    expect(variationIncrement(pendant, { catalogId: 16, rateId: 10 })).toEqual({ fixed: 0, percent: 6 });
    expect(variationIncrement(pendant, { catalogId: 21, rateId: 12 })).toEqual({ fixed: 0, percent: 6 });
  });
  it('other rates: fixed only, per step above standard', () => {
    expect(variationIncrement(pendant, INT)).toEqual({ fixed: 8, percent: 0 });
  });
  it('at or below the standard it adds nothing', () => {
    expect(variationIncrement({ ...pendant, value: 200 }, INT)).toEqual({ fixed: 0, percent: 0 });
    expect(variationIncrement({ ...pendant, value: undefined }, INT)).toEqual({ fixed: 0, percent: 0 });
  });
  it('prices a base with variations', () => {
    expect(priceWithVariations(100, [pendant], { catalogId: 16, rateId: 10 })).toBe(110);
    expect(priceWithVariations(100, [pendant], INT)).toBe(108);
  });
});

describe('the price rate selects the price record', () => {
  const records: PriceRecord[] = [
    { product: { reference: '5520NE', catalogId: 16 }, rate: { id: 1 }, salePrice: '120.50' },
    { product: { reference: '5520NE', catalogId: 16 }, rate: { id: 10 }, salePrice: '99.00' },
    { product: { reference: '5520-NE', catalogId: 21 }, rate: { id: 12 }, salePrice: '140' },
  ];
  it('finds by reference, catalogue and rate', () => {
    expect(findPriceRecord(records, { reference: '5520NE', catalogId: 16, rateId: 10 })?.salePrice).toBe('99.00');
    expect(findPriceRecord(records, { reference: '5520-NE', catalogId: 21, rateId: 12 })?.salePrice).toBe('140');
    expect(findPriceRecord(records, { reference: '5520NE', catalogId: 21, rateId: 1 })).toBeUndefined();
  });
  it('currency by catalogue, formatted de-DE for EUR and en-US otherwise', () => {
    expect(currencyOfCatalog(16)).toBe('EUR');
    expect(currencyOfCatalog(21)).toBe('USD');
    expect(formatCurrency('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatCurrency('1234.5', 'EUR').replace(/\s/g, ' ')).toBe('1.234,50 €');
  });
});

describe('pricing: laws', () => {
  const cents = fc.integer({ min: 1, max: 10_000_000 }).map((c) => (c / 100).toFixed(2));
  const increment = fc.record({ fixed: fc.integer({ min: 0, max: 50_000 }).map((c) => (c / 100).toFixed(2)), percent: fc.integer({ min: 0, max: 5000 }).map((p) => (p / 100).toString()) });
  it('increments never lower the price; catalogue 16 prices are whole units', () => {
    fc.assert(
      fc.property(cents, fc.array(increment, { maxLength: 5 }), (base, increments) => {
        const price = priceWithIncrements(base, increments, INT);
        expect(price).toBeGreaterThanOrEqual(Number(base));
        expect(Number.isInteger(price)).toBe(true);
      }),
    );
  });
  it('the old USA path never exceeds 1.2 × base', () => {
    fc.assert(
      fc.property(cents, fc.array(increment, { maxLength: 5 }), (base, increments) => {
        const price = priceWithIncrements(base, increments, { catalogId: 21, rateId: 1 });
        expect(new Decimal(price).lte(new Decimal(base).times('1.2').toDecimalPlaces(2, Decimal.ROUND_HALF_UP))).toBe(true);
      }),
    );
  });
  it('under changePricesCalculation percent beyond 20 changes nothing', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 20, max: 500 }), (base, percent) => {
        const ctx = { catalogId: 21, rateId: 1, changePricesCalculation: true } as const;
        expect(priceWithIncrements(base, [{ percent }], ctx)).toBe(priceWithIncrements(base, [{ percent: 20 }], ctx));
      }),
    );
  });
});
