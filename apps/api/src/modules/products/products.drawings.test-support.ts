/**
 * Drawings of the demo catalogue's sticks (219) and plusminus (225) collections for the api tests, as
 * saved spaces made by @lumen/domain's drawingToSpace (not a test file itself). `brokenSpace` writes a
 * drawing's tree without the engine's check, for the refusals.
 */
import { type Drawing, drawingToSpace, drawingTree, spaceToJSON } from '@lumen/domain';

export const EVALUATE = '/api/products/v1/creations/evaluate';
export const SHARE = '/api/products/v1/creations/shared';
export const EXPORT = '/api/products/v1/creations/export';

/** The collections' configurator room (configs 501–504). */
export const ROOM = { height: 4, width: 3, depth: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur' as const };
const OPTIONS = { room: ROOM, configurator: 2 as const, createdAt: Date.UTC(2026, 10, 1), applicationLocationId: 15 };

/** Attributes the catalogue offers: plusminus lights (5520, 5525) and sticks (7460–7475, remote-driven on a recessed canopy). */
export const PLUSMINUS_LIGHT = { finish: '10', ledColourTemp: '2', control: '0', installation: '10' };
export const STICK = { finish: '05', ledColourTemp: '3', control: 'M', installation: '31' };

const p = (x: number, z: number) => ({ x, z });

/** A V of two 2 m straps meeting at an anchor: two lights, a reflector under the first, a counterweight, one power canopy. */
export function plusminusV(): Drawing {
  return {
    family: 'plusminus',
    height: 3,
    segments: [
      { id: 's1', from: p(-1, -0.5), to: p(1, -0.5), attributes: { finish: '10' } },
      { id: 's2', from: p(1, -0.5), to: p(0, 1), attributes: { finish: '23' } },
    ],
    items: [
      { id: 'l1', kind: 'light', segmentId: 's1', offset: 0.5, model: '5520', attributes: PLUSMINUS_LIGHT },
      { id: 'r1', kind: 'reflector', segmentId: 's1', offset: 0.5, model: '7498', attributes: {} },
      { id: 'w1', kind: 'counterweight', segmentId: 's1', offset: 1.9, model: '7490', attributes: {} },
      { id: 'l2', kind: 'light', segmentId: 's2', offset: 0.9, model: '5525', attributes: PLUSMINUS_LIGHT },
      { id: 'k1', kind: 'connection', segmentId: 's2', offset: 0.2, model: '7495', attributes: {} },
    ],
  };
}

/** A 0.90 m square of sticks with one power canopy: 4 sticks (7470), 4 joints. */
export function sticksSquare(): Drawing {
  return {
    family: 'sticks',
    height: 3,
    segments: [
      { id: 'a', from: p(-0.45, -0.45), to: p(0.45, -0.45), attributes: STICK },
      { id: 'b', from: p(0.45, -0.45), to: p(0.45, 0.45), attributes: STICK },
      { id: 'c', from: p(0.45, 0.45), to: p(-0.45, 0.45), attributes: STICK },
      { id: 'd', from: p(-0.45, 0.45), to: p(-0.45, -0.45), attributes: STICK },
    ],
    items: [{ id: 'power', kind: 'connection', segmentId: 'a', offset: 0.45, model: '7466', attributes: {} }],
  };
}

export function drawnSpace(drawing: Drawing): Record<string, unknown> {
  return drawingToSpace(drawing, OPTIONS);
}

/** The tree of a drawing as the engine would write it, unchecked (a client may send anything). */
export function brokenSpace(drawing: Drawing): Record<string, unknown> {
  return spaceToJSON(drawingTree(drawing, OPTIONS));
}
