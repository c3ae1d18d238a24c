/**
 * Pendant height: stored in centimetres, shown in metres. The selectable range min–max is widened to
 * include the standard height. Only the part above the standard adds price.
 */
import type { PendantHeightVariation, Variation } from '../catalogue/catalogue.types';
import { DomainError } from '../catalogue/domain-error';
import { Dec, toDecimal } from '../pricing/money';

/** Centimetres (stored) → metres (shown). */
export function pendantHeightToMetres(cm: number): number {
  return toDecimal(cm).dividedBy(100).toNumber();
}

/** Metres (shown) → centimetres (stored). */
export function pendantHeightToCentimetres(metres: number): number {
  return toDecimal(metres).times(100).toNumber();
}

export interface HeightRange {
  readonly min: number;
  readonly max: number;
}

/** min–max widened to include the standard height. */
export function pendantHeightRange(limits: { readonly min: number; readonly max: number; readonly standard: number }): HeightRange {
  return { min: Math.min(limits.min, limits.standard), max: Math.max(limits.max, limits.standard) };
}

/** True when `value` (cm) lies within min and max, widened to include the standard (bounds included). */
export function isPendantHeightInRange(value: number, limits: { readonly min: number; readonly max: number; readonly standard: number }): boolean {
  const range = pendantHeightRange(limits);
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}

/**
 * How many `delta` steps `value` lies above the standard height (partial steps count as a whole
 * step; 0 at or below the standard). Without a positive delta, one step is one centimetre.
 */
export function pendantHeightStepsAboveStandard(value: number, standard: number, delta?: number): number {
  const above = value - standard;
  if (!(above > 0)) return 0;
  const step = delta !== undefined && delta > 0 ? delta : 1;
  return toDecimal(above).dividedBy(step).ceil().toNumber();
}

function scale(amount: number | string | undefined, steps: number): number | undefined {
  return amount === undefined ? undefined : toDecimal(amount).times(new Dec(steps)).toNumber();
}

/**
 * The pendant-height variation for one specific height `value` (cm): the value is set, and its price
 * increments (fixed, dollars, percent) are multiplied by the number of delta steps above standard,
 * so that only the part above standard adds price. Any other variation type throws
 * 'getSpecificPendantHeightVariation only works when applied to pendantHeight variations'.
 */
export function getSpecificPendantHeightVariation(variation: Variation, value: number): PendantHeightVariation {
  if (variation.type !== 'pendantHeight') {
    throw new DomainError('NOT_A_PENDANT_HEIGHT_VARIATION', 'getSpecificPendantHeightVariation only works when applied to pendantHeight variations');
  }
  const steps = pendantHeightStepsAboveStandard(value, variation.standard, variation.delta);
  const priceIncrement = scale(variation.priceIncrement, steps);
  const priceIncrementDollars = scale(variation.priceIncrementDollars, steps);
  const priceIncrementPercent = scale(variation.priceIncrementPercent, steps);
  return {
    ...variation,
    value,
    ...(priceIncrement !== undefined ? { priceIncrement } : {}),
    ...(priceIncrementDollars !== undefined ? { priceIncrementDollars } : {}),
    ...(priceIncrementPercent !== undefined ? { priceIncrementPercent } : {}),
  };
}
