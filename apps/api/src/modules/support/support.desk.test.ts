import { parse as parseDisposition } from 'content-disposition';
import { randomUUID } from 'node:crypto';
import type { RequestDetail, RequestMessage, RequestPage, RequestSummary, SupportRequestCreated } from '@lumen/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, testClock, type Agent, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { PDF, uploadTemp } from '../../../test/uploads';

const REQUEST = '/api/support/v1/support-request';
const DESK = '/api/support/v1/desk/requests';
const MINE = '/api/support/v1/my-requests';

/** Issue 11 §5: the desk that answers, and the requester who reads the answer. */
describeWithDb('the support desk', () => {
  let t: TestApp;
  let sales: Agent;
  let admin: Agent;
  let importer: Agent;
  let distributor: Agent;
  let distributor2: Agent;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    [sales, admin, importer, distributor, distributor2] = [t.agent(), t.agent(), t.agent(), t.agent(), t.agent()];
    await sales.login('sales@demo.example');
    await admin.login('admin@demo.example');
    await importer.login('importer@demo.example');
    await distributor.login('distributor@demo.example');
    await distributor2.login('distributor2@demo.example');
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (agent: Agent, name: string) => uploadTemp(agent, 'support-request', name);
  const ask = async (agent: Agent, catalogId: 16 | 21, message: string, files: string[] = []) => {
    const response = await agent.post(REQUEST, { catalogId, lang: catalogId === 21 ? 'us' : 'es', typeId: 1, message, files });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SupportRequestCreated>().id;
  };

  it('shows sales staff their catalogue’s requests, admins every one, and nobody else the inbox', async () => {
    const international = await ask(distributor, 16, `Stock del Skan ${randomUUID()}`);
    const american = await ask(importer, 21, `Lead time for 5664 ${randomUUID()}`);

    const salesPage = (await sales.get(`${DESK}?limit=100&lang=en`)).json<RequestPage>();
    expect(salesPage.items.map((item) => item.id)).toContain(international);
    expect(salesPage.items.map((item) => item.id)).not.toContain(american);
    expect(salesPage.items.find((item) => item.id === international)).toMatchObject({ status: 'received', subject: 'Product information', contactEmail: 'distributor@demo.example' });
    expect((await sales.get(`${DESK}/${american}`)).statusCode).toBe(404);

    const adminIds = (await admin.get(`${DESK}?limit=100`)).json<RequestPage>().items.map((item) => item.id);
    expect(adminIds).toEqual(expect.arrayContaining([international, american]));

    expect((await distributor.get(DESK)).statusCode).toBe(403);
    expect((await distributor.get(`${DESK}/${international}`)).statusCode).toBe(403);
    expect((await t.agent().get(DESK)).statusCode).toBe(401);
  });

  it('filters by status, kind and text (a number, a name, words of the message), and pages', async () => {
    const marker = `lámpara-${randomUUID().slice(0, 8)}`;
    const id = await ask(distributor, 16, `Busco una ${marker} para un pasillo`);
    const byText = (await sales.get(`${DESK}?search=${encodeURIComponent(marker.toUpperCase())}`)).json<RequestPage>();
    expect(byText.items.map((item) => item.id)).toEqual([id]);
    expect((await sales.get(`${DESK}?search=%23${id}`)).json<RequestPage>().items.map((item) => item.id)).toContain(id);
    expect((await sales.get(`${DESK}?search=Diego&kind=support&status=received`)).json<RequestPage>().items.every((item) => item.contactName === 'Diego Norte')).toBe(true);
    // A LIKE wildcard is text, not a pattern.
    expect((await sales.get(`${DESK}?search=%25`)).json<RequestPage>().items).toEqual([]);
    const page = (await sales.get(`${DESK}?limit=1&page=2`)).json<RequestPage>();
    expect(page).toMatchObject({ page: 2, limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    for (const bad of ['status=open', 'kind=order', 'limit=0', 'limit=101', 'page=0', `search=${'x'.repeat(101)}`, 'search=%00']) {
      expect((await sales.get(`${DESK}?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('answers a request: stored, the request answered, the requester mailed in their language and shown the reply', async () => {
    const file = await upload(distributor, 'planta baja.pdf');
    const id = await ask(distributor, 16, 'Necesito el IES del Skan', [file.id]);
    const detail = (await sales.get(`${DESK}/${id}?lang=en`)).json<RequestDetail>();
    expect(detail).toMatchObject({ id, message: 'Necesito el IES del Skan', lang: 'es', attachments: [{ id: file.id, name: 'planta baja.pdf' }], messages: [] });

    // The desk downloads the attachment, as it was sent.
    const download = await sales.get(`/api/support/v1/requests/${id}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(parseDisposition(String(download.headers['content-disposition']))).toMatchObject({ type: 'attachment', parameters: { filename: 'planta baja.pdf' } });
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await distributor2.get(`/api/support/v1/requests/${id}/files/${file.id}`)).statusCode).toBe(404);

    const sent = t.mailer.messages.length;
    const reply = await sales.post(`${DESK}/${id}/replies`, { message: 'Te lo adjunto en el área de descargas: "IES & LDT".' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<RequestMessage>()).toMatchObject({ authorName: 'Samuel Ventas' });
    await vi.waitFor(() => expect(t.mailer.messages.length).toBe(sent + 1), { timeout: 15_000 });
    const mail = t.mailer.messages[sent];
    expect(mail).toMatchObject({ to: 'distributor@demo.example', subject: `Lumen Pro: respuesta a tu solicitud n.º ${id}` });
    expect(mail?.text).toContain('Samuel Ventas ha respondido');
    expect(mail?.html).toContain('&quot;IES &amp; LDT&quot;');

    // The requester sees the status and the reply; nobody else does.
    const mine = (await distributor.get(MINE)).json<RequestSummary[]>();
    expect(mine.find((item) => item.id === id)).toMatchObject({ status: 'answered', replies: 1, files: 1 });
    const own = (await distributor.get(`${MINE}/${id}`)).json<RequestDetail>();
    expect(own.messages.map((message) => message.body)).toEqual(['Te lo adjunto en el área de descargas: "IES & LDT".']);
    expect((await distributor2.get(`${MINE}/${id}`)).statusCode).toBe(404);
    expect((await distributor2.get(MINE)).json<RequestSummary[]>().some((item) => item.id === id)).toBe(false);
  });

  it('moves a request through its statuses, only for the desk of its catalogue', async () => {
    const id = await ask(distributor, 16, 'Consulta de estado');
    const progress = await sales.patch(`${DESK}/${id}`, { status: 'in_progress' });
    expect(progress.statusCode).toBe(200);
    expect(progress.json<RequestDetail>().status).toBe('in_progress');
    expect((await sales.patch(`${DESK}/${id}`, { status: 'closed' })).json<RequestDetail>().status).toBe('closed');
    // Reopened by a reply.
    await sales.post(`${DESK}/${id}/replies`, { message: 'Lo reabrimos.' });
    expect((await distributor.get(`${MINE}/${id}`)).json<RequestDetail>().status).toBe('answered');

    expect((await sales.patch(`${DESK}/${id}`, { status: 'received' })).statusCode).toBe(400);
    expect((await distributor.patch(`${DESK}/${id}`, { status: 'closed' })).statusCode).toBe(403);
    const american = await ask(importer, 21, 'US question');
    expect((await sales.patch(`${DESK}/${american}`, { status: 'closed' })).statusCode).toBe(404);
    expect((await sales.post(`${DESK}/${american}/replies`, { message: 'Hi' })).statusCode).toBe(404);
    expect((await sales.post(`${DESK}/${id}/replies`, { message: '' })).statusCode).toBe(400);
  });
});
