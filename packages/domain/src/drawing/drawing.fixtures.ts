/**
 * Test and benchmark data for drawings: the articles of the sticks and plusminus parts (the same
 * model codes as the api's seed catalogue) and a few drawings. Not exported from the package.
 */
import type { Variation } from '../catalogue/catalogue.types';
import type { FamilyData } from '../bill-of-materials/bill-of-materials.types';
import { fixtureArticle } from '../element-tree/element-tree.fixtures';
import type { ArticleCollection } from '../element-tree/article-collection';
import type { Drawing, DrawingItem, DrawingSegment, PlanPoint } from './drawing.types';

const complement = (model: string) => ({ ...fixtureArticle({ model, lumens: 0, watts: 0 }), type: 'Complement' });
const colour = (model: string, modifier: string): Variation => ({ type: 'color', model, modifier });

export const DRAWING_ARTICLES: ArticleCollection = {
  articles: [
    // Sticks: lit profiles of 0.60, 0.90, 1.20 and 1.50 m.
    fixtureArticle({ model: '7460', lumens: 600, watts: 6 }),
    fixtureArticle({ model: '7470', lumens: 900, watts: 9 }),
    fixtureArticle({ model: '7475', lumens: 1200, watts: 12 }),
    fixtureArticle({ model: '2355', lumens: 1500, watts: 15 }),
    fixtureArticle({ model: '7466', lumens: 0, watts: 0 }),
    complement('7465'),
    // Plusminus: straps of 1, 2, 3, 4 and 6 m, their parts and lights.
    ...['7481', '7482', '7483', '7484', '7486'].map((model) => fixtureArticle({ model, finish: '10', lumens: 0, watts: 0 })),
    fixtureArticle({ model: '7495', lumens: 0, watts: 0 }),
    complement('7490'),
    complement('7498'),
    ...['5520', '5525', '7450', '7455'].map((model) => fixtureArticle({ model, lumens: 700, watts: 7 })),
  ],
  variations: [
    ...['7460', '7470', '7475', '2355'].flatMap((model) => [colour(model, '05'), colour(model, '10')]),
    ...['7481', '7482', '7483', '7484', '7486'].flatMap((model) => [colour(model, '05'), colour(model, '18'), colour(model, '60')]),
  ],
};

export const STICKS_FAMILY: FamilyData = { familyId: 40, subFamily: { id: 219, description: 'sticks' }, category: 3 };
export const PLUSMINUS_FAMILY: FamilyData = { familyId: 41, subFamily: { id: 225, description: 'plusminus' }, category: 3 };

export const p = (x: number, z: number): PlanPoint => ({ x, z });
export const seg = (id: string, from: PlanPoint, to: PlanPoint, attributes: DrawingSegment['attributes'] = { finish: '05' }): DrawingSegment => ({ id, from, to, attributes });
export const item = (id: string, kind: DrawingItem['kind'], segmentId: string, offset: number, model = '', attributes: DrawingItem['attributes'] = {}): DrawingItem => ({ id, kind, segmentId, offset, model, attributes });

/** Full light attributes: what the engine would fill is given, so a rebuild changes nothing. */
export const LIGHT_ATTRIBUTES = { finish: '01', ledColourTemp: '3', control: '0', installation: '10' } as const;

/** A 0.90 m square of sticks with a connection: 4 sticks, 4 joints. */
export function sticksSquare(): Drawing {
  return {
    family: 'sticks',
    height: 2.5,
    segments: [seg('a', p(0, 0), p(0.9, 0)), seg('b', p(0.9, 0), p(0.9, 0.9)), seg('c', p(0.9, 0.9), p(0, 0.9)), seg('d', p(0, 0.9), p(0, 0))],
    items: [item('power', 'connection', 'a', 0.45, '7466')],
  };
}

/** Two plusminus structures: a V of straps with lights, a reflector and counterweights, and a lone strap. */
export function plusminusTwo(): Drawing {
  return {
    family: 'plusminus',
    height: 2.8,
    segments: [
      seg('s1', p(-1, -1), p(1, -1), { finish: '10' }),
      seg('s2', p(1, -1), p(0, 0.5), { finish: '10' }),
      seg('s3', p(-1, 1), p(1.2, 1), { finish: '18' }),
    ],
    items: [
      item('l1', 'light', 's1', 0.5, '5520', LIGHT_ATTRIBUTES),
      item('l2', 'light', 's1', 1.5, '7450', LIGHT_ATTRIBUTES),
      item('r1', 'reflector', 's1', 0.5, '7498'),
      item('w1', 'counterweight', 's1', 1.9, '7490'),
      item('l3', 'light', 's2', 0.9, '5520', LIGHT_ATTRIBUTES),
      item('k1', 'connection', 's2', 0.2, '7495'),
      item('l4', 'light', 's3', 1.1, '5525', LIGHT_ATTRIBUTES),
      item('k2', 'connection', 's3', 0, '7495'),
    ],
  };
}

/** Room that holds `combDrawing(…, 200)`: rows 6 m wide, 1 m apart. */
export const COMB_ROOM = { height: 3, width: 8, depth: 12, extraCeiling: 0.16, ceilingMaterial: 'pladur' } as const;

/**
 * `count` segments of 0.60 m in rows of 20 (combs: a spine of 10 along x, a tooth along z from each
 * spine node), one connection per row; plusminus teeth carry a light each.
 */
export function combDrawing(family: Drawing['family'], count: number): Drawing {
  const segments: DrawingSegment[] = [];
  const items: DrawingItem[] = [];
  const L = 0.6;
  for (let n = 0; n < count; n++) {
    const row = Math.floor(n / 20);
    const k = Math.floor((n % 20) / 2);
    const x = -3 + k * L;
    const z = -5.5 + row;
    const tooth = n % 2 === 1;
    const id = `r${row}${tooth ? 't' : 's'}${k}`;
    segments.push(tooth ? seg(id, p(x, z), p(x, z + L)) : seg(id, p(x, z), p(x + L, z)));
    if (n % 20 === 0) items.push(item(`power${row}`, 'connection', id, 0.3, family === 'sticks' ? '7466' : '7495'));
    if (tooth && family === 'plusminus') items.push(item(`light${n}`, 'light', id, 0.4, '5520', LIGHT_ATTRIBUTES));
  }
  return { family, height: 2.5, segments, items };
}
