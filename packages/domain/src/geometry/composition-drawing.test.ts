import { describe, expect, it } from 'vitest';
import { drawingTree } from '../drawing/drawing-space';
import { plusminusTwo, sticksSquare } from '../drawing/drawing.fixtures';
import { DEFAULT_ROOM_SIZE } from '../space/room';
import { compositionDrawing, compositionParts, compositionSize } from './composition-drawing';
import { lengthFormatter } from './dimension-drawing';

const labels = { elevation: 'Elevation', plan: 'Plan', length: lengthFormatter(false) };
const options = { room: { ...DEFAULT_ROOM_SIZE, height: 3 }, configurator: 2 as const, createdAt: 1, applicationLocationId: null };

describe('a creation’s plan and elevation (issue 28 §3)', () => {
  it('draws every element of the space with the composition’s width, depth and drop', () => {
    const tree = drawingTree(sticksSquare(), options);
    const parts = compositionParts(tree, 'sticks');
    const size = compositionSize(parts, 3);
    // the 0.9 m square of 35 mm sticks hung 0.5 m below a 3 m ceiling
    // (the depth takes in the connection's Ø 120 mm canopy at the square's edge)
    expect(size).toEqual({ width: 935, depth: 977.5, drop: 517.5 });
    const drawing = compositionDrawing(parts, 3, labels);
    expect(drawing).not.toBeNull();
    const ops = drawing?.ops ?? [];
    const dims = ops.flatMap((op) => (op.op === 'dim' ? [op.text] : []));
    // width on the elevation and the plan, the drop from the ceiling, the depth on the plan
    expect(dims).toEqual([String(Math.round(size?.width ?? 0)), String(Math.round(size?.drop ?? 0)), String(Math.round(size?.width ?? 0)), String(Math.round(size?.depth ?? 0))]);
    expect(ops.filter((op) => op.op === 'text').map((op) => (op.op === 'text' ? op.text : ''))).toEqual(['Elevation', 'Plan']);
    // the ceiling line at the room's height
    expect(ops[0]).toMatchObject({ op: 'line', layer: 'MOUNTING', from: [expect.any(Number), 3000], to: [expect.any(Number), 3000] });
  });

  it('a plusminus creation: its lights drawn in the plan and the elevation', () => {
    const tree = drawingTree(plusminusTwo(), options);
    const parts = compositionParts(tree, 'plusminus');
    const drawing = compositionDrawing(parts, 3, labels);
    const lights = parts.filter((part) => part.elementId.startsWith('l') && part.id.endsWith(':body'));
    expect(lights.length).toBeGreaterThan(0);
    // each light's body: an outline in the elevation and a circle in the plan
    const outlines = (drawing?.ops ?? []).filter((op) => op.op === 'rect' || op.op === 'circle');
    expect(outlines.length).toBe(2 * parts.filter((part) => part.centre).length);
  });

  it('a space with nothing of a size has no drawing (a drawn space read without its family)', () => {
    const tree = drawingTree(sticksSquare(), options);
    expect(compositionDrawing(compositionParts(tree), 3, labels)).toBeNull();
  });
});
