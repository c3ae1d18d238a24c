import { BudgetProductInput, BudgetQuantity, Percent, TaxPercent, TextAreaText, type BudgetBody, type BudgetLine, type BudgetPayload, type Quote } from '@lumen/contracts';
import { computeBudget, round2, toDecimal, toMoney } from '@lumen/domain';

/*
 * The budget form's values as typed, checked as the server checks them (the contracts' schemas) and
 * turned into the live figures with packages/domain's budget (the same arithmetic the server runs on
 * issue; the server's figures are the ones a quote keeps).
 */

/** Spec §5: a text area holds at most 4,000 characters. */
export const COMMENT_MAX = 4000;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** A percentage as typed: empty is 0; a comma or a point as the decimal sign; 0–100 with at most 2 decimals. */
export function checkPercent(text: string): Checked<number> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: 0 };
  if (!/^-?\d+([.,]\d+)?$/.test(trimmed)) return { ok: false, error: 'budgets.error.number' };
  const parsed = Percent.safeParse(Number(trimmed.replace(',', '.')));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'formError.invalid' };
}

/** A tax rate as typed: as a percentage, with up to 3 decimals (New York 8.875 %). */
export function checkTaxPercent(text: string): Checked<number> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: 0 };
  if (!/^-?\d+([.,]\d+)?$/.test(trimmed)) return { ok: false, error: 'budgets.error.number' };
  const parsed = TaxPercent.safeParse(Number(trimmed.replace(',', '.')));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'formError.invalid' };
}

/**
 * The professional's markup on their purchase price as typed (issue 34 §1): empty is none (the line
 * keeps the catalogue's list price); 0–1000 % with at most 2 decimals, as the server takes it.
 */
export function checkMarkup(text: string): Checked<number | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  if (!/^-?\d+([.,]\d+)?$/.test(trimmed)) return { ok: false, error: 'budgets.error.number' };
  const parsed = BudgetProductInput.shape.markup.safeParse(Number(trimmed.replace(',', '.')));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'formError.invalid' };
}

/**
 * A line's unit price for the client: the list price, or with a markup the professional's purchase
 * price × (1 + markup / 100), rounded half away from zero, as the server computes it on issue.
 */
export function clientUnitOf(line: Pick<BudgetLine, 'unitPvp' | 'purchaseUnitNet'>, markup: number | undefined): number {
  if (markup === undefined || typeof line.purchaseUnitNet !== 'number') return line.unitPvp;
  return toMoney(round2(toDecimal(line.purchaseUnitNet).times(toDecimal(markup).div(100).plus(1))));
}

/** A quantity as typed: whole units from 0 (0 leaves the line out of the budget). */
export function checkQuantity(text: string): Checked<number> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'formError.required' };
  if (!/^-?\d+([.,]\d+)?$/.test(trimmed)) return { ok: false, error: 'budgets.error.number' };
  const parsed = BudgetQuantity.safeParse(Number(trimmed.replace(',', '.')));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'formError.invalid' };
}

/** The comment: optional, at most 4,000 characters, the text-area pattern. */
export function checkComment(text: string): Checked<string | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  if (trimmed.length > COMMENT_MAX) return { ok: false, error: 'formError.tooLong' };
  return TextAreaText.safeParse(trimmed).success ? { ok: true, value: trimmed } : { ok: false, error: 'formError.pattern' };
}

export interface LineInput {
  quantity: string;
  discount: string;
  /** The professional's markup %, empty for the list price (only where the line has a purchase price). */
  markup?: string;
}

export interface FooterInput {
  discount: string;
  surcharge: string;
  iva: string;
  comment: string;
}

export type FooterField = keyof FooterInput;

export interface BudgetDraft {
  lines: Record<string, LineInput>;
  footer: FooterInput;
}

const asText = (value: number) => String(value);

/** The form as the payload starts it: each line's quantity and discount, the footer of the payload. */
export function draftOf(payload: BudgetPayload): BudgetDraft {
  const lines: Record<string, LineInput> = {};
  for (const line of payload.products) lines[line._id] = { quantity: asText(line.quantity), discount: asText(line.discount) };
  return {
    lines,
    footer: { discount: asText(payload.discount), surcharge: asText(payload.surcharge), iva: asText(payload.iva), comment: payload.comments ?? '' },
  };
}

export interface LineFigures {
  quantity: Checked<number>;
  discount: Checked<number>;
  markup: Checked<number | undefined>;
  /** The client's unit price: the list price, or the marked-up purchase price. */
  unitGross: number;
  /** Net of the line with the typed values; null while one of them is not valid. */
  netPrice: number | null;
  /** The line stays in the budget (quantity above 0). */
  included: boolean;
}

/**
 * The draft of a new revision: the earlier quote's values on the lines it had (others keep theirs) —
 * quantity, discount and the professional's markup the quote kept (issue 34 §1) — and its footer.
 */
