import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';

/** The Set-Cookie lines of a login over plain http (what the api sees behind a TLS proxy it does not trust). */
async function loginCookies(t: TestApp): Promise<string[]> {
  const response = await t.agent().post('/api/users/v1/auth/login', { email: 'specifier@demo.example', password: DEMO_PASSWORD });
  expect(response.statusCode).toBe(200);
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
}

describeWithDb('Secure cookies (issue 9 finding 6)', () => {
  let https: TestApp;
  let http: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ env: { PUBLIC_URL: 'https://pro.lumen.example' } });
    http = await createTestApp({ database: https.database, env: { PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await http?.app.close();
    await https?.close();
  });

  it('marks every cookie Secure when PUBLIC_URL is https, even when the request reached the api over http', async () => {
    const cookies = await loginCookies(https);
    for (const name of ['token', 'refreshToken', 'language', 'catalogId']) {
      const cookie = cookies.find((line) => line.startsWith(`${name}=`));
      expect(cookie, name).toBeDefined();
      expect(cookie, name).toMatch(/;\s*Secure/i);
      // What the __Host- prefix would enforce holds already (SECURITY.md 3.3.3): path /, no Domain (host-only).
      expect(cookie, name).toMatch(/;\s*Path=\/(;|$)/i);
      expect(cookie, name).not.toMatch(/;\s*Domain=/i);
    }
  });

  it('leaves cookies without Secure on a plain-http platform, where the browser would drop them', async () => {
    const cookies = await loginCookies(http);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});
