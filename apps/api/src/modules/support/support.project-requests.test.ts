import { randomUUID } from 'node:crypto';
import type { BudgetRequestInfo, Project, ProjectRegistrationInfo, SupportRequestCreated } from '@lumen/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, testClock, type Agent, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { uploadTemp } from '../../../test/uploads';
import { projects, supportRequests } from '../../db/schema';

const P1 = '/api/projects/v1/projects';
const BUDGET_V1 = '/api/support/v1/support-request/project-budget';
const BUDGET_APIV2 = '/api/apiv2/support-request/project-budget';
const BUDGET_USA = '/api/support/v1/support-request/project-budget-usa';
const REGISTRATION = '/api/support/v1/support-request/project-registration-usa';
const INFO = '/api/support/v1/support-request/info-project-budget';
const REGISTRATION_INFO = '/api/support/v1/support-request/project-registration';
const USA_REFERENCE = '5664-23/33_50';

/** Issue 11 §3–§4: budget requests, the United States quote request and project registration. */
describeWithDb('project requests (budget, US quote, US registration)', () => {
  let t: TestApp;
  let distributor: Agent;
  let distributor2: Agent;
  let webUser: Agent;
  let importer: Agent;
  let sales: Agent;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    [distributor, distributor2, webUser, importer, sales] = [t.agent(), t.agent(), t.agent(), t.agent(), t.agent()];
    await distributor.login('distributor@demo.example');
    await distributor2.login('distributor2@demo.example');
    await webUser.login('webuser@demo.example');
    await importer.login('importer@demo.example');
    await sales.login('sales@demo.example');
  });
  afterAll(async () => {
    await t.close();
  });

  const newProject = async (agent: Agent, catalogId: 16 | 21 = 16, products: unknown[] = [{ referenceCode: '552010/02_10', quantity: 3 }, { referenceCode: '746005/M3_31' }]) => {
    const response = await agent.post(P1, { name: `Hotel lobby ${randomUUID().slice(0, 8)}`, catalogId, products });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Project>();
  };
  const upload = (agent: Agent, entity: string) => uploadTemp(agent, entity);
  const requestCount = async () => Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(supportRequests))[0]?.n ?? 0);
  const site = { country: 'ES', region: '56', city: 'Barcelona' };

  it('stores a budget request with the project as it was sent, renames it in the same go, and reads it back', async () => {
    const project = await newProject(distributor);
    const files = [await upload(distributor, 'project-budget'), await upload(distributor, 'project-budget')];
    const sent = t.mailer.messages.length;
    const response = await distributor.post(BUDGET_V1, {
      siteLocation: site,
      catalogId: 16,
      lang: 'es',
      description: 'Hotel de 120 habitaciones; necesitamos precio antes del viernes.',
      files: files.map((file) => file.id),
      project: project.id,
      changeProjectName: 'Hotel Regis (lobby)',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<SupportRequestCreated>();
    expect((await t.database.db.select().from(projects).where(eq(projects.id, project.id)))[0]?.name).toBe('Hotel Regis (lobby)');

    // Later edits of the project do not change what was asked.
    await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: '577010/02_10', quantity: 9 }]);
    const info = await distributor.get(`${INFO}/${id}?lang=es&catalogId=16`);
    expect(info.statusCode).toBe(200);
    const body = info.json<BudgetRequestInfo>();
    expect(body).toMatchObject({ id, kind: 'project-budget', status: 'received', siteLocation: site, description: 'Hotel de 120 habitaciones; necesitamos precio antes del viernes.' });
    expect(body.project).toMatchObject({ id: project.id, name: 'Hotel Regis (lobby)', catalogId: 16 });
    expect(body.project.lines.map((line) => [line.referenceCode, line.quantity])).toEqual([
      ['552010/02_10', 3],
      ['746005/M3_31', 1],
    ]);
    expect(body.files.map((file) => file.id)).toEqual(files.map((file) => file.id));

    await vi.waitFor(() => expect(t.mailer.messages.length).toBe(sent + 2), { timeout: 15_000 });
    const desk = t.mailer.messages.slice(sent).find((mail) => mail.to === t.config.supportEmail);
    expect(desk?.subject).toBe(`Support request #${id}: Budget request`);
    expect(desk?.text).toContain('3 × 552010/02_10');
    expect(desk?.text).toContain('Barcelona, 56, ES');
    const ack = t.mailer.messages.slice(sent).find((mail) => mail.to === 'distributor@demo.example');
    expect(ack?.text).toContain('Solicitud de presupuesto');
  });

  it('serves the same operation at the apiv2 path, replays a retry with its Idempotency-Key', async () => {
    const project = await newProject(distributor);
    const body = { siteLocation: site, catalogId: 16, lang: 'en', description: 'Offices, two floors', project: project.id };
    const key = `budget-${randomUUID()}`;
    const first = await distributor.post(BUDGET_APIV2, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const before = await requestCount();
    const again = await distributor.post(BUDGET_APIV2, body, { 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await requestCount()).toBe(before);
  });

  it('lets only whom it must: privilege, another company’s project, the request’s readers', async () => {
    const project = await newProject(distributor);
    const body = { siteLocation: site, catalogId: 16, lang: 'en', description: 'Shop window', project: project.id };
    const before = await requestCount();
    // A web user holds no budget.request.
    expect((await webUser.post(BUDGET_V1, body)).statusCode).toBe(403);
    // Another company's distributor does not see the project: 404, nothing stored.
    expect((await distributor2.post(BUDGET_V1, body)).statusCode).toBe(404);
    expect(await requestCount()).toBe(before);

    const { id } = (await distributor.post(BUDGET_V1, body)).json<SupportRequestCreated>();
    expect((await distributor2.get(`${INFO}/${id}`)).statusCode).toBe(404);
    expect((await webUser.get(`${INFO}/${id}`)).statusCode).toBe(404);
    // The desk of the catalogue reads it.
    expect((await sales.get(`${INFO}/${id}`)).statusCode).toBe(200);
    expect((await t.agent().get(`${INFO}/${id}`)).statusCode).toBe(401);
  });

  it('refuses bad input with the field at fault and leaves the project and the files as they were', async () => {
    const project = await newProject(distributor);
    const file = await upload(distributor, 'project-budget');
    const supportFile = await upload(distributor, 'support-request');
    const valid = { siteLocation: site, catalogId: 16, lang: 'en', description: 'Lobby', project: project.id, files: [file.id] };
    const before = await requestCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, description: '' }, 'body.description'],
      [{ ...valid, siteLocation: { country: 'Spain' } }, 'body.siteLocation.country'],
      [{ ...valid, catalogId: 21 }, 'body.catalogId'],
      [{ ...valid, changeProjectName: 'x'.repeat(51) }, 'body.changeProjectName'],
      [{ ...valid, changeProjectName: '<script>' }, 'body.changeProjectName'],
      [{ ...valid, files: [supportFile.id] }, 'body.files.0'],
      [{ ...valid, project: 2147483648 }, 'body.project'],
    ];
    for (const [body, path] of cases) {
      const response = await distributor.post(BUDGET_V1, body);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      expect(response.json<{ fields?: Array<{ path: string }> }>().fields?.map((field) => field.path)).toContain(path);
    }
    const empty = await newProject(distributor, 16, []);
    const emptyAnswer = await distributor.post(BUDGET_V1, { ...valid, project: empty.id, files: [] });
    expect(emptyAnswer.json()).toMatchObject({ fields: [{ path: 'body.project' }] });
    expect(await requestCount()).toBe(before);
    expect((await t.database.db.select().from(projects).where(eq(projects.id, project.id)))[0]?.name).toBe(project.name);
    // The file was not used by the failed attempts: a valid request still attaches it.
    expect((await distributor.post(BUDGET_V1, valid)).statusCode).toBe(201);
  });

  it('takes a United States quote request for a catalogue-21 project only', async () => {
    const project = await newProject(importer, 21, [{ referenceCode: USA_REFERENCE, quantity: 4 }]);
    const usSite = { country: 'US', region: 'CA', city: 'San Francisco' };
    const response = await importer.post(BUDGET_USA, { siteLocation: usSite, catalogId: 21, lang: 'us', project: project.id });
    expect(response.statusCode, response.body).toBe(201);
    const info = (await importer.get(`${INFO}/${response.json<SupportRequestCreated>().id}`)).json<BudgetRequestInfo>();
    expect(info).toMatchObject({ kind: 'project-budget-usa', siteLocation: usSite });
    expect(info.project.lines[0]).toMatchObject({ referenceCode: USA_REFERENCE, quantity: 4 });
    const international = await newProject(distributor);
    expect((await distributor.post(BUDGET_USA, { siteLocation: usSite, catalogId: 16, lang: 'en', project: international.id })).statusCode).toBe(400);
  });

  it('registers a United States project, reads back the latest registration, and registers again', async () => {
    const project = await newProject(importer, 21, [{ referenceCode: USA_REFERENCE, quantity: 12 }]);
    const registration = {
      catalogId: 21,
      lang: 'us',
      project: project.id,
      siteLocation: { country: 'US', region: 'NY', city: 'New York' },
      specifier: { name: 'Maya Chen', email: 'Maya.Chen@Studio.example', company: 'Chen Lighting Design' },
      stage: 'bidding',
      expectedBidDate: '2027-01-15',
      expectedOrderDate: '2027-02-01',
      expectedInstallationDate: '2027-05-01',
      competitors: 'Brand X, Brand Y',
    };
    const first = await importer.post(REGISTRATION, registration);
    expect(first.statusCode, first.body).toBe(201);
    const read = await importer.get(`${REGISTRATION_INFO}/${project.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<ProjectRegistrationInfo>()).toMatchObject({ id: first.json<SupportRequestCreated>().id, stage: 'bidding', specifier: { email: 'maya.chen@studio.example' }, expectedOrderDate: '2027-02-01' });

    // Registering again (after the web's reset) makes a new registration, the one read back.
    const second = await importer.post(REGISTRATION, { ...registration, stage: 'awarded' });
    expect((await importer.get(`${REGISTRATION_INFO}/${project.id}`)).json<ProjectRegistrationInfo>()).toMatchObject({ id: second.json<SupportRequestCreated>().id, stage: 'awarded' });

    // Dates out of order, a distributor without project.registration, a project without registration.
    const wrongOrder = await importer.post(REGISTRATION, { ...registration, expectedInstallationDate: '2027-01-01' });
    expect(wrongOrder.json()).toMatchObject({ fields: [{ path: 'body.expectedInstallationDate' }] });
    expect((await distributor.post(REGISTRATION, registration)).statusCode).toBe(403);
    const other = await newProject(importer, 21, [{ referenceCode: USA_REFERENCE }]);
    expect((await importer.get(`${REGISTRATION_INFO}/${other.id}`)).statusCode).toBe(404);
  });
});
