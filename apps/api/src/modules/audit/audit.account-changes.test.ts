import type { Account, AuditPage } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { users } from '../../db/schema';

const ACTING = '/api/users/v1/auth/acting';

/** Issue 29 §5: every change a user makes to shared data is in the trail, with both identities when acting. */
describeWithDb('audit trail: account and company changes (issue 29 §5)', () => {
  let t: TestApp;
  let admin: Agent;
  let distributor: Account;

  beforeAll(async () => {
    t = await createTestApp();
    admin = t.agent();
    await admin.login('admin@demo.example');
    distributor = await t.agent().login('distributor@demo.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function rowsOf(query: string): Promise<AuditPage['items']> {
    const response = await admin.get(`/api/users/v1/audit?${query}&limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>().items;
  }

  it('a user editing their profile, language and client code: one row each, the fields before and after', async () => {
    const agent = t.agent();
    const me = await agent.login('distributor2@demo.example');
    expect((await agent.put(`/api/users/v1/user/${me.userId}`, { name: 'Bruno Renamed', profesion: 'Lighting designer' })).statusCode).toBe(200);
    expect((await agent.patch('/api/users/v1/users/lang', { lang: 'de' })).statusCode).toBe(200);
    // The user records their company's client code, not recorded on their account yet.
    await t.database.db.update(users).set({ clientCode: null }).where(eq(users.id, me.userId));
    const recorded = await agent.patch('/api/users/v1/users/client-code', { clientCode: 'c-200871' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const rows = await rowsOf(`entity=user&entityId=${me.userId}`);
    const byAction = new Map(rows.map((row) => [row.action, row]));
    expect(byAction.get('profile')).toMatchObject({ actor: { id: me.userId }, onBehalfOf: null, after: { name: 'Bruno Renamed', profesion: 'Lighting designer' } });
    expect(byAction.get('lang')).toMatchObject({ before: { lang: me.lang }, after: { lang: 'de' } });
    expect(byAction.get('client-code')).toMatchObject({ before: { clientCode: null }, after: { clientCode: 'C-200871' } });
    // The same language again changes nothing and writes nothing.
    await agent.patch('/api/users/v1/users/lang', { lang: 'de' });
    expect((await rowsOf(`entity=user&entityId=${me.userId}`)).filter((row) => row.action === 'lang')).toHaveLength(1);
  });

  it('sales acting for a customer: the rename of the company, the profile and the language name both', async () => {
    const sales = t.agent();
    const salesAccount = await sales.login('sales@demo.example');
    const started = await sales.post(ACTING, { userId: distributor.userId });
    expect(started.statusCode, started.body).toBe(200);
    const crmId = distributor.company?.crmId ?? '';
    const renamed = await sales.put(`/api/users/v1/company/${encodeURIComponent(crmId)}`, { name: 'Luminotecnia Norte Renamed S.L.', companyTypeId: distributor.company?.companyType.id ?? 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await sales.put(`/api/users/v1/user/${distributor.userId}`, { name: 'Diego Norte', profesion: 'Distributor, acted' })).statusCode).toBe(200);
    expect((await sales.patch('/api/users/v1/users/lang', { lang: 'fr' })).statusCode).toBe(200);

    const both = { actor: { id: salesAccount.userId }, onBehalfOf: { id: distributor.userId } };
    const company = await rowsOf(`entity=company&entityId=${distributor.company?.id}`);
    expect(company).toHaveLength(1);
    expect(company[0]).toMatchObject({ ...both, action: 'rename', before: { name: distributor.company?.name }, after: { name: 'Luminotecnia Norte Renamed S.L.' } });
    const user = await rowsOf(`entity=user&entityId=${distributor.userId}`);
    expect(user.find((row) => row.action === 'profile')).toMatchObject({ ...both, after: { profesion: 'Distributor, acted' } });
    expect(user.find((row) => row.action === 'lang')).toMatchObject({ ...both, after: { lang: 'fr' } });
    // The company's manager reads the rename in the acted user's history.
    const history = await admin.get(`/api/users/v1/users/${distributor.userId}/history?limit=100`);
    expect(history.json<AuditPage>().items.some((row) => row.entity === 'company' && row.action === 'rename')).toBe(true);
  });

  it('a password change is recorded without the password', async () => {
    const agent = t.agent();
    const me = await agent.login('importer@demo.example');
    const changed = await agent.post('/api/users/v1/auth/password-change', { currentPassword: 'demo-password', password: 'another-password-29' });
    expect(changed.statusCode, changed.body).toBe(204);
    const rows = await rowsOf(`entity=user&entityId=${me.userId}`);
    const row = rows.find((item) => item.action === 'password-change');
    expect(row).toMatchObject({ actor: { id: me.userId } });
    expect(JSON.stringify(row)).not.toContain('another-password-29');
  });
});

describe('audit entities', () => {
  it('the company is an entity of the trail', async () => {
    const { AUDIT_ENTITIES } = await import('@lumen/contracts');
    expect(AUDIT_ENTITIES).toContain('company');
  });
});
