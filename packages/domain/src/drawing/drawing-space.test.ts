import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DRAWING_LAYOUTS, layoutDrawing } from './drawing-layouts';
import { spaceToBillOfMaterials } from '../bill-of-materials/bill-of-materials';
import { spaceFromJSON, spaceToJSON } from '../bill-of-materials/space-json';
import type { JsonObject } from '../bill-of-materials/space-migrations';
import { rebuildSpace } from '../bill-of-materials/space-rebuild';
import { isDomainError } from '../catalogue/domain-error';
import type { ElementTree, TreeElement } from '../element-tree/element.types';
import { getElement } from '../element-tree/tree-queries';
import { roomSize } from '../space/room';
import { checkDrawing } from './drawing-check';
import { checkDrawingSpace, drawingToSpace, spaceToDrawing } from './drawing-space';
import type { DrawingToSpaceOptions } from './drawing-space';
import { COMB_ROOM, combDrawing, DRAWING_ARTICLES, item, p, PLUSMINUS_FAMILY, plusminusTwo, seg, STICKS_FAMILY, sticksSquare } from './drawing.fixtures';
import type { Drawing, DrawingProblem } from './drawing.types';

const T = 1_700_000_000_000;
const ROOM = roomSize({ width: 6, depth: 6, height: 3 });
const OPTIONS: DrawingToSpaceOptions = { room: ROOM, configurator: 2, spaceId: 'space', createdAt: T, applicationLocationId: null };
const ctx = { articles: DRAWING_ARTICLES };
const familyOf = (d: Drawing) => (d.family === 'sticks' ? STICKS_FAMILY : PLUSMINUS_FAMILY);
const rebuild = (json: unknown, d: Drawing) => rebuildSpace(json, { family: familyOf(d), ctx, requireCluster: false });
const treeOf = (d: Drawing, options = OPTIONS): ElementTree => rebuild(drawingToSpace(d, options), d).tree;
const codes = (problems: readonly DrawingProblem[]): [string, string][] => problems.map((x) => [x.code, x.elementId]);

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  return 'none';
}

/** A tree with one element replaced (what a hostile client could send, read back as the server reads it). */
function tampered(tree: ElementTree, id: string, change: (e: TreeElement) => TreeElement): ElementTree {
  return { ...tree, elements: { ...tree.elements, [id]: change(getElement(tree, id)) } };
}

