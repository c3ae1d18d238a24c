import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { DocsClientToServer, DocsServerToClient, Download, DownloadReadyEvent, SocketAck } from '@lumen/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { uploadTemp } from '../../test/uploads';
import type { DocumentKind, DocumentSubject, MadeFile } from '../modules/documents/makers';
import { createS3Storage, FileNotStoredError, type FileStorage } from './file-storage';

/** Issue 33 §1: the files of every process in one S3-compatible bucket (a real s3rver, started here). */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
});

describe('S3 storage (AWS SDK v3) against s3rver', () => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await createS3Storage({ bucket: s3.bucket, prefix: 'unit', endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });

  it('writes, sizes, reads and deletes under the prefix; a missing object is FileNotStoredError / null', async () => {
    expect(await storage.put('docs/a/file.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toEqual({ size: 11 });
    expect(await storage.size('docs/a/file.txt')).toBe(11);
    expect((await buffer(await storage.read('docs/a/file.txt'))).toString()).toBe('hello world');
    expect(existsSync(join(s3.directory, s3.bucket, 'unit', 'docs', 'a'))).toBe(true);
    await storage.delete('docs/a/file.txt');
    await storage.delete('docs/a/file.txt');
    expect(await storage.size('docs/a/file.txt')).toBeNull();
    await expect(storage.read('docs/a/file.txt')).rejects.toBeInstanceOf(FileNotStoredError);
    await expect(storage.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(/Invalid storage key/);
  });

  it('streams a 13 MiB object up in parts and back, byte for byte', async () => {
    const chunk = Buffer.alloc(1024 * 1024);
    let made = 0;
    // A generator: the content never exists whole on this side.
    async function* content() {
      for (let i = 0; i < 13; i += 1) {
        chunk.fill(i + 1);
        made += chunk.length;
        yield Buffer.from(chunk);
      }
    }
    expect(await storage.put('big/zip.bin', Readable.from(content()))).toEqual({ size: 13 * 1024 * 1024 });
    expect(made).toBe(13 * 1024 * 1024);
    expect(await storage.size('big/zip.bin')).toBe(13 * 1024 * 1024);
    const back = await buffer(await storage.read('big/zip.bin'));
    expect(back.length).toBe(13 * 1024 * 1024);
    for (let i = 0; i < 13; i += 1) expect(back[i * 1024 * 1024 + 17]).toBe(i + 1);
  });

  it('keeps nothing when the stream fails midway', async () => {
    async function* failing() {
      yield Buffer.alloc(6 * 1024 * 1024, 7);
      throw new Error('client went away');
    }
    await expect(storage.put('broken/upload.bin', Readable.from(failing()))).rejects.toThrow('client went away');
    expect(await storage.size('broken/upload.bin')).toBeNull();
  });
});

type Client = Socket<DocsServerToClient, DocsClientToServer>;

/** Waits for `promise` at most `ms`, failing with what was awaited (a hang names its step, not only the test's timeout). */
function awaited<T>(label: string, promise: Promise<T>, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${label}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const made: string[] = [];
async function fakeMake(kind: DocumentKind, subject: DocumentSubject): Promise<MadeFile[]> {
  const model = 'product' in subject ? ('reference' in subject.product ? subject.product.reference.slice(0, 4) : subject.product.model) : subject.creation.model;
  made.push(`${kind.type}:${model}`);
  return [{ fileName: `${model}-${kind.type}.pdf`, contentType: 'application/pdf', body: Buffer.from(`${kind.type} of ${model}\n`.repeat(3000)) }];
}

describeWithDb('two api processes on one bucket: one writes, the other reads', () => {
  let writer: TestApp;
  let reader: TestApp;
  const bases: string[] = [];
  let cookie = '';
  const work = mkdtempSync(join(tmpdir(), 'lumen-s3-test-'));

  function connect(base: string): Promise<Client> {
    const client: Client = io(base, { path: '/v2/socketio/docs/download', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    return new Promise((resolve, reject) => {
      client.once('connect', () => resolve(client));
      client.once('connect_error', reject);
    });
  }

  beforeAll(async () => {
    writer = await createTestApp({ env: s3.env('apps'), makeDocuments: fakeMake });
    reader = await createTestApp({ env: s3.env('apps'), database: writer.database, makeDocuments: fakeMake });
    for (const t of [writer, reader]) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      bases.push(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    }
    const login = await writer.app.inject({ method: 'POST', url: '/api/users/v1/auth/login', payload: { email: 'specifier@demo.example', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('an upload through one process is in the bucket, not on its disk', async () => {
    const upload = await uploadTemp(writer.agent(), 'ticket');
    expect(upload).toMatchObject({ name: 'plano.pdf' });
    expect(existsSync(join(writer.config.dataDir, 'files'))).toBe(false);
    expect(execFileSync('find', [join(s3.directory, s3.bucket, 'apps'), '-type', 'f']).toString()).toMatch(/_S3rver_object/);
  });

  it('documents made by one process are delivered by the other: progress on its socket, the zip from its HTTP, the cache it reads', async () => {
    const [writerBase, readerBase] = bases as [string, string];
    const starter = await awaited('the writer’s socket', connect(writerBase));
    const ack = await awaited('the download’s ack', new Promise<SocketAck>((resolve) =>
      starter.emit('download', { docsParams: [{ type: 'specSheet', subType: 'model', params: { model: '7460', productType: 'REGULAR', reference: '746005/M3_31' } }, { type: '2D_3D', params: { model: '2355', productType: 'REGULAR', attributes: { finish: '03' } } }], lang: 'en-US', catalogId: 16 }, resolve),
    ));
    expect(ack.ok).toBe(true);
    const download = (ack as { download: Download }).download;
    starter.disconnect();
    // The other process's socket follows it (announced through PostgreSQL) to the end.
    const follower = await awaited('the reader’s socket', connect(readerBase));
    const ready = new Promise<DownloadReadyEvent>((resolve) => follower.once('download-ready', resolve));
    const resumed = await awaited('the resume’s ack', new Promise<SocketAck>((resolve) => follower.emit('resume', { downloadId: download.id }, resolve)));
    expect(resumed.ok).toBe(true);
    const event = await awaited('download-ready on the reader’s socket', ready);
    expect(event).toMatchObject({ downloadId: download.id, status: 'ready' });
    follower.disconnect();

    // The zip, streamed by the reader from the bucket; checked by unzip.
    const response = await fetch(`${readerBase}${event.zipUrl}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const file = join(work, download.zipName);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    expect(execFileSync('unzip', ['-p', file, '7460-specSheet.pdf']).toString()).toContain('specSheet of 7460');
    for (const t of [writer, reader]) expect(existsSync(join(t.config.dataDir, 'files'))).toBe(false);

    // The same document asked of the reader comes from the bucket's cache: no maker runs.
    const before = made.length;
    const again = await awaited('the second socket', connect(readerBase));
    const againReady = new Promise<DownloadReadyEvent>((resolve) => again.once('download-ready', resolve));
    const second = await awaited('the cached download’s ack', new Promise<SocketAck>((resolve) => again.emit('download', { docsParams: [{ type: 'specSheet', subType: 'model', params: { model: '7460', reference: '746005/M3_31' } }], lang: 'us', catalogId: 16 }, resolve)));
    expect(second.ok).toBe(true);
    expect(await awaited('the cached download’s download-ready', againReady)).toMatchObject({ status: 'ready' });
    expect(made.length).toBe(before);
    again.disconnect();
  });
});
