import { describe, expect, it } from 'vitest';
import { dimensionDrawing, lengthFormatter } from './dimension-drawing';
import { boundsOf, clusterHeads, luminaireEnvelope, luminaireGeometry, type LuminaireData, sizeOf } from './luminaire-geometry';
import { luminaireMeshes } from './luminaire-mesh';

/** Models of the demo catalogue (category, location, cm) whose drawings and 3D files disagreed with it (issue 28 §4). */
const CASES: Array<[string, LuminaireData, string]> = [
  ['2350 Wireflow 6 lights', { category: 19, locationId: 5, width: 77, height: 15.5, depth: 80, lightSources: 6 }, '10'],
  ['2351 Wireflow 9 lights', { category: 19, locationId: 5, width: 110.5, height: 19, depth: 110, lightSources: 9 }, '10'],
  ['5770 Multiple 3 heads', { category: 26, locationId: 5, width: 49.5, height: 19, depth: 50, lightSources: 3 }, '31'],
  ['5774 Multiple 7 heads', { category: 26, locationId: 5, width: 86.5, height: 18, depth: 90, lightSources: 7 }, '32'],
  ['7460 Sticks L 60', { category: 19, locationId: 5, width: 60, height: 3.5, depth: 3.5 }, '31'],
  ['5520 Plusminus Ø 15', { category: 19, locationId: 5, width: 15, height: 10.5, depth: 15 }, '10'],
  ['4520 Brisa wall', { category: 22, locationId: 2, width: 13.5, height: 28, depth: 12 }, '20'],
  ['0270 Skan wall', { category: 17, locationId: 2, width: 12, height: 12, depth: 11 }, '00'],
  ['1015 Lumo bathroom', { category: 18, locationId: 2, width: 60, height: 5, depth: 5 }, '00'],
  ['6410 Cala wall pendant', { category: 25, locationId: 2, width: 18, height: 56, depth: 31 }, '20'],
  ['3235 Punto spot', { category: 24, locationId: 6, width: 5.5, height: 15, depth: 5.5 }, '60'],
  ['8010 Punto track', { category: 24, locationId: 6, width: 100, height: 13.5, depth: 3.5, lightSources: 3 }, '60'],
  ['4510 Brisa bollard', { category: 22, locationId: 3, width: 22, height: 45, depth: 22 }, '51'],
  ['3810 Nómada floor', { category: 20, locationId: 3, width: 34, height: 150, depth: 34 }, '00'],
  ['4010 Tessa table', { category: 23, locationId: 4, width: 22.5, height: 32, depth: 22.5 }, '00'],
  ['0345 Skan ceiling', { category: 21, locationId: 1, width: 30, height: 8, depth: 30 }, '10'],
  ['6720 Dune ceiling', { category: 21, locationId: 1, width: 57.5, height: 11.5, depth: 57.5 }, '00'],
];

