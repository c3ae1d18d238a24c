import { describe, expect, it } from 'vitest';
import { changedLineAttributes, formatLengthCm, lineAttributeTexts, pendantHeightCmOf } from './line-attributes';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('a line’s configuration as documents print it (issue 34 §3)', () => {
  const attributes = {
    finish: { code: '02', description: 'Black' },
    ledColourTemp: { code: '3', description: '3000 K warm' },
    pendantHeight: { code: '250', description: 'Pendant height' },
    control: { code: '1', description: 'On/off' },
  };
  it('prints the pendant height with its value, never the bare label, in the catalogue’s units', () => {
    expect(lineAttributeTexts(attributes, 16, 'en').map(plain)).toEqual(['Black', '3000 K warm', 'On/off', 'Pendant height 2.50 m']);
    expect(lineAttributeTexts(attributes, 16, 'es').map(plain)).toContain('Pendant height 2,50 m');
    // 250 cm = 98.425 in = 8 ft 2 7/16 in.
    expect(plain(lineAttributeTexts(attributes, 21, 'us')[3]!)).toBe(`Pendant height 8' 2 7/16"`);
    expect(plain(formatLengthCm(85, 16, 'fr'))).toBe('85 cm');
  });
  it('reads the height in centimetres; an empty code is no height', () => {
    expect(pendantHeightCmOf(attributes)).toBe(250);
    expect(pendantHeightCmOf({ pendantHeight: { code: '', description: 'Pendant height' } })).toBeUndefined();
    expect(lineAttributeTexts({ pendantHeight: { code: '', description: 'Pendant height' } }, 16, 'en')).toEqual(['Pendant height']);
  });
  it('names the attributes that changed between two configurations', () => {
    expect(changedLineAttributes(attributes, { ...attributes, pendantHeight: { code: '150', description: 'Pendant height' } })).toEqual(['pendantHeight']);
    expect(changedLineAttributes(attributes, attributes)).toEqual([]);
    expect(changedLineAttributes(attributes, { finish: attributes.finish })).toEqual(['ledColourTemp', 'control', 'pendantHeight']);
  });
});
