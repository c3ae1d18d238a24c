import type { Drawing, DrawingFamily } from '@lumen/domain';
import { describe, expect, it } from 'vitest';
import { drawingReducer, emptyDrawing, initialDrawingState, itemPoint, lengthOf, nodesOf, stickEnd, type DrawingAction, type DrawingEditorState, type DrawingEnv } from './drawing-state';

function env(): DrawingEnv {
  let n = 0;
  return { newId: () => `id${++n}`, segmentAttributes: { finish: '10' }, lightModel: '5520', lightAttributes: { finish: '05', ledColourTemp: '2' } };
}

function run(family: DrawingFamily, actions: DrawingAction[], start?: Drawing): DrawingEditorState {
  const e = env();
  return actions.reduce((state, action) => drawingReducer(state, action, e), initialDrawingState(start ?? emptyDrawing(family, 2.5)));
}

describe('drawing on the plan', () => {
  it('draws a chain click by click, each point on the 5 cm grid, Escape ends it', () => {
    const state = run('plusminus', [
      { type: 'setTool', tool: 'draw' },
      { type: 'planClick', point: { x: -1.02, z: 0.01 } },
      { type: 'planClick', point: { x: 0.98, z: 0.03 } },
      { type: 'planClick', point: { x: 0.99, z: 1.21 } },
      { type: 'cancel' },
    ]);
    expect(state.drawing.segments.map((s) => [s.from, s.to])).toEqual([
      [{ x: -1, z: 0 }, { x: 1, z: 0.05 }],
      [{ x: 1, z: 0.05 }, { x: 1, z: 1.2 }],
    ]);
    expect(state.pending).toBeNull();
    expect(state.drawing.segments[0]?.attributes).toEqual({ finish: '10' });
    expect(nodesOf(state.drawing)).toHaveLength(3);
  });

  it('never starts a drawing outside the room: a click past a wall draws from the wall; a stick that would cross one is not drawn (issue 27 §2)', () => {
    const room = { width: 3, depth: 3 };
    const withRoom = (): DrawingEnv => ({ ...env(), room });
    const play = (family: DrawingFamily, actions: DrawingAction[]) => {
      const e = withRoom();
      return actions.reduce((state, action) => drawingReducer(state, action, e), initialDrawingState(emptyDrawing(family, 2.5)));
    };
    const plusminus = play('plusminus', [
      { type: 'setTool', tool: 'draw' },
      { type: 'planClick', point: { x: -5, z: 0.5 } },
      { type: 'planClick', point: { x: 0, z: 4 } },
    ]);
    expect(plusminus.drawing.segments.map((s) => [s.from, s.to])).toEqual([[{ x: -1.5, z: 0.5 }, { x: 0, z: 1.5 }]]);
    const sticks = play('sticks', [
      { type: 'setTool', tool: 'draw' },
      { type: 'planClick', point: { x: 1.4, z: 0 } },
      { type: 'planClick', point: { x: 3, z: 0 } },
    ]);
    expect(sticks.pending).toEqual({ x: 1.4, z: 0 });
    expect(sticks.drawing.segments).toHaveLength(0);
  });

  it('sticks snap to the stick lengths and to 45°', () => {
    expect(stickEnd({ x: 0, z: 0 }, { x: 1.0, z: 0.1 })).toEqual({ x: 0.9, z: 0 });
    const diagonal = stickEnd({ x: 0, z: 0 }, { x: 1.1, z: 1.0 });
    expect(Math.hypot(diagonal.x, diagonal.z)).toBeCloseTo(1.5, 3);
    expect(diagonal.x).toBeCloseTo(diagonal.z, 4);
    const state = run('sticks', [
      { type: 'setTool', tool: 'draw' },
      { type: 'planClick', point: { x: 0, z: 0 } },
      { type: 'planClick', point: { x: 0.65, z: 0.05 } },
    ]);
    expect(lengthOf(state.drawing.segments[0]!)).toBeCloseTo(0.6, 6);
  });

  it('a click near an existing node joins it (one node, two segments)', () => {
    const state = run('plusminus', [
      { type: 'setTool', tool: 'draw' },
      { type: 'planClick', point: { x: 0, z: 0 } },
      { type: 'planClick', point: { x: 1, z: 0 } },
      { type: 'cancel' },
      { type: 'planClick', point: { x: 1.04, z: 0.03 } },
      { type: 'planClick', point: { x: 1, z: 1 } },
    ]);
    const nodes = nodesOf(state.drawing);
    expect(nodes).toHaveLength(3);
    expect(nodes.find((n) => n.at.x === 1 && n.at.z === 0)?.ends).toHaveLength(2);
  });
});

