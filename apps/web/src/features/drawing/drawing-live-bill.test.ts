import { describe, expect, it } from 'vitest';
import { drawingEvaluation } from './drawing.fixtures';
import { billOf } from '../../shared/live-evaluation';

describe('the live panel’s bill of materials (issue 27 §2)', () => {
  it('one row per reference, the quantities of every composition added up: three identical segments are ×3, not three rows of ×1', () => {
    const one = drawingEvaluation(1);
    const [composition] = one.compositions;
    if (!composition) throw new Error('no composition');
    const three = { ...one, compositions: [1, 2, 3].map((compositionNumber) => ({ ...composition, compositionNumber })) };
    const bill = billOf(three);
    expect(bill.articles.map((line) => [line.referenceCode, line.quantity])).toEqual([[composition.articles[0]?.referenceCode, 3]]);
    expect(bill.accessories.every((line) => line.quantity === 3 * (composition.accessories.find((a) => a.accessoryCode === line.accessoryCode)?.quantity ?? 0))).toBe(true);
  });

  it('counts the luminaires of a structure without lights of its own (sticks, plusminus) from its articles, so the figure matches the table', () => {
    const sticks = { ...drawingEvaluation(3), totals: { ...drawingEvaluation(3).totals, lights: 0 } };
    expect(billOf(sticks).luminaires).toBe(3);
    const lit = drawingEvaluation(3);
    expect(billOf({ ...lit, totals: { ...lit.totals, lights: 5 } }).luminaires).toBe(5);
  });
});
