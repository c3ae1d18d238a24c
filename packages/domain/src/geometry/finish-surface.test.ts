import { describe, expect, it } from 'vitest';
import { FINISH_COLOURS } from '../drawing/drawing-parts';
import { finishOfColour, finishSurface, surfaceKindOf } from './finish-surface';

describe('finish surfaces for physically based rendering (issue 35 §2–§3)', () => {
  it('brass and anodised aluminium are metal, terracotta is clay, the other colours lacquer', () => {
    expect(surfaceKindOf('58')).toBe('metal');
    expect(surfaceKindOf('A1')).toBe('metal');
    expect(surfaceKindOf('23')).toBe('terracotta');
    for (const code of ['10', '05', '18', '20', '37', '60']) expect(surfaceKindOf(code)).toBe('lacquer');
    expect(surfaceKindOf(undefined)).toBe('lacquer');
  });

  it('a glass or textile part keeps its material whatever the finish', () => {
    expect(surfaceKindOf('58', 'glass')).toBe('glass');
    expect(surfaceKindOf('10', 'textile')).toBe('fabric');
    expect(surfaceKindOf('05', 'fabric')).toBe('fabric');
  });

  it('each kind has its own physical values, and the colour is the catalogue swatch', () => {
    const metal = finishSurface('58');
    expect(metal).toMatchObject({ kind: 'metal', colour: FINISH_COLOURS['58'], metalness: 1 });
    expect(metal.roughness).toBeLessThan(0.5);
    const lacquer = finishSurface('05');
    expect(lacquer).toMatchObject({ kind: 'lacquer', colour: '#16161a', metalness: 0 });
    expect(lacquer.clearcoat).toBeGreaterThan(0);
    expect(finishSurface('23').roughness).toBeGreaterThan(0.8);
    expect(finishSurface('10', 'glass').opacity).toBeLessThan(1);
    expect(finishSurface('10', 'textile').sheen).toBeGreaterThan(0);
    expect(finishSurface('zz').colour).toBe('#9a9a9a');
  });

  it('reads a part’s finish back from its colour', () => {
    for (const [code, colour] of Object.entries(FINISH_COLOURS)) expect(finishOfColour(colour.toUpperCase())).toBe(code);
    expect(finishOfColour('#123456')).toBeUndefined();
  });
});
