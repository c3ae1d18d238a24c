import { describe, expect, it } from 'vitest';
import { isDomainError } from '../catalogue/domain-error';
import { roomSize } from '../space/room';
import { checkDrawing } from './drawing-check';
import { DRAWING_LAYOUTS, drawingLayouts, layoutDrawing } from './drawing-layouts';
import type { LayoutParam } from './drawing-layouts';
import { segmentLength } from './drawing-geometry';
import type { DrawingFamily } from './drawing.types';

/** A room large enough for the largest of every layout. */
const HALL = roomSize({ width: 30, depth: 30, height: 4 });
const STICK_DEFAULTS = { attributes: { finish: '10', ledColourTemp: '3', control: '0' }, height: 2.6 };
const STRAP_DEFAULTS = { attributes: { finish: '18', ledColourTemp: '3', control: '0' }, lightModel: '7450', height: 2.6 };

/** Every combination of the parameters' values in range. */
function combinations(params: readonly LayoutParam[]): Record<string, number>[] {
  let out: Record<string, number>[] = [{}];
  for (const p of params) {
    const values: number[] = [];
    for (let v = p.min; v <= p.max + 1e-9; v += p.step) values.push(Math.round(v * 1e6) / 1e6);
    out = out.flatMap((c) => values.map((v) => ({ ...c, [p.key]: v })));
  }
  return out;
}

describe('drawing layouts', () => {
  it('lists the layouts of each family, with parameters whose defaults are in range', () => {
    expect(drawingLayouts('sticks').map((l) => l.id)).toEqual(['line', 'square', 'zigzag', 'star']);
    expect(drawingLayouts('plusminus').map((l) => l.id)).toEqual(['parallel', 'cross', 'zigzag']);
    for (const layout of [...DRAWING_LAYOUTS.sticks, ...DRAWING_LAYOUTS.plusminus]) {
      for (const p of layout.params) {
        expect(p.min).toBeLessThanOrEqual(p.default);
        expect(p.default).toBeLessThanOrEqual(p.max);
        expect(p.step).toBeGreaterThan(0);
      }
    }
  });

  for (const family of ['sticks', 'plusminus'] as const satisfies readonly DrawingFamily[]) {
    for (const layout of DRAWING_LAYOUTS[family]) {
      it(`${family} ${layout.id}: every parameter in range gives a drawing checkDrawing accepts`, () => {
        const all = combinations(layout.params);
        expect(all.length).toBeGreaterThan(1);
        for (const params of all) {
          const drawing = layoutDrawing(family, layout.id, params, family === 'sticks' ? STICK_DEFAULTS : STRAP_DEFAULTS);
          const problems = checkDrawing(drawing, HALL);
          if (problems.length > 0) throw new Error(`${layout.id} ${JSON.stringify(params)}: ${problems[0]?.message}`);
        }
      });
    }
  }

  it('sticks square of 2 sticks a side, 1.20 m: 8 sticks, a closed square centred on the room, one connection', () => {
    const d = layoutDrawing('sticks', 'square', { side: 2, length: 1.2 }, STICK_DEFAULTS);
    expect(d.segments).toHaveLength(8);
    expect(d.segments.map(segmentLength).every((l) => Math.abs(l - 1.2) < 1e-6)).toBe(true);
    expect(d.segments[0]?.from).toEqual({ x: -1.2, z: -1.2 });
    expect(d.segments[7]?.to).toEqual({ x: -1.2, z: -1.2 });
    expect(d.segments[0]?.attributes).toEqual(STICK_DEFAULTS.attributes);
    expect(d.items).toEqual([{ id: 'k1', kind: 'connection', segmentId: 's1', offset: 0, model: '7466', attributes: {} }]);
    expect(d.height).toBe(2.6);
  });

  it('plusminus parallel: one connection per strap, lights evenly spaced, straps in the lights’ finish', () => {
    const d = layoutDrawing('plusminus', 'parallel', { count: 2, length: 2, spacing: 1, lights: 3 }, STRAP_DEFAULTS);
    expect(d.segments.map((s) => [s.from, s.to, s.attributes])).toEqual([
      [{ x: -1, z: -0.5 }, { x: 1, z: -0.5 }, { finish: '18' }],
      [{ x: -1, z: 0.5 }, { x: 1, z: 0.5 }, { finish: '18' }],
    ]);
    expect(d.items.filter((i) => i.kind === 'connection').map((i) => [i.id, i.segmentId])).toEqual([['k1', 's1'], ['k2', 's2']]);
    expect(d.items.filter((i) => i.kind === 'light').map((i) => [i.segmentId, i.offset, i.model])).toEqual([
      ['s1', 0.5, '7450'], ['s1', 1, '7450'], ['s1', 1.5, '7450'], ['s2', 0.5, '7450'], ['s2', 1, '7450'], ['s2', 1.5, '7450'],
    ]);
  });

  it('parameters out of range or off their step are brought back; missing ones take the default', () => {
    const d = layoutDrawing('sticks', 'line', { count: 99, length: 1.0 }, STICK_DEFAULTS);
    expect(d.segments).toHaveLength(8);
    expect(segmentLength(d.segments[0] as never)).toBeCloseTo(0.9, 9);
    expect(layoutDrawing('sticks', 'line', {}, STICK_DEFAULTS).segments).toHaveLength(3);
    expect(layoutDrawing('plusminus', 'cross', { arms: Number.NaN }, STRAP_DEFAULTS).segments).toHaveLength(3);
  });

  it('an unknown layout is INVALID_INPUT', () => {
    let code = '';
    try {
      layoutDrawing('sticks', 'parallel', {}, STICK_DEFAULTS);
    } catch (error) {
      code = isDomainError(error) ? error.code : 'other';
    }
    expect(code).toBe('INVALID_INPUT');
  });
});
