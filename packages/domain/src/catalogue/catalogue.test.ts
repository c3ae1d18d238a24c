import { describe, expect, it } from 'vitest';
import { CATALOG, DEFAULT_CATALOG_ID, DEFAULT_LANG, LANGS, VARIATION_TYPE_OF_ATTRIBUTE } from './catalogue.types';
import { DomainError, isDomainError } from './domain-error';

describe('catalogue constants', () => {
  it('catalogues: international 16 (default), United States 21', () => {
    expect(CATALOG).toEqual({ INT: 16, USA: 21 });
    expect(DEFAULT_CATALOG_ID).toBe(16);
  });
  it('languages: en, us, fr, de, it, es; default en', () => {
    expect(LANGS).toEqual(['en', 'us', 'fr', 'de', 'it', 'es']);
    expect(DEFAULT_LANG).toBe('en');
  });
  it('each attribute is varied by one variation type', () => {
    expect(VARIATION_TYPE_OF_ATTRIBUTE).toEqual({
      finish: 'color',
      ledColourTemp: 'temperature',
      control: 'control',
      installation: 'installation',
      pendantHeight: 'pendantHeight',
    });
  });
});

describe('DomainError carries the exact message and a machine code', () => {
  it('is an Error with code and name', () => {
    const error = new DomainError('WRONG_UNIT', 'Wrong udType parameter');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Wrong udType parameter');
    expect(error.code).toBe('WRONG_UNIT');
    expect(error.name).toBe('DomainError');
    expect(isDomainError(error)).toBe(true);
    expect(isDomainError(new Error('x'))).toBe(false);
  });
});
