/** Pure rules of the quantity selector (configuration-domain §5 "Interface kit fields"). */

export type QuantityError = 'max-value' | 'min-value';

/** Decimal places of a step: 1 → 0, 0.5 → 1, 0.25 → 2, 1e-3 → 3. */
export function stepPrecision(step: number): number {
  if (!Number.isFinite(step) || Number.isInteger(step)) return 0;
  const [mantissa = '', exponent] = step.toString().split('e-');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return fraction + (exponent ? Number(exponent) : 0);
}

/**
 * What the user may have typed, cleaned as they type: a comma becomes the decimal point, one
 * decimal separator only, digits only, decimals cut to the step's precision (none for whole steps).
 */
export function sanitizeQuantityInput(raw: string, step = 1): string {
  const precision = stepPrecision(step);
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot === -1) return text;
  const whole = text.slice(0, dot);
  if (precision === 0) return whole;
  const decimals = text.slice(dot + 1).replace(/\./g, '').slice(0, precision);
  return `${whole}.${decimals}`;
}

/** The number in a cleaned text; null when there is none ('' or '.'). */
export function parseQuantity(text: string): number | null {
  if (text === '' || text === '.') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function roundToStep(value: number, step = 1): number {
  return Number(value.toFixed(stepPrecision(step)));
}

/** Capped at max, raised to min; says which bound was hit. An empty entry becomes min. */
export function clampQuantity(value: number | null, min: number, max: number): { value: number; error: QuantityError | null } {
  if (value === null) return { value: min, error: 'min-value' };
  if (value > max) return { value: max, error: 'max-value' };
  if (value < min) return { value: min, error: 'min-value' };
  return { value, error: null };
}

export function formatQuantity(value: number, step = 1): string {
  return roundToStep(value, step).toFixed(stepPrecision(step));
}