describe('drawingToSpace', () => {
  it('makes space > composition per structure > track per segment > items, and sticks joints at the nodes', () => {
    const json = drawingToSpace(sticksSquare(), OPTIONS);
    const { tree } = spaceFromJSON(json, STICKS_FAMILY);
    const space = getElement(tree, 'space');
    expect(space.type === 'Space' && space.props.configurator).toBe(2);
    expect(space.type === 'Space' && space.props.config.roomSize).toEqual(ROOM);
    expect(space.children).toEqual(['~c1']);
    const composition = getElement(tree, '~c1');
    expect(composition.props).toEqual({ compositionNumber: 1, rules: [] });
    expect(composition.children.map((c) => getElement(tree, c).type)).toEqual(['Track', 'Track', 'Track', 'Track', 'Complement', 'Complement', 'Complement', 'Complement']);
    const a = getElement(tree, 'a');
    expect(a.props).toEqual({ code: '7470', installation: '10', productLength: 0.9, start: { x: 0, y: 2.5, z: 0 }, end: { x: 0.9, y: 2.5, z: 0 } });
    expect(a.position).toEqual({ x: 0.45, y: 2.5, z: 0 });
    expect(a.size).toEqual({ x: 0, y: 0, z: 0 });
    expect(a.attributes).toEqual({ finish: '05' });
    const power = getElement(tree, 'power');
    expect(power.type).toBe('ElectricalConnection');
    expect(power.props).toMatchObject({ code: '7466' });
    expect(power.position).toEqual({ x: 0, y: 0, z: 0 });
    const joints = composition.children.slice(4).map((c) => getElement(tree, c));
    expect(joints.map((j) => [j.props, j.position])).toContainEqual([{ code: '7465' }, { x: 0.9, y: 2.5, z: 0.9 }]);
  });

  it('numbers one composition per structure, items relative to their track’s centre', () => {
    const { tree } = spaceFromJSON(drawingToSpace(plusminusTwo(), { ...OPTIONS, configurator: 3 }), PLUSMINUS_FAMILY);
    expect(getElement(tree, 'space').children).toEqual(['~c1', '~c2']);
    expect(getElement(tree, '~c2').children).toEqual(['s3']);
    expect(getElement(tree, '~c2').props).toMatchObject({ compositionNumber: 2 });
    expect(getElement(tree, 's1').children).toEqual(['l1', 'l2', 'r1', 'w1']);
    expect(getElement(tree, 'l1').position).toEqual({ x: -0.5, y: 0, z: 0 });
    expect(getElement(tree, 'r1').props).toEqual({ code: '7498' });
    expect(getElement(tree, 'w1').props).toEqual({ code: '7490' });
    expect(getElement(tree, 'k1').props).toMatchObject({ code: '7495' });
    expect(getElement(tree, 'l1').props).toMatchObject({ code: '5520', info: { subfamily: 225 } });
    expect(getElement(tree, 's3').props).toMatchObject({ code: '7483', productLength: 2.2 });
  });

  it('refuses an invalid drawing with DRAWING_INVALID and the first problem’s message', () => {
    const crossing = { ...sticksSquare(), segments: [...sticksSquare().segments, seg('x', p(0, 0), p(0.9, 0.9))] };
    let message = '';
    try {
      drawingToSpace(crossing, OPTIONS);
    } catch (error) {
      expect(isDomainError(error) && error.code).toBe('DRAWING_INVALID');
      message = (error as Error).message;
    }
    expect(message).toBe(checkDrawing(crossing, ROOM)[0]?.message);
  });

  it('goes through rebuildSpace unchanged (sticks, plusminus, 200-segment combs)', () => {
    for (const [d, room] of [[sticksSquare(), ROOM], [plusminusTwo(), ROOM], [combDrawing('sticks', 200), COMB_ROOM], [combDrawing('plusminus', 200), COMB_ROOM]] as const) {
      const json = drawingToSpace(d, { ...OPTIONS, room });
      const rebuilt = rebuild(JSON.parse(JSON.stringify(json)), d);
      expect(rebuilt.failures).toEqual([]);
      expect(spaceToJSON(rebuilt.tree)).toEqual(json);
    }
  });

  it('gives a bill of materials: one line per stick model with its quantity, joints as accessories', () => {
    const square = sticksSquare();
    const mixed: Drawing = { ...square, segments: [...square.segments, seg('e', p(0.9, 0), p(2.4, 0)), seg('f', p(2.4, 0), p(2.4, -0.6), { finish: '10' })] };
    const [bill, ...more] = spaceToBillOfMaterials({ tree: treeOf(mixed), articles: DRAWING_ARTICLES, family: STICKS_FAMILY });
    expect(more).toEqual([]);
    expect(bill?.articles.map((l) => [l.model, l.attributes.finish, l.quantity])).toEqual([
      ['7470', '05', 4],
      ['7466', '01', 1],
      ['2355', '05', 1],
      ['7460', '10', 1],
    ]);
    // Joints where 2 or more sticks meet: the square's 4 corners (one shared with e) and e–f.
    expect(bill?.accessories).toEqual([{ accessoryCode: '746501/03_10', model: '7465', quantity: 5 }]);
  });

  it('gives a bill of materials: straps by model, lights, counterweights and reflectors as accessories, per structure', () => {
    const bills = spaceToBillOfMaterials({ tree: treeOf(plusminusTwo()), articles: DRAWING_ARTICLES, family: PLUSMINUS_FAMILY });
    expect(bills.map((b) => b.compositionNumber)).toEqual([1, 2]);
    expect(bills.map((b) => b.articles.map((l) => [l.model, l.attributes.finish, l.quantity]))).toEqual([
      [['7482', '10', 2], ['5520', '01', 2], ['7450', '01', 1], ['7495', '01', 1]],
      [['7483', '18', 1], ['5525', '01', 1], ['7495', '01', 1]],
    ]);
    expect(bills.map((b) => b.accessories.filter((a) => ['7490', '7498'].includes(a.model)).map((a) => [a.model, a.quantity]))).toEqual([
      [['7498', 1], ['7490', 1]],
      [],
    ]);
  });
});

