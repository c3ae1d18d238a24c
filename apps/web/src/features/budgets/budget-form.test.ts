import { describe, expect, it } from 'vitest';
import { bodyOf, checkComment, checkMarkup, checkPercent, checkQuantity, checkTaxPercent, draftFromQuote, draftOf, figuresOf, targetOf } from './budget-form';
import { marginOf } from './budget-lines';
import { LINE_A, LINE_B, makeBudgetLine, makePayload, makeQuote } from './budgets.fixtures';
import { canonicalJson } from '@lumen/domain';

describe('the budget form checks values as the server does', () => {
  it('percentages: empty is 0, comma or point, 0–100 with 2 decimals', () => {
    expect(checkPercent('')).toEqual({ ok: true, value: 0 });
    expect(checkPercent('12,5')).toEqual({ ok: true, value: 12.5 });
    expect(checkPercent('100')).toEqual({ ok: true, value: 100 });
    expect(checkPercent('100.01')).toEqual({ ok: false, error: 'formError.percentRange' });
    expect(checkPercent('-1')).toEqual({ ok: false, error: 'formError.percentRange' });
    expect(checkPercent('1.005')).toEqual({ ok: false, error: 'formError.percentDecimals' });
    expect(checkPercent('1e2')).toEqual({ ok: false, error: 'budgets.error.number' });
  });

  it('tax rates: up to 3 decimals (New York 8.875 %), and the totals follow them (issue 34 §1)', () => {
    expect(checkTaxPercent('8,875')).toEqual({ ok: true, value: 8.875 });
    expect(checkTaxPercent('8.8755')).toEqual({ ok: false, error: 'formError.taxDecimals' });
    const payload = makePayload();
    const draft = draftOf(payload);
    // 259.97 × 8.875 % = 23.0723… → 23.07; total with tax 283.04.
    expect(figuresOf(payload.products, { ...draft, footer: { ...draft.footer, iva: '8.875' } }).totals).toEqual({ subTotal: 259.97, discountValue: 0, surchargeValue: 0, ivaValue: 23.07, netTotal: 283.04 });
  });

  it('a per-line markup on the professional’s purchase price (issue 34 §1): priced as the server prices it, and sent', () => {
    expect(checkMarkup('')).toEqual({ ok: true, value: undefined });
    expect(checkMarkup('37,5')).toEqual({ ok: true, value: 37.5 });
    expect(checkMarkup('1000.5')).toEqual({ ok: false, error: 'formError.percentRange' });
    expect(checkMarkup('2.125')).toEqual({ ok: false, error: 'formError.percentDecimals' });
    // Purchase 80.00 a unit, 37.5 % on it: 110.00 for the client; 2 units less 10 %: 198.00 (the list price, 100.00, is left).
    const payload = makePayload({ products: [makeBudgetLine({ purchaseUnitNet: 80 }), makeBudgetLine({ _id: LINE_B, quantity: 1, unitPvp: 19.99, purchaseUnitNet: 12.34 })] });
    const draft = draftOf(payload);
    const marked = { ...draft, lines: { ...draft.lines, [LINE_A]: { quantity: '2', discount: '10', markup: '37,5' } } };
    const figures = figuresOf(payload.products, marked);
    expect(figures.lines[LINE_A]).toMatchObject({ unitGross: 110, netPrice: 198 });
    // A line without a markup keeps its list price.
    expect(figures.lines[LINE_B]).toMatchObject({ unitGross: 19.99, netPrice: 19.99 });
    expect(figures.totals?.subTotal).toBe(217.99);
    const body = bodyOf(5, payload.products, figures, { lang: 'en' });
    expect(body.products).toEqual([
      { _id: LINE_A, quantity: 2, discount: 10, markup: 37.5 },
      { _id: LINE_B, quantity: 1, discount: 0 },
    ]);
    // A refused markup is an invalid form, and the server's refusal points at the field.
    expect(figuresOf(payload.products, { ...draft, lines: { ...draft.lines, [LINE_A]: { quantity: '2', discount: '0', markup: '1001' } } }).valid).toBe(false);
    expect(targetOf('body.products.0.markup', payload.products)).toEqual({ kind: 'line', id: LINE_A, field: 'markup' });
  });

  it('a revision starts from the markup the quote kept on each line (issue 34 §1), and prices and sends it again', () => {
    const payload = makePayload({ products: [makeBudgetLine({ purchaseUnitNet: 80 }), makeBudgetLine({ _id: LINE_B, quantity: 1, unitPvp: 19.99, purchaseUnitNet: 12.34 })] });
    const quote = makeQuote(31, { discount: 5, iva: 21, products: [makeBudgetLine({ quantity: 2, discount: 10, unitPvp: 110, markup: 37.5 }), makeBudgetLine({ _id: LINE_B, quantity: 1, unitPvp: 19.99 })] });
    const draft = draftFromQuote(draftOf(payload), quote);
    expect(draft.lines[LINE_A]).toEqual({ quantity: '2', discount: '10', markup: '37.5' });
    // A line the quote kept at the list price has no markup to restore.
    expect(draft.lines[LINE_B]).toEqual({ quantity: '1', discount: '0' });
    const figures = figuresOf(payload.products, draft);
    expect(figures.lines[LINE_A]).toMatchObject({ unitGross: 110, netPrice: 198 });
    expect(bodyOf(5, payload.products, figures, { revisionOf: 31 }).products?.[0]).toEqual({ _id: LINE_A, quantity: 2, discount: 10, markup: 37.5 });
  });

  it('quantities: whole units from 0', () => {
    expect(checkQuantity('0')).toEqual({ ok: true, value: 0 });
    expect(checkQuantity('12')).toEqual({ ok: true, value: 12 });
    expect(checkQuantity('1,5')).toEqual({ ok: false, error: 'formError.wholeUnits' });
    expect(checkQuantity('-3')).toEqual({ ok: false, error: 'formError.quantityNegative' });
    expect(checkQuantity('')).toEqual({ ok: false, error: 'formError.required' });
  });

  it('the comment: optional, 4,000 characters at most, the text-area pattern', () => {
    expect(checkComment('  ')).toEqual({ ok: true, value: undefined });
    expect(checkComment('x'.repeat(4000)).ok).toBe(true);
    expect(checkComment('x'.repeat(4001))).toEqual({ ok: false, error: 'formError.tooLong' });
    expect(checkComment('a <b>')).toEqual({ ok: false, error: 'formError.pattern' });
  });
});

