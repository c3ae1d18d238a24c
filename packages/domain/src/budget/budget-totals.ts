/**
 * Budget (quote) totals (spec platform-core §5). All money is decimal; every figure is rounded to
 * 2 decimals, half away from zero.
 *
 *   line net      = quantity × unit gross × (1 − line discount% / 100)        (rounded per line)
 *   subTotal      = Σ line net
 *   discountValue = subTotal × discount% / 100
 *   surchargeValue= (subTotal − discountValue) × surcharge% / 100
 *   ivaValue      = (subTotal − discountValue + surchargeValue) × iva% / 100
 *   netTotal      = subTotal − discountValue + surchargeValue + ivaValue
 *
 * Each value is rounded before it feeds the next one, so the figures a user sees add up exactly.
 */
import { Dec, round2, toDecimal, toMoney, type Amount } from '../pricing/money';

/** What a budget needs of a project product. */
export interface BudgetProductInput {
  readonly quantity: Amount;
  /** Unit gross price (unitPvp). */
  readonly unitGross: Amount;
  /** Line discount percent. */
  readonly discount?: Amount;
  /** 1 (or true) when the product is personalised; only those enter a budget. */
  readonly isPersonalized?: 0 | 1 | boolean;
  /** Discontinued products never enter a budget. */
  readonly discontinued?: boolean;
}

/** The budget footer: percentages of general discount, surcharge and VAT (iva). */
export interface BudgetFooter {
  readonly discount?: Amount;
  readonly surcharge?: Amount;
  readonly iva?: Amount;
}

export interface BudgetLine<P extends BudgetProductInput = BudgetProductInput> {
  readonly product: P;
  /** Unit gross. */
  readonly unitPvp: number;
  /** quantity × unit gross. */
  readonly pvp: number;
  /** pvp − netPrice. */
  readonly discountValue: number;
  /** quantity × unit gross × (1 − discount / 100). */
  readonly netPrice: number;
}

export interface BudgetTotals {
  readonly subTotal: number;
  readonly discountValue: number;
  readonly surchargeValue: number;
  readonly ivaValue: number;
  readonly netTotal: number;
}

export interface Budget<P extends BudgetProductInput = BudgetProductInput> {
  readonly lines: readonly BudgetLine<P>[];
  readonly totals: BudgetTotals;
}

/** Whether a product enters a budget: quantity > 0, personalised (isPersonalized 1) and not discontinued. */
export function entersBudget(product: BudgetProductInput): boolean {
  const personalised = product.isPersonalized === 1 || product.isPersonalized === true;
  return personalised && product.discontinued !== true && toDecimal(product.quantity).greaterThan(0);
}

/** The products that enter a budget, in their order. */
export function budgetProducts<P extends BudgetProductInput>(products: readonly P[]): P[] {
  return products.filter(entersBudget);
}

const HUNDRED = new Dec(100);

/** A number from a value already rounded to 2 decimals (never -0). */
const num = (value: Dec): number => (value.isZero() ? 0 : value.toNumber());

/** One budget line, every figure with 2 decimals. */
export function budgetLine<P extends BudgetProductInput>(product: P): BudgetLine<P> {
  return budgetLineExact(product).line;
}

function budgetLineExact<P extends BudgetProductInput>(product: P): { line: BudgetLine<P>; net: Dec } {
  const unitGross = toDecimal(product.unitGross);
  const gross = toDecimal(product.quantity).times(unitGross);
  const discount = product.discount === undefined ? undefined : toDecimal(product.discount);
  const pvp = round2(gross);
  // quantity × unit gross × (1 − discount / 100)
  const net = discount === undefined || discount.isZero() ? pvp : round2(gross.times(HUNDRED.minus(discount)).dividedBy(HUNDRED));
  return {
    net,
    line: { product, unitPvp: toMoney(unitGross), pvp: num(pvp), discountValue: num(pvp.minus(net)), netPrice: num(net) },
  };
}

