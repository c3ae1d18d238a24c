import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roomSize } from '../space/room';
import { checkDrawing, DRAWING_ELEMENT_ID } from './drawing-check';
import { drawingFamilyOf, DRAWING_SUBFAMILY, stickModelFor, strapModelFor } from './drawing-families';
import { segmentLength, segmentsDistance, snapToGrid } from './drawing-geometry';
import { COMB_ROOM, combDrawing, item, LIGHT_ATTRIBUTES, p, plusminusTwo, seg, sticksSquare } from './drawing.fixtures';
import type { Drawing, DrawingProblem } from './drawing.types';

const ROOM = roomSize({ width: 6, depth: 6, height: 3 });
const codes = (problems: readonly DrawingProblem[]): [string, string][] => problems.map((x) => [x.code, x.elementId]);
const sticks = (segments: Drawing['segments'], items: Drawing['items'] = [item('k', 'connection', (segments[0] as { id: string }).id, 0)]): Drawing => ({ family: 'sticks', height: 2.5, segments, items });
const straps = (segments: Drawing['segments'], items: Drawing['items'] = [item('k', 'connection', (segments[0] as { id: string }).id, 0)]): Drawing => ({ family: 'plusminus', height: 2.5, segments, items });
/** Unit direction at `degrees` from +x, scaled. */
const at = (degrees: number, length: number, from = p(0, 0)) => p(from.x + Math.cos((degrees * Math.PI) / 180) * length, from.z + Math.sin((degrees * Math.PI) / 180) * length);

describe('families and models', () => {
  it('maps the subfamilies', () => {
    expect(drawingFamilyOf(219)).toBe('sticks');
    expect(drawingFamilyOf(225)).toBe('plusminus');
    expect(drawingFamilyOf(259)).toBeNull();
    expect(DRAWING_SUBFAMILY).toEqual({ sticks: 219, plusminus: 225 });
  });

  it('a stick is one of four lengths, ± 1 cm', () => {
    expect([0.6, 0.9, 1.2, 1.5].map(stickModelFor)).toEqual(['7460', '7470', '7475', '2355']);
    expect(stickModelFor(0.609)).toBe('7460');
    expect(stickModelFor(1.491)).toBe('2355');
    expect(stickModelFor(0.62)).toBeNull();
    expect(stickModelFor(1.0)).toBeNull();
    expect(stickModelFor(Number.NaN)).toBeNull();
  });

  it('a strap is cut from the shortest strap at least as long', () => {
    expect([0.3, 1, 1.01, 2, 2.5, 3.2, 4, 4.01, 6].map(strapModelFor)).toEqual(['7481', '7481', '7482', '7482', '7483', '7484', '7484', '7486', '7486']);
    expect(strapModelFor(6.01)).toBeNull();
    expect(strapModelFor(0)).toBeNull();
    expect(strapModelFor(-1)).toBeNull();
  });

  it('lengths and the grid', () => {
    expect(segmentLength(seg('a', p(0, 0), p(0.3, 0.4)))).toBeCloseTo(0.5, 12);
    expect(snapToGrid(p(0.26, -0.74), 0.1)).toEqual({ x: 0.3, z: -0.7 });
    expect(snapToGrid(p(0.26, -0.74), 0.05)).toEqual({ x: 0.25, z: -0.75 });
    expect(snapToGrid(p(0.26, 0.74), 0)).toEqual({ x: 0.26, z: 0.74 });
  });
});