describe('one luminaire geometry, measured against the catalogue (issue 28 §4)', () => {
  it.each(CASES)('%s: the luminaire fills the catalogue’s width × height × depth exactly', (_name, luminaire, installation) => {
    const geometry = luminaireGeometry({ luminaire, installation, pendantHeight: 150 });
    const size = sizeOf(luminaireEnvelope(geometry));
    expect(size.width).toBeCloseTo(luminaire.width * 10, 1);
    expect(size.height).toBeCloseTo(luminaire.height * 10, 1);
    expect(size.depth).toBeCloseTo(luminaire.depth * 10, 1);
    // every light face is inside its luminaire's outline, the mounting only adds
    const overall = sizeOf(geometry.bounds);
    expect(overall.width).toBeGreaterThanOrEqual(size.width - 1e-9);
    expect(overall.height).toBeGreaterThanOrEqual(size.height - 1e-9);
  });

  it('Wireflow’s and Multiple’s heads fill the depth without touching (103 and 132 mm before)', () => {
    for (const [count, width, depth] of [
      [3, 495, 500],
      [6, 770, 800],
      [9, 1105, 1100],
    ] as const) {
      const { head, centres } = clusterHeads(count, width, depth);
      for (let i = 0; i < centres.length; i++)
        for (let j = i + 1; j < centres.length; j++) {
          const [a, b] = [centres[i] ?? [0, 0], centres[j] ?? [0, 0]];
          expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThan(head);
        }
      const xs = centres.map((c) => c[0]);
      const zs = centres.map((c) => c[1]);
      expect(Math.max(...xs) - Math.min(...xs) + head).toBeCloseTo(width, 2);
      expect(Math.max(...zs) - Math.min(...zs) + head).toBeCloseTo(depth, 2);
    }
  });

  it('the meshes have the parts’ extent (metres), the mounting named as such', () => {
    const geometry = luminaireGeometry({ luminaire: { category: 19, locationId: 5, width: 77, height: 15.5, depth: 80, lightSources: 6 }, installation: '10', pendantHeight: 150 });
    const meshes = luminaireMeshes(geometry);
    expect(meshes).toHaveLength(geometry.parts.length);
    const own = meshes.filter((mesh) => mesh.role === 'luminaire').flatMap((mesh) => mesh.positions);
    const along = (axis: number) => own.filter((_, i) => i % 3 === axis);
    expect(Math.max(...along(0)) - Math.min(...along(0))).toBeCloseTo(0.77, 4);
    expect(Math.max(...along(2)) - Math.min(...along(2))).toBeCloseTo(0.8, 4);
    expect(meshes.filter((mesh) => mesh.role === 'mounting').map((mesh) => mesh.name)).toEqual(['canopy', ...Array.from({ length: 6 }, (_, i) => `cable-${i + 1}`)]);
    // a mesh is closed: every index names a vertex
    for (const mesh of meshes) expect(Math.max(...mesh.indices)).toBeLessThan(mesh.positions.length / 3);
  });

  it('the dimension drawing measures the catalogue’s size: one height for the front and the side (280/282 before)', () => {
    const geometry = luminaireGeometry({ luminaire: { category: 22, locationId: 2, width: 13.5, height: 28, depth: 12 }, installation: '20', pendantHeight: null });
    const drawing = dimensionDrawing(geometry, { front: 'Front', side: 'Side', plan: 'Plan', length: lengthFormatter(false) });
    const dims = drawing.ops.flatMap((op) => (op.op === 'dim' ? [op.text] : []));
    expect(dims).toEqual(['135', '280', '120']);
    const stick = dimensionDrawing(luminaireGeometry({ luminaire: { category: 19, locationId: 5, width: 60, height: 3.5, depth: 3.5 }, installation: '31', pendantHeight: 150 }), {
      front: 'Front',
      side: 'Side',
      plan: 'Plan',
      length: lengthFormatter(true),
    });
    // width, height, depth of the stick itself, its drop and its canopy, in inches for the US catalogue
    expect(stick.ops.flatMap((op) => (op.op === 'dim' ? [op.text] : []))).toEqual(['23 5/8"', '1 3/8"', '1 3/8"', '59 1/16"', 'Ø 1 15/16"']);
  });

  it('each family is built as itself (issue 35 §2): Algorithm’s discs, Multiple’s bells, Plusminus’s ribbon, Skan’s wall disc, at the catalogue’s size', () => {
    const measure = (luminaire: LuminaireData) => {
      const geometry = luminaireGeometry({ luminaire, installation: '10', pendantHeight: null });
      return { geometry, size: sizeOf(luminaireEnvelope(geometry)), meshes: luminaireMeshes(geometry) };
    };
    // Algorithm Ø 45: four discs of four sizes at four heights, together 450 × 250 × 450
    const algorithm = measure({ category: 19, locationId: 5, width: 45, height: 25, depth: 45, family: 'algorithm' });
    expect(algorithm.size).toEqual({ width: 450, height: 250, depth: 450 });
    const discs = algorithm.geometry.parts.filter((part) => part.name.startsWith('disc-'));
    expect(discs).toHaveLength(4);
    expect(new Set(discs.map((disc) => disc.size[0])).size).toBe(4);
    expect(new Set(discs.map((disc) => disc.centre[1])).size).toBe(4);
    for (const disc of discs) expect(Math.hypot(disc.centre[0], disc.centre[2]) + disc.size[0] / 2).toBeLessThanOrEqual(225 + 1e-6);
    expect(algorithm.geometry.parts.filter((part) => part.material === 'cable')).toHaveLength(4);
    // Multiple 5 heads: five bells, their tops narrower than their mouths, the catalogue's 750 × 200 × 700
    const multiple = measure({ category: 26, locationId: 5, width: 75, height: 20, depth: 70, lightSources: 5, family: 'multiple' });
    expect(multiple.size.width).toBeCloseTo(750, 1);
    expect(multiple.size.depth).toBeCloseTo(700, 1);
    const heads = multiple.meshes.filter((mesh) => mesh.name.startsWith('head-'));
    expect(heads).toHaveLength(5);
    for (const head of heads) {
      const ys = head.positions.filter((_, i) => i % 3 === 1);
      const top = Math.max(...ys);
      const bottom = Math.min(...ys);
      const spread = (y: number) => {
        const xs = head.positions.filter((_, i) => i % 3 === 0 && Math.abs((head.positions[i + 1] ?? 0) - y) < 1e-9);
        return Math.max(...xs) - Math.min(...xs);
      };
      expect(spread(top)).toBeLessThan(spread(bottom) * 0.5);
    }
    // Plusminus Ø 15: hung from a 24 mm fabric ribbon, its shade the catalogue's 150 × 105 × 150
    const plusminus = measure({ category: 19, locationId: 5, width: 15, height: 10.5, depth: 15, family: 'plusminus' });
    expect(plusminus.size).toEqual({ width: 150, height: 105, depth: 150 });
    const ribbon = plusminus.geometry.parts.find((part) => part.name === 'ribbon');
    expect(ribbon).toMatchObject({ role: 'mounting', surface: 'fabric', size: [24, expect.any(Number), 1.5] });
    expect(plusminus.meshes.find((mesh) => mesh.name === 'ribbon')?.surface).toBe('fabric');
    // Skan Ø 12 on a wall: a disc standing out from the wall, round seen from the front
    const skan = measure({ category: 17, locationId: 2, width: 12, height: 12, depth: 11 });
    expect(skan.size.width).toBeCloseTo(120, 6);
    expect(skan.size.height).toBeCloseTo(120, 6);
    expect(skan.size.depth).toBeCloseTo(110, 6);
    const body = skan.meshes.find((mesh) => mesh.name === 'body');
    const radii = Array.from({ length: (body?.positions.length ?? 0) / 3 }, (_, i) => Math.hypot(body?.positions[i * 3] ?? 0, body?.positions[i * 3 + 1] ?? 0)).filter((r) => r > 1e-6);
    for (const r of radii) expect(r).toBeCloseTo(0.06, 6);
  });

  it('bounds of no part are empty, of parts their union', () => {
    expect(boundsOf([{ name: 'a', kind: 'box', material: 'body', role: 'luminaire', centre: [0, 0, 0], size: [2, 4, 6] }])).toEqual({ min: [-1, -2, -3], max: [1, 2, 3] });
  });
});