describe('spaceToDrawing', () => {
  it('reads a drawing back from its rebuilt tree: drawing → space → drawing is the same drawing', () => {
    for (const [d, room] of [[sticksSquare(), ROOM], [plusminusTwo(), ROOM], [combDrawing('plusminus', 120), COMB_ROOM]] as const) {
      expect(spaceToDrawing(treeOf(d, { ...OPTIONS, room }), d.family)).toEqual(d);
    }
  });

  it('reads a track saved without ends (before issue 16) along x about its centre', () => {
    const json = drawingToSpace(sticksSquare(), OPTIONS) as JsonObject & { children: JsonObject[] };
    const old = JSON.parse(JSON.stringify(json), (key, value: unknown) => (key === 'start' || key === 'end' ? undefined : value)) as JsonObject;
    expect(JSON.stringify(old)).not.toContain('"start"');
    const { tree } = spaceFromJSON(old, STICKS_FAMILY);
    expect(getElement(tree, 'a').props).toMatchObject({ start: null, end: null });
    const read = spaceToDrawing(tree, 'sticks');
    expect(read.segments[0]).toEqual(seg('a', p(0, 0), p(0.9, 0)));
  });

  it('an empty space is an empty drawing half a metre below the ceiling', () => {
    const { tree } = spaceFromJSON({ type: 'Space', id: 's', props: { config: { roomSize: ROOM } }, schemaVersion: 3 }, PLUSMINUS_FAMILY);
    expect(spaceToDrawing(tree, 'plusminus')).toEqual({ family: 'plusminus', height: 2.5, segments: [], items: [] });
  });
});

describe('checkDrawingSpace', () => {
  it('finds nothing in the tree of a valid drawing', () => {
    expect(checkDrawingSpace(treeOf(sticksSquare()), 'sticks')).toEqual([]);
    expect(checkDrawingSpace(treeOf(plusminusTwo()), 'plusminus')).toEqual([]);
  });

  it('finds the drawing’s own problems (a track moved so that it crosses another)', () => {
    const tree = tampered(treeOf(sticksSquare()), 'c', (e) => (e.type === 'Track' ? { ...e, props: { ...e.props, start: { x: 0.9, y: 2.5, z: -0.45 }, end: { x: 0, y: 2.5, z: 0.45 } }, position: { x: 0.45, y: 2.5, z: 0 } } : e));
    expect(codes(checkDrawingSpace(tree, 'sticks'))).toContainEqual(['SEGMENTS_CROSS', 'c']);
  });

  it('a track whose model, length or centre does not match its ends', () => {
    const tree = treeOf(sticksSquare());
    expect(codes(checkDrawingSpace(tampered(tree, 'a', (e) => ({ ...e, props: { ...e.props, code: '7460' } }) as TreeElement), 'sticks'))).toEqual([['SEGMENT_LENGTH', 'a']]);
    expect(codes(checkDrawingSpace(tampered(tree, 'a', (e) => ({ ...e, props: { ...e.props, productLength: 0.6 } }) as TreeElement), 'sticks'))).toEqual([['SEGMENT_LENGTH', 'a']]);
    // Moved off its ends, the track carries its connection away too (each problem once).
    expect(codes(checkDrawingSpace(tampered(tree, 'a', (e) => ({ ...e, position: { x: 1, y: 2.5, z: 0 } })), 'sticks'))).toEqual([['ITEM_OFF_SEGMENT', 'power'], ['SEGMENT_LENGTH', 'a']]);
  });

  it('parts with another model, items off their track, kinds a drawing does not hold', () => {
    const tree = treeOf(plusminusTwo());
    expect(codes(checkDrawingSpace(tampered(tree, 'w1', (e) => ({ ...e, props: { code: '8001' } }) as TreeElement), 'plusminus'))).toEqual([['ITEM_NOT_ALLOWED', 'w1']]);
    expect(codes(checkDrawingSpace(tampered(tree, 'w1', (e) => ({ ...e, position: { x: 0, y: 0, z: 0.3 } })), 'plusminus'))).toEqual([['ITEM_OFF_SEGMENT', 'w1']]);
    const asCluster = tampered(tree, 'w1', (e) => ({ ...e, type: 'Cluster', props: { tension: 0 } }) as TreeElement);
    expect(codes(checkDrawingSpace(asCluster, 'plusminus'))).toEqual([['ITEM_NOT_ALLOWED', 'w1']]);
  });

  it('sticks joints: one 7465 at each node where sticks meet, nothing else', () => {
    const tree = treeOf(sticksSquare());
    const joints = getElement(tree, '~c1').children.filter((c) => c.startsWith('~j'));
    const [first] = joints as [string];
    const without = tampered(tree, '~c1', (e) => ({ ...e, children: e.children.filter((c) => c !== first) }));
    expect(codes(checkDrawingSpace(without, 'sticks'))).toEqual([['ITEM_NOT_ALLOWED', '~c1']]);
    expect(codes(checkDrawingSpace(tampered(tree, first, (e) => ({ ...e, position: { x: 0.45, y: 2.5, z: 0 } })), 'sticks'))).toEqual([['ITEM_NOT_ALLOWED', first], ['ITEM_NOT_ALLOWED', '~c1']]);
    expect(codes(checkDrawingSpace(tampered(tree, first, (e) => ({ ...e, props: { code: '8001' } }) as TreeElement), 'sticks'))).toEqual([['ITEM_NOT_ALLOWED', first], ['ITEM_NOT_ALLOWED', '~c1']]);
  });

  it('one composition per structure', () => {
    const tree = treeOf(plusminusTwo());
    // s3 (the second structure) moved into the first composition.
    let moved = tampered(tree, '~c2', (e) => ({ ...e, children: [] }));
    moved = tampered(moved, '~c1', (e) => ({ ...e, children: [...e.children, 's3'] }));
    moved = tampered(moved, 's3', (e) => ({ ...e, parent: '~c1' }));
    expect(codes(checkDrawingSpace(moved, 'plusminus'))).toEqual([['ITEM_NOT_ALLOWED', 's3']]);
  });

  it('a space rebuilt from hostile JSON: problems, never a crash', () => {
    const json = drawingToSpace(plusminusTwo(), OPTIONS) as JsonObject & { children: JsonObject[] };
    const loose = { ...json, children: [...json.children, { type: 'Light', id: 'lx', props: { code: '5520' } }] };
    const rebuilt = rebuildSpace(loose, { family: PLUSMINUS_FAMILY, ctx, requireCluster: false });
    expect(codes(checkDrawingSpace(rebuilt.tree, 'plusminus'))).toEqual([['ITEM_NOT_ALLOWED', 'lx']]);
    expect(codeOf(() => drawingToSpace({ ...plusminusTwo(), items: [item('q', 'light', 's1', 9, '5520')] }, OPTIONS))).toBe('DRAWING_INVALID');
  });
});

