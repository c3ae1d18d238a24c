import { describe, expect, it } from 'vitest';
import type { Variation } from '../catalogue/catalogue.types';
import { filterControlVariations, isValidAttributeValue, priceEffectOrder, sortByPriceEffectOrder, variationsOfReference, variationsOfType } from './variations';

const variations: Variation[] = [
  { type: 'color', modifier: 'NE', model: '5520', priceEffectOrder: 'C' },
  { type: 'color', modifier: 'BL', model: '5520', priceEffectOrder: 'A' },
  { type: 'control', modifier: '0', model: '5520' },
  { type: 'control', modifier: 'M', model: '5520', priceEffectOrder: 'F' },
  { type: 'control', modifier: 'MD', model: '5520' },
  { type: 'temperature', modifier: 'C', model: '5520' },
  { type: 'installation', modifier: '10', modifier2: '32', model: '5520' },
  { type: 'pendantHeight', modifier: 'PH', model: '5520', min: 120, standard: 100, max: 300 },
];

describe('priceEffectOrder (A=1, B=2, C=3, D=4, F=5, else 9999)', () => {
  it.each([
    ['A', 1],
    ['B', 2],
    ['C', 3],
    ['D', 4],
    ['F', 5],
    ['E', 9999],
    ['a', 9999],
    ['', 9999],
    [undefined, 9999],
    ['toString', 9999],
  ] as const)('%s → %d', (letter, order) => {
    expect(priceEffectOrder(letter)).toBe(order);
  });
  it('sorts variations by it, stable', () => {
    expect(sortByPriceEffectOrder(variations).map((v) => v.modifier)).toEqual(['BL', 'NE', 'M', '0', 'MD', 'C', '10', 'PH']);
  });
});

describe('a new value is valid only if it matches a listed variation', () => {
  it('matches type and modifier', () => {
    expect(isValidAttributeValue('finish', 'NE', variations)).toBe(true);
    expect(isValidAttributeValue('finish', 'XX', variations)).toBe(false);
    expect(isValidAttributeValue('ledColourTemp', 'C', variations)).toBe(true);
    expect(isValidAttributeValue('control', 'C', variations)).toBe(false);
    expect(isValidAttributeValue('installation', '10', variations)).toBe(true);
    expect(isValidAttributeValue('installation', '32', variations)).toBe(true);
  });
  it('matches the model when given', () => {
    expect(isValidAttributeValue('finish', 'NE', variations, { model: '5520' })).toBe(true);
    expect(isValidAttributeValue('finish', 'NE', variations, { model: '0270' })).toBe(false);
  });
  it('pendantHeight must lie within min and max widened to include the standard', () => {
    expect(isValidAttributeValue('pendantHeight', 100, variations)).toBe(true);
    expect(isValidAttributeValue('pendantHeight', 300, variations)).toBe(true);
    expect(isValidAttributeValue('pendantHeight', 99, variations)).toBe(false);
    expect(isValidAttributeValue('pendantHeight', 'PH', variations)).toBe(false);
  });
  it('selects variations of one type', () => {
    expect(variationsOfType(variations, 'control').map((v) => v.modifier)).toEqual(['0', 'M', 'MD']);
  });
});

describe('filters on control modifiers starting with M (filterControlM, filterControlMforCP)', () => {
  const controls = (list: readonly Variation[]) => list.filter((v) => v.type === 'control').map((v) => v.modifier);
  it('filterControlM removes M controls on regular products only', () => {
    expect(controls(filterControlVariations(variations, { filterControlM: true }))).toEqual(['0']);
    expect(controls(filterControlVariations(variations, { filterControlM: true }, { composingPendant: true }))).toEqual(['0', 'M', 'MD']);
  });
  it('filterControlMforCP removes M controls on composing pendants only', () => {
    expect(controls(filterControlVariations(variations, { filterControlMforCP: true }, { composingPendant: true }))).toEqual(['0']);
    expect(controls(filterControlVariations(variations, { filterControlMforCP: true }))).toEqual(['0', 'M', 'MD']);
  });
  it('flags off keep everything, other types always pass', () => {
    expect(filterControlVariations(variations, {})).toHaveLength(variations.length);
    expect(filterControlVariations(variations, { filterControlM: true })).toHaveLength(variations.length - 2);
  });
});

describe('the variations a reference selects', () => {
  const of = (type: 'color' | 'temperature' | 'control' | 'installation' | 'pendantHeight', modifier: string) => ({ type, modifier });
  const model = [of('color', '02'), of('color', '05'), of('temperature', '3'), of('control', 'M'), of('control', '0'), of('installation', '31'), of('pendantHeight', '150')];

  it('takes one variation per coded attribute whose code it lists, and nothing else', () => {
    const selected = variationsOfReference(model, { finish: '05', ledColourTemp: '3', control: 'M', installation: '10' });
    expect(selected).toEqual([of('color', '05'), of('temperature', '3'), of('control', 'M')]);
  });

  it('never selects a pendant-height variation (the height is chosen by value)', () => {
    expect(variationsOfReference(model, { finish: '150', ledColourTemp: '150', control: '150', installation: '150' })).toEqual([]);
  });
});
