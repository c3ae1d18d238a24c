import { describe, expect, it } from 'vitest';
import { referenceExample } from './add-by-reference-modal';
import { makeProduct, makeProject } from './projects.fixtures';

describe('the add-by-reference hint’s example (issue 10 §9)', () => {
  it('is the project’s own first line: a reference that surely exists in its catalogue', () => {
    const project = makeProject(5, { catalogId: 16, products: [makeProduct({ referenceCode: '746005/M3_10' }), makeProduct({ referenceCode: '552010/02_10' })] });
    expect(referenceExample(project)).toBe('746005/M3_10');
  });

  it('is an article of the project’s catalogue, in its form, for a project without lines', () => {
    expect(referenceExample(makeProject(5, { catalogId: 16, products: [] }))).toBe('552010/02_10');
    expect(referenceExample(makeProject(6, { catalogId: 21, products: [] }))).toBe('5520-10/03_10');
  });

  it('never shows the made-up 5520NE/MC_32 of before', () => {
    expect(referenceExample(makeProject(5, { catalogId: 16, products: [] }))).not.toBe('5520NE/MC_32');
  });
});
