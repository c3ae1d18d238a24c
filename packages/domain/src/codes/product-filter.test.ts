import { describe, expect, it } from 'vitest';
import { isGenericModel, modelNumber, ProductFilter } from './product-filter';

const products = [
  { model: '0050', applicationLocation: { id: 1 }, type: 'REGULAR' },
  { model: '0270', applicationLocation: { id: 2 }, type: 'REGULAR' },
  { model: '5520', applicationLocation: 1, type: 'CREATION' },
  { model: 'AB12', applicationLocation: null, type: { id: 7 } },
];
const models = (list: readonly { model: string }[]) => list.map((p) => p.model);

describe('product filter methods', () => {
  it('models', () => {
    expect(models(ProductFilter.create().models(['0270', '5520']).apply(products))).toEqual(['0270', '5520']);
  });
  it('partialModel', () => {
    expect(models(ProductFilter.create().partialModel('27').apply(products))).toEqual(['0270']);
    expect(models(ProductFilter.create().partialModel('ab').apply(products))).toEqual(['AB12']);
  });
  it('applicationLocation', () => {
    expect(models(ProductFilter.create().applicationLocation(1).apply(products))).toEqual(['0050', '5520']);
  });
  it('type', () => {
    expect(models(ProductFilter.create().type('REGULAR').apply(products))).toEqual(['0050', '0270']);
    expect(models(ProductFilter.create().type(7).apply(products))).toEqual(['AB12']);
  });
  it('generic = model number above 100', () => {
    expect(modelNumber('0270')).toBe(270);
    expect(isGenericModel('0100')).toBe(false);
    expect(isGenericModel('0101')).toBe(true);
    expect(isGenericModel('AB12')).toBe(false);
    expect(models(ProductFilter.create().generic().apply(products))).toEqual(['0270', '5520']);
    expect(models(ProductFilter.create().generic(false).apply(products))).toEqual(['0050', 'AB12']);
  });
  it('methods combine and each returns a new filter', () => {
    const base = ProductFilter.create().generic();
    expect(models(base.applicationLocation(1).apply(products))).toEqual(['5520']);
    expect(models(base.apply(products))).toEqual(['0270', '5520']);
    expect(ProductFilter.create().apply(products)).toHaveLength(4);
  });
});
