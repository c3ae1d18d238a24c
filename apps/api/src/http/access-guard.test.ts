import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { privileges, rolePrivileges, users } from '../db/schema';

describeWithDb('access guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        app.get('/api/test/v1/prices', { config: { access: { privileges: ['price.view'] } } }, async () => ({ ok: true }));
        app.get('/api/test/v1/orders-or-budgets', { config: { access: { privileges: ['order.add', 'budget.add'] } } }, async () => ({ ok: true }));
        app.get('/api/test/v1/qualified', { config: { access: { minStatus: 4 } } }, async () => ({ ok: true }));
        app.get('/api/test/v1/backoffice', { config: { access: { privileges: ['backoffice'] } } }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 before anything else when not logged in', async () => {
    const response = await t.agent().get('/api/test/v1/prices');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers 403 FORBIDDEN to a user lacking every listed privilege, 200 to one holding any', async () => {
    const webuser = t.agent();
    await webuser.login('webuser@demo.example');
    const denied = await webuser.get('/api/test/v1/prices');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ ErrorCode: 403, ErrorDescription: 'Not allowed', code: 'FORBIDDEN' });
    const sales = t.agent();
    await sales.login('sales@demo.example');
    expect((await sales.get('/api/test/v1/prices')).statusCode).toBe(200);
    // sales holds budget.add but not order.add: any one is enough.
    expect((await sales.get('/api/test/v1/orders-or-budgets')).statusCode).toBe(200);
    expect((await webuser.get('/api/test/v1/orders-or-budgets')).statusCode).toBe(403);
    expect((await sales.get('/api/test/v1/backoffice')).statusCode).toBe(403);
    const admin = t.agent();
    await admin.login('admin@demo.example');
    expect((await admin.get('/api/test/v1/backoffice')).statusCode).toBe(200);
  });

  it('requires a qualified status where asked (403 NOT_QUALIFIED)', async () => {
    const webuser = t.agent();
    await webuser.login('webuser@demo.example');
    const response = await webuser.get('/api/test/v1/qualified');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'NOT_QUALIFIED' });
    const specifier = t.agent();
    await specifier.login('specifier@demo.example');
    expect((await specifier.get('/api/test/v1/qualified')).statusCode).toBe(200);
  });

  it('decides by the privileges the token states; a revoked user refreshes into the current ones', async () => {
    const importer = t.agent();
    await importer.login('importer@demo.example');
    expect((await importer.get('/api/test/v1/prices')).statusCode).toBe(200);
    const [priceView] = await t.database.db.select().from(privileges).where(eq(privileges.code, 'price.view'));
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'importer@demo.example'));
    await t.database.db.delete(rolePrivileges).where(sql`${rolePrivileges.roleId} = 8 and ${rolePrivileges.privilegeId} = ${priceView?.id ?? 0}`);
    await t.app.revocations.revokeUser(user?.id ?? 0);
    expect((await importer.get('/api/test/v1/prices')).statusCode).toBe(401);
    expect((await importer.post('/api/users/v1/auth/refresh')).statusCode).toBe(204);
    expect((await importer.get('/api/test/v1/prices')).statusCode).toBe(403);
    const account = (await importer.get('/api/users/v1/account')).json<{ privileges: string[] }>();
    expect(account.privileges).not.toContain('price.view');
    await t.database.db.insert(rolePrivileges).values({ roleId: 8, privilegeId: priceView?.id ?? 0 });
    await t.app.revocations.revokeUser(user?.id ?? 0);
    expect((await importer.post('/api/users/v1/auth/refresh')).statusCode).toBe(204);
    expect((await importer.get('/api/test/v1/prices')).statusCode).toBe(200);
  });

  it('refuses to start when an /api route declares no access rule (fail closed)', async () => {
    await expect(
      createTestApp({
        database: t.database,
        extend(app) {
          app.get('/api/test/v1/forgotten', async () => ({ ok: true }));
        },
      }),
    ).rejects.toThrow(/declares no access rule/);
  });
});
