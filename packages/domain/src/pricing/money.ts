/**
 * Decimal money. Amounts never go through binary floating point on their way to a total: every
 * input (number or decimal string) is turned into a decimal.js value, arithmetic is exact, and
 * rounding to 2 decimals is half away from zero (decimal.js ROUND_HALF_UP).
 */
import Decimal from 'decimal.js';
import { DomainError } from '../catalogue/domain-error';

/** An amount or a percentage as the wire carries it: a finite number or a decimal string. */
export type Amount = number | string;

/** Our own decimal constructor: 40 significant digits, half away from zero. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A decimal from a number or decimal string. Numbers are read through their shortest decimal
 * representation (0.1 is 0.1, not 0.1000000000000000055…). Anything else throws INVALID_AMOUNT.
 */
export function toDecimal(value: Amount | Dec): Dec {
  if (value instanceof Dec) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Dec(String(value));
  if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) return new Dec(value.trim());
  throw new DomainError('INVALID_AMOUNT', `${String(value)} is not a valid amount`);
}

/** Rounds to 2 decimals, half away from zero. */
export function round2(value: Amount | Dec): Dec {
  return toDecimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The number a user sees: rounded to 2 decimals, half away from zero (never -0). */
export function toMoney(value: Amount | Dec): number {
  const n = round2(value).toNumber();
  return n === 0 ? 0 : n;
}

/** The same amount as text with exactly 2 decimals, e.g. '12.50'. */
export function formatMoney(value: Amount | Dec): string {
  return round2(value).toFixed(2);
}

/** Sum of amounts, exact. */
export function sumDecimals(values: readonly (Amount | Dec)[]): Dec {
  return values.reduce<Dec>((total, value) => total.plus(toDecimal(value)), new Dec(0));
}

/** `percent` % of `amount`, exact. */
export function percentOf(amount: Amount | Dec, percent: Amount | Dec): Dec {
  return toDecimal(amount).times(toDecimal(percent)).dividedBy(100);
}