describe('moving, removing, undoing', () => {
  const two: Drawing = {
    family: 'plusminus',
    height: 2.5,
    segments: [
      { id: 'a', from: { x: 0, z: 0 }, to: { x: 2, z: 0 }, attributes: {} },
      { id: 'b', from: { x: 2, z: 0 }, to: { x: 2, z: 1 }, attributes: {} },
    ],
    items: [{ id: 'l', kind: 'light', segmentId: 'a', offset: 1.8, model: '5520', attributes: {} }],
  };

  it('a plusminus node moves alone (both straps follow it), items stay within their strap, a drag is one undo step', () => {
    const state = run(
      'plusminus',
      [
        { type: 'dragStart' },
        { type: 'dragNode', id: 'a:to', to: { x: 1.5, z: 0.2 } },
        { type: 'dragNode', id: 'a:to', to: { x: 1.2, z: 0 } },
        { type: 'dragEnd' },
      ],
      two,
    );
    expect(state.drawing.segments[0]?.to).toEqual({ x: 1.2, z: 0 });
    expect(state.drawing.segments[1]?.from).toEqual({ x: 1.2, z: 0 });
    expect(state.drawing.segments[0]?.from).toEqual({ x: 0, z: 0 });
    expect(state.drawing.items[0]?.offset).toBeCloseTo(1.2, 6);
    expect(state.past).toHaveLength(1);
    const undone = drawingReducer(state, { type: 'undo' }, env());
    expect(undone.drawing).toBe(two);
    expect(drawingReducer(undone, { type: 'redo' }, env()).drawing).toEqual(state.drawing);
  });

  it('a sticks node moves its whole structure (sticks keep their lengths); the keyboard moves by a step', () => {
    const sticks: Drawing = { ...two, family: 'sticks', items: [] };
    const state = run('sticks', [{ type: 'nudge', selection: { kind: 'node', id: 'a:to' }, dx: 0.05, dz: 0 }], sticks);
    expect(state.drawing.segments.map((s) => [s.from.x, s.to.x])).toEqual([
      [0.05, 2.05],
      [2.05, 2.05],
    ]);
  });

  it('an item slides along its strap by keyboard, never past its ends', () => {
    const state = run('plusminus', [{ type: 'nudge', selection: { kind: 'item', id: 'l' }, dx: 0.25, dz: 0 }], two);
    expect(state.drawing.items[0]?.offset).toBe(2);
    expect(itemPoint(state.drawing, state.drawing.items[0]!)).toEqual({ x: 2, z: 0 });
  });

  it('removing a node removes its segments and their items', () => {
    const state = run('plusminus', [{ type: 'remove', selection: { kind: 'node', id: 'a:to' } }], two);
    expect(state.drawing.segments).toEqual([]);
    expect(state.drawing.items).toEqual([]);
  });

  it('places items where the strap was clicked; a reflector goes to the nearest light', () => {
    const state = run(
      'plusminus',
      [
        { type: 'setTool', tool: 'counterweight' },
        { type: 'planClick', point: { x: 0.52, z: 0.08 } },
        { type: 'setTool', tool: 'reflector' },
        { type: 'planClick', point: { x: 1.5, z: 0.05 } },
        { type: 'setTool', tool: 'light' },
        { type: 'planClick', point: { x: 2.05, z: 0.5 } },
      ],
      two,
    );
    const [, counterweight, reflector, light] = state.drawing.items;
    expect(counterweight).toMatchObject({ kind: 'counterweight', segmentId: 'a', offset: 0.5 });
    expect(reflector).toMatchObject({ kind: 'reflector', segmentId: 'a', offset: 1.8 });
    expect(light).toMatchObject({ kind: 'light', segmentId: 'b', offset: 0.5, model: '5520', attributes: { finish: '05', ledColourTemp: '2' } });
  });

  it('sets attributes on segments and on lights, and the height, each undoable', () => {
    const state = run(
      'plusminus',
      [
        { type: 'setSegmentAttribute', ids: ['a', 'b'], key: 'finish', value: '23' },
        { type: 'setItemModel', ids: ['l'], model: '7450' },
        { type: 'setItemAttribute', ids: ['l'], key: 'ledColourTemp', value: '3' },
        { type: 'setHeight', height: 2.2 },
      ],
      two,
    );
    expect(state.drawing.segments.map((s) => s.attributes.finish)).toEqual(['23', '23']);
    expect(state.drawing.items[0]).toMatchObject({ model: '7450', attributes: { ledColourTemp: '3' } });
    expect(state.drawing.height).toBe(2.2);
    expect(state.past).toHaveLength(4);
  });

  it('draws by keyboard: a segment from the selected node at an angle and a length, the new end selected', () => {
    const state = run('sticks', [
      { type: 'addSegmentFrom', angle: 0, length: 0.9 },
      { type: 'addSegmentFrom', angle: 90, length: 0.6 },
    ]);
    expect(state.drawing.segments.map((s) => [s.from, s.to])).toEqual([
      [{ x: 0, z: 0 }, { x: 0.9, z: 0 }],
      [{ x: 0.9, z: 0 }, { x: 0.9, z: 0.6 }],
    ]);
    expect(state.selected).toEqual({ kind: 'node', id: 'id2:to' });
    // Nothing selected in a drawing that has segments: nowhere to start from.
    const none = drawingReducer({ ...state, selected: null }, { type: 'addSegmentFrom', angle: 0, length: 0.6 }, env());
    expect(none.drawing).toBe(state.drawing);
  });

  it('places an item by keyboard at the middle of a segment', () => {
    const state = run('plusminus', [{ type: 'addItem', kind: 'connection', segmentId: 'b' }], two);
    expect(state.drawing.items.at(-1)).toMatchObject({ kind: 'connection', segmentId: 'b', offset: 0.5 });
    expect(state.selected).toEqual({ kind: 'item', id: 'id1' });
  });
});
