import { describe, expect, it } from 'vitest';
import { editPath } from './products-grid';
import { makeProduct } from './projects.fixtures';

const ID = '00000000-0000-4000-8000-00000000c0de';

describe("a line's Edit: the configurator its configurator type and subfamily choose (spec §2)", () => {
  it('a regular line: the configurator the catalogue opens for it (issue 27 §1) — express, or attributes for a line made there', () => {
    expect(editPath(5, 16, makeProduct({ _id: ID, configuratorType: { id: 4 } }), false)).toBe(`/project/5/product/${ID}/express-configurator`);
    expect(editPath(5, 16, makeProduct({ _id: ID, configuratorType: null }), false)).toBe(`/project/5/product/${ID}/express-configurator`);
    expect(editPath(5, 16, makeProduct({ _id: ID, configuratorType: { id: 6 } }), false)).toBe(`/project/5/product/${ID}/attributes-configurator`);
  });

  it('a crea creation: the room in validate mode', () => {
    const line = makeProduct({ _id: ID, type: 'CREATION', configuratorType: { id: 1 }, subFamily: { id: 302, description: 'Wireflow' } });
    expect(editPath(5, 16, line, false)).toBe(`/project/5/product/${ID}/crea-configurator/validate`);
  });

  it('composing pendants: /compositor under validateComposingPendantsProduct, else the attributes validate route', () => {
    const line = makeProduct({ _id: ID, type: 'CREATION', configuratorType: { id: 5 }, subFamily: { id: 259, description: 'Multiple' }, familyId: 26, configId: null });
    expect(editPath(5, 21, line, true)).toBe(`/compositor?projectId=5&configId=&family=26&catalog=21&validating=true&productId=${ID}`);
    expect(editPath(5, 21, line, false)).toBe(`/validate/5/${ID}`);
  });

  it('a configurator the routing does not know: the attributes validate route', () => {
    const line = makeProduct({ _id: ID, type: 'CREATION', configuratorType: { id: 2 }, subFamily: { id: 259, description: 'Multiple' } });
    expect(editPath(5, 16, line, false)).toBe(`/validate/5/${ID}`);
  });
});
