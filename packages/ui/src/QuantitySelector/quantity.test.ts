import { clampQuantity, formatQuantity, parseQuantity, roundToStep, sanitizeQuantityInput, stepPrecision } from './quantity';

describe('quantity rules', () => {
  it('reads the precision of the step', () => {
    expect(stepPrecision(1)).toBe(0);
    expect(stepPrecision(0.5)).toBe(1);
    expect(stepPrecision(0.25)).toBe(2);
    expect(stepPrecision(0.001)).toBe(3);
    expect(stepPrecision(1e-7)).toBe(7);
  });

  it('turns a comma into the decimal point', () => {
    expect(sanitizeQuantityInput('2,5', 0.5)).toBe('2.5');
  });

  it('keeps one decimal separator', () => {
    expect(sanitizeQuantityInput('1.2.3', 0.01)).toBe('1.23');
    expect(sanitizeQuantityInput('1,2,', 0.01)).toBe('1.2');
  });

  it('limits decimals to the step precision; whole steps (default 1) take none', () => {
    expect(sanitizeQuantityInput('1.256', 0.01)).toBe('1.25');
    expect(sanitizeQuantityInput('3.7')).toBe('3');
    expect(sanitizeQuantityInput('3,')).toBe('3');
  });

  it('drops anything that is not a digit', () => {
    expect(sanitizeQuantityInput('a1b2-3 ')).toBe('123');
  });

  it('parses, rounds and formats', () => {
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('.')).toBeNull();
    expect(parseQuantity('2.')).toBe(2);
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3);
    expect(formatQuantity(2, 0.25)).toBe('2.00');
  });

  it('caps at max and raises to min, naming the bound', () => {
    expect(clampQuantity(12, 1, 10)).toEqual({ value: 10, error: 'max-value' });
    expect(clampQuantity(0, 1, 10)).toEqual({ value: 1, error: 'min-value' });
    expect(clampQuantity(null, 1, 10)).toEqual({ value: 1, error: 'min-value' });
    expect(clampQuantity(5, 1, 10)).toEqual({ value: 5, error: null });
  });
});
