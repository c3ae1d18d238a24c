import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, TEMP_UPLOAD_TTL_MS, type TempUpload } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type Agent, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { multipart, PDF } from '../../../test/uploads';
import { createDataChanges } from '../../db/data-changes';
import { uploadedFiles } from '../../db/schema';
import { AppError } from '../../errors';
import { memoryMailer } from '../../lib/mailer';
import { createLocalDiskStorage } from '../../lib/file-storage';
import { allowedExtension, createFilesService, safeFileName, UPLOAD_LIMITS } from './files.service';

const URL = '/api/images/v1/files/temp?domain=support&entity=support-request';

// Real starts of each kind of file (what file-type reads), padded to look like the rest of a file.
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b])]);
/** A real 1 × 1 JPEG: images are decoded on upload to remove their metadata (issue 29 §9), so a header alone is not enough. */
const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJAA/9k=',
  'base64',
);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR', 'latin1'), Buffer.alloc(64, 1)]);
/** An MS-DOS/Windows executable's header (MZ). */
const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\u0000\u0000', 'latin1'), Buffer.alloc(256)]);
/** The Compound File Binary container of the Office 97 formats (doc, xls, ppt). */
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const TEXT = Buffer.from('Site: Hotel St. Regis, lobby\r\nCeiling height 3,20 m – café\n', 'utf8');

function upload(agent: Agent, filename: string, content: Buffer, url = URL, type?: string) {
  const { payload, headers } = multipart([{ name: 'file', filename, content, type }]);
  return agent.post(url, payload, headers);
}

describe('file names and extensions', () => {
  it('keeps an allowed extension, in any case, and nothing else', () => {
    expect(allowedExtension('Plan.PDF')).toBe('pdf');
    expect(allowedExtension('photo.final.jpeg')).toBe('jpeg');
    expect(allowedExtension('setup.exe')).toBeNull();
    expect(allowedExtension('pdf')).toBeNull();
    expect(allowedExtension('report.pdf.exe')).toBeNull();
  });

  it('shows a name without folders, controls, bidi tricks or markup, at most 120 characters', () => {
    expect(safeFileName('../../etc/pass\u0000wd.pdf', 'pdf')).toBe('passwd.pdf');
    expect(safeFileName('C:\\Users\\ana\\Plano  planta\tbaja.pdf', 'pdf')).toBe('Plano planta baja.pdf');
    expect(safeFileName('invoice\u202Efdp.exe.pdf', 'pdf')).toBe('invoicefdp.exe.pdf');
    expect(safeFileName('<script>x</script>.txt', 'txt')).toBe('script.txt');
    expect(safeFileName('.hidden.pdf', 'pdf')).toBe('hidden.pdf');
    expect(safeFileName('.pdf', 'pdf')).toBe('file.pdf');
    const long = safeFileName(`${'é'.repeat(300)}.docx`, 'docx');
    expect(long).toBe(`${'é'.repeat(115)}.docx`);
  });
});

