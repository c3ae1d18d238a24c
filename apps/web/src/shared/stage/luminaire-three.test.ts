import { CYLINDER_SEGMENTS, luminaireGeometry, type LuminaireData } from '@lumen/domain';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { boundsOfGeometries, emitterMaterial, luminaireGeometries, mergedGeometry, surfaceMaterial } from './luminaire-three';
import { DEFAULT_STAGE_CAMERA, stageCameraOf, stageCameraPosition } from './stage-camera';
import { stageLayout } from './luminaire-stage';

const MULTIPLE_7: LuminaireData = { category: 26, locationId: 5, width: 86.5, height: 18, depth: 90, lightSources: 7 };
const MULTIPLE_3: LuminaireData = { category: 26, locationId: 5, width: 49.5, height: 19, depth: 50, lightSources: 3 };
const STICK: LuminaireData = { category: 19, locationId: 5, width: 60, height: 3.5, depth: 3.5 };
const WALL: LuminaireData = { category: 22, locationId: 2, width: 13.5, height: 28, depth: 12 };

const CYLINDER_VERTICES = 2 * (CYLINDER_SEGMENTS + 1) + 2 * (CYLINDER_SEGMENTS + 2);
const CYLINDER_INDICES = CYLINDER_SEGMENTS * 6 + 2 * CYLINDER_SEGMENTS * 3;

const sizeMm = (box: THREE.Box3) => {
  const size = box.getSize(new THREE.Vector3());
  return [size.x * 1000, size.y * 1000, size.z * 1000].map((v) => Math.round(v * 10) / 10);
};

describe('the domain luminaire mesh as three.js geometry (issue 35 §3)', () => {
  it('a 7-head pendant is its seven heads and seven light faces, one geometry per material', () => {
    const geometries = luminaireGeometries(luminaireGeometry({ luminaire: MULTIPLE_7, installation: '10', pendantHeight: 150 }), { parts: 'luminaire' });
    expect(Object.keys(geometries).sort()).toEqual(['body', 'light']);
    expect(geometries.body?.getAttribute('position').count).toBe(7 * CYLINDER_VERTICES);
    expect(geometries.body?.getIndex()?.count).toBe(7 * CYLINDER_INDICES);
    expect(geometries.light?.getAttribute('position').count).toBe(7 * CYLINDER_VERTICES);
    expect(geometries.body?.getAttribute('normal').count).toBe(7 * CYLINDER_VERTICES);
  });

  it.each([
    ['5770 Multiple 3 heads', MULTIPLE_3],
    ['5774 Multiple 7 heads', MULTIPLE_7],
    ['7460 Sticks L 60', STICK],
    ['4520 Brisa wall', WALL],
  ])('%s: the bounding box is the catalogue’s width × height × depth', (_name, luminaire) => {
    const geometries = luminaireGeometries(luminaireGeometry({ luminaire, installation: '10', pendantHeight: 150 }), { parts: 'luminaire', origin: 'envelope' });
    const box = boundsOfGeometries(geometries);
    expect(sizeMm(box)).toEqual([luminaire.width * 10, luminaire.height * 10, luminaire.depth * 10]);
    // centred on the envelope: the room places it where its element's body is
    const centre = box.getCenter(new THREE.Vector3());
    expect(centre.length()).toBeLessThan(1e-6);
  });

  it('with the mounting, a pendant hangs from the ceiling (origin) by its cables and canopy', () => {
    const geometry = luminaireGeometry({ luminaire: MULTIPLE_3, installation: '10', pendantHeight: 150 });
    const all = luminaireGeometries(geometry);
    expect(Object.keys(all).sort()).toEqual(['body', 'cable', 'canopy', 'light']);
    const box = boundsOfGeometries(all);
    expect(box.max.y).toBeCloseTo(0, 6);
    expect(box.min.y).toBeCloseTo(-1.5, 6);
    // grown for an outline: every part 12 mm larger on each side
    const grown = boundsOfGeometries(luminaireGeometries(geometry, { parts: 'luminaire', grow: 12 }));
    expect(sizeMm(grown)).toEqual([495 + 24, 190 + 24, 500 + 24]);
    const merged = mergedGeometry(luminaireGeometries(geometry, { parts: 'luminaire' }));
    expect(merged.getAttribute('position').count).toBe(6 * CYLINDER_VERTICES);
  });

  it('each finish has its physically based material; cables are steel, light faces glow', () => {
    const brass = surfaceMaterial('58');
    expect(brass).toBeInstanceOf(THREE.MeshStandardMaterial);
    expect(brass.metalness).toBe(1);
    expect(brass.color.getHexString(THREE.SRGBColorSpace)).toBe('a98b4f');
    const black = surfaceMaterial('05');
    expect(black.metalness).toBe(0);
    expect(black.roughness).toBeLessThan(surfaceMaterial('23').roughness);
    expect(surfaceMaterial('23').roughness).toBeGreaterThan(0.8);
    expect(surfaceMaterial('10', 'glass').transparent).toBe(true);
    expect(surfaceMaterial('60', 'textile').roughness).toBe(1);
    expect(surfaceMaterial('05', 'cable').color.getHexString(THREE.SRGBColorSpace)).toBe('8a8f94');
    // one material per finish and part, shared
    expect(surfaceMaterial('58')).toBe(brass);
    expect(emitterMaterial()).toBeInstanceOf(THREE.MeshBasicMaterial);
  });
});

describe('the stage’s framing', () => {
  it('a camera framing goes to a position and back', () => {
    const target: [number, number, number] = [0, 1.2, 0];
    const camera = { azimuth: 40, elevation: 20, zoom: 1.5 };
    const position = stageCameraPosition(target, 0.4, camera);
    expect(stageCameraOf(position, target, 0.4)).toEqual(camera);
    expect(stageCameraOf(stageCameraPosition(target, 0.4, DEFAULT_STAGE_CAMERA), target, 0.4)).toEqual(DEFAULT_STAGE_CAMERA);
  });

  it('a pendant hangs from the room’s ceiling, a wall light on its wall, and the camera frames the luminaire', () => {
    const pendant = stageLayout(MULTIPLE_3, 'room');
    expect(pendant.mount[1]).toBeCloseTo(2.8);
    expect(pendant.target[1]).toBeCloseTo(2.8 - 1 + 0.095, 3);
    expect(pendant.radius).toBeCloseTo(Math.hypot(0.495, 0.19, 0.5) / 2, 6);
    const wall = stageLayout(WALL, 'studio');
    expect(wall.wall).toBe(true);
    expect(wall.target[1]).toBeCloseTo(1.2, 6);
    expect(wall.floor).toBeLessThan(wall.target[1] - wall.radius);
  });
});
