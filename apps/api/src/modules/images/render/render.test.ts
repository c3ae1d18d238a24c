/**
 * The renderer read back by independent readers (pngjs decodes the PNG, sharp reads the WebP's
 * header) and measured: the silhouette is where the luminaire's catalogue dimensions project, the
 * finish's colour is on the luminaire, the background is neutral, the contact shadow is under it.
 */
import { drawingParts, type LuminaireData, luminaireEnvelope, luminaireGeometry, luminaireMeshes } from '@lumen/domain';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { threeClusters } from '../../products/products.creations.test-support';
import { plusminusV, sticksSquare } from '../../products/products.drawings.test-support';
import { compositionImage } from '../images.renders';
import { compositionMeshes } from './render-composition';
import { frameOf, frameOfMeshes, project, projectionFor, renderLuminaireImage, type RenderCamera } from './render-luminaire';

const STICKS: LuminaireData = { category: 19, locationId: 5, width: 60, height: 3.5, depth: 3.5 };
const FLOOR: LuminaireData = { category: 20, locationId: 3, width: 34, height: 150, depth: 34 };
const WHITE = { colour: '#f4f4f0', surface: 'lacquer' } as const;

const geometryOf = (luminaire: LuminaireData) => luminaireGeometry({ luminaire, installation: '10', pendantHeight: null });

interface Decoded {
  width: number;
  height: number;
  data: Buffer;
}

const decode = (png: Buffer): Decoded => PNG.sync.read(png);
const at = (image: Decoded, x: number, y: number) => {
  const i = (y * image.width + x) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!] as const;
};

/** The bounding box of the pixels a test says are the luminaire's. */
function silhouette(image: Decoded, isLuminaire: (pixel: readonly [number, number, number, number]) => boolean) {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  let count = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!isLuminaire(at(image, x, y))) continue;
      count++;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
    }
  }
  return { x0, x1, y0, y1, count };
}

