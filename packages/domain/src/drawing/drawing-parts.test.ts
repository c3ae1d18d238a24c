import { describe, expect, it } from 'vitest';
import { drawingParts, EMITTER_COLOUR, finishColour, planOutline } from './drawing-parts';
import { item, LIGHT_ATTRIBUTES, p, plusminusTwo, seg, sticksSquare } from './drawing.fixtures';
import type { Drawing, ModelPart } from './drawing.types';

const ROOM = { height: 3 };
const byShape = (parts: readonly ModelPart[]) => parts.reduce<Record<string, number>>((m, x) => ({ ...m, [x.shape]: (m[x.shape] ?? 0) + 1 }), {});
const ofElement = (parts: readonly ModelPart[], id: string) => parts.filter((x) => x.elementId === id);

describe('finish colours', () => {
  it('maps the finish codes, anything else grey', () => {
    // the catalogue's swatches: 05 black, 10 white (they were swapped: black sticks came out white)
    expect(['05', '10', '18', '23', '37', '58', '60'].map(finishColour)).toEqual(['#16161a', '#f4f4f0', '#474a51', '#c6846d', '#89a57a', '#a98b4f', '#cbd0cc']);
    expect(finishColour('99')).toBe('#9a9a9a');
    expect(finishColour(undefined)).toBe('#9a9a9a');
  });
});

describe('drawingParts, sticks', () => {
  const parts = drawingParts(sticksSquare(), ROOM);

  it('a beam and its light strip per stick, a suspension cable per node, a canopy with its cable at the connection', () => {
    // 4 beams + 4 strips, 4 node suspensions + 1 connection cable, 1 canopy.
    expect(byShape(parts)).toEqual({ beam: 8, cable: 5, cylinder: 1 });
    const beam = parts.find((x) => x.id === 'a:beam');
    expect(beam).toMatchObject({ elementId: 'a', from: { x: 0, y: 2.5, z: 0 }, to: { x: 0.9, y: 2.5, z: 0 }, length: 0.9, colour: '#16161a', material: 'metal', radius: 0.0175 });
    // the stick is the catalogue's 35 mm, its light strip inside the section
    expect(parts.find((x) => x.id === 'a:strip')).toMatchObject({ material: 'emitter', colour: EMITTER_COLOUR, from: { y: 2.4885 } });
  });

  it('suspensions go from each node up to the ceiling, named after the joint there', () => {
    const suspensions = parts.filter((x) => x.id.endsWith(':suspension'));
    expect(suspensions.map((x) => [x.from?.x, x.from?.z, x.to?.y])).toEqual([[0, 0, 3], [0.9, 0, 3], [0.9, 0.9, 3], [0, 0.9, 3]]);
    expect(suspensions.every((x) => x.elementId.startsWith('~j'))).toBe(true);
  });

  it('the canopy sits on the ceiling above the connection', () => {
    expect(ofElement(parts, 'power')).toEqual([
      { id: 'power:canopy', elementId: 'power', shape: 'cylinder', centre: { x: 0.45, y: 2.9875, z: 0 }, radius: 0.06, length: 0.025, colour: '#16161a', material: 'metal' },
      { id: 'power:cable', elementId: 'power', shape: 'cable', from: { x: 0.45, y: 2.975, z: 0 }, to: { x: 0.45, y: 2.5, z: 0 }, radius: 0.001, length: 0.475, colour: '#8a8f94', material: 'metal' },
    ]);
  });

  it('without a room the ceiling is half a metre above the structure; a lone stick’s node cable is named after the stick', () => {
    const lone: Drawing = { family: 'sticks', height: 2, segments: [seg('a', p(0, 0), p(0.6, 0))], items: [] };
    const cables = drawingParts(lone).filter((x) => x.shape === 'cable');
    expect(cables.map((x) => [x.elementId, x.to?.y])).toEqual([['a', 2.5], ['a', 2.5]]);
  });
});

describe('drawingParts, plusminus', () => {
  const parts = drawingParts(plusminusTwo(), ROOM);

  it('a textile cable per strap in its finish', () => {
    const straps = parts.filter((x) => x.material === 'textile');
    expect(straps.map((x) => [x.elementId, x.colour])).toEqual([['s1', '#f4f4f0'], ['s2', '#f4f4f0'], ['s3', '#474a51']]);
    expect(straps[0]).toMatchObject({ shape: 'cable', from: { x: -1, y: 2.8, z: -1 }, to: { x: 1, y: 2.8, z: -1 }, length: 2 });
  });

  it('each light hangs 0.30 m below its strap: a cable, a body (cylinder, or sphere for globes) and an emitter', () => {
    const l1 = ofElement(parts, 'l1');
    expect(l1.map((x) => [x.shape, x.material])).toEqual([['cable', 'metal'], ['cylinder', 'metal'], ['cylinder', 'emitter']]);
    expect(l1[0]).toMatchObject({ from: { x: -0.5, y: 2.8, z: -1 }, to: { x: -0.5, y: 2.5, z: -1 } });
    expect(l1[1]).toMatchObject({ centre: { x: -0.5, y: 2.44, z: -1 }, length: 0.12, colour: '#9a9a9a' });
    const l2 = ofElement(parts, 'l2');
    expect(l2.map((x) => x.shape)).toEqual(['cable', 'sphere', 'sphere']);
    expect(l2[1]).toMatchObject({ centre: { x: 0.5, y: 2.44, z: -1 }, material: 'glass' });
  });

  it('a reflector is a wider flat cylinder just above its light; a counterweight a small sphere; the connection a canopy', () => {
    const [reflector] = ofElement(parts, 'r1');
    expect(reflector).toMatchObject({ shape: 'cylinder', centre: { x: -0.5, y: 2.505, z: -1 }, radius: 0.1, length: 0.01 });
    expect(ofElement(parts, 'w1')).toEqual([{ id: 'w1:body', elementId: 'w1', shape: 'sphere', centre: { x: 0.9, y: 2.764, z: -1 }, radius: 0.03, colour: '#f4f4f0', material: 'metal' }]);
    expect(ofElement(parts, 'k2').map((x) => x.shape)).toEqual(['cylinder', 'cable']);
    expect(ofElement(parts, 'k2')[0]?.centre).toEqual({ x: -1, y: 2.9875, z: 1 });
  });

  it('counts: 3 straps, 4 lights × 3, 1 reflector, 1 counterweight, 2 connections × 2', () => {
    expect(parts).toHaveLength(3 + 12 + 1 + 1 + 4);
    expect(new Set(parts.map((x) => x.id)).size).toBe(parts.length);
  });
});

describe('planOutline', () => {
  it('segments with their lengths and the items where they sit; items naming no segment are left out', () => {
    const d = plusminusTwo();
    const outline = planOutline({ ...d, items: [...d.items, item('lost', 'light', 'nope', 0, '5520', LIGHT_ATTRIBUTES)] });
    expect(outline.segments[0]).toEqual({ id: 's1', from: { x: -1, z: -1 }, to: { x: 1, z: -1 }, length: 2 });
    expect(outline.segments[1]?.length).toBe(1.802776);
    expect(outline.items.map((x) => x.id)).toEqual(['l1', 'l2', 'r1', 'w1', 'l3', 'k1', 'l4', 'k2']);
    expect(outline.items.find((x) => x.id === 'l3')).toEqual({ id: 'l3', kind: 'light', at: { x: 0.50077, z: -0.251155 } });
    expect(outline.items.find((x) => x.id === 'k2')).toEqual({ id: 'k2', kind: 'connection', at: { x: -1, z: 1 } });
  });
});
