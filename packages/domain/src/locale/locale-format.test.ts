import { describe, expect, it } from 'vitest';
import { formatLocaleDate, formatLocaleNumber, formatPercent, keepSizesTogether } from './locale-format';

// Intl uses narrow no-break spaces in some locales: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dates and numbers in the language locale', () => {
  it('reads YYYY-MM-DD as that calendar day in every language', () => {
    expect(formatLocaleDate('2026-12-24', 'de', { dateStyle: 'short' })).toBe('24.12.26');
    expect(formatLocaleDate('2026-12-24', 'us', { dateStyle: 'short' })).toBe('12/24/26');
    expect(formatLocaleDate('2026-12-24', 'en', { dateStyle: 'short' })).toBe('24/12/2026');
    expect(formatLocaleDate('2026-12-24', 'fr')).toBe('24 déc. 2026');
  });
  it('shows an instant in UTC unless told otherwise', () => {
    expect(formatLocaleDate(new Date('2026-01-01T23:30:00Z'), 'es', { dateStyle: 'short' })).toBe('1/1/26');
  });
  it('writes numbers and percentages per locale', () => {
    expect(plain(formatLocaleNumber(12345.5, 'fr'))).toBe('12 345,5');
    expect(formatLocaleNumber(12345.5, 'us')).toBe('12,345.5');
    expect(plain(formatPercent(21, 'fr'))).toBe('21 %');
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatPercent(8.875, 'us')).toBe('8.875%');
  });
});

describe('sizes kept together (issue 10 §9)', () => {
  it('binds Ø, L and H to their number and a number to its unit', () => {
    expect(keepSizesTogether('Plusminus Pendelleuchte Ø 15')).toBe('Plusminus Pendelleuchte Ø\u00a015');
    expect(keepSizesTogether('Stick L 120 (2 m)')).toBe('Stick L\u00a0120 (2\u00a0m)');
    expect(keepSizesTogether('Track 2 m')).toBe('Track 2\u00a0m');
    expect(keepSizesTogether('Module 1')).toBe('Module 1');
  });
});