describe('checkDrawing', () => {
  it('finds nothing in valid drawings (sticks square, two plusminus structures, combs of 200)', () => {
    expect(checkDrawing(sticksSquare(), ROOM)).toEqual([]);
    expect(checkDrawing(plusminusTwo(), ROOM)).toEqual([]);
    expect(checkDrawing(combDrawing('sticks', 200), COMB_ROOM)).toEqual([]);
    expect(checkDrawing(combDrawing('plusminus', 200), COMB_ROOM)).toEqual([]);
  });

  it('SEGMENT_ZERO_LENGTH and SEGMENT_LENGTH', () => {
    expect(codes(checkDrawing(sticks([seg('a', p(0, 0), p(0.9, 0)), seg('z', p(0.9, 0), p(0.905, 0))]), ROOM))).toContainEqual(['SEGMENT_ZERO_LENGTH', 'z']);
    expect(codes(checkDrawing(sticks([seg('a', p(0, 0), p(0.7, 0))]), ROOM))).toEqual([['SEGMENT_LENGTH', 'a']]);
    expect(codes(checkDrawing(straps([seg('a', p(0, 0), p(0.2, 0))]), ROOM))).toEqual([['SEGMENT_LENGTH', 'a']]);
    expect(codes(checkDrawing(straps([seg('a', p(-2.9, 0), p(2.9, 0)), seg('b', p(-2.9, 1), p(2.9, 1.1))]), { ...ROOM, width: 8 }))).toEqual([['NO_CONNECTION', 'b']]);
    const long = straps([seg('a', p(-3.2, 0), p(3.2, 0))]);
    expect(codes(checkDrawing(long, { ...ROOM, width: 8 }))).toEqual([['SEGMENT_LENGTH', 'a']]);
    expect(checkDrawing(long, { ...ROOM, width: 8 })[0]?.message).toBe('Segment a is 6.400 m long: a plusminus segment is between 0.30 and 6.00 m');
  });

  it('SEGMENTS_CROSS: a crossing, a T, a collinear overlap, the same segment twice; never touching at a shared end', () => {
    const cross = sticks([seg('a', p(-0.45, 0), p(0.45, 0)), seg('b', p(0, -0.45), p(0, 0.45))]);
    expect(codes(checkDrawing(cross, ROOM))).toContainEqual(['SEGMENTS_CROSS', 'b']);
    const tee = sticks([seg('a', p(-0.45, 0), p(0.45, 0)), seg('b', p(0, 0), p(0, 0.9))]);
    // A T is two structures by their nodes (b also lacks a connection), and a contact off the ends.
    expect(codes(checkDrawing(tee, ROOM))).toEqual([['SEGMENTS_CROSS', 'b'], ['NO_CONNECTION', 'b']]);
    const overlap = straps([seg('a', p(0, 0), p(2, 0)), seg('b', p(1, 0), p(3, 0))]);
    expect(codes(checkDrawing(overlap, ROOM)).filter(([c]) => c === 'SEGMENTS_CROSS')).toEqual([['SEGMENTS_CROSS', 'b']]);
    const folded = straps([seg('a', p(0, 0), p(2, 0)), seg('b', p(2, 0), p(1, 0))]);
    expect(codes(checkDrawing(folded, ROOM)).filter(([c]) => c === 'SEGMENTS_CROSS')).toEqual([['SEGMENTS_CROSS', 'b']]);
    const twice = straps([seg('a', p(0, 0), p(2, 0)), seg('b', p(2, 0), p(0, 0))]);
    expect(codes(checkDrawing(twice, ROOM)).filter(([c]) => c === 'SEGMENTS_CROSS')).toEqual([['SEGMENTS_CROSS', 'b']]);
    // Ends within 5 mm are one node: touching there is allowed.
    const corner = sticks([seg('a', p(0, 0), p(0.9, 0)), seg('b', p(0.903, 0.002), p(0.903, 0.902))]);
    expect(checkDrawing(corner, ROOM)).toEqual([]);
    // Parallel and 1 cm apart: no contact.
    const parallel = straps([seg('a', p(0, 0), p(2, 0)), seg('b', p(0, 0.01), p(2, 0.01))], [item('k', 'connection', 'a', 0), item('k2', 'connection', 'b', 0)]);
    expect(checkDrawing(parallel, ROOM)).toEqual([]);
  });

  it('crossing agrees with a brute-force distance check on random segments (property)', () => {
    const coordinate = fc.integer({ min: -20, max: 20 }).map((n) => n / 10);
    const segment = fc.tuple(coordinate, coordinate, coordinate, coordinate);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 2, maxLength: 12 }), (raw) => {
        const segments = raw.map(([a, b, c, d], i) => seg(`s${i}`, p(a, b), p(c, d)));
        const drawing = straps(segments, []);
        const flagged = new Set(checkDrawing(drawing, ROOM).filter((x) => x.code === 'SEGMENTS_CROSS').map((x) => x.elementId));
        // Brute force on segments that share no end: they cross when closer than 5 mm.
        const expected = new Set<string>();
        segments.forEach((s, j) => {
          segments.slice(0, j).forEach((r) => {
            const ends = [r.from, r.to, s.from, s.to];
            const shareEnd = [r.from, r.to].some((u) => [s.from, s.to].some((v) => Math.hypot(u.x - v.x, u.z - v.z) < 0.005));
            const live = segmentLength(r) >= 0.01 && segmentLength(s) >= 0.01;
            if (live && !shareEnd && segmentsDistance(ends[0]!, ends[1]!, ends[2]!, ends[3]!) < 0.005) expected.add(s.id);
          });
        });
        for (const id of expected) expect(flagged.has(id)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('UNSUPPORTED_ANGLE: sticks at multiples of 45° and at least 90°; straps at least 30°', () => {
    const stickAt = (degrees: number) => sticks([seg('a', p(0, 0), p(0.9, 0)), seg('b', p(0, 0), at(degrees, 0.9))]);
    for (const ok of [90, 135, 180, 225, 270]) expect(checkDrawing(stickAt(ok), ROOM)).toEqual([]);
    for (const bad of [45, 60, 100, 300, 315]) expect(codes(checkDrawing(stickAt(bad), ROOM))).toEqual([['UNSUPPORTED_ANGLE', 'b']]);
    const strapAt = (degrees: number) => straps([seg('a', p(0, 0), p(1, 0)), seg('b', p(0, 0), at(degrees, 1))]);
    for (const ok of [30, 31, 90, 200, 330]) expect(checkDrawing(strapAt(ok), ROOM)).toEqual([]);
    for (const bad of [20, 29, 335]) expect(codes(checkDrawing(strapAt(bad), ROOM))).toEqual([['UNSUPPORTED_ANGLE', 'b']]);
    expect(checkDrawing(strapAt(20), ROOM)[0]?.message).toBe('Segments a and b meet at 20.0°: the angle must be at least 30°');
  });

  it('TOO_MANY_AT_JOINT: 4 sticks, 3 straps at most', () => {
    const star = (n: number, length: number) => Array.from({ length: n }, (_, i) => seg(`s${i}`, p(0, 0), at((360 / n) * i, length)));
    expect(checkDrawing(sticks(star(4, 0.9)), ROOM)).toEqual([]);
    expect(checkDrawing(straps(star(3, 1)), ROOM)).toEqual([]);
    expect(codes(checkDrawing(straps(star(4, 1)), ROOM))).toEqual([['TOO_MANY_AT_JOINT', 's3']]);
    expect(codes(checkDrawing(sticks(star(8, 0.9)), ROOM))).toContainEqual(['TOO_MANY_AT_JOINT', 's4']);
  });

  it('OUT_OF_ROOM: a point past a wall, a structure above the ceiling', () => {
    expect(codes(checkDrawing(straps([seg('a', p(2.5, 0), p(3.5, 0))]), ROOM))).toEqual([['OUT_OF_ROOM', 'a']]);
    expect(checkDrawing(straps([seg('a', p(2, 3), p(3, 3))]), ROOM)).toEqual([]);
    expect(codes(checkDrawing({ ...sticksSquare(), height: 3.2 }, ROOM))).toEqual([['OUT_OF_ROOM', DRAWING_ELEMENT_ID]]);
    expect(codes(checkDrawing({ ...sticksSquare(), height: 0 }, ROOM))).toEqual([['OUT_OF_ROOM', DRAWING_ELEMENT_ID]]);
  });

  it('TOO_MANY_ELEMENTS: 201 segments, or more than 1,000 elements', () => {
    const many = combDrawing('sticks', 201);
    expect(codes(checkDrawing(many, { ...COMB_ROOM, depth: 14 }))).toEqual([['TOO_MANY_ELEMENTS', 'r10s0']]);
    const base = plusminusTwo();
    const crowded = { ...base, items: [...base.items, ...Array.from({ length: 1000 }, (_, i) => item(`x${i}`, 'counterweight', 's3', 0))] };
    expect(codes(checkDrawing(crowded, ROOM))).toEqual([['TOO_MANY_ELEMENTS', DRAWING_ELEMENT_ID]]);
    const heavy = { ...base, items: [...base.items, ...Array.from({ length: 990 }, (_, i) => item(`x${i}`, 'counterweight', 's3', 0))] };
    expect(codes(checkDrawing(heavy, ROOM))).toContainEqual(['TOO_MANY_ELEMENTS', DRAWING_ELEMENT_ID]);
  });

  it('TOO_MANY_ON_SEGMENT: 6 lights and 2 counterweights per strap', () => {
    const lights = Array.from({ length: 7 }, (_, i) => item(`l${i}`, 'light', 'a', 0.2 + i * 0.2, '5520', LIGHT_ATTRIBUTES));
    const weights = Array.from({ length: 3 }, (_, i) => item(`w${i}`, 'counterweight', 'a', i * 0.5));
    expect(codes(checkDrawing(straps([seg('a', p(0, 0), p(2, 0))], [item('k', 'connection', 'a', 0), ...lights, ...weights]), ROOM))).toEqual([
      ['TOO_MANY_ON_SEGMENT', 'l6'],
      ['TOO_MANY_ON_SEGMENT', 'w2'],
    ]);
  });

  it('ITEM_OFF_SEGMENT, ITEM_NOT_ALLOWED, UNKNOWN_SEGMENT', () => {
    const off = straps([seg('a', p(0, 0), p(2, 0))], [item('k', 'connection', 'a', 2.5), item('w', 'counterweight', 'a', -0.1)]);
    expect(codes(checkDrawing(off, ROOM))).toEqual([['ITEM_OFF_SEGMENT', 'k'], ['ITEM_OFF_SEGMENT', 'w']]);
    const light = sticks([seg('a', p(0, 0), p(0.9, 0))], [item('k', 'connection', 'a', 0), item('l', 'light', 'a', 0.2, '5520')]);
    expect(codes(checkDrawing(light, ROOM))).toEqual([['ITEM_NOT_ALLOWED', 'l']]);
    const wrongModel = straps([seg('a', p(0, 0), p(2, 0))], [item('k', 'connection', 'a', 0), item('l', 'light', 'a', 0.2, '0270')]);
    expect(codes(checkDrawing(wrongModel, ROOM))).toEqual([['ITEM_NOT_ALLOWED', 'l']]);
    const unknown = straps([seg('a', p(0, 0), p(2, 0))], [item('k', 'connection', 'a', 0), item('w', 'counterweight', 'nope', 0)]);
    expect(codes(checkDrawing(unknown, ROOM))).toEqual([['UNKNOWN_SEGMENT', 'w']]);
  });

  it('ids must be usable and unique (reserved prefix ~ is the engine’s)', () => {
    const twice = straps([seg('a', p(0, 0), p(2, 0)), seg('a', p(2, 0), p(2, 2))]);
    expect(codes(checkDrawing(twice, ROOM))).toContainEqual(['ITEM_NOT_ALLOWED', 'a']);
    const reserved = straps([seg('~c1', p(0, 0), p(2, 0))]);
    expect(codes(checkDrawing(reserved, ROOM))).toEqual([['ITEM_NOT_ALLOWED', '~c1']]);
    const itemLikeSegment = straps([seg('a', p(0, 0), p(2, 0))], [item('a', 'connection', 'a', 0)]);
    expect(codes(checkDrawing(itemLikeSegment, ROOM))).toEqual([['ITEM_NOT_ALLOWED', 'a']]);
  });

  it('NO_CONNECTION and TOO_MANY_CONNECTIONS, per structure', () => {
    const two = straps([seg('a', p(0, 0), p(2, 0)), seg('b', p(2, 0), p(2, 2)), seg('c', p(-2, -2), p(0, -2))], [item('k1', 'connection', 'a', 0), item('k2', 'connection', 'b', 1)]);
    expect(codes(checkDrawing(two, ROOM))).toEqual([['TOO_MANY_CONNECTIONS', 'k2'], ['NO_CONNECTION', 'c']]);
  });

  it('REFLECTOR_WITHOUT_LIGHT: a reflector sits at a light of its strap, ± 1 cm', () => {
    const base = [item('k', 'connection', 'a', 0), item('l', 'light', 'a', 1, '5520', LIGHT_ATTRIBUTES)];
    expect(checkDrawing(straps([seg('a', p(0, 0), p(2, 0))], [...base, item('r', 'reflector', 'a', 1.009)]), ROOM)).toEqual([]);
    expect(codes(checkDrawing(straps([seg('a', p(0, 0), p(2, 0))], [...base, item('r', 'reflector', 'a', 1.2)]), ROOM))).toEqual([['REFLECTOR_WITHOUT_LIGHT', 'r']]);
    expect(codes(checkDrawing(straps([seg('a', p(0, 0), p(2, 0)), seg('b', p(2, 0), p(2, 2))], [...base, item('r', 'reflector', 'b', 1)]), ROOM))).toEqual([['REFLECTOR_WITHOUT_LIGHT', 'r']]);
  });
});

describe('checkDrawing on hostile input (property)', () => {
  it('never throws, and every problem names an element of the drawing or the drawing itself', () => {
    const coordinate = fc.oneof(fc.double({ min: -5, max: 5 }), fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -0));
    const point = fc.record({ x: coordinate, z: coordinate });
    const id = fc.oneof(fc.constantFrom('a', 'b', 'c', '', '~x', '__proto__'), fc.string({ maxLength: 4 }));
    const segment = fc.record({ id, from: point, to: point, attributes: fc.constant({}) });
    const item = fc.record({
      id,
      kind: fc.constantFrom('light', 'counterweight', 'connection', 'reflector') as fc.Arbitrary<'light' | 'counterweight' | 'connection' | 'reflector'>,
      segmentId: id,
      offset: coordinate,
      model: fc.constantFrom('', '5520', '7450', '0270'),
      attributes: fc.constant({}),
    });
    fc.assert(
      fc.property(fc.constantFrom('sticks', 'plusminus') as fc.Arbitrary<'sticks' | 'plusminus'>, coordinate, fc.array(segment, { maxLength: 12 }), fc.array(item, { maxLength: 12 }), (family, height, segments, items) => {
        const drawing: Drawing = { family, height, segments, items };
        const ids = new Set([DRAWING_ELEMENT_ID, ...segments.map((s) => s.id), ...items.map((i) => i.id)]);
        for (const x of checkDrawing(drawing, ROOM)) {
          expect(ids.has(x.elementId)).toBe(true);
          expect(typeof x.message).toBe('string');
        }
      }),
      { numRuns: 400 },
    );
  });
});
