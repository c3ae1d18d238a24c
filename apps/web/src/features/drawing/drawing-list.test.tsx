import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLengthFormat } from './drawing-list';

describe('lengths on the plan and in the list', () => {
  it('are in cm and m for the international catalogue, in feet and inches for the United States one, signed for coordinates', () => {
    const metric = renderHook(() => useLengthFormat(16)).result.current;
    expect(metric(0.9)).toBe('90\u00a0cm');
    expect(metric(-0.5)).toBe('−50\u00a0cm');
    expect(metric(2)).toMatch(/^2[.,]00\u00a0m$/);
    const imperial = renderHook(() => useLengthFormat(21)).result.current;
    expect(imperial(1.5)).toBe('4\'\u00a011\u00a01/16"');
    expect(imperial(-0.3048)).toBe('−1\'\u00a00"');
  });
});
