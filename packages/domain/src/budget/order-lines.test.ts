import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidForOrdering, orderableProducts, orderLineValidity } from './order-lines';

describe('order-line validity by MOQ', () => {
  it('valid only if each referenced article MOQ ≤ ordered quantity', () => {
    expect(orderLineValidity(10, [{ reference: 'A', moq: 10 }, { reference: 'B', moq: 5 }])).toEqual({
      valid: true,
      references: { A: { quantity: 10, moq: 10, valid: true }, B: { quantity: 10, moq: 5, valid: true } },
    });
    expect(orderLineValidity(9, [{ reference: 'A', moq: 10 }, { reference: 'B', moq: 5 }])).toEqual({
      valid: false,
      references: { A: { quantity: 9, moq: 10, valid: false }, B: { quantity: 9, moq: 5, valid: true } },
    });
  });
  it('returns the quantity per reference: units per product and repeats add up', () => {
    const result = orderLineValidity(3, [
      { reference: 'LED', moq: 10, quantity: 2 },
      { reference: 'LED', moq: 8, quantity: 2 },
      { reference: 'CAN', quantity: 1 },
    ]);
    expect(result.references).toEqual({ LED: { quantity: 12, moq: 10, valid: true }, CAN: { quantity: 3, moq: 1, valid: true } });
    expect(result.valid).toBe(true);
  });
  it('a missing MOQ counts as 1; quantity ≤ 0 is never valid', () => {
    expect(orderLineValidity(1, [{ reference: 'A' }]).valid).toBe(true);
    expect(orderLineValidity(0, [{ reference: 'A' }]).valid).toBe(false);
    expect(orderLineValidity(0, []).valid).toBe(false);
  });
});

describe('only products valid for ordering are kept', () => {
  it('filters by MOQ validity, keeping the order', () => {
    const products = [
      { id: 1, quantity: 5, articles: [{ reference: 'A', moq: 5 }] },
      { id: 2, quantity: 4, articles: [{ reference: 'A', moq: 5 }] },
      { id: 3, quantity: 0, articles: [] },
      { id: 4, quantity: 1, articles: [] },
    ];
    expect(orderableProducts(products).map((x) => x.id)).toEqual([1, 4]);
    expect(isValidForOrdering(products[1]!)).toBe(false);
  });
});

describe('order lines: laws', () => {
  it('a line (distinct references) is valid exactly when its quantity is positive and every MOQ ≤ the ordered quantity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 100 }),
        fc.uniqueArray(fc.record({ reference: fc.constantFrom('A', 'B', 'C', 'D'), moq: fc.integer({ min: 1, max: 100 }) }), {
          maxLength: 4,
          selector: (article) => article.reference,
        }),
        (quantity, articles) => {
          const expected = quantity > 0 && articles.every((a) => a.moq <= quantity);
          expect(orderLineValidity(quantity, articles).valid).toBe(expected);
        },
      ),
    );
  });
});
