import { describe, expect, it } from 'vitest';
import { isLang, Lang, LANGS } from './index';
import * as constants from './constants';

describe('constants (the zod-free values)', () => {
  it('isLang answers as the Lang schema does', () => {
    for (const value of [...LANGS, 'EN', 'en-US', 'pt', '', null, undefined, 1, { lang: 'en' }]) {
      expect(isLang(value)).toBe(Lang.safeParse(value).success);
    }
  });

  it('are the very values the schema files export (defined once)', async () => {
    const index = await import('./index');
    expect(index.LANGS).toBe(constants.LANGS);
    expect(index.LOCALE_OF).toBe(constants.LOCALE_OF);
    expect(index.TRANSLATION_DOMAINS).toBe(constants.TRANSLATION_DOMAINS);
    expect(index.SERVICE_NAMES).toBe(constants.SERVICE_NAMES);
    expect(index.FLAG_KEYS).toBe(constants.FLAG_KEYS);
    expect(index.IDEMPOTENCY_KEY_HEADER).toBe(constants.IDEMPOTENCY_KEY_HEADER);
  });
});
