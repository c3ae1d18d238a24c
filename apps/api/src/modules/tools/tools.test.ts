import { execFileSync } from 'node:child_process';
import type { CatalogueDraft, CompositorCollections, CompositorPreconfigSaved, PreconfigDetail, PreconfigSummary, ProductSheetPreview, TechnicalInfoTable, ToolBatch } from '@lumen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, qpdfCheck, xlsxCells } from '../../../test/document-readers';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

const TOOLS = '/api/products/v1/tools';

/** Width and height of a PNG, read from its IHDR chunk after checking the signature. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

/** Issue 32: the internal tools' api — who, technical information, product sheets, batches. */
describeWithDb('internal tools', () => {
  let t: TestApp;
  let internal: Agent;
  let sales: Agent;
  let distributor: Agent;
  let admin: Agent;
  let table: TechnicalInfoTable;

  beforeAll(async () => {
    // sales@ is made internal by address (INTERNAL_EMAILS); product@lumen.example by the staff domain.
    t = await createTestApp({ env: { INTERNAL_EMAILS: 'sales@demo.example' }, startWorkers: false });
    [internal, sales, distributor, admin] = [t.agent(), t.agent(), t.agent(), t.agent()];
    await Promise.all([internal.login('product@lumen.example'), sales.login('sales@demo.example'), distributor.login('distributor@demo.example'), admin.login('admin@demo.example')]);
    table = (await internal.get(`${TOOLS}/technical-info?catalog=16&lang=en`)).json<TechnicalInfoTable>();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('who', () => {
    const calls = [
      ['GET', `${TOOLS}/technical-info`],
      ['GET', `${TOOLS}/technical-info/export?models=5520`],
      ['GET', `${TOOLS}/product-sheet?model=5520`],
      ['GET', `${TOOLS}/product-sheet/preview?model=5520`],
      ['GET', `${TOOLS}/product-sheet/page?model=5520&page=1`],
      ['POST', `${TOOLS}/batches`, { kind: 'preconfigPreviews', catalogId: 16 }],
      ['GET', `${TOOLS}/batches`],
      ['GET', `${TOOLS}/batches/1`],
      ['POST', `${TOOLS}/batches/1/cancel`],
      ['GET', `${TOOLS}/batches/1/files/0`],
      ['GET', `${TOOLS}/compositor/collections`],
      ['POST', `${TOOLS}/compositor/preconfigs`, { catalogId: 16, subFamilyId: 259, applicationLocationId: 1, name: 'x', description: { en: 'x', us: 'x', fr: 'x', de: 'x', it: 'x', es: 'x' }, visibility: 'website', space: { version: 1 } }],
    ] as const;

    it('refuses every tool call to a visitor (401) and to users whose e-mail is not internal (403), whatever their role', async () => {
      for (const [method, url, body] of calls) {
        expect((await t.agent().request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
        for (const agent of [distributor, admin]) {
          const response = await agent.request(method, url, body);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json<{ code: string }>().code).toBe('FORBIDDEN');
        }
      }
    });

    it('answers internal users by e-mail, with or without product.admin (sales@ is internal by address)', async () => {
      expect((await sales.get(`${TOOLS}/technical-info?catalog=16`)).statusCode).toBe(200);
      expect((await sales.get(`${TOOLS}/batches`)).statusCode).toBe(200);
    });
  });

  describe('technical information', () => {
    it('lists every model of the catalogue with its data, collection and attachments', async () => {
      expect(table.catalogId).toBe(16);
      expect(table.rows.length).toBeGreaterThan(10);
      const models = new Set(table.rows.map((row) => row.model));
      expect(models.size).toBe(table.rows.length);
      const row = table.rows.find((item) => item.model === '5520');
      expect(row?.collectionName).toBeTruthy();
      expect(row?.technicalData.lumens).toBeGreaterThan(0);
      expect(row?.attachments.map((attachment) => attachment.type)).toContain('specSheet');
      // The same data as the spec's technical-info call by model.
      const one = (await internal.get('/api/products/v2/articles/technicalInfoByModel?model=5520&catalog=16&lang=en')).json<{ technicalData: unknown }>();
      expect(row?.technicalData).toEqual(one.technicalData);
    });

    it('exports the models compared as a spreadsheet that an independent reader reads back', async () => {
      const [a, b] = table.rows;
      const response = await internal.get(`${TOOLS}/technical-info/export?catalog=16&lang=de&models=${a?.model},${b?.model}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain(`technical-info-16-${a?.model}-${b?.model}.xlsx`);
      const cells = xlsxCells(response.rawPayload);
      const text = (ref: string) => cells.find((cell) => cell.ref === ref)?.value;
      // Heading line, a blank line, the header (German), then one row per model asked for.
      expect(text('A3')).toBe('Modell');
      expect(text('A4')).toBe(a?.model);
      expect(text('A5')).toBe(b?.model);
      expect(cells.some((cell) => cell.ref === 'A6')).toBe(false);
      const lumens = cells.find((cell) => cell.ref === 'D4');
      expect(lumens?.type).toBe('n');
      expect(Number(lumens?.value)).toBe(a?.technicalData.lumens);
    });

    it('refuses bad input: an unknown catalogue, a hostile model list (400), an unknown model (404)', async () => {
      expect((await internal.get(`${TOOLS}/technical-info?catalog=99`)).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/technical-info/export?models=${encodeURIComponent('5520,<script>')}`)).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/technical-info/export?models=${Array.from({ length: 201 }, (_, i) => String(1000 + i)).join(',')}`)).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/technical-info/export?models=9999`)).statusCode).toBe(404);
    });
  });

  describe('product sheets', () => {
    it('makes the spec sheet maker’s PDF of a model in a language, read back by qpdf and pdftotext', async () => {
      const response = await internal.get(`${TOOLS}/product-sheet?model=5520&lang=fr&catalog=16`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const { pages } = qpdfCheck(response.rawPayload);
      expect(pages).toBeGreaterThanOrEqual(1);
      const text = pdfText(response.rawPayload);
      expect(text).toContain('5520');
      const preview = (await internal.get(`${TOOLS}/product-sheet/preview?model=5520&lang=fr&catalog=16`)).json<ProductSheetPreview>();
      expect(preview.pages).toBe(pages);
    });

    it('draws each page of the same PDF as a PNG for the live preview', async () => {
      const response = await internal.get(`${TOOLS}/product-sheet/page?model=5520&lang=en&catalog=16&page=1`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const size = pngSize(response.rawPayload);
      // A4 portrait at 110 dpi.
      expect(size.width).toBeGreaterThan(850);
      expect(size.height / size.width).toBeCloseTo(297 / 210, 1);
      expect((await internal.get(`${TOOLS}/product-sheet/page?model=5520&page=40`)).statusCode).toBe(404);
    });

    it('makes a reference’s sheet, and refuses bad input', async () => {
      const reference = '552010/02_10';
      const response = await internal.get(`${TOOLS}/product-sheet?reference=${encodeURIComponent(reference)}&lang=es`);
      expect(response.statusCode).toBe(200);
      expect(pdfText(response.rawPayload)).toContain('5520');
      expect((await internal.get(`${TOOLS}/product-sheet`)).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/product-sheet?model=5520&reference=${encodeURIComponent(reference)}`)).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/product-sheet?reference=${encodeURIComponent('../../etc')}`)).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/product-sheet?model=5520&lang=xx`)).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/product-sheet?model=9999`)).statusCode).toBe(404);
    });
  });

  describe('batches', () => {
    it('makes a collection’s sheets in every language as one job, with progress, and serves its files', async () => {
      // The collection with the fewest models keeps the test short.
      const counts = new Map<number, number>();
      for (const row of table.rows) counts.set(row.subFamilyId, (counts.get(row.subFamilyId) ?? 0) + 1);
      const [subFamilyId, models] = [...counts].sort((a, b) => a[1] - b[1])[0] ?? [0, 0];
      const started = await internal.post(`${TOOLS}/batches`, { kind: 'productSheets', catalogId: 16, subFamilyId });
      expect(started.statusCode).toBe(201);
      const batch = started.json<ToolBatch>();
      expect(batch).toMatchObject({ kind: 'productSheets', status: 'pending', requestedBy: 'product@lumen.example' });
      await t.app.jobs.drain();
      const done = (await internal.get(`${TOOLS}/batches/${batch.id}`)).json<ToolBatch>();
      expect(done.status).toBe('done');
      expect(done.total).toBe(models * 6);
      expect(done.done).toBe(done.total);
      expect(done.items.every((item) => item.status === 'done')).toBe(true);
      expect(new Set(done.items.map((item) => item.label.split(' · ')[1]))).toEqual(new Set(['en', 'us', 'fr', 'de', 'it', 'es']));
      const file = await internal.get(`${TOOLS}/batches/${batch.id}/files/${done.items.at(-1)?.file}`);
      expect(file.statusCode).toBe(200);
      expect(qpdfCheck(file.rawPayload).pages).toBeGreaterThanOrEqual(1);
      expect((await internal.get(`${TOOLS}/batches/${batch.id}/files/999`)).statusCode).toBe(404);
      const list = (await sales.get(`${TOOLS}/batches?kind=productSheets`)).json<ToolBatch[]>();
      expect(list[0]?.id).toBe(batch.id);
    }, 120_000);

    it('makes preview images of every preconfiguration and the PDF sheets of a collection\'s, each readable, and the lists and downloads serve them', async () => {
      // Before any batch: the list shows the drawn picture, and the sheet download makes the sheet now (not stored: no ETag).
      const visitor = t.agent();
      const [drawn] = (await visitor.get('/api/products/v1/preconfigs/list?catalogId=16&subFamilyId=259')).json<PreconfigSummary[]>();
      expect(drawn?.image).toMatch(/^\/api\/images\/v1\/render\/model\//);
      expect((await visitor.get(`/api/products/v1/preconfigs/${drawn?.id}/preview.png`)).statusCode).toBe(404);
      // (An express one, the cheapest to make: its reference's sheet.)
      const express = (await visitor.get('/api/products/v1/preconfigs/list?catalogId=16')).json<PreconfigSummary[]>().find((item) => item.configuratorType.description === 'EXPRESS');
      const made = await visitor.get(`/api/products/v1/preconfigs/${express?.id}/spec-sheet`);
      expect(made.statusCode).toBe(200);
      expect(made.headers.etag).toBeUndefined();
      expect(qpdfCheck(made.rawPayload).pages).toBeGreaterThanOrEqual(1);
      const previews = (await internal.post(`${TOOLS}/batches`, { kind: 'preconfigPreviews', catalogId: 16 })).json<ToolBatch>();
      // The sheets of one collection (the crea room's): each kind's sheet is the makers' tests' subject, and all of them took 11 s here.
      const pdfs = (await internal.post(`${TOOLS}/batches`, { kind: 'preconfigPdfs', catalogId: 16, subFamilyId: 259 })).json<ToolBatch>();
      await t.app.jobs.drain();
      await t.app.jobs.drain();
      const [a, b] = await Promise.all([previews, pdfs].map(async (batch) => (await internal.get(`${TOOLS}/batches/${batch.id}`)).json<ToolBatch>()));
      for (const batch of [a, b]) {
        expect(batch?.status).toBe('done');
        expect(batch?.total).toBeGreaterThan(0);
        expect(batch?.items.filter((item) => item.status === 'failed')).toEqual([]);
      }
      const png = await internal.get(`${TOOLS}/batches/${a?.id}/files/0`);
      expect(pngSize(png.rawPayload).width).toBe(1600);
      // `file` (libmagic) is another independent reader of the image.
      expect(execFileSync('file', ['-'], { input: png.rawPayload, encoding: 'utf8' })).toContain('PNG image data, 1600 x');
      const pdf = await internal.get(`${TOOLS}/batches/${b?.id}/files/0`);
      expect(qpdfCheck(pdf.rawPayload).pages).toBeGreaterThanOrEqual(1);
      // A composition's own sheet: the creation spec sheet of the whole composition (its code P{id}, its luminaires), not its first line's.
      const [crea] = (await internal.get('/api/products/v1/preconfigs/list?catalogId=16&subFamilyId=259')).json<PreconfigSummary[]>();
      const item = b?.items.find((entry) => entry.label.startsWith(`${crea?.id} · `));
      const sheet = await internal.get(`${TOOLS}/batches/${b?.id}/files/${item?.file}`);
      const text = pdfText(sheet.rawPayload);
      expect(text).toContain(`P${crea?.id}`);
      expect(text).toMatch(/Creation code/i);

      // Issue 32 §3: the lists show the batch's preview image, served with an ETag to whoever may read the list (a visitor too).
      const [listed] = (await visitor.get('/api/products/v1/preconfigs/list?catalogId=16&subFamilyId=259')).json<PreconfigSummary[]>();
      expect(listed?.image).toBe(`/api/products/v1/preconfigs/${crea?.id}/preview.png?v=${a?.id}`);
      expect((await visitor.get(`/api/products/v1/preconfigs/creation/${crea?.id}`)).json<PreconfigDetail>().image).toBe(listed?.image);
      const preview = await visitor.get(listed?.image ?? '');
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('image/png');
      expect(execFileSync('file', ['-'], { input: preview.rawPayload, encoding: 'utf8' })).toContain('PNG image data, 1600 x');
      const etag = String(preview.headers.etag);
      expect(etag).toContain(String(a?.id));
      expect((await visitor.request('GET', listed?.image ?? '', undefined, { 'if-none-match': etag })).statusCode).toBe(304);
      expect((await visitor.get('/api/products/v1/preconfigs/999999/preview.png')).statusCode).toBe(404);
      // The sheet download answers the batch's stored PDF (its ETag names the batch), read by qpdf and pdftotext.
      const stored = await visitor.get(`/api/products/v1/preconfigs/${crea?.id}/spec-sheet`);
      expect(stored.statusCode).toBe(200);
      expect(stored.headers['content-type']).toBe('application/pdf');
      expect(stored.headers['content-disposition']).toContain('attachment');
      expect(String(stored.headers.etag)).toContain(`-${b?.id}`);
      expect(stored.rawPayload.equals(sheet.rawPayload)).toBe(true);
      expect(qpdfCheck(stored.rawPayload).pages).toBeGreaterThanOrEqual(1);
      expect(pdfText(stored.rawPayload)).toContain(`P${crea?.id}`);
      // A reader of another language gets the sheet in theirs, made now (the batches write English).
      const spanish = await visitor.get(`/api/products/v1/preconfigs/${crea?.id}/spec-sheet?lang=es`);
      expect(spanish.statusCode).toBe(200);
      expect(spanish.headers.etag).toBeUndefined();
      expect(pdfText(spanish.rawPayload)).toContain('Código de la creación');
      expect((await visitor.get('/api/products/v1/preconfigs/999999/spec-sheet')).statusCode).toBe(404);
      expect((await visitor.get('/api/products/v1/preconfigs/abc/spec-sheet')).statusCode).toBe(400);
    }, 120_000);

    it('cancels a batch, and refuses bad input', async () => {
      const batch = (await internal.post(`${TOOLS}/batches`, { kind: 'preconfigPdfs', catalogId: 16 })).json<ToolBatch>();
      const cancelled = (await internal.post(`${TOOLS}/batches/${batch.id}/cancel`)).json<ToolBatch>();
      expect(cancelled.status).toBe('cancelled');
      await t.app.jobs.drain();
      expect((await internal.get(`${TOOLS}/batches/${batch.id}`)).json<ToolBatch>().status).toBe('cancelled');
      expect((await internal.post(`${TOOLS}/batches`, { kind: 'productSheets', catalogId: 16 })).statusCode).toBe(400);
      expect((await internal.post(`${TOOLS}/batches`, { kind: 'productSheets', catalogId: 16, subFamilyId: 4242 })).statusCode).toBe(404);
      expect((await internal.post(`${TOOLS}/batches`, { kind: 'everything', catalogId: 16 })).statusCode).toBe(400);
      expect((await internal.post(`${TOOLS}/batches`, { kind: 'preconfigPdfs', catalogId: 17 })).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/batches/abc`)).statusCode).toBe(400);
      expect((await internal.get(`${TOOLS}/batches/999999`)).statusCode).toBe(404);
    });
  });

  describe('/preview/compose', () => {
    const COMPOSE = '/api/images/v1/preview/compose';
    const setFlag = async (on: boolean) => {
      const admin2 = t.agent();
      await admin2.login('admin@demo.example');
      const flag = (await admin2.get('/api/masters/v1/flags')).json<{ flags: Array<{ key: string; description: string; defaultValue: boolean; rollout: Record<string, number | null>; emailToggles: unknown[] }> }>().flags.find((item) => item.key === 'composeUrlPreview');
      if (!flag) throw new Error('no composeUrlPreview');
      const rollout = Object.fromEntries(Object.keys(flag.rollout).map((name) => [name, on ? 1 : 0]));
      expect((await admin2.put('/api/masters/v1/flags/composeUrlPreview', { description: flag.description, defaultValue: on, rollout, emailToggles: [] })).statusCode).toBe(200);
    };

    it('is not found while the flag is off, and draws the composition as a PNG for anyone while it is on, cached by content', async () => {
      const [a, b] = table.rows.filter((row) => row.subFamilyId === table.rows[0]?.subFamilyId);
      const finish = a?.finishes[0]?.code ?? '';
      const url = `${COMPOSE}?collection=${a?.subFamilyId}&elements=${a?.model},${b?.model ?? a?.model}&finishes=${finish},${b?.finishes[0]?.code ?? finish}&width=800`;
      await setFlag(false);
      expect((await t.agent().get(url)).statusCode).toBe(404);
      expect((await internal.get(url)).statusCode).toBe(404);
      await setFlag(true);
      const response = await t.agent().get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(pngSize(response.rawPayload).width).toBe(800);
      expect(execFileSync('file', ['-'], { input: response.rawPayload, encoding: 'utf8' })).toContain('PNG image data, 800 x');
      const etag = String(response.headers.etag);
      expect((await t.agent().get(url, { 'if-none-match': etag })).statusCode).toBe(304);
      expect((await internal.get(url)).headers.etag).toBe(etag);
      await setFlag(false);
    });

    it('refuses hostile or oversized input before drawing anything', async () => {
      await setFlag(true);
      const [a] = table.rows;
      const at = `${COMPOSE}?collection=${a?.subFamilyId}`;
      for (const query of [
        '',
        `&elements=${encodeURIComponent('<svg onload=alert(1)>')}`,
        `&elements=${Array.from({ length: 13 }, () => a?.model).join(',')}`,
        `&elements=${a?.model}&finishes=${encodeURIComponent('"/><script>')}`,
        `&elements=${a?.model},${a?.model}&finishes=${a?.finishes[0]?.code}`,
        `&elements=${a?.model}&finishes=ZZ`,
        `&elements=${a?.model}&width=99999`,
      ]) {
        expect((await t.agent().get(`${at}${query}`)).statusCode, query).toBe(400);
      }
      expect((await t.agent().get(`${at}&elements=9999`)).statusCode).toBe(404);
      expect((await t.agent().get(`${COMPOSE}?collection=abc&elements=${a?.model}`)).statusCode).toBe(400);
      await setFlag(false);
    });
  });

  // Issue 32 §2: the compositor. Last in the file: it publishes a preconfiguration into catalogue 16.
  describe('the compositor', () => {
    const COMPOSITOR = `${TOOLS}/compositor`;
    const DESCRIPTION = { en: 'Three heads', us: 'Three heads', fr: 'Trois têtes', de: 'Drei Köpfe', it: 'Tre teste', es: 'Tres cabezas' };
    /** A per-collection (or collection and application) flag that decides for product@ only: rollouts null, one e-mail toggle. */
    const toggle = async (key: string, enabled: boolean | null) => {
      const body = { description: `compositor test ${key}`, defaultValue: false, rollout: { DEV: null, NEWPRO: null, PRO: null }, emailToggles: enabled === null ? [] : [{ email: 'product@lumen.example', enabled }] };
      const saved = await admin.put(`/api/masters/v1/flags/${key}`, body);
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const collections = async () => (await internal.get(`${COMPOSITOR}/collections?catalog=16&lang=en`)).json<CompositorCollections>().collections;
    let space: Record<string, unknown>;
    let application: number;

    beforeAll(async () => {
      const [preconfig] = (await internal.get('/api/products/v1/preconfigs/list?catalogId=16&subFamilyId=259')).json<PreconfigSummary[]>();
      space = (await internal.get(`/api/products/v1/preconfigs/creation/${preconfig?.id}`)).json<PreconfigDetail>().domainJSON ?? {};
      expect(Object.keys(space).length).toBeGreaterThan(0);
    });

    it('lists the crea collections with, per application, whether the caller may compose (the flags decide per e-mail, collection and application)', async () => {
      const all = await collections();
      expect(all.map((collection) => collection.subFamilyId).sort()).toEqual([259, 302]);
      const multiple = all.find((collection) => collection.subFamilyId === 259);
      expect(multiple?.models).toContain('5770');
      expect(multiple?.applications.length).toBeGreaterThan(0);
      expect(multiple?.applications.every((item) => item.allowed)).toBe(true);
      application = multiple?.applications[0]?.applicationLocationId ?? 0;

      // Off for product@ in collection 259; on again for one application of it: the most specific flag decides.
      await toggle('compositor_259', false);
      expect((await collections()).find((collection) => collection.subFamilyId === 259)?.applications.every((item) => !item.allowed)).toBe(true);
      expect((await collections()).find((collection) => collection.subFamilyId === 302)?.applications.every((item) => item.allowed)).toBe(true);
      await toggle(`compositor_259_${application}`, true);
      const again = (await collections()).find((collection) => collection.subFamilyId === 259)?.applications ?? [];
      expect(again.filter((item) => item.allowed).map((item) => item.applicationLocationId)).toEqual([application]);
      // Sales staff made internal by address keep the general flag's answer (the toggles name product@ only).
      const salesView = (await sales.get(`${COMPOSITOR}/collections?catalog=16`)).json<CompositorCollections>().collections.find((collection) => collection.subFamilyId === 259);
      expect(salesView?.applications.every((item) => item.allowed)).toBe(true);
    });

    it('refuses to save where the flags say no (403), bad input (400) and unknown collections (404); saves into the draft where they say yes, and publishing makes it a preconfiguration that opens ready', async () => {
      const body = { catalogId: 16, subFamilyId: 259, applicationLocationId: application, name: 'Compositor trio', description: DESCRIPTION, visibility: 'website', space };
      const other = (await collections()).find((collection) => collection.subFamilyId === 259)?.applications.find((item) => item.applicationLocationId !== application);
      if (other) {
        const refused = await internal.post(`${COMPOSITOR}/preconfigs`, { ...body, applicationLocationId: other.applicationLocationId });
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ code: string }>().code).toBe('FORBIDDEN');
      }
      await toggle(`compositor_259_${application}`, false);
      const off = await internal.post(`${COMPOSITOR}/preconfigs`, body);
      expect(off.statusCode, off.body).toBe(403);
      await toggle(`compositor_259_${application}`, true);

      for (const bad of [{ ...body, space: [] }, { ...body, name: '' }, { ...body, description: { en: 'x' } }, { ...body, name: 'x'.repeat(81) }, { ...body, name: 'a\u0000b' }, { ...body, visibility: 'hidden' }, { ...body, space: { schemaVersion: 'x' } }]) {
        expect((await internal.post(`${COMPOSITOR}/preconfigs`, bad)).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      }
      expect((await internal.post(`${COMPOSITOR}/preconfigs`, { ...body, subFamilyId: 234 })).statusCode).toBe(404);
      expect((await internal.post(`${COMPOSITOR}/preconfigs`, { ...body, applicationLocationId: 99999 })).statusCode).toBe(404);

      const saved = await internal.post(`${COMPOSITOR}/preconfigs`, body);
      expect(saved.statusCode, saved.body).toBe(201);
      const result = saved.json<CompositorPreconfigSaved>();
      expect(result.lines.length).toBeGreaterThan(0);
      expect(result.lines.every((line) => line.reference.startsWith('57'))).toBe(true);
      const draft = (await internal.get('/api/products/v1/product-admin/catalogs/16/draft')).json<CatalogueDraft>();
      const change = draft.changes.find((item) => item.key === result.key);
      expect(change).toMatchObject({ kind: 'preconfig', change: 'added', after: { name: 'Compositor trio', subFamilyId: 259 } });
      expect((change?.after as { space?: unknown }).space).toBeTruthy();

      // Published by product administration: a preconfiguration of the lists whose space opens in the crea room.
      for (const item of draft.changes.filter((entry) => entry.key !== result.key)) {
        await internal.request('DELETE', `/api/products/v1/product-admin/catalogs/16/draft/changes?kind=${item.kind}&key=${encodeURIComponent(item.key)}&expectedRevision=${item.revision}`);
      }
      const published = await internal.post('/api/products/v1/product-admin/catalogs/16/publish', { expectedVersion: draft.version });
      expect(published.statusCode, published.body).toBe(200);
      const listed = (await internal.get('/api/products/v1/preconfigs/list?catalogId=16&subFamilyId=259')).json<PreconfigSummary[]>().find((item) => item.name === 'Compositor trio');
      expect(listed?.id).toBeGreaterThanOrEqual(9000);
      const opened = (await internal.get(`/api/products/v1/preconfigs/creation/${listed?.id}`)).json<PreconfigDetail>();
      expect(opened.domainJSON).toBeTruthy();
      expect(opened.lines.map((line) => line.reference).sort()).toEqual(result.lines.map((line) => line.reference).sort());
      for (const key of ['compositor_259', `compositor_259_${application}`]) await toggle(key, null);
    }, 60_000);
  });
});