describe('every layout, any parameters (property)', () => {
  const HALL = roomSize({ width: 30, depth: 30, height: 4 });
  const layouts = (['sticks', 'plusminus'] as const).flatMap((family) => DRAWING_LAYOUTS[family].map((layout) => ({ family, layout })));
  it('parallel straps with their lights read back in the same order (a case the property once found)', () => {
    const d = layoutDrawing('plusminus', 'parallel', { count: 2, length: 1, spacing: 0.3, lights: 1 }, { attributes: { finish: '01', ledColourTemp: '3', control: '0', installation: '10' }, lightModel: '5520', height: 2.7 });
    expect(d.items.map((i) => `${i.id}@${i.segmentId}`)).toEqual(['k1@s1', 'l1@s1', 'k2@s2', 'l2@s2']);
    expect(spaceToDrawing(treeOf(d, { ...OPTIONS, room: HALL, configurator: 3 }), 'plusminus')).toEqual(d);
  });
  it('drawing → space → rebuilt tree → drawing is the same drawing, and the server finds no problem', () => {
    fc.assert(
      fc.property(fc.constantFrom(...layouts), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }), ({ family, layout }, fractions) => {
        const params = Object.fromEntries(layout.params.map((x, i) => [x.key, x.min + (fractions[i] ?? 0) * (x.max - x.min)]));
        const d = layoutDrawing(family, layout.id, params, { attributes: { finish: '01', ledColourTemp: '3', control: '0', installation: '10' }, lightModel: '5525', height: 2.7 });
        const tree = treeOf(d, { ...OPTIONS, room: HALL, configurator: 3 });
        expect(spaceToDrawing(tree, family)).toEqual(d);
        expect(checkDrawingSpace(tree, family)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
