import { describe, expect, it } from 'vitest';
import type { PendantHeightVariation, Variation } from '../catalogue/catalogue.types';
import {
  getSpecificPendantHeightVariation,
  isPendantHeightInRange,
  pendantHeightRange,
  pendantHeightStepsAboveStandard,
  pendantHeightToCentimetres,
  pendantHeightToMetres,
} from './pendant-height';

const pendant: PendantHeightVariation = {
  type: 'pendantHeight',
  modifier: 'PH',
  model: '5520',
  min: 100,
  standard: 200,
  max: 300,
  delta: 50,
  priceIncrement: 10,
  priceIncrementDollars: '12.5',
  priceIncrementPercent: 3,
};

describe('pendant height kept in cm and shown in m', () => {
  it('converts both ways without binary noise', () => {
    expect(pendantHeightToMetres(215)).toBe(2.15);
    expect(pendantHeightToMetres(30)).toBe(0.3);
    expect(pendantHeightToCentimetres(2.15)).toBe(215);
    expect(pendantHeightToCentimetres(0.29)).toBe(29);
  });
});

describe('min–max range widened to include the standard', () => {
  it('widens below and above', () => {
    expect(pendantHeightRange({ min: 120, max: 300, standard: 100 })).toEqual({ min: 100, max: 300 });
    expect(pendantHeightRange({ min: 100, max: 300, standard: 350 })).toEqual({ min: 100, max: 350 });
    expect(pendantHeightRange({ min: 100, max: 300, standard: 200 })).toEqual({ min: 100, max: 300 });
  });
  it('bounds are included', () => {
    expect(isPendantHeightInRange(100, pendant)).toBe(true);
    expect(isPendantHeightInRange(300, pendant)).toBe(true);
    expect(isPendantHeightInRange(99, pendant)).toBe(false);
    expect(isPendantHeightInRange(301, pendant)).toBe(false);
    expect(isPendantHeightInRange(350, { min: 100, max: 300, standard: 350 })).toBe(true);
    expect(isPendantHeightInRange(Number.NaN, pendant)).toBe(false);
  });
});

describe('for pendantHeight only the delta above standard adds price', () => {
  it('counts delta steps above standard, partial steps as whole', () => {
    expect(pendantHeightStepsAboveStandard(150, 200, 50)).toBe(0);
    expect(pendantHeightStepsAboveStandard(200, 200, 50)).toBe(0);
    expect(pendantHeightStepsAboveStandard(250, 200, 50)).toBe(1);
    expect(pendantHeightStepsAboveStandard(260, 200, 50)).toBe(2);
    expect(pendantHeightStepsAboveStandard(203, 200)).toBe(3);
  });

  it('getSpecificPendantHeightVariation scales the increments by the steps', () => {
    const specific = getSpecificPendantHeightVariation(pendant, 300);
    expect(specific).toMatchObject({ value: 300, priceIncrement: 20, priceIncrementDollars: 25, priceIncrementPercent: 6 });
    expect(getSpecificPendantHeightVariation(pendant, 180)).toMatchObject({ value: 180, priceIncrement: 0, priceIncrementPercent: 0 });
  });

  it("'getSpecificPendantHeightVariation only works when applied to pendantHeight variations'", () => {
    const colour: Variation = { type: 'color', modifier: 'NE', model: '5520' };
    expect(() => getSpecificPendantHeightVariation(colour, 200)).toThrow(
      'getSpecificPendantHeightVariation only works when applied to pendantHeight variations',
    );
  });
});
