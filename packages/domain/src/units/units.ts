/**
 * Units (spec configuration-domain §3, §9): metric as stored, imperial for the United States
 * catalogue. cm → in ÷ 2.54; m → ft ÷ 0.3048; kg → lb ÷ 0.454 (3 places); m³ → ft³ ÷ 0.0283
 * (4 places); W and lm do not change. Inch fractions are shown to the nearest 1/16.
 */
import Decimal from 'decimal.js';
import { DomainError } from '../catalogue/domain-error';
import { toDecimal, type Dec } from '../pricing/money';

export const UNITS = ['cm', 'm', 'in', 'ft', 'kg', 'lb', 'm³', 'ft³', 'W', 'lm'] as const;
export type Unit = (typeof UNITS)[number];

/** Accepted spellings of a unit (`udType`), including the ASCII forms m3 / ft3. */
const ALIASES: Readonly<Record<string, Unit>> = {
  cm: 'cm',
  m: 'm',
  in: 'in',
  ft: 'ft',
  kg: 'kg',
  lb: 'lb',
  'm³': 'm³',
  m3: 'm³',
  'ft³': 'ft³',
  ft3: 'ft³',
  W: 'W',
  w: 'W',
  lm: 'lm',
};

/** The cm / kg / m³ → imperial factors (divide by). */
export const CM_PER_INCH = '2.54';
export const M_PER_FOOT = '0.3048';
export const KG_PER_POUND = '0.454';
export const M3_PER_CUBIC_FOOT = '0.0283';

function wrongUnit(): DomainError {
  return new DomainError('WRONG_UNIT', 'Wrong udType parameter');
}

/** Reads a unit; anything unknown throws 'Wrong udType parameter'. */
export function parseUnit(udType: string): Unit {
  if (typeof udType !== 'string' || !Object.hasOwn(ALIASES, udType.trim())) throw wrongUnit();
  const unit = ALIASES[udType.trim()];
  if (unit === undefined) throw wrongUnit();
  return unit;
}

export function isUnit(udType: string): boolean {
  try {
    parseUnit(udType);
    return true;
  } catch {
    return false;
  }
}

export interface Measure {
  readonly value: number;
  readonly unit: Unit;
}

const IMPERIAL: Readonly<Record<Unit, { unit: Unit; divideBy?: string; places?: number }>> = {
  cm: { unit: 'in', divideBy: CM_PER_INCH, places: 2 },
  m: { unit: 'ft', divideBy: M_PER_FOOT, places: 2 },
  kg: { unit: 'lb', divideBy: KG_PER_POUND, places: 3 },
  'm³': { unit: 'ft³', divideBy: M3_PER_CUBIC_FOOT, places: 4 },
  in: { unit: 'in' },
  ft: { unit: 'ft' },
  lb: { unit: 'lb' },
  'ft³': { unit: 'ft³' },
  W: { unit: 'W' },
  lm: { unit: 'lm' },
};

/**
 * A metric value in the United States unit: cm → in (2 places), m → ft (2 places), kg → lb
 * (3 places), m³ → ft³ (4 places); imperial units, W and lm are returned unchanged.
 * An unknown unit throws 'Wrong udType parameter'.
 */
export function toImperial(value: number, udType: string): Measure {
  const rule = IMPERIAL[parseUnit(udType)];
  if (rule.divideBy === undefined) return { value, unit: rule.unit };
  return { value: toDecimal(value).dividedBy(rule.divideBy).toDecimalPlaces(rule.places ?? 2, Decimal.ROUND_HALF_UP).toNumber(), unit: rule.unit };
}

/** cm → inches, unrounded (for fractions). */
export function centimetresToInches(cm: number): number {
  return toDecimal(cm).dividedBy(CM_PER_INCH).toNumber();
}

/** kg → lb ÷ 0.454, 3 places. */
export function kilogramsToPounds(kg: number): number {
  return toImperial(kg, 'kg').value;
}

/** m³ → ft³ ÷ 0.0283, 4 places. */
export function cubicMetresToCubicFeet(m3: number): number {
  return toImperial(m3, 'm³').value;
}

/**
 * Inches as a whole number plus a fraction rounded to the nearest 1/16, reduced:
 * 3.53 → `3 1/2"`, 0.0625 → `1/16"`, 3.99 → `4"`. Negative values keep their sign.
 */
export function formatInchFraction(inches: number): string {
  if (!Number.isFinite(inches)) throw new DomainError('INVALID_INPUT', 'Invalid input');
  const sixteenths = toDecimal(Math.abs(inches)).times(16).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  const sign = inches < 0 && sixteenths > 0 ? '-' : '';
  const whole = Math.floor(sixteenths / 16);
  let numerator = sixteenths % 16;
  let denominator = 16;
  while (numerator > 0 && numerator % 2 === 0) {
    numerator /= 2;
    denominator /= 2;
  }
  if (numerator === 0) return `${sign}${whole}"`;
  return whole === 0 ? `${sign}${numerator}/${denominator}"` : `${sign}${whole} ${numerator}/${denominator}"`;
}

/**
 * A length (cm) in feet and inches, the inches to the nearest 1/16 (formatInchFraction), carried
 * into the feet when they round up to 12: 150 → `4' 11 1/16"`, 30 → `11 13/16"`, 304.8 → `10' 0"`.
 */
export function formatFeetAndInches(cm: number): string {
  if (!Number.isFinite(cm) || cm < 0) throw new DomainError('INVALID_INPUT', 'Invalid input');
  const sixteenths = toDecimal(cm).dividedBy(CM_PER_INCH).times(16).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  const feet = Math.floor(sixteenths / (12 * 16));
  const inches = formatInchFraction((sixteenths - feet * 12 * 16) / 16);
  return feet === 0 ? inches : `${feet}' ${inches}`;
}

/** How a catalogue's users read lengths (configuration-domain units): catalogue 21 in feet and inches, the others in centimetres and metres. */
export type LengthSystem = 'imperial' | 'metric';
export function lengthSystemOf(catalogId: number): LengthSystem {
  return catalogId === 21 ? 'imperial' : 'metric';
}

/** Time units for durations (packaging timing, lead times). */
export const TIME_UNITS = ['ms', 's', 'min', 'h', 'd', 'w'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

const MS_PER: Readonly<Record<TimeUnit, number>> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * Converts a duration between time units. The value may be a number or a numeric string; a
 * negative, non-finite or non-numeric value, or an unknown unit, throws 'Invalid input'.
 */
export function convertTime(value: number | string, from: string, to: string): number {
  const invalid = () => new DomainError('INVALID_INPUT', 'Invalid input');
  if (!Object.hasOwn(MS_PER, from) || !Object.hasOwn(MS_PER, to)) throw invalid();
  let amount: Dec;
  try {
    amount = toDecimal(value);
  } catch {
    throw invalid();
  }
  if (amount.isNegative()) throw invalid();
  return amount
    .times(MS_PER[from as TimeUnit])
    .dividedBy(MS_PER[to as TimeUnit])
    .toNumber();
}
