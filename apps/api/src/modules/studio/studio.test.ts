import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogueDraft, PublishResult, StudioBatch, StudioImage, StudioModel } from '@lumen/contracts';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

const STUDIO = '/api/products/v1/tools/studio';
const ADMIN = '/api/products/v1/product-admin/catalogs/16';
/** Collection 302 of the demo catalogue: models 2350 and 2351, finishes 05 and 10. */
const COLLECTION = 302;
const body = (extra: Record<string, unknown> = {}) => ({ catalogId: 16, subFamilyId: COLLECTION, models: ['2350'], finishes: ['05'], shots: ['product', 'ambient'], size: 2400, camera: { azimuth: 30, elevation: 15, zoom: 1.1, offsetX: 0, offsetY: 0.05 }, ...extra });

/** pngjs (a decoder of its own, not the encoder that wrote the file) reads the whole image. */
function decoded(buffer: Buffer): PNG {
  return PNG.sync.read(buffer);
}

/** Issue 32 §1: the image studio's api — who, HD renders as a job, review into the draft, publication. */
describeWithDb('image studio', () => {
  let t: TestApp;
  let pm: Agent;
  let sales: Agent;
  let distributor: Agent;
  let batch: StudioBatch;

  beforeAll(async () => {
    t = await createTestApp({ env: { INTERNAL_EMAILS: 'sales@demo.example' }, startWorkers: false });
    [pm, sales, distributor] = [t.agent(), t.agent(), t.agent()];
    await Promise.all([pm.login('product@lumen.example'), sales.login('sales@demo.example'), distributor.login('distributor@demo.example')]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses visitors (401), users who are not internal and internal users without product.admin (403)', async () => {
    const calls = [
      ['GET', `${STUDIO}/models?subFamilyId=${COLLECTION}`],
      ['POST', `${STUDIO}/batches`, body()],
      ['GET', `${STUDIO}/batches`],
      ['GET', `${STUDIO}/batches/1`],
      ['POST', `${STUDIO}/batches/1/cancel`],
      ['GET', `${STUDIO}/images/1/file`],
      ['POST', `${STUDIO}/images/1/review`, { review: 'approved' }],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await t.agent().request(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const agent of [distributor, sales]) expect((await agent.request(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('gives the stage a collection’s models: names, finishes and the luminaire data of the one geometry', async () => {
    const models = (await pm.get(`${STUDIO}/models?catalog=16&subFamilyId=${COLLECTION}&lang=de`)).json<StudioModel[]>();
    expect(models.map((model) => [model.model, model.finishes.map((finish) => finish.code).sort()])).toEqual([
      ['2350', ['05', '10']],
      ['2351', ['05', '10']],
    ]);
    expect(models[0]?.luminaire).toMatchObject({ category: expect.any(Number), locationId: expect.any(Number), width: expect.any(Number), height: expect.any(Number), depth: expect.any(Number) });
    expect((await pm.get(`${STUDIO}/models?subFamilyId=abc`)).statusCode).toBe(400);
  });

  it('refuses bad input', async () => {
    for (const wrong of [
      body({ size: 1200 }),
      body({ size: 10_000 }),
      body({ shots: [] }),
      body({ shots: ['selfie'] }),
      body({ camera: { azimuth: 400, elevation: 0, zoom: 1, offsetX: 0, offsetY: 0 } }),
      body({ models: ['../etc'] }),
      body({ catalogId: 17 }),
      { ...body(), extra: 1 },
    ]) {
      expect((await pm.post(`${STUDIO}/batches`, wrong)).statusCode, JSON.stringify(wrong)).toBe(400);
    }
    expect((await pm.post(`${STUDIO}/batches`, body({ subFamilyId: 4242 }))).statusCode).toBe(404);
    expect((await pm.post(`${STUDIO}/batches`, body({ finishes: ['ZZ'] }))).statusCode).toBe(400);
    expect((await pm.get(`${STUDIO}/batches/abc`)).statusCode).toBe(400);
    expect((await pm.get(`${STUDIO}/batches/999999`)).statusCode).toBe(404);
    expect((await pm.post(`${STUDIO}/images/999999/review`, { review: 'maybe' })).statusCode).toBe(400);
    expect((await pm.post(`${STUDIO}/images/999999/review`, { review: 'approved' })).statusCode).toBe(404);
  });

  it('renders a collection’s HD images as one job with progress; every file is a 2,400 px PNG in the file storage', async () => {
    const started = await pm.post(`${STUDIO}/batches`, body());
    expect(started.statusCode).toBe(201);
    batch = started.json<StudioBatch>();
    expect(batch).toMatchObject({ status: 'pending', done: 0, total: 2, size: 2400, requestedBy: 'product@lumen.example' });
    expect(batch.items.map((item) => item.label)).toEqual(['2350 · 05 · product', '2350 · 05 · ambient']);
    await t.app.jobs.drain();
    batch = (await pm.get(`${STUDIO}/batches/${batch.id}`)).json<StudioBatch>();
    expect(batch).toMatchObject({ status: 'done', done: 2, total: 2 });
    expect(batch.images.map((image) => [image.model, image.finish, image.shot, image.review])).toEqual([
      ['2350', '05', 'product', 'pending'],
      ['2350', '05', 'ambient', 'pending'],
    ]);
    const pngs: PNG[] = [];
    for (const image of batch.images) {
      const file = await pm.get(`${STUDIO}/images/${image.id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain(`${image.model}-05-${image.shot}-2400px.png`);
      const png = decoded(file.rawPayload);
      expect([png.width, png.height]).toEqual([2400, 2400]);
      // `file` reads only the head of its input: given a path, not a pipe it would leave unread (EPIPE).
      const path = join(tmpdir(), `studio-test-${process.pid}-${image.id}.png`);
      writeFileSync(path, file.rawPayload);
      expect(execFileSync('file', [path], { encoding: 'utf8' })).toContain('PNG image data, 2400 x 2400');
      rmSync(path);
      pngs.push(png);
    }
    // The product shot stands on the neutral sweep; the ambient shot is in the room: another picture.
    const [product, ambient] = pngs;
    const pixel = (png: PNG, x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    const [r, g, b] = pixel(product as PNG, 5, 5);
    expect(Math.max(r ?? 0, g ?? 0, b ?? 0) - Math.min(r ?? 0, g ?? 0, b ?? 0)).toBeLessThan(12);
    expect((product as PNG).data.equals((ambient as PNG).data)).toBe(false);
    const preview = await pm.get(`${STUDIO}/images/${batch.images[0]?.id}/file?preview=1`);
    expect(decoded(preview.rawPayload).width).toBe(480);
    const list = (await pm.get(`${STUDIO}/batches?catalog=16`)).json<StudioBatch[]>();
    expect(list[0]).toMatchObject({ id: batch.id, status: 'done', done: 2 });
  }, 120_000);

  it('approves into the catalogue’s draft, rejects out of it, and the publication makes the studio image the catalogue’s picture; audited', async () => {
    const [first, second] = batch.images;
    const drawn = await pm.get('/api/images/v1/catalogue/model/2350.svg?finish=05');
    expect(drawn.body).not.toContain('data-source="studio"');
    const approved = (await pm.post(`${STUDIO}/images/${first?.id}/review`, { review: 'approved' })).json<StudioImage>();
    expect(approved).toMatchObject({ review: 'approved', drafted: true, published: false, reviewedBy: expect.any(String) });
    // Approving the ambient shot of the same model and finish takes its place in the draft.
    expect((await pm.post(`${STUDIO}/images/${second?.id}/review`, { review: 'approved' })).json<StudioImage>()).toMatchObject({ drafted: true });
    expect((await pm.get(`${STUDIO}/batches/${batch.id}`)).json<StudioBatch>().images[0]).toMatchObject({ review: 'approved', drafted: false });
    expect((await pm.post(`${STUDIO}/images/${second?.id}/review`, { review: 'rejected' })).json<StudioImage>()).toMatchObject({ review: 'rejected', drafted: false });
    await pm.post(`${STUDIO}/images/${first?.id}/review`, { review: 'approved' });
    const draft = (await pm.get(`${ADMIN}/draft`)).json<CatalogueDraft>();
    expect(draft.changes.filter((change) => change.kind === 'image').map((change) => change.key)).toEqual(['2350|05']);
    expect(draft.problems).toEqual([]);
    // Not a route of product administration's own: only the studio's review drafts an image.
    expect((await pm.request('PUT', `${ADMIN}/draft/images`, { key: '2350|05', value: null, expectedRevision: 0 })).statusCode).toBe(404);

    const published = await pm.post(`${ADMIN}/publish`, { expectedVersion: draft.version });
    expect(published.statusCode).toBe(200);
    expect(published.json<PublishResult>().changes).toBe(1);
    const after = (await pm.get(`${STUDIO}/batches/${batch.id}`)).json<StudioBatch>();
    expect(after.images.map((image) => image.published)).toEqual([true, false]);
    // The catalogue's picture (web, documents, previews) is now the studio image, for anyone.
    const picture = await t.agent().get('/api/images/v1/catalogue/model/2350.svg?finish=05');
    expect(picture.statusCode).toBe(200);
    expect(picture.body).toContain('data-source="studio"');
    expect(picture.headers['content-security-policy']).toContain('img-src data:');
    expect(execFileSync('xmllint', ['--noout', '-'], { input: picture.body })).toBeDefined();
    const embedded = Buffer.from(/base64,([^"]+)"/.exec(picture.body)?.[1] ?? '', 'base64');
    expect(decoded(embedded).width).toBe(800);
    // Another finish keeps its drawn picture.
    expect((await t.agent().get('/api/images/v1/catalogue/model/2350.svg?finish=10')).body).not.toContain('data-source="studio"');

    // Restoring the publication brings the drawn picture back.
    const restored = await pm.post(`${ADMIN}/restore`, { expectedVersion: draft.version + 1 });
    expect(restored.statusCode).toBe(200);
    expect((await t.agent().get('/api/images/v1/catalogue/model/2350.svg?finish=05')).body).not.toContain('data-source="studio"');

    const audit = await t.database.db
      .select({ action: auditEvents.action, entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'studio_image')));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['render', 'approve', 'reject']));
    expect(audit).toContainEqual({ action: 'render', entityId: `batch:${batch.id}` });
  }, 120_000);

  it('cancels a batch; what was made stays', async () => {
    const started = (await pm.post(`${STUDIO}/batches`, body({ finishes: undefined, shots: ['product'] }))).json<StudioBatch>();
    expect(started.total).toBe(2);
    const cancelled = (await pm.post(`${STUDIO}/batches/${started.id}/cancel`)).json<StudioBatch>();
    expect(cancelled.status).toBe('cancelled');
    await t.app.jobs.drain();
    expect((await pm.get(`${STUDIO}/batches/${started.id}`)).json<StudioBatch>()).toMatchObject({ status: 'cancelled', images: [] });
  });
});
