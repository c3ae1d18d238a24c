import { type Account, AuditPage } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { AUDIT_SYSTEM, recordAudit } from '../../lib/audit';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, describeWithDb } from '../../../test/test-db';
import { createProject, type DemoRole, loginAll, P1 } from '../projects/projects.test-support';

const TRAIL = '/api/users/v1/audit';
const history = (userId: number) => `/api/users/v1/users/${userId}/history`;

describeWithDb('audit trail: calls (issue 17 §3)', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  const ids = {} as Record<DemoRole, number>;

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
    for (const role of Object.keys(as) as DemoRole[]) ids[role] = (await as[role].get('/api/users/v1/account')).json<Account>().id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it("keeps a project's history: creation, rename, lines added, changed and removed; newest first", async () => {
    const distributor = as.distributor;
    const project = await createProject(distributor, { name: 'History project', references: ['552010/02_10'] });
    expect((await distributor.put(`${P1}/${project.id}`, { name: 'History project 2' })).statusCode).toBe(200);
    const added = await distributor.post(`${P1}/${project.id}/products`, [{ type: 'REGULAR', referenceCode: '746005/M3_31', quantity: 2 }]);
    expect(added.statusCode, added.body).toBe(201);
    const lineId = added.json<{ products: Array<{ _id: string }> }>().products[0]?._id ?? '';
    expect((await distributor.put(`${P1}/${project.id}/products/${lineId}`, { quantity: 5 })).statusCode).toBe(200);
    expect((await distributor.request('DELETE', `${P1}/${project.id}/products/${lineId}`)).statusCode).toBe(200);
    const page = AuditPage.parse((await distributor.get(`${P1}/${project.id}/history?limit=50`)).json());
    const steps = page.items.map((item) => `${item.entity}:${item.action}`).reverse();
    expect(steps).toEqual(['project:create', 'project_line:create', 'project:rename', 'project_line:create', 'project_line:update', 'project_line:delete']);
    expect(page.items.every((item) => item.actor.name === 'Diego Norte' && item.onBehalfOf === null)).toBe(true);
    const update = page.items.find((item) => item.action === 'update');
    expect(update).toMatchObject({ entityId: lineId, before: { quantity: 2 }, after: { quantity: 5 } });
    // Paged: the total stays, the page holds the limit.
    const second = AuditPage.parse((await distributor.get(`${P1}/${project.id}/history?limit=2&page=2`)).json());
    expect(second).toMatchObject({ page: 2, limit: 2, total: 6 });
    expect(second.items.map((item) => item.id)).toEqual(page.items.slice(2, 4).map((item) => item.id));
  });

  it("answers 404 for another company's project history, 401 without a session, 400 for bad paging", async () => {
    const project = await createProject(as.distributor, { name: 'Private history' });
    expect((await as.distributor2.get(`${P1}/${project.id}/history`)).statusCode).toBe(404);
    expect((await as.specifier.get(`${P1}/${project.id}/history`)).statusCode).toBe(404);
    expect((await t.agent().get(`${P1}/${project.id}/history`)).statusCode).toBe(401);
    // The sales user looks after the distributor's company; the admin sees all.
    expect((await as.sales.get(`${P1}/${project.id}/history`)).statusCode).toBe(200);
    expect((await as.admin.get(`${P1}/${project.id}/history`)).statusCode).toBe(200);
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
      const bad = await as.distributor.get(`${P1}/${project.id}/history?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it("reads a user's history for their company's manager (company.manage.user) and admins; 404 across companies, 403 without the privilege", async () => {
    await recordAudit(t.database.db, {
      actor: { id: ids.distributor, name: 'Diego Norte', email: 'distributor@demo.example' },
      onBehalfOf: null,
      entity: 'privileges',
      entityId: ids.distributor,
      action: 'update',
      before: { privileges: ['project.view'] },
      after: { privileges: ['project.view', 'order.add'] },
      companyId: null,
    });
    const own = AuditPage.parse((await as.distributor.get(history(ids.distributor))).json());
    expect(own.items.some((item) => item.entity === 'privileges')).toBe(true);
    expect((await as.admin.get(history(ids.distributor))).statusCode).toBe(200);
    expect((await as.distributor2.get(history(ids.distributor))).statusCode).toBe(404);
    expect((await as.distributor.get(history(ids.sales))).statusCode).toBe(404);
    expect((await as.distributor.get(history(999_999))).statusCode).toBe(404);
    for (const role of ['specifier', 'webuser', 'sales', 'importer', 'apiuser'] as const) {
      expect((await as[role].get(history(ids.distributor))).statusCode, role).toBe(403);
    }
  });

  it('gives admins the full trail with filters (actor, entity, entity id, days), paged; 403 for everyone else', async () => {
    const project = await createProject(as.distributor2, { name: 'Trail project' });
    const all = AuditPage.parse((await as.admin.get(`${TRAIL}?limit=100`)).json());
    expect(all.total).toBeGreaterThan(0);
    const byActor = AuditPage.parse((await as.admin.get(`${TRAIL}?actor=${ids.distributor2}&limit=100`)).json());
    expect(byActor.items.length).toBeGreaterThan(0);
    expect(byActor.items.every((item) => item.actor.id === ids.distributor2 || item.onBehalfOf?.id === ids.distributor2)).toBe(true);
    const byEntity = AuditPage.parse((await as.admin.get(`${TRAIL}?entity=project&entityId=${project.id}`)).json());
    expect(byEntity.items.map((item) => item.action)).toEqual(['create']);
    const today = new Date().toISOString().slice(0, 10);
    expect(AuditPage.parse((await as.admin.get(`${TRAIL}?from=${today}&to=${today}&entity=project&entityId=${project.id}`)).json()).total).toBe(1);
    expect(AuditPage.parse((await as.admin.get(`${TRAIL}?to=2000-01-01`)).json()).total).toBe(0);
    for (const query of ['entity=invoice', 'from=2026-13-01', 'from=2026-05-02&to=2026-05-01', 'actor=-1', 'limit=1000']) {
      const bad = await as.admin.get(`${TRAIL}?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    for (const role of ['distributor', 'distributor2', 'specifier', 'webuser', 'sales', 'importer', 'apiuser'] as const) {
      expect((await as[role].get(TRAIL)).statusCode, role).toBe(403);
    }
  });

  it('records a flag change from the backoffice with before and after', async () => {
    const flags = await as.admin.get('/api/masters/v1/flags');
    const flag = flags.json<{ flags: Array<{ key: string; description: string; defaultValue: boolean; rollout: Record<string, number | null>; emailToggles: unknown[] }> }>().flags.find((item) => item.key === 'composeUrlPreview');
    if (!flag) throw new Error('no flag');
    const saved = await as.admin.put('/api/masters/v1/flags/composeUrlPreview', { description: flag.description, defaultValue: !flag.defaultValue, rollout: flag.rollout, emailToggles: flag.emailToggles });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = AuditPage.parse((await as.admin.get(`${TRAIL}?entity=flag&entityId=composeUrlPreview`)).json());
    expect(page.items[0]).toMatchObject({ actor: { name: 'Ada Admin' }, action: 'update', before: { defaultValue: flag.defaultValue }, after: { defaultValue: !flag.defaultValue } });
  });

  it('refuses UPDATE and DELETE of trail rows in the database, even for the app', async () => {
    await expect(t.database.db.update(auditEvents).set({ actorName: 'forged' })).rejects.toThrow();
    await expect(t.database.db.delete(auditEvents)).rejects.toThrow();
    expect((await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorName, 'forged'))).length).toBe(0);
    // A user's account row is not the trail: it stays writable.
    await t.database.db.update(users).set({ name: 'Diego Norte' }).where(eq(users.id, ids.distributor));
  });
});

describeWithDb('audit trail: retention purge job', () => {
  let database: Database;
  let t: TestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes rows older than AUDIT_RETENTION_DAYS through the job queue at start, keeps the younger ones', async () => {
    const now = Date.now();
    await recordAudit(database.db, { ...AUDIT_SYSTEM, entity: 'flag', entityId: 'old', action: 'update', before: { a: 1 }, after: { a: 2 }, at: new Date(now - 40 * 86_400_000) });
    await recordAudit(database.db, { ...AUDIT_SYSTEM, entity: 'flag', entityId: 'young', action: 'update', before: { a: 1 }, after: { a: 2 }, at: new Date(now - 20 * 86_400_000) });
    t = await createTestApp({ database, env: { AUDIT_RETENTION_DAYS: '30' } });
    const deadline = Date.now() + 20_000;
    let left: string[] = [];
    while (Date.now() < deadline) {
      left = (await database.db.select({ id: auditEvents.entityId }).from(auditEvents)).map((row) => row.id);
      if (!left.includes('old')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(left).toEqual(['young']);
  }, 60_000);

  it('refuses a retention that is not a whole number of days', async () => {
    await expect(createTestApp({ database, env: { AUDIT_RETENTION_DAYS: '0' } })).rejects.toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
