/**
 * Issue 32 §1: a published studio image replaces the rendered picture everywhere: the render route, and
 * the documents' picture (the spec sheet here, read back by poppler's pdfimages).
 *
 * The publication is what product administration's publish writes (a catalogue_images row naming a
 * file in the platform's storage); the studio's own flow to it is tested in studio.test.ts. Here the
 * published file is a flat magenta picture no renderer draws, so each consumer shows which it served.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { catalogueImages } from '../../db/schema';
import { createConfiguredStorage } from '../../lib/file-storage';

const MAGENTA = { r: 220, g: 0, b: 180 };
const R = '/api/images/v1/render';
const SHEET = '/api/products/v1/tools/product-sheet';

/** The mean colour of a PNG's middle ninth. */
function middleColour(png: PNG): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(png.height / 3); y < (2 * png.height) / 3; y++) {
    for (let x = Math.floor(png.width / 3); x < (2 * png.width) / 3; x++) {
      const i = (y * png.width + x) * 4;
      for (let c = 0; c < 3; c++) sum[c]! += png.data[i + c]!;
      n++;
    }
  }
  return sum.map((value) => Math.round(value / n)) as [number, number, number];
}

const isMagenta = ([r, g, b]: [number, number, number]) => Math.abs(r - MAGENTA.r) < 12 && g < 12 && Math.abs(b - MAGENTA.b) < 12;

describeWithDb('published studio images win over the rendered picture (issue 32 §1)', () => {
  let t: TestApp;
  let internal: Agent;

  beforeAll(async () => {
    t = await createTestApp({ startWorkers: false });
    internal = t.agent();
    await internal.login('product@lumen.example');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The spec sheet's pictures, as poppler's pdfimages extracts them (PNG files). */
  function sheetPictures(pdf: Buffer): PNG[] {
    const dir = mkdtempSync(join(tmpdir(), 'published-sheet-'));
    try {
      const path = join(dir, 'sheet.pdf');
      execFileSync('sh', ['-c', 'cat > "$1"', 'sh', path], { input: pdf });
      execFileSync('pdfimages', ['-png', path, join(dir, 'img')]);
      return readdirSync(dir)
        .filter((name) => name.startsWith('img') && name.endsWith('.png'))
        .map((name) => PNG.sync.read(readFileSync(join(dir, name))));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Whether the download centre holds a made spec sheet of model 2350 in Italian (docs-web gives its size then). */
  async function storedSheetSize(): Promise<number | null> {
    const listed = await internal.get('/api/documents/docs-web?catalog=16&language=it&model=2350&files[]=specSheet');
    expect(listed.statusCode).toBe(200);
    return listed.json<{ documents: Array<{ subType: string | null; size: number | null }> }>().documents.find((document) => document.subType === 'model')?.size ?? null;
  }

  it('serves the published image at the render route and prints it as the spec sheet’s picture; a view of its own is still rendered', async () => {
    // The download centre makes and keeps the sheet with the rendered picture.
    const started = await internal.request('POST', '/api/documents/v1/docs-web?lang=it&catalogId=16', { docs: [{ type: 'specSheet', subType: 'model', params: { model: '2350', productType: 'REGULAR' } }] });
    expect(started.statusCode, started.body).toBe(202);
    await t.app.jobs.drain();
    await expect.poll(storedSheetSize, { timeout: 30_000 }).toBeGreaterThan(0);

    // before: the rendered picture (not magenta), route and sheet
    const before = await t.agent().get(`${R}/model/2350.png?size=480`);
    expect(before.statusCode).toBe(200);
    expect(isMagenta(middleColour(PNG.sync.read(before.rawPayload)))).toBe(false);
    const sheetBefore = await internal.get(`${SHEET}?model=2350&lang=de&catalog=16`);
    expect(sheetBefore.statusCode).toBe(200);
    expect(sheetPictures(sheetBefore.rawPayload).some((png) => png.width >= 400 && isMagenta(middleColour(png)))).toBe(false);

    // the publication: the studio's file in the storage, the catalogue's image of 2350 in each finish
    const storage = await createConfiguredStorage(t.config);
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: MAGENTA } }).png().toBuffer();
    await storage.put('studio/0/2350-published-test.png', Readable.from(png));
    for (const finish of ['05', '10']) {
      await t.database.db.insert(catalogueImages).values({ catalogId: 16, model: '2350', finish, studioImageId: 0, shot: 'product', width: 1200, height: 900, fileKey: 'studio/0/2350-published-test.png' });
    }

    const after = await t.agent().get(`${R}/model/2350.png?size=480`);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const served = PNG.sync.read(after.rawPayload);
    expect([served.width, served.height]).toEqual([480, 360]);
    expect(isMagenta(middleColour(served))).toBe(true);
    const webp = await t.agent().get(`${R}/model/2350.webp?finish=10&size=320&height=320`);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ width: 320, height: 320 });
    // a camera of its own (a view the studio's image does not show) is rendered
    const turned = await t.agent().get(`${R}/model/2350.png?size=480&azimuth=90`);
    expect(isMagenta(middleColour(PNG.sync.read(turned.rawPayload)))).toBe(false);

    // The kept sheet has the old picture: the publication changes the download centre's cache key, so it makes a new one.
    expect(await storedSheetSize()).toBeNull();

    // the spec sheet (the makers' picture; another language than above: the tool keeps made sheets a while)
    const sheet = await internal.get(`${SHEET}?model=2350&lang=fr&catalog=16`);
    expect(sheet.statusCode).toBe(200);
    const pictures = sheetPictures(sheet.rawPayload);
    const picture = pictures.find((candidate) => candidate.width === 720 && candidate.height === 540);
    expect(picture, pictures.map((p) => `${p.width}x${p.height}`).join(', ')).toBeDefined();
    expect(isMagenta(middleColour(picture as PNG))).toBe(true);
  }, 120_000);
});
