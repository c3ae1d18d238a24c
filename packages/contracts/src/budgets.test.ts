import { describe, expect, it } from 'vitest';
import { BudgetBody, PublicQuoteToken, QUOTE_NUMBER_PATTERN, UsFinalQuoteBody } from './budgets';

const line = '6f1d2c3b-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const paths = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('budget body', () => {
  it('defaults the footer to 0 % and keeps no client total', () => {
    const body = BudgetBody.parse({ projectId: 7, netTotal: 1, subTotalNet: 1 });
    expect(body).toEqual({ projectId: 7, products: [], discount: 0, surcharge: 0, iva: 0 });
  });

  it('refuses percentages outside 0–100 or with more than 2 decimals, naming the field', () => {
    expect(paths(BudgetBody.safeParse({ projectId: 1, discount: 101 }))).toEqual(['discount:formError.percentRange']);
    expect(paths(BudgetBody.safeParse({ projectId: 1, iva: -1 }))).toEqual(['iva:formError.percentRange']);
    expect(paths(BudgetBody.safeParse({ projectId: 1, surcharge: 1.005 }))).toEqual(['surcharge:formError.percentDecimals']);
    expect(BudgetBody.safeParse({ projectId: 1, discount: 12.5, iva: 21, surcharge: 0.01 }).success).toBe(true);
  });

  it('takes a tax rate with up to 3 decimals (New York 8.875 %), not 4', () => {
    expect(BudgetBody.parse({ projectId: 1, iva: 8.875 }).iva).toBe(8.875);
    expect(paths(BudgetBody.safeParse({ projectId: 1, iva: 8.8755 }))).toEqual(['iva:formError.taxDecimals']);
    expect(paths(BudgetBody.safeParse({ projectId: 1, discount: 8.875 }))).toEqual(['discount:formError.percentDecimals']);
  });

  it('refuses negative and fractional quantities (products are counted in units)', () => {
    expect(paths(BudgetBody.safeParse({ projectId: 1, products: [{ _id: line, quantity: -1 }] }))).toEqual(['products.0.quantity:formError.quantityNegative']);
    expect(paths(BudgetBody.safeParse({ projectId: 1, products: [{ _id: line, quantity: 1.5 }] }))).toEqual(['products.0.quantity:formError.wholeUnits']);
    expect(BudgetBody.safeParse({ projectId: 1, products: [{ _id: line, quantity: 0 }] }).success).toBe(true);
    expect(paths(BudgetBody.safeParse({ projectId: 1, products: [{ _id: line, quantity: 1 }, { _id: line, quantity: 2 }] }))).toEqual(['products:formError.duplicateLine']);
  });

  it('bounds the comment at 4,000 characters of the text-area pattern', () => {
    expect(BudgetBody.safeParse({ projectId: 1, comment: 'x'.repeat(4000) }).success).toBe(true);
    expect(paths(BudgetBody.safeParse({ projectId: 1, comment: 'x'.repeat(4001) }))).toEqual(['comment:formError.maxLength']);
    expect(paths(BudgetBody.safeParse({ projectId: 1, comment: '<script>' }))).toEqual(['comment:formError.pattern']);
  });
});

describe('US final quote body', () => {
  const valid = {
    projectId: 3,
    isFinalQuote: true,
    budgetAlias: 'Lobby',
    specifier: { email: 'Spec@Example.com', companyName: 'Arco' },
    purchaser: { name: 'Ann Lee', email: 'ann@example.com' },
    country: { geonameId: 6252001, name: 'United States' },
    state: { geonameId: 5128638, name: 'New York' },
    city: { geonameId: 5128581, name: 'New York City' },
  };
  it('takes the alias, specifier, purchaser and the three places', () => {
    expect(UsFinalQuoteBody.parse(valid).specifier.email).toBe('spec@example.com');
    expect(UsFinalQuoteBody.safeParse({ ...valid, isFinalQuote: false }).success).toBe(false);
    expect(paths(UsFinalQuoteBody.safeParse({ ...valid, quoteNumber: 'Q-26-1' }))).toEqual(['quoteNumber:formError.quoteNumber']);
    expect(paths(UsFinalQuoteBody.safeParse({ ...valid, city: { geonameId: 0, name: 'x' } }))).toHaveLength(1);
    expect(paths(UsFinalQuoteBody.safeParse({ ...valid, state: { code: 'US.NY', name: 'New York' } }))).toEqual(['state.geonameId:Invalid input: expected number, received undefined']);
  });
});

describe('quote numbers and links', () => {
  it('numbers per catalogue and year with a revision suffix', () => {
    for (const ok of ['Q-2026-000123', 'Q-2026-000123-2', 'QUS-2026-000001']) expect(QUOTE_NUMBER_PATTERN.test(ok)).toBe(true);
    for (const bad of ['Q-2026-123', 'X-2026-000123', 'Q-2026-000123-']) expect(QUOTE_NUMBER_PATTERN.test(bad)).toBe(false);
  });
  it('reads a token as payload.signature in base64url', () => {
    expect(PublicQuoteToken.safeParse('eyJxIjoxfQ.abcdefghijklmnopqrstuvwxyz012345').success).toBe(true);
    expect(PublicQuoteToken.safeParse('../etc/passwd').success).toBe(false);
  });
});
