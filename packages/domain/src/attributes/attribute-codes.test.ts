import { describe as suite, expect, it } from 'vitest';
import { BOV, canDeleteAttribute, DEFAULT_ATTRIBUTE_CODE, defaultAttributeCode, descriptionIn, isBaseDefault, isBov, isOptional, isTemporal, isVariation } from './attribute-codes';

suite('attribute codes and defaults', () => {
  it("defaults are '00'; temperature and control '0'", () => {
    expect(defaultAttributeCode('finish')).toBe('00');
    expect(defaultAttributeCode('color')).toBe('00');
    expect(defaultAttributeCode('installation')).toBe('00');
    expect(defaultAttributeCode('pendantHeight')).toBe('00');
    expect(defaultAttributeCode('ledColourTemp')).toBe('0');
    expect(defaultAttributeCode('temperature')).toBe('0');
    expect(defaultAttributeCode('control')).toBe('0');
    expect(DEFAULT_ATTRIBUTE_CODE).toEqual({ finish: '00', ledColourTemp: '0', control: '0', installation: '00', pendantHeight: '00' });
  });
});

suite('bov flags: B base default, O optional, V variation, T temporal', () => {
  it('names each flag', () => {
    expect(BOV).toEqual({ BASE: 'B', OPTIONAL: 'O', VARIATION: 'V', TEMPORAL: 'T' });
    expect(isBaseDefault('B')).toBe(true);
    expect(isOptional('O')).toBe(true);
    expect(isVariation('V')).toBe(true);
    expect(isTemporal('T')).toBe(true);
    expect(isTemporal('B')).toBe(false);
    expect(isBov('X')).toBe(false);
    expect(isBov('V')).toBe(true);
  });
});

suite('per-language descriptions (en, us, fr, de, it, es)', () => {
  const text = { en: 'Black', us: 'Black (US)', fr: 'Noir', de: 'Schwarz', it: 'Nero', es: 'Negro' };
  it('picks the language asked for', () => {
    expect(descriptionIn(text, 'fr')).toBe('Noir');
    expect(descriptionIn(text, 'de')).toBe('Schwarz');
    expect(descriptionIn(text, 'it')).toBe('Nero');
    expect(descriptionIn(text, 'es')).toBe('Negro');
    expect(descriptionIn(text, 'us')).toBe('Black (US)');
    expect(descriptionIn(text, 'en')).toBe('Black');
  });
  it('falls back us → en → any → empty', () => {
    expect(descriptionIn({ en: 'Black' }, 'us')).toBe('Black');
    expect(descriptionIn({ en: 'Black' }, 'de')).toBe('Black');
    expect(descriptionIn({ es: 'Negro' }, 'fr')).toBe('Negro');
    expect(descriptionIn({}, 'fr')).toBe('');
    expect(descriptionIn(undefined, 'fr')).toBe('');
    expect(descriptionIn('plain', 'fr')).toBe('plain');
  });
});

suite('only control, installation and temperature can be deleted', () => {
  it.each([
    ['control', true],
    ['installation', true],
    ['ledColourTemp', true],
    ['temperature', true],
    ['finish', false],
    ['color', false],
    ['pendantHeight', false],
  ] as const)('%s → %s', (attribute, deletable) => {
    expect(canDeleteAttribute(attribute)).toBe(deletable);
  });
});
