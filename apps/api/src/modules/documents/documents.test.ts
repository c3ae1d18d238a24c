import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { DocsClientToServer, DocsServerToClient, Download, DownloadReadyEvent, ProgressV2Event, Project, SocketAck } from '@lumen/contracts';
import { DOWNLOAD_PROGRESS_THROTTLE_MS } from '@lumen/domain';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { AppError } from '../../errors';
import type { DocumentKind, DocumentSubject, MadeFile } from './makers';

type Client = Socket<DocsServerToClient, DocsClientToServer>;

/**
 * A double of the makers (the real ones are tested on their own): a few bytes per file, photometry
 * refused as the catalogue would refuse it, `imagesHD` slow until aborted (cancel), and a count of
 * calls to see the cache at work. The delivery is what is under test here.
 */
const calls: string[] = [];
const aborted: string[] = [];
let slowRelease: (() => void) | undefined;
async function fakeMake(kind: DocumentKind, subject: DocumentSubject): Promise<MadeFile[]> {
  const model = 'product' in subject ? ('reference' in subject.product ? subject.product.reference.slice(0, 4) : subject.product.model) : subject.creation.model;
  calls.push(`${kind.type}:${model}:${subject.language}`);
  if (kind.type === 'photometry') throw new AppError('NOT_FOUND', `No optics for ${model}`);
  if (kind.type === 'imagesHD') {
    await new Promise<void>((resolve) => (slowRelease = resolve));
  }
  const body = Buffer.from(`${kind.type} ${kind.subType ?? ''} of ${model} in ${subject.language}\n`.repeat(2000));
  if (kind.type === '2D_3D') {
    return [
      { fileName: `${model}.dxf`, contentType: 'application/dxf', body },
      { fileName: `${model}.svg`, contentType: 'image/svg+xml', body },
    ];
  }
  return [{ fileName: `${model}-${kind.type}.pdf`, contentType: 'application/pdf', body }];
}

