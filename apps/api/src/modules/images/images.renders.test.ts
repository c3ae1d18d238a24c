import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { renderedImageOf } from '../projects/projects.products';

const R = '/api/images/v1/render';

describeWithDb('product images rendered from the geometry (issue 35 §2)', () => {
  let t: TestApp;
  let visitor: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    visitor = t.agent();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The mean colour of the picture's opaque middle (the luminaire, on a transparent background). */
  async function luminaireColour(url: string): Promise<[number, number, number]> {
    const response = await visitor.get(url);
    expect(response.statusCode, url).toBe(200);
    const png = PNG.sync.read(response.rawPayload);
    const sum = [0, 0, 0];
    let n = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      if (png.data[i + 3] !== 255) continue;
      for (let c = 0; c < 3; c++) sum[c]! += png.data[i + c]!;
      n++;
    }
    expect(n, url).toBeGreaterThan(200);
    return sum.map((value) => value / n) as [number, number, number];
  }

  it('renders a model as WebP or PNG at the size asked for, cached by ETag (304)', async () => {
    const first = await visitor.get(`${R}/model/7460.webp?finish=05`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const etag = String(first.headers.etag);
    expect((await visitor.get(`${R}/model/7460.webp?finish=05`, { 'if-none-match': etag })).statusCode).toBe(304);
    const png = await visitor.get(`${R}/model/7460.png?finish=05&size=320&height=320`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(PNG.sync.read(png.rawPayload)).toMatchObject({ width: 320, height: 320 });
    // another finish, size or framing is another image
    const etags = new Set([etag, String(png.headers.etag)]);
    for (const query of ['finish=58', 'finish=05&size=240', 'finish=05&azimuth=40', 'finish=05&background=room']) etags.add(String((await visitor.get(`${R}/model/7460.webp?${query}`)).headers.etag));
    expect(etags.size).toBe(6);
  });

  it('shows the finish asked for on the luminaire (brass is warm and light, black is dark)', async () => {
    const brass = await luminaireColour(`${R}/model/5772.png?finish=58&size=200&background=transparent`);
    const black = await luminaireColour(`${R}/model/5772.png?finish=05&size=200&background=transparent`);
    expect(brass[0]).toBeGreaterThan(brass[2] + 25);
    expect(brass[0] + brass[1] + brass[2]).toBeGreaterThan(black[0] + black[1] + black[2] + 120);
  });

  it('shows a line saved with the drawn picture’s address as the rendered image of the same model and finish', () => {
    expect(renderedImageOf('/api/images/v1/catalogue/model/7460.svg?finish=05')).toBe(`${R}/model/7460.webp?finish=05`);
    expect(renderedImageOf('/api/images/v1/catalogue/collection/219.svg')).toBe(`${R}/collection/219.webp`);
    expect(renderedImageOf('/uploads/photo.svg')).toBe('/uploads/photo.svg');
  });

  it('answers 404 for an unknown model or a finish it is not made in, 400 for bad sizes, framings and names', async () => {
    expect((await visitor.get(`${R}/model/9999.webp`)).statusCode).toBe(404);
    expect((await visitor.get(`${R}/model/7460.webp?finish=37`)).statusCode).toBe(404);
    expect((await visitor.get(`${R}/collection/999.webp`)).statusCode).toBe(404);
    for (const query of ['size=5000', 'size=abc', 'zoom=0', 'elevation=120', 'background=sky', `finish=${encodeURIComponent('<x>')}`]) {
      expect((await visitor.get(`${R}/model/7460.webp?${query}`)).statusCode, query).toBe(400);
    }
    expect((await visitor.get(`${R}/model/7460.gif`)).statusCode).toBe(400);
    expect((await visitor.get(`${R}/model/${encodeURIComponent('../x')}.png`)).statusCode).toBe(400);
  });
});
