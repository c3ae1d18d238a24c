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

  it('bounds of no part are empty, of parts their union', () => {
    expect(boundsOf([{ name: 'a', kind: 'box', material: 'body', role: 'luminaire', centre: [0, 0, 0], size: [2, 4, 6] }])).toEqual({ min: [-1, -2, -3], max: [1, 2, 3] });
  });
});
