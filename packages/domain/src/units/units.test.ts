import { describe, expect, it } from 'vitest';
import { centimetresToInches, convertTime, cubicMetresToCubicFeet, formatFeetAndInches, formatInchFraction, isUnit, lengthSystemOf, kilogramsToPounds, parseUnit, toImperial, UNITS } from './units';

describe('units: cm, m, in, ft, kg, lb, m³, ft³, W, lm', () => {
  it('knows the ten units and their ASCII spellings', () => {
    expect(UNITS).toEqual(['cm', 'm', 'in', 'ft', 'kg', 'lb', 'm³', 'ft³', 'W', 'lm']);
    for (const unit of UNITS) expect(parseUnit(unit)).toBe(unit);
    expect(parseUnit('m3')).toBe('m³');
    expect(parseUnit('ft3')).toBe('ft³');
  });
  it("an unknown unit throws 'Wrong udType parameter'", () => {
    for (const bad of ['', 'mm', 'KG', 'toString', 'oz']) expect(() => parseUnit(bad)).toThrow('Wrong udType parameter');
    expect(() => toImperial(1, 'yd')).toThrow('Wrong udType parameter');
    expect(isUnit('yd')).toBe(false);
    expect(isUnit('lm')).toBe(true);
  });
});

describe('conversions', () => {
  it('ft³ factor 0.0283 to 4 places', () => {
    expect(cubicMetresToCubicFeet(1)).toBe(35.3357);
    expect(toImperial(0.05, 'm³')).toEqual({ value: 1.7668, unit: 'ft³' });
  });
  it('kg → lb ÷ 0.454 to 3 places', () => {
    expect(kilogramsToPounds(1)).toBe(2.203);
    expect(kilogramsToPounds(2.5)).toBe(5.507);
  });
  it('cm → in ÷ 2.54', () => {
    expect(centimetresToInches(2.54)).toBe(1);
    expect(toImperial(100, 'cm')).toEqual({ value: 39.37, unit: 'in' });
    expect(toImperial(1, 'm')).toEqual({ value: 3.28, unit: 'ft' });
  });
  it('W, lm and imperial units are unchanged', () => {
    expect(toImperial(12, 'W')).toEqual({ value: 12, unit: 'W' });
    expect(toImperial(900, 'lm')).toEqual({ value: 900, unit: 'lm' });
    expect(toImperial(3, 'ft')).toEqual({ value: 3, unit: 'ft' });
  });
});

describe('inch fractions rounded to 1/16', () => {
  it.each([
    [3.53, '3 1/2"'],
    [0.0625, '1/16"'],
    [3.99, '4"'],
    [1.19, '1 3/16"'],
    [0, '0"'],
    [0.01, '0"'],
    [-2.25, '-2 1/4"'],
    [centimetresToInches(10), '3 15/16"'],
  ])('%d → %s', (inches, text) => {
    expect(formatInchFraction(inches)).toBe(text);
  });
  it("a non-finite value throws 'Invalid input'", () => {
    expect(() => formatInchFraction(Number.NaN)).toThrow('Invalid input');
  });
});

describe("time conversion; failure 'Invalid input'", () => {
  it('converts between ms, s, min, h, d, w', () => {
    expect(convertTime(2, 'w', 'd')).toBe(14);
    expect(convertTime('90', 'min', 'h')).toBe(1.5);
    expect(convertTime(1500, 'ms', 's')).toBe(1.5);
  });
  it.each([
    ['abc', 'min', 'h'],
    [-1, 'min', 'h'],
    [Number.NaN, 'min', 'h'],
    [1, 'min', 'years'],
    [1, 'toString', 'h'],
  ] as const)("%s %s → %s throws 'Invalid input'", (value, from, to) => {
    expect(() => convertTime(value, from, to)).toThrow('Invalid input');
  });
});

describe('lengths as a catalogue reads them (issue 10 §10)', () => {
  it.each([
    [150, `4' 11 1/16"`],
    [30, `11 13/16"`],
    [304.8, `10' 0"`],
    [60, `1' 11 5/8"`],
    [500, `16' 4 7/8"`],
    // 182.87 cm is 71.996 in: the 1/16 rounds up to a whole foot.
    [182.87, `6' 0"`],
    [0, `0"`],
  ])('%s cm → %s', (cm, text) => {
    expect(formatFeetAndInches(cm)).toBe(text);
  });
  it('refuses what is no length', () => {
    for (const bad of [Number.NaN, -1, Number.POSITIVE_INFINITY]) expect(() => formatFeetAndInches(bad)).toThrow('Invalid input');
  });
  it('catalogue 21 reads feet and inches, the others metric', () => {
    expect(lengthSystemOf(21)).toBe('imperial');
    expect(lengthSystemOf(16)).toBe('metric');
  });
});
