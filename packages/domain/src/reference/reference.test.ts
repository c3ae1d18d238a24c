import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../catalogue/domain-error';
import {
  catalogOfBrandCode,
  catalogOfReference,
  formatReference,
  getReferencePart,
  isValidReference,
  modelOfReference,
  parseReference,
  type Reference,
} from './reference';

describe('references: both forms parse', () => {
  it.each([
    ['0270AB', { model: '0270', catalogId: 16, colour: 'AB' }],
    ['0270AB/12', { model: '0270', catalogId: 16, colour: 'AB', control: '1', temperature: '2' }],
    ['0270AB/12_34', { model: '0270', catalogId: 16, colour: 'AB', control: '1', temperature: '2', installation: '34' }],
    ['0270-AB', { model: '0270', catalogId: 21, colour: 'AB' }],
    ['0270-AB/12', { model: '0270', catalogId: 21, colour: 'AB', control: '1', temperature: '2' }],
    ['0270-AB/12_34', { model: '0270', catalogId: 21, colour: 'AB', control: '1', temperature: '2', installation: '34' }],
  ])('%s', (ref, expected) => {
    expect(parseReference(ref)).toEqual(expected);
    expect(formatReference(parseReference(ref))).toBe(ref);
  });

  it('accepts exactly the lengths 6, 7, 9, 10, 12 and 13', () => {
    for (const ref of ['0270AB', '0270-AB', '0270AB/12', '0270-AB/12', '0270AB/12_34', '0270-AB/12_34']) {
      expect([6, 7, 9, 10, 12, 13]).toContain(ref.length);
      expect(isValidReference(ref)).toBe(true);
    }
  });
});

describe('references: anything else is not a valid reference', () => {
  it.each(['', '0270A', '0270ABC', '0270AB/1', '0270AB/123', '0270AB/12_3', '0270AB/12_345', '0270--AB', '0270AB12', '0270AB/12-34', '02 0AB', '0270AB/12_34 ', '0270ÁB'])(
    "'%s' → '{ref} is not a valid reference'",
    (ref) => {
      expect(() => parseReference(ref)).toThrow(`${ref} is not a valid reference`);
      expect(isValidReference(ref)).toBe(false);
    },
  );

  it('throws a DomainError coded INVALID_REFERENCE', () => {
    try {
      parseReference('bad');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('INVALID_REFERENCE');
      expect((error as DomainError).message).toBe('bad is not a valid reference');
    }
  });

  it('formatting a malformed reference throws the same message', () => {
    expect(() => formatReference({ model: '027', catalogId: 16, colour: 'AB' })).toThrow('027AB is not a valid reference');
    expect(() => formatReference({ model: '0270', catalogId: 16, colour: 'AB', installation: '34' })).toThrow(
      '0270AB_34 is not a valid reference',
    );
    expect(() => formatReference({ model: '0270', catalogId: 21, colour: 'AB', control: '1' })).toThrow(
      '0270-AB/1 is not a valid reference',
    );
  });
});

describe('references: model code, catalogue from the dash, modifiers at their positions', () => {
  it('model code is the first 4 characters', () => {
    expect(modelOfReference('5520NE/0B_10')).toBe('5520');
    expect(modelOfReference('5520-NE/0B_10')).toBe('5520');
  });

  it('a dash means catalogue 21, otherwise 16', () => {
    expect(catalogOfReference('5520-NE')).toBe(21);
    expect(catalogOfReference('5520NE')).toBe(16);
  });

  it('reads finish, control, temperature and installation at their positions', () => {
    expect(getReferencePart('5520NE/MC_32', 'finish')).toBe('NE');
    expect(getReferencePart('5520NE/MC_32', 'control')).toBe('M');
    expect(getReferencePart('5520NE/MC_32', 'ledColourTemp')).toBe('C');
    expect(getReferencePart('5520-NE/MC_32', 'installation')).toBe('32');
  });

  it("error 'Cannot get {attribute} for reference {ref} may not be a valid reference'", () => {
    expect(() => getReferencePart('5520NE', 'control')).toThrow('Cannot get control for reference 5520NE may not be a valid reference');
    expect(() => getReferencePart('5520NE/MC', 'installation')).toThrow(
      'Cannot get installation for reference 5520NE/MC may not be a valid reference',
    );
    expect(() => modelOfReference('55')).toThrow('Cannot get model for reference 55 may not be a valid reference');
  });
});

describe('brand codes: 3VB and 4VT → 16, 2US → 21', () => {
  it('maps the three brand codes', () => {
    expect(catalogOfBrandCode('3VB', { variationCatalog: true })).toBe(16);
    expect(catalogOfBrandCode('4VT', { variationCatalog: true })).toBe(16);
    expect(catalogOfBrandCode('2US', { variationCatalog: true })).toBe(21);
  });

  it("any other code throws 'Not exist catalog value' when variationCatalog is on", () => {
    expect(() => catalogOfBrandCode('XXX', { variationCatalog: true })).toThrow('Not exist catalog value');
    expect(() => catalogOfBrandCode('toString', { variationCatalog: true })).toThrow('Not exist catalog value');
  });

  it('without the flag an unknown code falls back to catalogue 16', () => {
    expect(catalogOfBrandCode('XXX')).toBe(16);
  });
});

const part = (length: number) => fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz0123456789'), minLength: length, maxLength: length });
const referenceArbitrary: fc.Arbitrary<Reference> = fc
  .record({
    model: part(4),
    catalogId: fc.constantFrom(16 as const, 21 as const),
    colour: part(2),
    suffix: fc.option(fc.record({ control: part(1), temperature: part(1), installation: fc.option(part(2), { nil: undefined }) }), { nil: undefined }),
  })
  .map(({ suffix, ...rest }) => ({
    ...rest,
    ...(suffix ? { control: suffix.control, temperature: suffix.temperature } : {}),
    ...(suffix?.installation !== undefined ? { installation: suffix.installation } : {}),
  }));

describe('references: laws', () => {
  it('parse ∘ format is the identity on valid references', () => {
    fc.assert(
      fc.property(referenceArbitrary, (reference) => {
        const text = formatReference(reference);
        expect(formatReference(parseReference(text))).toBe(text);
        expect(parseReference(text)).toEqual(reference);
      }),
    );
  });

  it('every formatted reference has one of the six lengths and its catalogue follows the dash', () => {
    fc.assert(
      fc.property(referenceArbitrary, (reference) => {
        const text = formatReference(reference);
        expect([6, 7, 9, 10, 12, 13]).toContain(text.length);
        expect(catalogOfReference(text)).toBe(reference.catalogId);
      }),
    );
  });

  it('any string is either parsed or rejected with the message, never anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (text) => {
        try {
          parseReference(text);
        } catch (error) {
          expect((error as Error).message).toBe(`${text} is not a valid reference`);
        }
      }),
    );
  });
});
