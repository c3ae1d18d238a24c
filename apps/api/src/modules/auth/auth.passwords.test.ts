import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { isCommonPassword } from '../../lib/passwords';

const SIGNUP = '/api/users/v1/auth/signup';
const CHANGE = '/api/users/v1/auth/password-change';

/** ASVS 6.2.4, 6.2.12 (SECURITY.md): new passwords are checked against the bundled breached-password list. */
describe('the breached-password list', () => {
  it('holds the common passwords of 8 characters or more, whatever their case, and not ordinary phrases', async () => {
    for (const common of ['password', '12345678', 'iloveyou', 'Password1', 'QWERTYUIOP', 'sunshine']) expect(await isCommonPassword(common), common).toBe(true);
    for (const fine of [DEMO_PASSWORD, 'pendant-lamp-1', 'Sup3r-Secret!', 'nueva-contraseña-larga']) expect(await isCommonPassword(fine), fine).toBe(false);
  });
});

describeWithDb('new passwords on the breached list are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('at sign-up and at a password change, with 400 naming the field; the account keeps its password', async () => {
    const email = `breached-${Date.now().toString(36)}@example.com`;
    for (const password of ['iloveyou', 'Password123']) {
      const refused = await t.agent().post(SIGNUP, { email, password, name: 'Ana', lang: 'es' });
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.password', message: 'formError.passwordCommon' }] });
    }
    const agent = t.agent();
    expect((await agent.post(SIGNUP, { email, password: 'pendant-lamp-1', name: 'Ana', lang: 'es' })).statusCode).toBe(201);
    const change = await agent.post(CHANGE, { currentPassword: 'pendant-lamp-1', password: 'sunshine' });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ fields: [{ path: 'body.password', message: 'formError.passwordCommon' }] });
    expect((await t.agent().post('/api/users/v1/auth/login', { email, password: 'pendant-lamp-1' })).statusCode).toBe(200);
  });
});
