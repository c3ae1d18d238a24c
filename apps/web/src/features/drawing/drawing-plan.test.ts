import { describe, expect, it } from 'vitest';
import { pinchView, zoomView } from './drawing-plan';

describe('the plan on a phone (issue 27 §3)', () => {
  it('a pinch zooms by how much further apart the fingers go, keeping the point between them where it is', () => {
    const view = { cx: 0, cz: 0, span: 8 };
    const closer = pinchView(view, 100, 200, { x: 2, z: 1 });
    expect(closer.span).toBeCloseTo(4, 9);
    // The middle of the fingers stays at the same place of the view (its offset from the centre halves with the span).
    expect((2 - closer.cx) / closer.span).toBeCloseTo((2 - view.cx) / view.span, 9);
    expect((1 - closer.cz) / closer.span).toBeCloseTo((1 - view.cz) / view.span, 9);
    expect(pinchView(view, 200, 100, { x: 0, z: 0 }).span).toBeCloseTo(16, 9);
    // Within the plan's limits, as the buttons and the wheel.
    expect(pinchView(view, 1, 1000, { x: 0, z: 0 })).toEqual(zoomView(view, 1000, { x: 0, z: 0 }));
    expect(pinchView(view, 0, 100, { x: 0, z: 0 })).toBe(view);
  });
});
