/**
 * Net and gross prices of a line, per unit and in total, and the discount of a user per sublevel.
 * Net total of a line = quantity × unit gross × (1 − discount% / 100), 2 decimals, half away from zero.
 */
import type { ArticlePrices } from '../catalogue/catalogue.types';
import { Dec, toDecimal, toMoney, type Amount } from './money';

export interface LinePriceInput {
  readonly unitGross: Amount;
  readonly quantity: Amount;
  /** Discount percent, 0..100. */
  readonly discountPercent?: Amount;
}

/** The exact (unrounded) net total of a line: quantity × unit gross × (1 − discount / 100). */
export function lineNetExact(input: LinePriceInput): Dec {
  const factor = new Dec(1).minus(toDecimal(input.discountPercent ?? 0).dividedBy(100));
  return toDecimal(input.quantity).times(toDecimal(input.unitGross)).times(factor);
}

/** Net total of a line, 2 decimals. */
export function lineNetPrice(input: LinePriceInput): number {
  return toMoney(lineNetExact(input));
}

/** Unit and total, gross and net, and the discount of each, all with 2 decimals. */
export function linePrices(input: LinePriceInput): ArticlePrices {
  const unitGross = toDecimal(input.unitGross);
  const quantity = toDecimal(input.quantity);
  const discount = toDecimal(input.discountPercent ?? 0);
  const unitNet = unitGross.times(new Dec(1).minus(discount.dividedBy(100)));
  const totalGross = unitGross.times(quantity);
  const totalNet = lineNetExact(input);
  const unitGrossMoney = toMoney(unitGross);
  const unitNetMoney = toMoney(unitNet);
  const totalGrossMoney = toMoney(totalGross);
  const totalNetMoney = toMoney(totalNet);
  return {
    unitGross: unitGrossMoney,
    unitNet: unitNetMoney,
    unitDiscount: toMoney(toDecimal(unitGrossMoney).minus(unitNetMoney)),
    totalGross: totalGrossMoney,
    totalNet: totalNetMoney,
    totalDiscount: toMoney(toDecimal(totalGrossMoney).minus(totalNetMoney)),
  };
}

/** A user's discounts: sublevel id → percent. */
export type SublevelDiscounts = Readonly<Record<string, Amount>>;

/** The discount percent of a sublevel: 0 when absent or malformed, clamped to 0..100. */
export function discountForSublevel(discounts: SublevelDiscounts | undefined, sublevel: number | string | undefined): number {
  if (discounts === undefined || sublevel === undefined) return 0;
  const key = String(sublevel);
  if (!Object.hasOwn(discounts, key)) return 0;
  const raw = discounts[key];
  let percent: Dec;
  try {
    percent = toDecimal(raw ?? 0);
  } catch {
    return 0;
  }
  return Dec.min(100, Dec.max(0, percent)).toNumber();
}
