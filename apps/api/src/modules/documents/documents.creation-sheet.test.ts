import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Project } from '@lumen/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { qpdfCheck, pdfText } from '../../../test/document-readers';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { createProject, type DemoRole, loginAll } from '../projects/projects.test-support';

const SHEET = '/api/apiv2/documents/generate-creation-specsheet';

// GET apiv2 documents/generate-creation-specsheet/{code} (spec §7, issue 14 §1): the real maker, read by qpdf and poppler.
describeWithDb('documents: a creation spec sheet by its code', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let code: string;
  let project: Project;

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
    project = await createProject(as.distributor, { name: 'Lobby creation', products: [{ type: 'CREATION', model: '5520' }] });
    const creation = project.products.find((line) => line.type === 'CREATION');
    code = creation?.creationCode ?? '';
    expect(code).toMatch(/^CR\d{9}$/);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the PDF of a creation the caller sees, in the language asked for or the caller’s', async () => {
    // The demo distributor works in Spanish.
    const own = await as.distributor.get(`${SHEET}/${code}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toMatch(/^application\/pdf/);
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);
    qpdfCheck(own.rawPayload);
    const text = pdfText(own.rawPayload);
    expect(text).toContain(code);
    expect(text).toContain('Ficha técnica de la creación');
    // named by the name people use (issue 34 §3), not the code
    expect(own.headers['content-disposition']).toContain('filename=Composicion-5520-creation-spec-sheet-es.pdf');
    expect(own.headers['content-disposition']).not.toContain(code);

    const french = await as.distributor.get(`${SHEET}/${code}?lang=fr`);
    expect(french.statusCode).toBe(200);
    expect(pdfText(french.rawPayload)).toContain('Fiche technique de la création');
  });

  it('says nothing of a creation outside the caller’s projects, and refuses bad codes and visitors', async () => {
    expect((await as.distributor2.get(`${SHEET}/${code}`)).statusCode).toBe(404);
    expect((await as.distributor.get(`${SHEET}/CR999999999`)).statusCode).toBe(404);
    const malformed = await as.distributor.get(`${SHEET}/cr%00123`);
    expect(malformed.statusCode).toBe(400);
    expect((await as.distributor.get(`${SHEET}/${code}?lang=xx`)).statusCode).toBe(400);
    expect((await t.agent().get(`${SHEET}/${code}`)).statusCode).toBe(401);
  });

  it('names a creation’s files in a zip by the creation’s name (issue 34 §3), read by unzip', async () => {
    const line = project.products.find((product) => product.type === 'CREATION')!;
    const started = await as.distributor.request('POST', '/api/documents/v1/docs-web?lang=en&catalogId=16', {
      docs: [{ type: 'creationSpecSheet', subType: 'creation', language: 'en', params: { model: line.model, productType: 'CREATION', projectId: project.id, productId: line._id } }],
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<Download>().id;
    let ready: Download | undefined;
    await expect
      .poll(async () => {
        ready = (await as.distributor.get(`/api/documents/v1/downloads/${id}`)).json<Download>();
        return ready.status;
      }, { timeout: 30_000 })
      .toBe('ready');
    const zip = await as.distributor.get(ready!.zipUrl!);
    expect(zip.statusCode).toBe(200);
    const work = mkdtempSync(join(tmpdir(), 'lumen-creation-zip-'));
    try {
      const file = join(work, 'creation.zip');
      writeFileSync(file, zip.rawPayload);
      const listing = execFileSync('unzip', ['-l', file]).toString();
      expect(listing).toContain(' 5520-composition-creation-spec-sheet-en.pdf');
      expect(listing).not.toContain(code);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