describeWithDb('documents: calls, socket progress, zip (issue 14 §2)', () => {
  let t: TestApp;
  let base: string;
  const cookies = new Map<string, string>();
  const work = mkdtempSync(join(tmpdir(), 'lumen-docs-test-'));

  async function login(email: string): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/users/v1/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    cookies.set(email, cookie);
    return cookie;
  }

  function connect(cookie?: string): Promise<Client> {
    const client: Client = io(base, { path: '/v2/socketio/docs/download', transports: ['websocket'], autoConnect: false, ...(cookie ? { extraHeaders: { cookie } } : {}), reconnection: false });
    return new Promise((resolve, reject) => {
      client.once('connect', () => resolve(client));
      client.once('connect_error', reject);
      client.connect();
    });
  }

  function emitDownload(client: Client, payload: Parameters<DocsClientToServer['download']>[0]): Promise<SocketAck> {
    return new Promise((resolve) => client.emit('download', payload, resolve));
  }

  /** Records progressV2 (with arrival times) until download-ready. */
  function untilReady(client: Client): { progress: Array<{ at: number; event: ProgressV2Event }>; ready: Promise<DownloadReadyEvent> } {
    const progress: Array<{ at: number; event: ProgressV2Event }> = [];
    client.on('progressV2', (event) => progress.push({ at: Date.now(), event }));
    return { progress, ready: new Promise((resolve) => client.once('download-ready', resolve)) };
  }

  /** When the server sends each progressV2, by download (socket.io's room broadcasts, observed). */
  const sentProgress: Array<{ downloadId: string; at: number }> = [];
  const broadcastTo = Server.prototype.to;
  vi.spyOn(Server.prototype, 'to').mockImplementation(function (this: Server, room) {
    const operator = broadcastTo.call(this, room);
    const emit = operator.emit.bind(operator) as (event: string, ...args: unknown[]) => boolean;
    (operator as unknown as { emit: typeof emit }).emit = (event, ...args) => {
      if (event === 'progressV2') sentProgress.push({ downloadId: (args[0] as ProgressV2Event).downloadId, at: Date.now() });
      return emit(event, ...args);
    };
    return operator;
  });

  beforeAll(async () => {
    t = await createTestApp({ makeDocuments: (kind, subject) => fakeMake(kind, subject) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await login('specifier@demo.example');
    await login('distributor@demo.example');
    await login('distributor2@demo.example');
  });
  afterAll(async () => {
    slowRelease?.();
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('makes each document as a job, reports progressV2 (1 → 4 → 8, a failed file 3 of 17) throttled to a second, and streams the zip with the rest', async () => {
    const client = await connect(cookies.get('specifier@demo.example'));
    const seen = untilReady(client);
    const ack = await emitDownload(client, {
      docsParams: [
        { type: 'specSheet', subType: 'model', params: { model: '7460', productType: 'REGULAR', reference: '746005/M3_31' } },
        { type: 'photometry', params: { model: '7460', productType: 'REGULAR' } },
        { type: '2D_3D', params: { model: '2355', productType: 'REGULAR', attributes: { finish: '03' } } },
      ],
      lang: 'en-US',
      catalogId: 16,
      // Never trusted: the session says who asks.
      user: { crm: 'CRM-CON-1003', rolId: 9, email: 'admin@demo.example', id: 1 },
    });
    expect(ack.ok).toBe(true);
    const download = (ack as { download: Download }).download;
    expect(download.lang).toBe('us');
    expect(download.zipName).toMatch(/^3VB_\d{14}\.zip$/);
    expect(download.items.map((item) => item.progress)).toEqual(Array(3).fill({ currentProgress: 1, totalProgress: 17 }));
    const ready = await seen.ready;
    const sentUntilReady = sentProgress.filter((entry) => entry.downloadId === download.id);
    expect(ready).toMatchObject({ downloadId: download.id, status: 'ready', failed: ['002-7460-photometry'] });

    const last = seen.progress.at(-1)!.event;
    expect(last.files).toEqual({
      '001-7460-specSheet-model': { currentProgress: 8, totalProgress: 17 },
      '002-7460-photometry': { currentProgress: 3, totalProgress: 17 },
      '003-2355-2D_3D': { currentProgress: 8, totalProgress: 17 },
    });
    expect(last.overall).toEqual({ current: 19, total: 51 });
    // Throttled: progress events at least a second apart as the server sends them, the final one (sent
    // with download-ready when the download settles) included (arrival times here swing with the jobs
    // sharing this event loop).
    const times = sentUntilReady.map((entry) => entry.at);
    expect(times.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(DOWNLOAD_PROGRESS_THROTTLE_MS - 5);

    const listed = (await t.app.inject({ method: 'GET', url: `/api/documents/v1/downloads/${download.id}`, headers: { cookie: cookies.get('specifier@demo.example')! } })).json<Download>();
    expect(listed.items[1]).toMatchObject({ status: 'failed', error: 'NOT_FOUND', progress: { currentProgress: 3 } });

    // The zip: fetched as the browser does, read by unzip (an independent reader).
    const fetched = untilReady(client);
    const response = await fetch(`${base}${ready.zipUrl}`, { headers: { cookie: cookies.get('specifier@demo.example')! } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain(download.zipName);
    const file = join(work, download.zipName);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    const listing = execFileSync('unzip', ['-l', file]).toString();
    expect(listing).toContain('7460-specSheet.pdf');
    expect(listing).toContain('2355.dxf');
    expect(listing).toContain('2355.svg');
    expect(listing).not.toContain('photometry');
    expect(execFileSync('unzip', ['-p', file, '7460-specSheet.pdf']).toString()).toContain('specSheet model of 7460 in us');
    // The delivered documents reach 17 of 17.
    await expect.poll(() => fetched.progress.at(-1)?.event.files['003-2355-2D_3D']?.currentProgress, { timeout: 5000 }).toBe(17);
    client.disconnect();
  });

  it('serves the second request of a document from the cache (no maker call)', async () => {
    const client = await connect(cookies.get('specifier@demo.example'));
    const before = calls.length;
    const seen = untilReady(client);
    const urls: string[] = [];
    client.on('download-url', (event) => urls.push(event.url));
    const binaries: Array<{ fileName: string; size: number }> = [];
    client.on('download-binary', (event) => binaries.push({ fileName: event.fileName, size: (event.data as ArrayBuffer).byteLength }));
    // issue 28 §5: the file is announced before the download is said to be ready
    let filesAtReady = -1;
    client.once('download-ready', () => (filesAtReady = binaries.length + urls.length));
    const ack = await emitDownload(client, { docsParams: [{ type: 'specSheet', subType: 'model', params: { model: '7460', reference: '746005/M3_31' } }], lang: 'us', catalogId: 16, delivery: 'files' });
    expect(ack.ok).toBe(true);
    await seen.ready;
    expect(calls.length).toBe(before);
    // One small file, delivered whole over the socket, before download-ready.
    expect(filesAtReady).toBe(1);
    expect(binaries.length).toBe(1);
    expect(binaries[0]?.fileName).toBe('7460-specSheet.pdf');
    client.disconnect();
  });

  it('cancel aborts the work on the server and settles the download as cancelled', async () => {
    const client = await connect(cookies.get('specifier@demo.example'));
    const seen = untilReady(client);
    const ack = await emitDownload(client, { docsParams: [{ type: 'imagesHD', subType: 'ambient', params: { model: '5520' } }], lang: 'fr', catalogId: 16 });
    const download = (ack as { download: Download }).download;
    await expect.poll(() => calls.includes('imagesHD:5520:fr'), { timeout: 10_000 }).toBe(true);
    const cancelled = await new Promise<SocketAck>((resolve) => client.emit('cancel', { downloadId: download.id }, resolve));
    expect(cancelled).toMatchObject({ ok: true, download: { status: 'cancelled', items: [{ status: 'cancelled' }] } });
    expect((await seen.ready).status).toBe('cancelled');
    slowRelease?.();
    const row = (await t.app.inject({ method: 'GET', url: `/api/documents/v1/downloads/${download.id}`, headers: { cookie: cookies.get('specifier@demo.example')! } })).json<Download>();
    expect(row.status).toBe('cancelled');
    void aborted;
    client.disconnect();
  });

  it('a product of another company’s project is 403; the own company’s is made from the line on the server', async () => {
    const own = (await t.app.inject({ method: 'GET', url: '/api/projects/v1/projects/filter?page=1&limit=25', headers: { cookie: cookies.get('distributor@demo.example')! } })).json<{ items: Array<{ id: number; name: string }> }>();
    const project = own.items.find((item) => item.name === 'Oficinas Norte - planta 2');
    expect(project).toBeDefined();
    const detail = (await t.app.inject({ method: 'GET', url: `/api/projects/v1/projects/${project!.id}`, headers: { cookie: cookies.get('distributor@demo.example')! } })).json<Project>();
    const line = detail.products[0]!;
    const body = { docs: [{ type: 'specSheet', subType: 'model', params: { model: line.model, projectId: project!.id, productId: line._id } }], projectId: project!.id };
    const foreign = await t.app.inject({ method: 'POST', url: '/api/documents/v1/docs-web?lang=en&catalogId=16', headers: { cookie: cookies.get('distributor2@demo.example')! }, payload: body });
    expect(foreign.statusCode).toBe(403);
    const mine = await t.app.inject({ method: 'POST', url: '/api/documents/v1/docs-web?lang=en&catalogId=16', headers: { cookie: cookies.get('distributor@demo.example')! }, payload: body });
    expect(mine.statusCode).toBe(202);
    expect(mine.json<Download>()).toMatchObject({ title: 'Oficinas Norte - planta 2', projectId: project!.id });
  });

  describe('bad input is 400 on the field at fault', () => {
    const post = (payload: object, query = 'lang=en&catalogId=16') =>
      t.app.inject({ method: 'POST', url: `/api/documents/v1/docs-web?${query}`, headers: { cookie: cookies.get('specifier@demo.example')! }, payload });
    const fields = (response: { json: () => unknown }) => ((response.json() as { fields?: Array<{ path: string }> }).fields ?? []).map((field) => field.path);

    it.each([
      ['an unknown type', { docs: [{ type: 'brochure', params: { model: '7460' } }] }, 'body.docs.0.type'],
      ['an unknown subtype', { docs: [{ type: 'specSheet', subType: 'poster', params: { model: '7460' } }] }, 'body.docs.0.subType'],
      ['a subtype where the type has none', { docs: [{ type: 'photometry', subType: 'model', params: { model: '7460' } }] }, 'body.docs.0.subType'],
      ['an unknown language of a manual', { docs: [{ type: 'manual', subType: 'regular', language: 'pt', params: { model: '7460' } }] }, 'body.docs.0.language'],
      ['no documents', { docs: [] }, 'body.docs'],
    ])('%s', async (_name, payload, path) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(fields(response)).toContain(path);
    });

    it('an unknown model', async () => {
      const response = await post({ docs: [{ type: 'specSheet', params: { model: '7460' } }, { type: 'specSheet', params: { model: '9999' } }] });
      expect(response.statusCode).toBe(400);
      expect(fields(response)).toEqual(['docs.1.params.model']);
    });

    it('an unknown language', async () => {
      const response = await post({ docs: [{ type: 'specSheet', params: { model: '7460' } }] }, 'lang=pt&catalogId=16');
      expect(response.statusCode).toBe(400);
      expect(fields(response)).toContain('querystring.lang');
    });

    it('an energy label of a creation, and a creation without its project line', async () => {
      const response = await post({ docs: [{ type: 'energyLabel', params: { model: '7460', productType: 'CREATION' } }] });
      expect(response.statusCode).toBe(400);
      expect(fields(response)).toEqual(['docs.0.params.productId']);
    });

    it('over the socket: refused with the fields, and no session is 401', async () => {
      const client = await connect(cookies.get('specifier@demo.example'));
      const refused = await emitDownload(client, { docsParams: [{ type: 'brochure' as 'specSheet', params: { model: '7460' } }], lang: 'en', catalogId: 16 });
      expect(refused).toMatchObject({ ok: false, error: { ErrorCode: 400, code: 'VALIDATION_FAILED' } });
      expect((refused as { error: { fields: Array<{ path: string }> } }).error.fields.map((field) => field.path)).toContain('docsParams.0.type');
      client.disconnect();
      const anonymous = await connect();
      const denied = await emitDownload(anonymous, { docsParams: [{ type: 'specSheet', params: { model: '7460' } }], lang: 'en', catalogId: 16, user: { id: 1, email: 'admin@demo.example' } });
      expect(denied).toMatchObject({ ok: false, error: { ErrorCode: 401 } });
      anonymous.disconnect();
    });

    it('another user’s download is not found; the delivery needs a session', async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/api/documents/v1/downloads', headers: { cookie: cookies.get('specifier@demo.example')! } })).json<{ items: Download[] }>();
      const id = list.items[0]!.id;
      const other = await t.app.inject({ method: 'GET', url: `/api/documents/v1/downloads/${id}`, headers: { cookie: cookies.get('distributor2@demo.example')! } });
      expect(other.statusCode).toBe(404);
      const zip = await t.app.inject({ method: 'GET', url: `/sr-documents/v1/docs-web/download?id=${id}`, headers: { cookie: cookies.get('distributor2@demo.example')! } });
      expect(zip.statusCode).toBe(404);
      const anonymous = await t.app.inject({ method: 'GET', url: `/sr-documents/v1/docs-web/download?id=${id}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  it('GET docs-web lists the documents of a product, the energy label disabled for creations', async () => {
    const regular = await t.app.inject({ method: 'GET', url: '/api/documents/docs-web?catalog=16&language=en&model=7460&files[]=specSheet&files[]=energyLabel', headers: { cookie: cookies.get('specifier@demo.example')! } });
    expect(regular.statusCode).toBe(200);
    const documents = regular.json<{ documents: Array<{ type: string; subType: string | null; available: boolean }> }>().documents;
    expect(documents.map((d) => `${d.type}:${d.subType}:${d.available}`)).toEqual(['specSheet:reference:true', 'specSheet:model:true', 'specSheet:umbrella:true', 'energyLabel:null:true']);
    const creation = await t.app.inject({ method: 'GET', url: '/api/documents/docs-web?catalog=16&language=en&model=7460&productType=CREATION&files[]=energyLabel', headers: { cookie: cookies.get('specifier@demo.example')! } });
    expect(creation.json<{ documents: Array<{ available: boolean; reason: string }> }>().documents).toEqual([expect.objectContaining({ available: false, reason: 'ENERGY_DISABLED_FOR_CREATIONS' })]);
    // the EU label does not apply to the US catalogue (issue 28 §5)
    const us = await t.app.inject({ method: 'GET', url: '/api/documents/docs-web?catalog=21&language=us&model=7460&files[]=energyLabel', headers: { cookie: cookies.get('specifier@demo.example')! } });
    expect(us.json<{ documents: Array<{ available: boolean; reason: string }> }>().documents).toEqual([expect.objectContaining({ available: false, reason: 'NO_EU_ENERGY_LABEL_IN_US_CATALOGUE' })]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/documents/docs-web?catalog=16&language=en&model=9999', headers: { cookie: cookies.get('specifier@demo.example')! } });
    expect(unknown.statusCode).toBe(400);
  });
});
