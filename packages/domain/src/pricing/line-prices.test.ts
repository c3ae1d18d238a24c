import { describe, expect, it } from 'vitest';
import { discountForSublevel, lineNetPrice, linePrices } from './line-prices';

describe('net and gross, unit and total', () => {
  it('net of a line = quantity × unit gross × (1 − discount% / 100)', () => {
    expect(lineNetPrice({ quantity: 3, unitGross: '19.99', discountPercent: 10 })).toBe(53.97);
    expect(lineNetPrice({ quantity: 1, unitGross: '0.1', discountPercent: 0 })).toBe(0.1);
    expect(lineNetPrice({ quantity: 1, unitGross: '10.05', discountPercent: 50 })).toBe(5.03);
  });
  it('gives every price of a line', () => {
    expect(linePrices({ quantity: 3, unitGross: '19.99', discountPercent: 10 })).toEqual({
      unitGross: 19.99,
      unitNet: 17.99,
      unitDiscount: 2,
      totalGross: 59.97,
      totalNet: 53.97,
      totalDiscount: 6,
    });
    expect(linePrices({ quantity: 2, unitGross: 5 })).toEqual({ unitGross: 5, unitNet: 5, unitDiscount: 0, totalGross: 10, totalNet: 10, totalDiscount: 0 });
  });
});

describe('discounts per sublevel (a map sublevel → percent)', () => {
  const discounts = { '63': 15, '60': '7.5', '12': 150, '13': -4, '14': 'x' };
  it('reads the sublevel, numbers or strings', () => {
    expect(discountForSublevel(discounts, 63)).toBe(15);
    expect(discountForSublevel(discounts, '60')).toBe(7.5);
  });
  it('0 when absent; clamped to 0..100; malformed is 0', () => {
    expect(discountForSublevel(discounts, 99)).toBe(0);
    expect(discountForSublevel(undefined, 63)).toBe(0);
    expect(discountForSublevel(discounts, undefined)).toBe(0);
    expect(discountForSublevel(discounts, 'toString')).toBe(0);
    expect(discountForSublevel(discounts, 12)).toBe(100);
    expect(discountForSublevel(discounts, 13)).toBe(0);
    expect(discountForSublevel(discounts, 14)).toBe(0);
  });
});
