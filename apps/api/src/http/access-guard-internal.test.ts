import type { Account } from '@lumen/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';

/** Spec §2, §6 (issue 17 §6): internal-only calls are decided by the user's e-mail, on the server. */
describeWithDb('access guard: internal users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { INTERNAL_EMAILS: 'sales@demo.example', INTERNAL_EMAIL_DOMAINS: 'lumen.example' },
      extend(app) {
        app.get('/api/test/internal-only', { config: { access: { internal: true } } }, async () => ({ ok: true }));
        app.get('/api/test/internal-backoffice', { config: { access: { internal: true, privileges: ['backoffice'] } } }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets internal users through and answers 403 to everyone else, 401 without a session', async () => {
    const sales = t.agent();
    await sales.login('sales@demo.example');
    const admin = t.agent();
    await admin.login('admin@demo.example');
    expect((await sales.get('/api/test/internal-only')).statusCode).toBe(200);
    const refused = await admin.get('/api/test/internal-only');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', ErrorDescription: 'Only internal users may do this' });
    expect((await t.agent().get('/api/test/internal-only')).statusCode).toBe(401);
    // Both rules hold: internal and the privilege.
    expect((await sales.get('/api/test/internal-backoffice')).statusCode).toBe(403);
    expect((await admin.get('/api/test/internal-backoffice')).statusCode).toBe(403);
  });

  it('tells the web who is internal in the account', async () => {
    const sales = t.agent();
    expect((await sales.login('sales@demo.example')).internal).toBe(true);
    expect((await sales.get('/api/users/v1/account')).json<Account>().internal).toBe(true);
    const distributor = t.agent();
    expect((await distributor.login('distributor@demo.example')).internal).toBe(false);
  });

  it('refuses a malformed setting at start', async () => {
    await expect(createTestApp({ env: { INTERNAL_EMAIL_DOMAINS: 'not a domain' } })).rejects.toThrow(/INTERNAL_EMAIL_DOMAINS/);
  });
});
