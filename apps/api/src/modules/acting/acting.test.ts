import { ActingCandidatesPage, ActingState, ActingStopResult, AuditPage, type Account } from '@lumen/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { createProject, P1 } from '../projects/projects.test-support';

const ACTING = '/api/users/v1/auth/acting';
const ACCOUNT = '/api/users/v1/account';

async function userIdOf(t: TestApp, email: string): Promise<number> {
  const agent = t.agent();
  return (await agent.login(email)).id;
}

async function loggedIn(t: TestApp, email: string): Promise<Agent> {
  const agent = t.agent();
  await agent.login(email);
  return agent;
}

describeWithDb('acting as a customer (issue 17 §3)', () => {
  let t: TestApp;
  let newpro: TestApp;
  const ids = {} as Record<'distributor' | 'distributor2' | 'specifier' | 'sales' | 'admin' | 'webuser' | 'importer', number>;

  beforeAll(async () => {
    t = await createTestApp();
    // NEWPRO's table holds impersonationWithoutLogout at 0: starting to act logs the staff member out.
    newpro = await createTestApp({ env: { FLAGS_ENV: 'NEWPRO' }, database: t.database });
    for (const role of Object.keys({ distributor: 0, distributor2: 0, specifier: 0, sales: 0, admin: 0, webuser: 0, importer: 0 }) as Array<keyof typeof ids>) {
      ids[role] = await userIdOf(t, `${role}@demo.example`);
    }
  }, 60_000);
  afterAll(async () => {
    await newpro.close();
    await t.close();
  });

  it('lets a sales user act for a customer of an assigned company, runs the app as that user, and returns to their own session', async () => {
    const sales = await loggedIn(t, 'sales@demo.example');
    const ownRefresh = sales.cookies.get('refreshToken');
    const started = await sales.post(ACTING, { userId: ids.distributor });
    expect(started.statusCode).toBe(200);
    expect(ActingState.parse(started.json()).acting).toMatchObject({ actor: { id: ids.sales, name: 'Samuel Ventas' }, subject: { id: ids.distributor, name: 'Diego Norte' }, returnsToOwnSession: true });
    expect(sales.cookies.get('actorRefreshToken')).toBe(ownRefresh);
    expect(sales.cookies.get('acting')).toBe('1');
    // The whole app as the distributor: the account, the privileges (order.add, which sales lacks).
    const account = (await sales.get(ACCOUNT)).json<Account>();
    expect(account.email).toBe('distributor@demo.example');
    expect(account.privileges).toContain('order.add');
    expect(ActingState.parse((await sales.get(ACTING)).json()).acting?.actor.name).toBe('Samuel Ventas');

    const project = await createProject(sales, { name: 'Acted project' });
    const renamed = await sales.put(`${P1}/${project.id}`, { name: 'Acted project, renamed' });
    expect(renamed.statusCode).toBe(200);
    const stopped = await sales.post(`${ACTING}/stop`, {});
    expect(ActingStopResult.parse(stopped.json())).toEqual({ returnedToOwnSession: true });
    expect(sales.cookies.has('actorRefreshToken')).toBe(false);
    expect(sales.cookies.has('acting')).toBe(false);
    expect((await sales.get(ACCOUNT)).json<Account>().email).toBe('sales@demo.example');
    expect(ActingState.parse((await sales.get(ACTING)).json()).acting).toBeNull();

    // The project's history names both: the sales user acting on behalf of the distributor.
    const distributor = await loggedIn(t, 'distributor@demo.example');
    const history = AuditPage.parse((await distributor.get(`${P1}/${project.id}/history`)).json());
    const rename = history.items.find((item) => item.action === 'rename');
    expect(rename).toMatchObject({ actor: { id: ids.sales, name: 'Samuel Ventas' }, onBehalfOf: { id: ids.distributor, name: 'Diego Norte' }, before: { name: 'Acted project' }, after: { name: 'Acted project, renamed' } });
    expect(history.items.find((item) => item.action === 'create' && item.entity === 'project')?.onBehalfOf?.name).toBe('Diego Norte');
  });

  it('ends the acted session when stopping: its tokens are refused afterwards', async () => {
    const sales = await loggedIn(t, 'sales@demo.example');
    await sales.post(ACTING, { userId: ids.distributor });
    const acted = new Map(sales.cookies);
    await sales.post(`${ACTING}/stop`, {});
    const replay = t.agent();
    for (const [name, value] of acted) if (name !== 'actorRefreshToken') replay.cookies.set(name, value);
    expect((await replay.get(ACCOUNT)).statusCode).toBe(401);
    expect((await replay.post('/api/users/v1/auth/refresh', {})).statusCode).toBe(401);
  });

  it('without impersonationWithoutLogout, starting ends the staff member’s own session and stopping logs out', async () => {
    const sales = newpro.agent();
    await sales.login('sales@demo.example');
    const own = new Map(sales.cookies);
    const started = await sales.post(ACTING, { userId: ids.distributor });
    expect(started.statusCode).toBe(200);
    expect(ActingState.parse(started.json()).acting?.returnsToOwnSession).toBe(false);
    expect(sales.cookies.has('actorRefreshToken')).toBe(false);
    const former = newpro.agent();
    for (const [name, value] of own) former.cookies.set(name, value);
    expect((await former.get(ACCOUNT)).statusCode).toBe(401);
    const stopped = await sales.post(`${ACTING}/stop`, {});
    expect(ActingStopResult.parse(stopped.json())).toEqual({ returnedToOwnSession: false });
    expect(sales.cookies.has('acting')).toBe(false);
    expect((await sales.get(ACCOUNT)).statusCode).toBe(401);
  });

  it('lets an admin act for a customer of any company', async () => {
    const admin = await loggedIn(t, 'admin@demo.example');
    const started = await admin.post(ACTING, { userId: ids.distributor2 });
    expect(started.statusCode, started.body).toBe(200);
    expect((await admin.get(ACCOUNT)).json<Account>().email).toBe('distributor2@demo.example');
    // The acted session is not the admin: the backoffice (flags, the full trail) is refused.
    expect((await admin.get('/api/users/v1/audit')).statusCode).toBe(403);
    expect((await admin.get('/api/masters/v1/flags')).statusCode).toBe(403);
    await admin.post(`${ACTING}/stop`, {});
    expect((await admin.get('/api/users/v1/audit')).statusCode).toBe(200);
  });

  it('refuses whom a staff member may not act for (403), unknown users (404) and non-staff callers (403)', async () => {
    const sales = await loggedIn(t, 'sales@demo.example');
    const admin = await loggedIn(t, 'admin@demo.example');
    // A company sales does not look after; a user without a company; a staff member; oneself.
    for (const userId of [ids.distributor2, ids.importer, ids.webuser, ids.admin, ids.sales]) {
      const refused = await sales.post(ACTING, { userId });
      expect(refused.statusCode, `sales → ${userId}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ACTING_NOT_ALLOWED' });
    }
    expect((await admin.post(ACTING, { userId: ids.sales })).json()).toMatchObject({ code: 'ACTING_NOT_ALLOWED' });
    expect((await sales.post(ACTING, { userId: 999_999 })).statusCode).toBe(404);
    for (const role of ['distributor', 'specifier', 'webuser', 'importer', 'apiuser']) {
      const customer = await loggedIn(t, `${role}@demo.example`);
      expect((await customer.post(ACTING, { userId: ids.distributor2 })).json(), role).toMatchObject({ code: 'FORBIDDEN' });
      expect((await customer.get(`${ACTING}/candidates`)).statusCode, role).toBe(403);
    }
    expect((await t.agent().post(ACTING, { userId: ids.distributor })).statusCode).toBe(401);
    // Bad input: the fields at fault, nothing started.
    for (const body of [{}, { userId: 'x' }, { userId: -1 }, { userId: 1, extra: true }]) {
      const bad = await sales.post(ACTING, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await sales.post(`${ACTING}/stop`, {})).json()).toMatchObject({ code: 'NOT_ACTING' });
    expect((await sales.get(ACCOUNT)).json<Account>().email).toBe('sales@demo.example');
  });

  it('never lets an acted session act again or change the customer’s password', async () => {
    const admin = await loggedIn(t, 'admin@demo.example');
    await admin.post(ACTING, { userId: ids.distributor });
    expect((await admin.post(ACTING, { userId: ids.distributor2 })).json()).toMatchObject({ ErrorCode: 403, code: 'ACTED_SESSION_REFUSED' });
    expect((await admin.get(`${ACTING}/candidates`)).json()).toMatchObject({ code: 'ACTED_SESSION_REFUSED' });
    const change = await admin.post('/api/users/v1/auth/password-change', { currentPassword: 'demo-password', password: 'another-password-1' });
    expect(change.json()).toMatchObject({ ErrorCode: 403, code: 'ACTED_SESSION_REFUSED' });
    await admin.post(`${ACTING}/stop`, {});
  });

  it('lists the customers a staff member may act for: sales their assigned companies, admins all, searchable', async () => {
    const sales = await loggedIn(t, 'sales@demo.example');
    const mine = ActingCandidatesPage.parse((await sales.get(`${ACTING}/candidates`)).json());
    expect(mine.items.map((item) => item.email)).toEqual(['distributor@demo.example']);
    const admin = await loggedIn(t, 'admin@demo.example');
    const all = ActingCandidatesPage.parse((await admin.get(`${ACTING}/candidates?limit=100`)).json());
    expect(all.items.map((item) => item.email).sort()).toEqual(['distributor2@demo.example', 'distributor@demo.example', 'importer@demo.example', 'specifier@demo.example']);
    const searched = ActingCandidatesPage.parse((await admin.get(`${ACTING}/candidates?search=${encodeURIComponent('brightline')}`)).json());
    expect(searched.items.map((item) => item.email)).toEqual(['distributor2@demo.example']);
    expect(ActingCandidatesPage.parse((await admin.get(`${ACTING}/candidates?search=${encodeURIComponent('100%_')}`)).json()).total).toBe(0);
    expect((await admin.get(`${ACTING}/candidates?limit=0`)).statusCode).toBe(400);
  });

  it('stops the acted session when the staff member may no longer act (assignment withdrawn): the refresh is refused', async () => {
    const sales = await loggedIn(t, 'sales@demo.example');
    await sales.post(ACTING, { userId: ids.distributor });
    await t.database.db.execute(sql`delete from sales_company_assignments where user_id = ${ids.sales}`);
    try {
      expect((await sales.post('/api/users/v1/auth/refresh', {})).statusCode).toBe(401);
    } finally {
      const distributorCompany = (await loggedIn(t, 'distributor@demo.example').then((agent) => agent.get(ACCOUNT))).json<Account>().company?.id;
      await t.database.db.execute(sql`insert into sales_company_assignments (user_id, company_id) values (${ids.sales}, ${distributorCompany ?? null})`);
    }
  });

  it("refuses the acted session's access token at once when the staff member's tokens are revoked; a refresh checks again", async () => {
    const sales = await loggedIn(t, 'sales@demo.example');
    await sales.post(ACTING, { userId: ids.distributor });
    expect((await sales.get(ACCOUNT)).statusCode).toBe(200);
    await t.app.revocations.revokeUser(ids.sales);
    expect((await sales.get(ACCOUNT)).statusCode).toBe(401);
    expect((await sales.post('/api/users/v1/auth/refresh', {})).statusCode).toBe(204);
    expect((await sales.get(ACCOUNT)).json<Account>().email).toBe('distributor@demo.example');
    await sales.post(`${ACTING}/stop`, {});
  });

  it('writes the start and the stop to the user’s history', async () => {
    const admin = await loggedIn(t, 'admin@demo.example');
    const history = AuditPage.parse((await admin.get(`/api/users/v1/users/${ids.distributor}/history?limit=100`)).json());
    const actions = history.items.filter((item) => item.actor.id === ids.sales).map((item) => item.action);
    expect(actions).toContain('acting.start');
    expect(actions).toContain('acting.stop');
  });
});
