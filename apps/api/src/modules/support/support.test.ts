import { randomUUID } from 'node:crypto';
import type { SupportRequestCreated, SupportType } from '@lumen/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testClock, type Agent, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { uploadTemp } from '../../../test/uploads';
import { supportRequestFiles, supportRequests, uploadedFiles } from '../../db/schema';
import { SUPPORT_PER_VISITOR_IP } from './support.service';
import { SUPPORT_TYPES, supportTypesFor } from './support-types';

const TYPES = '/api/support/v1/support-types';
const REQUEST = '/api/support/v1/support-request';

describe('support subjects by role', () => {
  it('offers visitors their subjects only, and never widens an account by the roles it names', () => {
    const visitor = supportTypesFor(null).map((type) => type.code);
    expect(visitor).toContain('qualification');
    expect(visitor).not.toContain('invoices');
    const distributor = supportTypesFor([3]).map((type) => type.code);
    expect(distributor).toEqual(expect.arrayContaining(['invoices', 'orders-delivery', 'prices-quotes']));
    expect(distributor).not.toContain('qualification');
    // A web user naming the distributor role still gets the web user's subjects, and nothing when it names no role of its own.
    expect(supportTypesFor([1], [3])).toEqual([]);
    expect(supportTypesFor([1], [1]).map((type) => type.code)).not.toContain('invoices');
  });

  it('names every subject in all six languages', () => {
    for (const type of SUPPORT_TYPES) for (const name of Object.values(type.names)) expect(name.trim().length, type.code).toBeGreaterThan(3);
  });
});

