import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatLength, formatMoney, formatNumber } from './format';
import { parseLang, resolveLanguage } from './language';

describe('locale formatting', () => {
  it('formats EUR with de-DE and every other currency with en-US', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.5));
    expect(formatMoney(1234.5, 'EUR')).toMatch(/1\.234,50\s€/);
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
  });

  it('formats dates and numbers in the interface language', () => {
    const date = new Date(Date.UTC(2026, 10, 21, 12));
    expect(formatDate(date, 'us', { dateStyle: 'short', timeZone: 'UTC' })).toBe('11/21/26');
    expect(formatDate(date, 'en', { dateStyle: 'short', timeZone: 'UTC' })).toBe('21/11/2026');
    expect(formatDate(date, 'de', { dateStyle: 'short', timeZone: 'UTC' })).toBe('21.11.26');
    expect(formatNumber(1234.5, 'fr')).toBe(new Intl.NumberFormat('fr-FR').format(1234.5));
  });

  it('formats file sizes in bytes, kB or MB with the locale’s unit', () => {
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(512, 'fr')).toMatch(/^512\soctets$/);
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(10_485_760, 'en')).toBe('10 MB');
    expect(formatFileSize(10_485_760, 'fr')).toMatch(/^10\sMo$/);
    expect(formatFileSize(2_621_440, 'de')).toMatch(/^2,5\sMB$/);
  });
});

describe('the interface language', () => {
  it('reads short codes and en-US as us, nothing else', () => {
    expect(parseLang('fr')).toBe('fr');
    expect(parseLang('en-US')).toBe('us');
    expect(parseLang('pt')).toBeUndefined();
    expect(parseLang(undefined)).toBeUndefined();
  });

  it('comes from the account, else the cookie, else en', () => {
    expect(resolveLanguage({ lang: 'de' }, 'fr')).toBe('de');
    expect(resolveLanguage(null, 'fr')).toBe('fr');
    expect(resolveLanguage(null, undefined)).toBe('en');
  });
});

describe('lengths by catalogue (issue 10 §10)', () => {
  it('shows catalogue 21 in feet and inches, to the 1/16', () => {
    expect(formatLength(150, 21, 'us')).toBe(`4'\u00a011\u00a01/16"`);
    expect(formatLength(60, 21, 'en')).toBe(`1'\u00a011\u00a05/8"`);
  });
  it('shows other catalogues in metres from one metre, centimetres below, in the language’s format', () => {
    expect(formatLength(150, 16, 'en')).toBe('1.50\u00a0m');
    expect(formatLength(150, 16, 'de')).toBe('1,50\u00a0m');
    expect(formatLength(85, 16, 'fr')).toBe('85\u00a0cm');
  });
});
