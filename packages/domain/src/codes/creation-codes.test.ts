import { describe, expect, it } from 'vitest';
import { articleCode, nextCreationCode, parseCreationCode } from './creation-codes';

describe('creation codes: prefix CR + (counter + 1) padded to 9 digits', () => {
  it('CR000000043 follows 42', () => {
    expect(nextCreationCode(42)).toBe('CR000000043');
    expect(nextCreationCode(0)).toBe('CR000000001');
    expect(nextCreationCode(999_999_998)).toBe('CR999999999');
  });
  it('takes another prefix', () => {
    expect(nextCreationCode(9, 'XX')).toBe('XX000000010');
  });
  it('rejects counters that would not fit 9 digits or are not whole', () => {
    for (const bad of [-1, 999_999_999, 1.5, Number.NaN]) expect(() => nextCreationCode(bad)).toThrow('is out of range');
  });
  it('reads a code back', () => {
    expect(parseCreationCode('CR000000043')).toEqual({ prefix: 'CR', number: 43 });
    expect(parseCreationCode('CR43')).toBeUndefined();
  });
});

describe('article codes: LW + model', () => {
  it('prefixes the model', () => {
    expect(articleCode('5520')).toBe('LW5520');
  });
});
