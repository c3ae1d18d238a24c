import { describe, expect, it } from 'vitest';
import { isCurrentlyValid, parseValidityDate } from './validity';

const on = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe('validity dates dd/mm/yyyy', () => {
  it('parses strict dd/mm/yyyy', () => {
    expect(parseValidityDate('05/03/2026')).toEqual(new Date(2026, 2, 5));
    expect(parseValidityDate('31/02/2026')).toBeUndefined();
    expect(parseValidityDate('2026-03-05')).toBeUndefined();
    expect(parseValidityDate('5/3/2026')).toBeUndefined();
    expect(parseValidityDate('')).toBeUndefined();
    expect(parseValidityDate(null)).toBeUndefined();
  });

  it('valid strictly between from and to', () => {
    const window = { fromValidityDate: '01/03/2026', toValidityDate: '31/03/2026' };
    expect(isCurrentlyValid(window, on(2026, 3, 15))).toBe(true);
    expect(isCurrentlyValid(window, on(2026, 3, 2, 0))).toBe(true);
    expect(isCurrentlyValid(window, on(2026, 3, 1))).toBe(false);
    expect(isCurrentlyValid(window, on(2026, 3, 31))).toBe(false);
    expect(isCurrentlyValid(window, on(2026, 2, 28))).toBe(false);
    expect(isCurrentlyValid(window, on(2026, 4, 1))).toBe(false);
  });

  it('valid when either date is empty', () => {
    expect(isCurrentlyValid({ fromValidityDate: '', toValidityDate: '01/01/2000' }, on(2026, 3, 15))).toBe(true);
    expect(isCurrentlyValid({ fromValidityDate: '01/01/2999', toValidityDate: '' }, on(2026, 3, 15))).toBe(true);
    expect(isCurrentlyValid({}, on(2026, 3, 15))).toBe(true);
    expect(isCurrentlyValid({ fromValidityDate: null, toValidityDate: '01/01/2000' })).toBe(true);
  });

  it('a malformed date that is present makes the value invalid', () => {
    expect(isCurrentlyValid({ fromValidityDate: 'soon', toValidityDate: '31/03/2026' }, on(2026, 3, 15))).toBe(false);
  });
});