describe('product images rendered from the luminaire geometry (issue 35 §2)', () => {
  it('draws the luminaire where its catalogue dimensions project, on the size asked for (pngjs reads it)', async () => {
    const geometry = geometryOf(STICKS);
    // the bar alone (its suspension left out), seen square on
    const meshes = luminaireMeshes(geometry).filter((mesh) => mesh.role === 'luminaire');
    const camera: RenderCamera = { azimuth: 0, elevation: 0, zoom: 1 };
    const image = await renderLuminaireImage({ meshes, frame: frameOf(geometry), finish: WHITE, size: { width: 640, height: 480 }, camera, background: 'transparent' });
    const png = decode(image.data);
    expect([png.width, png.height]).toEqual([640, 480]);
    const box = silhouette(png, (pixel) => pixel[3] > 127);
    // the catalogue's 600 × 35 mm, square on: the silhouette's proportions are the bar's
    expect((box.x1 - box.x0) / (box.y1 - box.y0)).toBeGreaterThan((600 / 35) * 0.94);
    expect((box.x1 - box.x0) / (box.y1 - box.y0)).toBeLessThan((600 / 35) * 1.06);
    // and it sits where the envelope's corners project
    const projection = projectionFor(frameOf(geometry), camera, 640, 480);
    const envelope = luminaireEnvelope(geometry);
    const corners = [envelope.min[0], envelope.max[0]].flatMap((x) => [envelope.min[1], envelope.max[1]].flatMap((y) => [envelope.min[2], envelope.max[2]].map((z) => project(projection, [x / 1000, y / 1000, z / 1000]))));
    const expected = { x0: Math.min(...corners.map((c) => c.x)), x1: Math.max(...corners.map((c) => c.x)), y0: Math.min(...corners.map((c) => c.y)), y1: Math.max(...corners.map((c) => c.y)) };
    expect(Math.abs(box.x0 - expected.x0)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(box.x1 - expected.x1)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(box.y0 - expected.y0)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(box.y1 - expected.y1)).toBeLessThanOrEqual(1.5);
    // the bar fills most of the picture's width (framed), and zoom 2 makes it twice as wide
    expect((box.x1 - box.x0) / 640).toBeGreaterThan(0.6);
    const closer = decode((await renderLuminaireImage({ meshes, frame: frameOf(geometry), finish: WHITE, size: { width: 640, height: 480 }, camera: { ...camera, zoom: 0.5 }, background: 'transparent' })).data);
    const half = silhouette(closer, (pixel) => pixel[3] > 127);
    expect((half.x1 - half.x0) / (box.x1 - box.x0)).toBeCloseTo(0.5, 1);
    // an offset moves it by that share of the picture (the studio's framing)
    const moved = decode((await renderLuminaireImage({ meshes, frame: frameOf(geometry), finish: WHITE, size: { width: 640, height: 480 }, camera: { ...camera, zoom: 0.5, offsetX: 0.25 }, background: 'transparent' })).data);
    expect(silhouette(moved, (pixel) => pixel[3] > 127).x0 - half.x0).toBeCloseTo(160, -1);
  });

  it('puts the finish’s colour where the luminaire is, on a neutral studio background', async () => {
    const geometry = geometryOf({ category: 19, locationId: 5, width: 45, height: 25, depth: 45 });
    const mean = async (colour: string, surface: 'lacquer' | 'metal' | 'terracotta' | 'fabric' | 'glass') => {
      const png = decode((await renderLuminaireImage({ geometry, finish: { colour, surface }, size: 240, background: 'transparent' })).data);
      // every pixel wholly of the luminaire (the drum; its thin cable is a few pixels)
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let y = 0; y < png.height; y++)
        for (let x = 0; x < png.width; x++) {
          const [pr, pg, pb, pa] = at(png, x, y);
          if (pa < 255) continue;
          r += pr;
          g += pg;
          b += pb;
          n++;
        }
      expect(n).toBeGreaterThan(240 * 180 * 0.2);
      return { r: r / n, g: g / n, b: b / n };
    };
    const sage = await mean('#89a57a', 'lacquer');
    expect(sage.g).toBeGreaterThan(sage.r + 10);
    expect(sage.g).toBeGreaterThan(sage.b + 10);
    const terracotta = await mean('#c6846d', 'terracotta');
    expect(terracotta.r).toBeGreaterThan(terracotta.g + 20);
    expect(terracotta.g).toBeGreaterThan(terracotta.b);
    const brass = await mean('#a98b4f', 'metal');
    expect(brass.r).toBeGreaterThan(brass.b + 30);
    const black = await mean('#16161a', 'lacquer');
    expect((black.r + black.g + black.b) / 3).toBeLessThan(70);
    const white = await mean('#f4f4f0', 'lacquer');
    expect((white.r + white.g + white.b) / 3).toBeGreaterThan(150);
    // the studio: a light neutral grey, not the luminaire's colour
    const studio = decode((await renderLuminaireImage({ geometry, finish: { colour: '#89a57a', surface: 'lacquer' }, size: 240 })).data);
    const [cr, cg, cb, ca] = at(studio, 2, 2);
    expect(ca).toBe(255);
    expect(Math.min(cr, cg, cb)).toBeGreaterThan(200);
    expect(Math.max(cr, cg, cb) - Math.min(cr, cg, cb)).toBeLessThanOrEqual(3);
  });

  it('casts a soft contact shadow on the floor a floor lamp stands on', async () => {
    const geometry = geometryOf(FLOOR);
    const png = decode((await renderLuminaireImage({ geometry, finish: WHITE, size: 320 })).data);
    // the base: the lowest rows of the luminaire; the floor just beside it is darker than the floor far off
    const box = silhouette(png, (pixel) => pixel[0] < 200);
    const below = at(png, Math.round((box.x0 + box.x1) / 2), Math.min(png.height - 1, box.y1 + 1));
    const far = at(png, 4, Math.min(png.height - 1, box.y1 + 1));
    expect(below[0]).toBeLessThan(far[0] - 15);
  });

  it('renders the same request to the same bytes, PNG and WebP of any size (sharp reads the WebP)', async () => {
    const geometry = geometryOf(STICKS);
    const request = { geometry, finish: WHITE, size: 200 } as const;
    const [a, b] = await Promise.all([renderLuminaireImage(request), renderLuminaireImage(request)]);
    expect(a.data.equals(b.data)).toBe(true);
    const webp = await renderLuminaireImage({ ...request, size: { width: 1200, height: 800 }, format: 'webp' });
    expect(webp.contentType).toBe('image/webp');
    expect(await sharp(webp.data).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
  });
});