describeWithDb('temporary uploads (POST /api/images/v1/files/temp)', () => {
  let t: TestApp;
  let distributor: Agent;
  let filesDir: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    distributor = t.agent();
    await distributor.login('distributor@demo.example');
    filesDir = join(t.config.dataDir, 'files', 'uploads');
  });
  afterAll(async () => {
    await t.close();
  });

  const storedFiles = () => (existsSync(filesDir) ? readdirSync(filesDir) : []);
  const rowOf = async (id: string) => (await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id)))[0];

  it('stores a file whose content is what its extension says and answers its id, kept 24 hours', async () => {
    const response = await upload(distributor, 'Plano planta baja.pdf', PDF, URL, 'application/x-msdownload');
    expect(response.statusCode).toBe(201);
    const body = response.json<TempUpload>();
    expect(body).toMatchObject({ name: 'Plano planta baja.pdf', extension: 'pdf', contentType: 'application/pdf', size: PDF.length });
    expect(Date.parse(body.expiresAt) - t.clock().getTime()).toBe(TEMP_UPLOAD_TTL_MS);
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ domain: 'support', entity: 'support-request', sha256: createHash('sha256').update(PDF).digest('hex'), attachedAt: null });
    expect(row?.ownerUserId).not.toBeNull();
    expect(storedFiles()).toContain(body.id);
  });

  it('reads each allowed kind from its content: gif, jpeg, Office 97, text', async () => {
    for (const [name, content, type] of [
      ['logo.gif', GIF, 'image/gif'],
      ['foto.JPG', JPEG, 'image/jpeg'],
      ['medidas.xls', CFB, 'application/x-cfb'],
      ['notes.txt', TEXT, 'text/plain'],
    ] as const) {
      const response = await upload(distributor, name, content);
      expect(response.statusCode, name).toBe(201);
      expect(response.json<TempUpload>().contentType, name).toBe(type);
    }
  });

  it('refuses a lying file with 415 and keeps nothing: an executable renamed .pdf, a PNG named .jpg, binary named .txt', async () => {
    const before = storedFiles().length;
    for (const [name, content] of [
      ['plans.pdf', EXE],
      ['photo.jpg', PNG],
      ['notes.txt', Buffer.concat([TEXT, Buffer.from([0, 1, 2])])],
      ['old.doc', PDF],
    ] as const) {
      const response = await upload(distributor, name, content);
      expect(response.statusCode, name).toBe(415);
      expect(response.json(), name).toMatchObject({ code: 'FILE_CONTENT_MISMATCH', fields: [{ path: 'body.file' }] });
    }
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an extension the spec does not allow with its own code', async () => {
    const response = await upload(distributor, 'setup.exe', EXE);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', fields: [{ path: 'body.file' }] });
    expect((await upload(distributor, 'README', TEXT)).json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
  });

  it('refuses an empty file and a form without a file with 400', async () => {
    const empty = await upload(distributor, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'FILE_EMPTY', fields: [{ path: 'body.file' }] });
    const { payload, headers } = multipart([{ name: 'domain', value: 'support' }]);
    const noFile = await distributor.post(URL, payload, headers);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'FILE_EMPTY' });
  });

  it('refuses a file one byte over 10 MiB with 413 and keeps nothing', async () => {
    const before = storedFiles().length;
    const rows = (await t.database.db.select().from(uploadedFiles)).length;
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PDF.length, 0x20)]);
    const response = await upload(distributor, 'huge.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(response.headers.connection).toBe('close');
    expect(storedFiles().length).toBe(before);
    expect((await t.database.db.select().from(uploadedFiles)).length).toBe(rows);
    // Exactly 10 MiB is fine.
    const limit = await upload(distributor, 'limit.pdf', big.subarray(0, MAX_UPLOAD_BYTES));
    expect(limit.statusCode).toBe(201);
    expect(limit.json<TempUpload>().size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses a request that announces more than the limit before reading it', async () => {
    const response = await distributor.request('POST', URL, 'x', {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(MAX_UPLOAD_BYTES * 2),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('names the purpose fields at fault, takes them from the form too, and refuses a JSON body', async () => {
    const missing = await upload(distributor, 'plan.pdf', PDF, '/api/images/v1/files/temp?domain=support');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'querystring.entity' }] });
    const hostile = await upload(distributor, 'plan.pdf', PDF, '/api/images/v1/files/temp?domain=support&entity=%00');
    expect(hostile.statusCode).toBe(400);

    const form = multipart([
      { name: 'domain', value: 'support' },
      { name: 'entity', value: 'project-budget' },
      { name: 'file', filename: 'plan.pdf', content: PDF },
    ]);
    const fromFields = await distributor.post('/api/images/v1/files/temp', form.payload, form.headers);
    expect(fromFields.statusCode).toBe(201);
    expect((await rowOf(fromFields.json<TempUpload>().id))?.entity).toBe('project-budget');

    const json = await distributor.post(URL, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('refuses two files in one upload and a broken form with 400, never 500', async () => {
    const two = multipart([
      { name: 'file', filename: 'a.pdf', content: PDF },
      { name: 'file', filename: 'b.pdf', content: PDF },
    ]);
    const response = await distributor.post(URL, two.payload, two.headers);
    expect(response.statusCode).toBe(400);
    const { payload, headers } = multipart([{ name: 'file', filename: 'a.pdf', content: PDF }]);
    const truncated = await distributor.post(URL, payload.subarray(0, payload.length - 20), headers);
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('lets a visitor upload, within a per-address hourly limit with Retry-After', async () => {
    const visitor = t.agent();
    const first = await upload(visitor, 'plan.pdf', PDF);
    expect(first.statusCode).toBe(201);
    expect((await rowOf(first.json<TempUpload>().id))?.ownerUserId).toBeNull();
    for (let i = 1; i < UPLOAD_LIMITS.visitor.limit; i += 1) expect((await upload(visitor, 'plan.pdf', PDF)).statusCode).toBe(201);
    const limited = await upload(visitor, 'plan.pdf', PDF);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await upload(t.agent(), 'plan.pdf', PDF)).statusCode).toBe(201);
  });

  describe('attaching and expiry', () => {
    const service = () =>
      createFilesService(
        {
          config: t.config,
          database: t.database,
          db: t.database.db,
          clock: t.clock,
          mailer: memoryMailer(),
          background: { run: () => {}, idle: async () => {} },
          revocations: t.app.revocations,
          changes: createDataChanges(t.database),
        },
        { storage: createLocalDiskStorage(join(t.config.dataDir, 'files')) },
      );

    it('attaches an own upload once, for its purpose only, in the caller transaction', async () => {
      const files = service();
      const account = await distributor.get('/api/users/v1/account');
      const userId = account.json<{ id: number }>().id;
      const id = (await upload(distributor, 'plan.pdf', PDF)).json<TempUpload>().id;
      const visitorId = (await upload(t.agent(), 'photo.gif', GIF)).json<TempUpload>().id;
      const attach = (ids: string[], over: Partial<{ userId: number | null; entity: string }> = {}) =>
        t.database.db.transaction((tx) => files.attach(tx, { ids, userId, domain: 'support', entity: 'support-request', field: 'body.files', ...over }));

      // Someone else's upload, another purpose, an unknown id: refused, naming the position; nothing attached.
      await expect(attach([id], { userId: userId + 1000 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.files.0' }] });
      await expect(attach([visitorId, id], { entity: 'project-budget' })).rejects.toBeInstanceOf(AppError);
      await expect(attach([id, randomUUID()])).rejects.toMatchObject({ fields: [{ path: 'body.files.1' }] });
      expect((await rowOf(id))?.attachedAt).toBeNull();

      // The account's own upload and a visitor's (its id is the proof), once.
      const attached = await attach([id, visitorId]);
      expect(attached.map((row) => row.id).sort()).toEqual([id, visitorId].sort());
      expect(await rowOf(id)).toMatchObject({ expiresAt: null });
      await expect(attach([id])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

      // A failed transaction attaches nothing.
      const other = (await upload(distributor, 'plan.pdf', PDF)).json<TempUpload>().id;
      await expect(
        t.database.db.transaction(async (tx) => {
          await files.attach(tx, { ids: [other], userId, domain: 'support', entity: 'support-request', field: 'body.files' });
          throw new Error('the request failed after attaching');
        }),
      ).rejects.toThrow('the request failed');
      expect((await rowOf(other))?.attachedAt).toBeNull();
    });

    it('removes temporary uploads 24 hours on, content and row, and keeps attached ones', async () => {
      const files = service();
      const userId = (await distributor.get('/api/users/v1/account')).json<{ id: number }>().id;
      const temporary = (await upload(distributor, 'temp.pdf', PDF)).json<TempUpload>().id;
      const kept = (await upload(distributor, 'kept.pdf', PDF)).json<TempUpload>().id;
      await t.database.db.transaction((tx) => files.attach(tx, { ids: [kept], userId, domain: 'support', entity: 'support-request', field: 'body.files' }));

      expect(await files.pruneExpired()).toBe(0);
      t.clock.advance(TEMP_UPLOAD_TTL_MS + 1000);
      // An expired upload cannot be attached any more.
      const late = (await upload(t.agent(), 'late.pdf', PDF)).json<TempUpload>().id;
      expect(await files.pruneExpired()).toBeGreaterThanOrEqual(1);
      expect(await rowOf(temporary)).toBeUndefined();
      expect(storedFiles()).not.toContain(temporary);
      expect(await rowOf(kept)).toBeDefined();
      expect(storedFiles()).toContain(kept);
      expect(storedFiles()).toContain(late);
      const { content } = await files.open(kept);
      const chunks: Buffer[] = [];
      for await (const chunk of content as AsyncIterable<Buffer>) chunks.push(chunk);
      expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    });
  });
});
