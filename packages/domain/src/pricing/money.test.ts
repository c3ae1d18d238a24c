import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, percentOf, round2, sumDecimals, toDecimal, toMoney } from './money';

describe('money: decimals, never binary floating point', () => {
  it('0.1 + 0.2 is exactly 0.3', () => {
    expect(sumDecimals([0.1, 0.2]).toString()).toBe('0.3');
    expect(toMoney(sumDecimals(['0.1', '0.2']))).toBe(0.3);
  });

  it('rounds half away from zero to 2 decimals', () => {
    expect(toMoney('1.005')).toBe(1.01);
    expect(toMoney(1.005)).toBe(1.01);
    expect(toMoney('-1.005')).toBe(-1.01);
    expect(toMoney('2.675')).toBe(2.68);
    expect(toMoney('1.004')).toBe(1);
    expect(toMoney('-0.001')).toBe(0);
    expect(Object.is(toMoney('-0.001'), -0)).toBe(false);
  });

  it('formats with exactly 2 decimals', () => {
    expect(formatMoney(12.5)).toBe('12.50');
    expect(formatMoney('3')).toBe('3.00');
  });

  it('percent of an amount', () => {
    expect(percentOf('200', 15).toString()).toBe('30');
  });

  it('accepts numbers and decimal strings, rejects anything else', () => {
    expect(toDecimal(' 12.30 ').toString()).toBe('12.3');
    expect(toDecimal('1e2').toString()).toBe('100');
    for (const bad of ['', 'abc', '1,5', 'NaN', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => toDecimal(bad)).toThrow('is not a valid amount');
    }
  });

  it('round2 never leaves more than 2 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        expect(round2(x).decimalPlaces()).toBeLessThanOrEqual(2);
      }),
    );
  });
});