describe('a composition’s picture (issue 35 §2)', () => {
  it('renders a drawn composition’s own solids: every part, its sticks in their finish, a ribbon in its own colour', async () => {
    const parts = drawingParts(sticksSquare());
    const meshes = compositionMeshes(parts);
    expect(meshes).toHaveLength(parts.length);
    const frame = frameOfMeshes(meshes.filter((mesh) => mesh.role !== 'mounting'));
    const png = decode((await renderLuminaireImage({ meshes, frame, finish: WHITE, size: 480, camera: { azimuth: -25, elevation: 16 }, background: 'transparent' })).data);
    const box = silhouette(png, (pixel) => pixel[3] > 127);
    // the square fills the picture's width, framed
    expect((box.x1 - box.x0) / png.width).toBeGreaterThan(0.6);
    // the sticks' colour (their finish) is there
    const stick = parts.find((part) => part.shape === 'beam')?.colour ?? '';
    const [sr, sg, sb] = [1, 3, 5].map((at) => Number.parseInt(stick.slice(at, at + 2), 16));
    let finish = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      if (png.data[i + 3] !== 255) continue;
      const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      if (Math.abs(r - sr!) < 40 && Math.abs(g - sg!) < 40 && Math.abs(b - sb!) < 40) finish++;
    }
    expect(finish).toBeGreaterThan(200);
    // Plusminus's textile straps are woven in their own colour, not black wire
    const straps = compositionMeshes(drawingParts(plusminusV())).filter((mesh) => mesh.role === 'mounting' && mesh.finish?.surface === 'fabric');
    expect(straps.length).toBeGreaterThan(0);
  });
});

describe('a crea composition’s picture (issue 35 §2)', () => {
  it('draws each pendant with its own model’s geometry in its finish, where it hangs', async () => {
    const asked: string[] = [];
    const subjectOf = async (model: string, finish: string) => {
      asked.push(`${model}|${finish}`);
      return { model, finish, colour: '#b03020', category: 19, applicationId: 1, locationId: 5, width: 40, height: 25, depth: 40, beamAngle: 60, lightSources: 3 };
    };
    const space = threeClusters({ finish: '05' });
    // the boxes alone (the saved space's elements take no room here) draw nothing
    expect(await compositionImage(space, 259, { size: 480, background: 'transparent', format: 'png' })).toBeNull();
    const image = await compositionImage(space, 259, { size: 480, background: 'transparent', format: 'png' }, subjectOf);
    expect(image).not.toBeNull();
    expect(asked).toEqual(['5770|05']);
    const png = decode((image as { data: Buffer }).data);
    // the finish's colour is where the three pendants hang: across the picture, left, middle and right
    const finish = silhouette(png, ([r, g, b, a]) => a === 255 && Math.abs(r - 0xb0) < 50 && Math.abs(g - 0x30) < 40 && Math.abs(b - 0x20) < 40);
    expect(finish.count).toBeGreaterThan(300);
    expect((finish.x1 - finish.x0) / png.width).toBeGreaterThan(0.6);
    const thirds = [0, 1, 2].map((third) => {
      let n = 0;
      for (let y = 0; y < png.height; y++) {
        for (let x = Math.floor((third * png.width) / 3); x < ((third + 1) * png.width) / 3; x++) {
          const [r, g, b, a] = at(png, x, y);
          if (a === 255 && Math.abs(r - 0xb0) < 50 && Math.abs(g - 0x30) < 40 && Math.abs(b - 0x20) < 40) n++;
        }
      }
      return n;
    });
    for (const n of thirds) expect(n).toBeGreaterThan(50);
  });
});
