import { describe, expect, it } from 'vitest';
import { CreationEvaluation, CreationSpace, EvaluateCreationBody, MAX_CREATION_QUANTITY } from './creations';
import { MAX_PRODUCT_QUANTITY, ProductInput, UpdateProductBody } from './projects';

const space = { schemaVersion: 3, type: 'Space', id: 's', props: {}, children: [{ type: 'Composition', id: 'c1', props: { compositionNumber: 1 }, children: [] }] };

describe('creation contracts', () => {
  it('takes a saved space and leaves its shape to the engine (an unknown kind passes the schema)', () => {
    expect(CreationSpace.safeParse(space).success).toBe(true);
    expect(CreationSpace.safeParse({ ...space, children: [{ type: 'Spaceship', id: 'x', props: {} }] }).success).toBe(true);
  });

  it('refuses what no engine should read: not an object, NUL, lone surrogates, non-finite numbers, huge strings', () => {
    for (const bad of [[], 'space', null, { ...space, id: 'a\u0000' }, { ...space, id: '\ud800' }, { ...space, props: { x: Number.NaN } }, { ...space, id: 'x'.repeat(10_001) }]) {
      expect(CreationSpace.safeParse(bad).success, JSON.stringify(bad)?.slice(0, 40)).toBe(false);
    }
  });

  it('lets 10,000 elements through to the engine, which counts them', () => {
    const children = Array.from({ length: 10_000 }, (_, i) => ({ type: 'Cluster', id: `k${i}`, props: {} }));
    expect(CreationSpace.safeParse({ ...space, children }).success).toBe(true);
  });

  it('evaluate: quantity defaults to 1 and stays within the product quantity bound', () => {
    expect(MAX_CREATION_QUANTITY).toBe(MAX_PRODUCT_QUANTITY);
    expect(EvaluateCreationBody.parse({ space }).quantity).toBe(1);
    expect(EvaluateCreationBody.safeParse({ space, quantity: MAX_CREATION_QUANTITY + 1 }).success).toBe(false);
    expect(EvaluateCreationBody.safeParse({ space, catalogId: 17 }).success).toBe(false);
  });

  it('a CREATION product and its update carry the space', () => {
    expect(ProductInput.parse({ type: 'CREATION', model: '5770', space }).space).toEqual(space);
    expect(UpdateProductBody.parse({ space }).space).toEqual(space);
  });

  it('every price field of an evaluation is optional (withoutPrices removes them)', () => {
    const line = CreationEvaluation.shape.compositions.element.shape.articles.element.shape;
    expect(line.prices.safeParse(undefined).success).toBe(true);
    expect(CreationEvaluation.shape.price.safeParse(undefined).success).toBe(true);
  });
});
