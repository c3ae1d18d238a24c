import { describe, expect, it } from 'vitest';
import { addProductPath, CONFIGURATOR_ID, configuratorBasePath, configuratorFor, productConfiguratorPath, validationPath } from './configurator-routes';

describe('configurator ids: CREA 1, DRAWING 2, NODRAWING 3, EXPRESS 4, COMPOSITOR 5, ATTRIBUTES_CONFIGURATOR 6', () => {
  it('are fixed', () => {
    expect(CONFIGURATOR_ID).toEqual({ CREA: 1, DRAWING: 2, NODRAWING: 3, EXPRESS: 4, COMPOSITOR: 5, ATTRIBUTES_CONFIGURATOR: 6 });
  });
});

describe('configurator type + subfamily → configurator', () => {
  it('maps each type', () => {
    expect(configuratorFor(1, 100)).toBe('crea');
    expect(configuratorFor(2, 225)).toBe('plusminus-drawing');
    expect(configuratorFor(2, 219)).toBe('sticks-drawing');
    expect(configuratorFor(3, 225)).toBe('plusminus-nodrawing');
    expect(configuratorFor(3, 219)).toBe('sticks-nodrawing');
    expect(configuratorFor(4)).toBe('express');
    expect(configuratorFor(5)).toBe('compositor');
    expect(configuratorFor(6)).toBe('attributes');
  });
  it("drawing only for 225 and 219: 'SubfamilyId does not match any drawing configurator'", () => {
    expect(() => configuratorFor(2, 259)).toThrow('SubfamilyId does not match any drawing configurator');
    expect(() => configuratorFor(2)).toThrow('SubfamilyId does not match any drawing configurator');
  });
  it("no-drawing only for 225 and 219: 'SubfamilyId does not match any not-drawing configurator'", () => {
    expect(() => configuratorFor(3, 1)).toThrow('SubfamilyId does not match any not-drawing configurator');
  });
  it("unknown type: 'No configurator setted!'", () => {
    for (const type of [0, 7, undefined, null, Number.NaN]) expect(() => configuratorFor(type, 225)).toThrow('No configurator setted!');
  });
});

describe('route paths of spec §2', () => {
  it('base is /project/{id}/add-product with a project, /new-product without', () => {
    expect(configuratorBasePath('p1')).toBe('/project/p1/add-product');
    expect(configuratorBasePath()).toBe('/new-product');
    expect(configuratorBasePath(null)).toBe('/new-product');
  });
  it('add-product paths with their suffix and optional preconfigId', () => {
    expect(addProductPath({ configuratorTypeId: 1, projectId: 'p1', preconfigId: 9 })).toBe('/project/p1/add-product/crea-configurator?preconfigId=9');
    expect(addProductPath({ configuratorTypeId: 1 })).toBe('/new-product/crea-configurator');
    expect(addProductPath({ configuratorTypeId: 2, subFamilyId: 225, preconfigId: 'x' })).toBe('/new-product/plusminus-drawing-configurator?preconfigId=x');
    expect(addProductPath({ configuratorTypeId: 2, subFamilyId: 219, projectId: 7 })).toBe('/project/7/add-product/sticks-drawing-configurator');
    expect(addProductPath({ configuratorTypeId: 3, subFamilyId: 225, preconfigId: 5 })).toBe('/new-product/plusminus-nodrawing-configurator');
    expect(addProductPath({ configuratorTypeId: 3, subFamilyId: 219 })).toBe('/new-product/sticks-nodrawing-configurator');
    expect(() => addProductPath({ configuratorTypeId: 4 })).toThrow('No configurator setted!');
  });
  it('validation routes per family', () => {
    const base = { projectId: 'p1', productId: 'q2' };
    expect(validationPath({ ...base, configuratorTypeId: 1 })).toBe('/project/p1/product/q2/crea-configurator/validate');
    expect(validationPath({ ...base, configuratorTypeId: 2, subFamilyId: 225 })).toBe('/project/p1/product/q2/plusminus-drawing-configurator/validate');
    expect(validationPath({ ...base, configuratorTypeId: 2, subFamilyId: 219 })).toBe('/project/p1/product/q2/sticks-drawing-configurator/validate');
    expect(validationPath({ ...base, configuratorTypeId: 3, subFamilyId: 225 })).toBe('/project/p1/product/q2/plusminus-nodrawing-configurator/validate');
    expect(validationPath({ ...base, configuratorTypeId: 3, subFamilyId: 219 })).toBe('/project/p1/product/q2/sticks-nodrawing-configurator/validate');
    expect(validationPath({ ...base, configuratorTypeId: 6 })).toBe('/validate/p1/q2');
    expect(validationPath({ ...base, configuratorTypeId: 4 })).toBe('/project/p1/product/q2/express-configurator');
    expect(() => validationPath({ ...base, configuratorTypeId: 99 })).toThrow('No configurator setted!');
  });
  it('composing pendants validate at /compositor only under validateComposingPendantsProduct, else the attributes validate route', () => {
    const route = { projectId: 'p1', productId: 'q2', configuratorTypeId: 5, configId: 'c3', familyId: 12, catalogId: 16 };
    expect(validationPath(route, { validateComposingPendantsProduct: true })).toBe(
      '/compositor?projectId=p1&configId=c3&family=12&catalog=16&validating=true&productId=q2',
    );
    expect(validationPath(route)).toBe('/validate/p1/q2');
    expect(validationPath(route, { validateComposingPendantsProduct: false })).toBe('/validate/p1/q2');
  });
  it('encodes hostile ids', () => {
    expect(validationPath({ projectId: '../x', productId: 'a b', configuratorTypeId: 6 })).toBe('/validate/..%2Fx/a%20b');
  });
  it('edit routes', () => {
    expect(productConfiguratorPath({ projectId: 1, productId: 2, configuratorTypeId: 4 })).toBe('/project/1/product/2/express-configurator');
    expect(productConfiguratorPath({ projectId: 1, productId: 2, configuratorTypeId: 6 })).toBe('/project/1/product/2/attributes-configurator');
    expect(productConfiguratorPath({ projectId: 1, productId: 2, configuratorTypeId: 1 })).toBe('/project/1/product/2/crea-configurator');
  });
});