describe('figures and body', () => {
  it('totals follow the typed values, none while a value is wrong, and the body never carries a total', () => {
    const payload = makePayload();
    const draft = draftOf(payload);
    const figures = figuresOf(payload.products, { ...draft, footer: { ...draft.footer, iva: '21' } });
    expect(figures.totals).toEqual({ subTotal: 259.97, discountValue: 0, surchargeValue: 0, ivaValue: 54.59, netTotal: 314.56 });
    expect(figuresOf(payload.products, { ...draft, footer: { ...draft.footer, iva: '121' } }).totals).toBeNull();
    const body = bodyOf(5, payload.products, figures, { lang: 'fr' });
    expect(body).toEqual({
      projectId: 5,
      products: [
        { _id: LINE_A, quantity: 2, discount: 0 },
        { _id: LINE_B, quantity: 3, discount: 0 },
      ],
      discount: 0,
      surcharge: 0,
      iva: 21,
      lang: 'fr',
    });
  });

  it('a budget with every quantity at 0 cannot be issued', () => {
    const payload = makePayload();
    const figures = figuresOf(payload.products, { ...draftOf(payload), lines: { [LINE_A]: { quantity: '0', discount: '0' }, [LINE_B]: { quantity: '0', discount: '0' } } });
    expect(figures.includedCount).toBe(0);
    expect(figures.valid).toBe(false);
  });

  it('maps a 400 field path to the line or footer field it names', () => {
    const { products } = makePayload();
    expect(targetOf('body.products.1.discount', products)).toEqual({ kind: 'line', id: LINE_B, field: 'discount' });
    expect(targetOf('body.iva', products)).toEqual({ kind: 'footer', field: 'iva' });
    expect(targetOf('body.products.9.quantity', products)).toEqual({ kind: 'other', field: 'products.9.quantity' });
  });

  it('the same body reads the same whatever the order of its keys (one Idempotency-Key per attempt)', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: undefined, z: 'q' }] })).toBe(canonicalJson({ a: [{ z: 'q', y: 2 }], b: 1 }));
  });
});

describe('the professional’s margin on a line (issue 34 §1)', () => {
  it('is the net less quantity × purchase price, 2 decimals', () => {
    // 3 × 750 list − 10 % = 2025.00; purchase 3 × 487.50 = 1462.50; margin 562.50.
    expect(marginOf(2025, 3, 487.5)).toBe(562.5);
    // 7 × 19.99 = 139.93 net; purchase 7 × 13.333 = 93.331 → 93.33; margin 46.60.
    expect(marginOf(139.93, 7, 13.333)).toBe(46.6);
  });
});