/** Totals from the line nets and the footer percentages. */
export function budgetTotalsOf(lineNets: readonly (Amount | Dec)[], footer: BudgetFooter = {}): BudgetTotals {
  const subTotal = round2(lineNets.reduce<Dec>((sum, net) => sum.plus(round2(net)), new Dec(0)));
  const discountValue = round2(subTotal.times(toDecimal(footer.discount ?? 0)).dividedBy(100));
  const afterDiscount = subTotal.minus(discountValue);
  const surchargeValue = round2(afterDiscount.times(toDecimal(footer.surcharge ?? 0)).dividedBy(100));
  const taxable = afterDiscount.plus(surchargeValue);
  const ivaValue = round2(taxable.times(toDecimal(footer.iva ?? 0)).dividedBy(100));
  return {
    subTotal: toMoney(subTotal),
    discountValue: toMoney(discountValue),
    surchargeValue: toMoney(surchargeValue),
    ivaValue: toMoney(ivaValue),
    netTotal: toMoney(taxable.plus(ivaValue)),
  };
}

/**
 * The budget of a project: lines for the products that enter it (quantity > 0, personalised, not
 * discontinued) and the totals.
 */
export function computeBudget<P extends BudgetProductInput>(products: readonly P[], footer: BudgetFooter = {}): Budget<P> {
  const exact = budgetProducts(products).map((product) => budgetLineExact(product));
  return { lines: exact.map(({ line }) => line), totals: budgetTotalsOf(exact.map(({ net }) => net), footer) };
}

/** One tax rate of a document: the rate (up to 3 decimals, 8.875), the base it applies to and the tax. */
export interface TaxLine {
  readonly rate: number;
  readonly base: number;
  readonly amount: number;
}

/**
 * What people read under a quote, an order or an invoice (issue 34 §1): the net before tax, each tax
 * rate with its base and amount, and the total with tax. The stored `netTotal` of a quote (spec §5)
 * is the sum *with* tax; this is how it reads. Every figure comes from the printed (rounded) figures,
 * so net + Σ tax = total to the cent.
 */
export interface TaxSummary {
  /** Before tax: subtotal − general discount + surcharge. */
  readonly net: number;
  readonly taxes: readonly TaxLine[];
  /** With tax: net + Σ tax amounts. */
  readonly total: number;
}

/** The tax summary of a quote's totals (its one VAT/sales-tax rate). */
export function taxSummaryOf(totals: { readonly subTotal: Amount; readonly discountValue: Amount; readonly surchargeValue: Amount; readonly ivaValue: Amount }, ivaPercent: Amount): TaxSummary {
  const net = round2(toDecimal(totals.subTotal).minus(toDecimal(totals.discountValue)).plus(toDecimal(totals.surchargeValue)));
  const amount = round2(totals.ivaValue);
  return { net: toMoney(net), taxes: [{ rate: toDecimal(ivaPercent).toNumber(), base: toMoney(net), amount: toMoney(amount) }], total: toMoney(net.plus(amount)) };
}

/**
 * The tax summary of lines that may carry different rates (an invoice): lines are grouped by rate,
 * each rate's tax is rounded once on its base (half away from zero), and the total adds the printed
 * figures.
 */
export function taxSummaryOfLines(lines: readonly { readonly net: Amount; readonly rate: Amount }[]): TaxSummary {
  const bases = new Map<string, Dec>();
  for (const line of lines) {
    const rate = toDecimal(line.rate).toString();
    bases.set(rate, (bases.get(rate) ?? new Dec(0)).plus(round2(line.net)));
  }
  const taxes = [...bases.entries()]
    .sort(([a], [b]) => new Dec(a).comparedTo(new Dec(b)))
    .map(([rate, base]) => ({ rate: Number(rate), base: round2(base), amount: round2(base.times(toDecimal(rate)).dividedBy(HUNDRED)) }));
  const net = taxes.reduce<Dec>((sum, tax) => sum.plus(tax.base), new Dec(0));
  const tax = taxes.reduce<Dec>((sum, line) => sum.plus(line.amount), new Dec(0));
  return { net: toMoney(net), taxes: taxes.map((line) => ({ rate: line.rate, base: toMoney(line.base), amount: toMoney(line.amount) })), total: toMoney(net.plus(tax)) };
}