export function draftFromQuote(draft: BudgetDraft, quote: Pick<Quote, 'products' | 'discount' | 'surcharge' | 'iva' | 'comments'>): BudgetDraft {
  const lines = { ...draft.lines };
  for (const line of quote.products) {
    if (!lines[line._id]) continue;
    lines[line._id] = { quantity: asText(line.quantity), discount: asText(line.discount), ...(line.markup === undefined ? {} : { markup: asText(line.markup) }) };
  }
  return { lines, footer: { discount: asText(quote.discount), surcharge: asText(quote.surcharge), iva: asText(quote.iva), comment: quote.comments ?? '' } };
}

export interface DraftFigures {
  lines: Record<string, LineFigures>;
  footer: { discount: Checked<number>; surcharge: Checked<number>; iva: Checked<number>; comment: Checked<string | undefined> };
  /** Totals with every typed value; null while a value is not valid. */
  totals: { subTotal: number; discountValue: number; surchargeValue: number; ivaValue: number; netTotal: number } | null;
  /** Lines that stay in the budget. */
  includedCount: number;
  valid: boolean;
}

/** Every check and figure of the draft, recomputed from the typed values. */
export function figuresOf(products: readonly BudgetLine[], draft: BudgetDraft): DraftFigures {
  const lines: Record<string, LineFigures> = {};
  let linesValid = true;
  let includedCount = 0;
  for (const product of products) {
    const input = draft.lines[product._id] ?? { quantity: asText(product.quantity), discount: asText(product.discount) };
    const quantity = checkQuantity(input.quantity);
    const discount = checkPercent(input.discount);
    const markup = checkMarkup(input.markup ?? '');
    const unitGross = clientUnitOf(product, markup.ok ? markup.value : undefined);
    const valid = quantity.ok && discount.ok && markup.ok;
    linesValid &&= valid;
    const included = quantity.ok && quantity.value > 0;
    if (included) includedCount += 1;
    const netPrice = valid ? (included ? (computeBudget([{ quantity: quantity.value, unitGross, discount: discount.value, isPersonalized: 1 }]).lines[0]?.netPrice ?? 0) : 0) : null;
    lines[product._id] = { quantity, discount, markup, unitGross, netPrice, included };
  }
  const footer = {
    discount: checkPercent(draft.footer.discount),
    surcharge: checkPercent(draft.footer.surcharge),
    iva: checkTaxPercent(draft.footer.iva),
    comment: checkComment(draft.footer.comment),
  };
  const percentsValid = footer.discount.ok && footer.surcharge.ok && footer.iva.ok;
  let totals: DraftFigures['totals'] = null;
  if (linesValid && percentsValid && footer.discount.ok && footer.surcharge.ok && footer.iva.ok) {
    const budget = computeBudget(
      products.map((product) => {
        const line = lines[product._id];
        return {
          quantity: line?.quantity.ok ? line.quantity.value : 0,
          unitGross: line?.unitGross ?? product.unitPvp,
          discount: line?.discount.ok ? line.discount.value : 0,
          isPersonalized: 1 as const,
        };
      }),
      { discount: footer.discount.value, surcharge: footer.surcharge.value, iva: footer.iva.value },
    );
    totals = budget.totals;
  }
  return { lines, footer, totals, includedCount, valid: linesValid && percentsValid && footer.comment.ok && includedCount > 0 };
}

/** The body of the issue call (totals are never sent: the server computes them). */
export function bodyOf(projectId: number, products: readonly BudgetLine[], figures: DraftFigures, extra: Pick<BudgetBody, 'lang' | 'clientName' | 'revisionOf'>): BudgetBody {
  const value = <T,>(checked: Checked<T>, fallback: T): T => (checked.ok ? checked.value : fallback);
  const comment = value(figures.footer.comment, undefined);
  return {
    projectId,
    products: products.map((product) => {
      const line = figures.lines[product._id];
      const markup = line ? value(line.markup, undefined) : undefined;
      return {
        _id: product._id,
        quantity: line ? value(line.quantity, product.quantity) : product.quantity,
        discount: line ? value(line.discount, product.discount) : product.discount,
        ...(markup === undefined ? {} : { markup }),
      };
    }),
    discount: value(figures.footer.discount, 0),
    surcharge: value(figures.footer.surcharge, 0),
    iva: value(figures.footer.iva, 0),
    ...(comment === undefined ? {} : { comment }),
    ...Object.fromEntries(Object.entries(extra).filter(([, item]) => item !== undefined)),
  };
}

/** Where a 400's field path points in the budget form. */
export type FormTarget = { kind: 'line'; id: string; field: 'quantity' | 'discount' | 'markup' } | { kind: 'footer'; field: FooterField } | { kind: 'other'; field: string };

/** `body.products.3.discount` → line 3's discount; `body.iva` → the footer's VAT; anything else is shown above the form. */
export function targetOf(path: string, products: readonly BudgetLine[]): FormTarget {
  const line = /^body\.products\.(\d+)\.(quantity|discount|markup)$/.exec(path);
  if (line) {
    const product = products[Number(line[1])];
    if (product) return { kind: 'line', id: product._id, field: line[2] as 'quantity' | 'discount' | 'markup' };
  }
  const footer = /^body\.(discount|surcharge|iva|comment)$/.exec(path);
  if (footer) return { kind: 'footer', field: footer[1] as FooterField };
  return { kind: 'other', field: path.replace(/^body\./, '') };
}