describeWithDb('support (GET support-types, POST support-request)', () => {
  let t: TestApp;
  let distributor: Agent;
  let webUser: Agent;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    distributor = t.agent();
    await distributor.login('distributor@demo.example');
    webUser = t.agent();
    await webUser.login('webuser@demo.example');
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (agent: Agent, entity = 'support-request') => uploadTemp(agent, entity);
  const requestRows = async () => (await t.database.db.select({ n: sql<number>`count(*)` }).from(supportRequests))[0]?.n ?? 0;

  it('answers the subjects of the caller’s roles in the asked language', async () => {
    const visitor = await t.agent().get(`${TYPES}?catalogId=16&lang=de`);
    expect(visitor.statusCode).toBe(200);
    const visitorTypes = visitor.json<SupportType[]>();
    expect(visitorTypes.find((type) => type.code === 'qualification')?.name).toBe('Als Fachpartner registrieren');
    expect(visitorTypes.some((type) => type.code === 'invoices')).toBe(false);

    const own = (await distributor.get(`${TYPES}?catalogId=16&lang=es`)).json<SupportType[]>();
    expect(own.find((type) => type.code === 'invoices')?.name).toBe('Facturas y pagos');
    // roleIds narrows, never widens: a web user asking for distributor subjects gets none.
    expect((await webUser.get(`${TYPES}?catalogId=16&lang=en&roleIds=3`)).json()).toEqual([]);
    expect((await webUser.get(`${TYPES}?catalogId=16&lang=en&roleIds=1,3`)).json<SupportType[]>().length).toBeGreaterThan(0);
    const bad = await webUser.get(`${TYPES}?catalogId=16&lang=en&roleIds=1;drop`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: [{ path: 'querystring.roleIds' }] });
  });

  it('stores an account’s request with its files in one go, mails the desk and acknowledges in the request’s language', async () => {
    const file = await upload(distributor);
    const sentBefore = t.mailer.messages.length;
    const response = await distributor.post(REQUEST, { catalogId: 16, lang: 'fr', typeId: 9, message: 'Facture F-2026-001 : montant "R&D" erroné ?', files: [file.id], contact: { phone: '+34 600 000 000' } });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<SupportRequestCreated>();
    expect(created.status).toBe('received');
    const [row] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, created.id));
    expect(row).toMatchObject({ kind: 'support', typeCode: 'invoices', contactEmail: 'distributor@demo.example', contactName: 'Diego Norte', contactPhone: '+34 600 000 000', lang: 'fr' });
    expect(await t.database.db.select().from(supportRequestFiles).where(eq(supportRequestFiles.requestId, created.id))).toEqual([{ requestId: created.id, fileId: file.id, position: 0 }]);
    expect((await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, file.id)))[0]?.attachedAt).not.toBeNull();

    await vi.waitFor(() => expect(t.mailer.messages.length).toBe(sentBefore + 2), { timeout: 15_000 });
    const mails = t.mailer.messages.slice(sentBefore);
    const desk = mails.find((mail) => mail.to === t.config.supportEmail);
    expect(desk?.subject).toBe(`Support request #${created.id}: Invoices and payments`);
    expect(desk?.replyTo).toBe('distributor@demo.example');
    expect(desk?.text).toContain('plano.pdf');
    expect(desk?.html).toContain('montant &quot;R&amp;D&quot; erroné');
    const ack = mails.find((mail) => mail.to === 'distributor@demo.example');
    expect(ack?.subject).toBe(`Lumen Pro : nous avons bien reçu votre demande n° ${created.id}`);
    expect(ack?.text).toContain('Factures et paiements');
  });

  it('replays a retried request with the same Idempotency-Key instead of storing it twice', async () => {
    const body = { catalogId: 16, lang: 'en', typeId: 1, message: 'Is the Skan available in black?' };
    const key = `support-${randomUUID()}`;
    const first = await webUser.post(REQUEST, body, { 'idempotency-key': key });
    const before = await requestRows();
    const again = await webUser.post(REQUEST, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await requestRows()).toBe(before);
  });

  it('takes a visitor’s request with a contact, once for an identical resubmission, within a per-address limit', async () => {
    const visitor = t.agent();
    const noContact = await visitor.post(REQUEST, { catalogId: 16, lang: 'es', typeId: 5, message: 'Soy arquitecta, ¿cómo me registro?' });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json()).toMatchObject({ fields: [{ path: 'body.contact.name' }, { path: 'body.contact.email' }] });

    const body = { catalogId: 16, lang: 'es', typeId: 5, message: 'Soy arquitecta, ¿cómo me registro?', contact: { name: 'Lucía Gómez', email: 'Lucia@Example.com' }, files: [(await upload(visitor)).id] };
    const first = await visitor.post(REQUEST, body);
    expect(first.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, first.json<SupportRequestCreated>().id));
    expect(row).toMatchObject({ requesterUserId: null, contactEmail: 'lucia@example.com' });
    // The same request again (a double click, a retry): the first one, no second row, no second file use.
    const before = await requestRows();
    const again = await visitor.post(REQUEST, { ...body, files: [] });
    expect(again.json<SupportRequestCreated>().id).toBe(first.json<SupportRequestCreated>().id);
    expect(await requestRows()).toBe(before);

    // A subject visitors are not offered is refused.
    const invoices = await visitor.post(REQUEST, { ...body, typeId: 9, files: [] });
    expect(invoices.statusCode).toBe(400);
    expect(invoices.json()).toMatchObject({ fields: [{ path: 'body.typeId' }] });

    for (let i = 1; i < SUPPORT_PER_VISITOR_IP.limit; i += 1) {
      expect((await visitor.post(REQUEST, { ...body, message: `Pregunta ${i}`, files: [], contact: { name: 'Lucía Gómez', email: `l${i}@example.com` } })).statusCode).toBe(201);
    }
    const limited = await visitor.post(REQUEST, { ...body, message: 'Una más', files: [], contact: { name: 'Lucía Gómez', email: 'l99@example.com' } });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses what it must with the field at fault and stores nothing', async () => {
    const before = await requestRows();
    const cases: Array<[unknown, number, string]> = [
      [{ catalogId: 16, lang: 'en', typeId: 1, message: '' }, 400, 'body.message'],
      [{ catalogId: 16, lang: 'en', typeId: 1, message: 'x'.repeat(4001) }, 400, 'body.message'],
      [{ catalogId: 16, lang: 'en', typeId: 1, message: 'bell \u0007' }, 400, 'body.message'],
      [{ catalogId: 16, lang: 'en', typeId: 1, message: 'See <script>alert(1)</script>' }, 400, 'body.message'],
      [{ catalogId: 17, lang: 'en', typeId: 1, message: 'Hello' }, 400, 'body.catalogId'],
      [{ catalogId: 16, lang: 'en', typeId: 2147483648, message: 'Hello' }, 400, 'body.typeId'],
      [{ catalogId: 16, lang: 'en', typeId: 1, message: 'Hello', files: ['not-an-id'] }, 400, 'body.files.0'],
      [{ catalogId: 16, lang: 'en', typeId: 1, message: 'Hello', files: [randomUUID()] }, 400, 'body.files.0'],
    ];
    for (const [body, status, path] of cases) {
      const response = await distributor.post(REQUEST, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json<{ fields?: Array<{ path: string }> }>().fields?.map((field) => field.path)).toContain(path);
    }
    // A file uploaded for a budget request, or by someone else, cannot be attached here.
    const budgetFile = await upload(distributor, 'project-budget');
    const othersFile = await upload(webUser);
    for (const id of [budgetFile.id, othersFile.id]) {
      const response = await distributor.post(REQUEST, { catalogId: 16, lang: 'en', typeId: 1, message: 'Hello', files: [id] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: [{ path: 'body.files.0' }] });
    }
    expect(await requestRows()).toBe(before);
  });
});
