import type { Account } from '@lumen/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp, testClock } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { LOGIN_FAILURES_FORGOTTEN_MS, REFRESH_REUSE_GRACE_MS, RESET_TOKEN_TTL_MS } from './auth.service';

const SIGNUP = '/api/users/v1/auth/signup';
const LOGIN = '/api/users/v1/auth/login';
const REFRESH = '/api/users/v1/auth/refresh';
const LOGOUT = '/api/users/v1/auth/logout';
const ACCOUNT = '/api/users/v1/account';
const RESET = '/api/users/v1/auth/password-reset';
const RESET_CONFIRM = '/api/users/v1/auth/password-reset/confirm';
const CHANGE = '/api/users/v1/auth/password-change';
const QUALIFY = '/api/users/v1/auth/qualification';

let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute(query);
  const rows = (result as unknown as { rows: Array<{ n: number | string }> }).rows;
  return Number(rows[0]?.n ?? 0);
}

function resetTokenFrom(t: TestApp, to: string): string {
  const message = [...t.mailer.messages].reverse().find((m) => m.to === to);
  const match = message?.text.match(/password-reset\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`no reset mail for ${to}`);
  return decodeURIComponent(match[1]);
}

describeWithDb('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('signup', () => {
    it('registers a web user, logs them in and answers the account', async () => {
      const agent = t.agent();
      const email = uniqueEmail('signup');
      const response = await agent.post(SIGNUP, { email, password: 'correct horse', name: 'Ann Example', lang: 'fr' });
      expect(response.statusCode).toBe(201);
      const account = response.json<Account>();
      expect(account).toMatchObject({ email, name: 'Ann Example', lang: 'fr', rolId: 1, status: 2, registerType: 1, userType: 1, catalogId: 16, catalog: 'INT', company: null });
      expect(account.roles).toEqual([{ id: 1, name: 'webUser' }]);
      expect(account.privileges).toContain('project.add');
      expect(account.privileges).not.toContain('price.view');
      const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
      expect(cookies.token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2_592_000 });
      expect(cookies.refreshToken).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookies.language).toMatchObject({ value: 'fr', path: '/' });
      expect(cookies.language?.httpOnly).toBeFalsy();
      expect(cookies.catalogId?.value).toBe('16');
      expect(cookies.catalog?.value).toBe('int');
      const me = await agent.get(ACCOUNT);
      expect(me.statusCode).toBe(200);
      expect(me.json<Account>().email).toBe(email);
    });

    it('lower-cases the address and refuses a taken one with 409 EMAIL_TAKEN, whatever its case', async () => {
      const email = uniqueEmail('dup');
      expect((await t.agent().post(SIGNUP, { email: email.toUpperCase(), password: 'pendant-lamp-1', name: 'A', lang: 'en' })).statusCode).toBe(201);
      const again = await t.agent().post(SIGNUP, { email, password: 'pendant-lamp-2', name: 'B', lang: 'en' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ ErrorCode: 409, code: 'EMAIL_TAKEN' });
      const demo = await t.agent().post(SIGNUP, { email: 'WebUser@Demo.Example', password: 'pendant-lamp-2', name: 'B', lang: 'en' });
      expect(demo.statusCode).toBe(409);
    });

    it('handles two simultaneous sign-ups of one address: one 201, one 409, one row', async () => {
      const email = uniqueEmail('race');
      const body = { email, password: 'pendant-lamp-1', name: 'Racer', lang: 'en' };
      const results = await Promise.all([t.agent().post(SIGNUP, body), t.agent().post(SIGNUP, body)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await count(t, sql`select count(*) as n from users where email = ${email}`)).toBe(1);
    });

    it.each([
      ['no body', undefined, 400],
      ['an empty object', {}, 400],
      ['a bad address', { email: 'not-an-email', password: 'pendant-lamp-1', name: 'A', lang: 'en' }, 400],
      ['a short password', { email: 'a@b.co', password: 'short', name: 'A', lang: 'en' }, 400],
      ['a 129-character password', { email: 'a@b.co', password: 'p'.repeat(129), name: 'A', lang: 'en' }, 400],
      ['an unknown language', { email: 'a@b.co', password: 'pendant-lamp-1', name: 'A', lang: 'pt' }, 400],
      ['an empty name', { email: 'a@b.co', password: 'pendant-lamp-1', name: '   ', lang: 'en' }, 400],
      ['a name with control characters', { email: 'a@b.co', password: 'pendant-lamp-1', name: 'A\u0000B', lang: 'en' }, 400],
      ['a name of 101 characters', { email: 'a@b.co', password: 'pendant-lamp-1', name: 'n'.repeat(101), lang: 'en' }, 400],
      ['an address of 249 characters', { email: `${'a'.repeat(237)}@example.com`, password: 'pendant-lamp-1', name: 'A', lang: 'en' }, 400],
      ['wrong types', { email: 1, password: ['x'], name: { $ne: '' }, lang: null }, 400],
      ['an array', [{ email: 'a@b.co' }], 400],
    ])('rejects %s with 400 VALIDATION_FAILED', async (_, body, status) => {
      const response = await t.agent().post(SIGNUP, body);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ ErrorCode: 400, code: 'VALIDATION_FAILED' });
    });

    it('names every field at fault', async () => {
      const response = await t.agent().post(SIGNUP, { email: 'x', password: 'y', name: '', lang: 'zz' });
      const paths = new Set(response.json<{ fields: Array<{ path: string }> }>().fields.map((f) => f.path));
      expect([...paths].sort()).toEqual(['body.email', 'body.lang', 'body.name', 'body.password']);
    });

    it('rejects malformed JSON, a wrong content type and an oversized body', async () => {
      const agent = t.agent();
      const malformed = await agent.request('POST', SIGNUP, '{"email": "a@b.co",', { 'content-type': 'application/json' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'MALFORMED_JSON' });
      const text = await agent.request('POST', SIGNUP, 'email=a@b.co', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      const huge = await agent.post(SIGNUP, { email: 'a@b.co', password: 'pendant-lamp-1', name: 'A', lang: 'en', padding: 'x'.repeat(2 * 1024 * 1024) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ ErrorCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('stores hostile and non-Latin names as data and returns them unchanged', async () => {
      for (const name of ["Robert'); DROP TABLE users;--", '<img src=x onerror=alert(1)>', '山田 太郎', 'Ελένη Παπαδοπούλου', 'محمد', '😀 Emoji']) {
        const agent = t.agent();
        const email = uniqueEmail('hostile');
        const response = await agent.post(SIGNUP, { email, password: 'pendant-lamp-1', name, lang: 'es' });
        expect(response.statusCode).toBe(201);
        expect(response.json<Account>().name).toBe(name);
        expect((await agent.get(ACCOUNT)).json<Account>().name).toBe(name);
      }
      expect(await count(t, sql`select count(*) as n from users`)).toBeGreaterThan(8);
    });

    it('writes nothing when the sign-up fails', async () => {
      const before = await count(t, sql`select count(*) as n from users`);
      const sessionsBefore = await count(t, sql`select count(*) as n from sessions`);
      await t.agent().post(SIGNUP, { email: 'webuser@demo.example', password: 'pendant-lamp-1', name: 'A', lang: 'en' });
      await t.agent().post(SIGNUP, { email: 'bad', password: 'pendant-lamp-1', name: 'A', lang: 'en' });
      expect(await count(t, sql`select count(*) as n from users`)).toBe(before);
      expect(await count(t, sql`select count(*) as n from sessions`)).toBe(sessionsBefore);
    });
  });

  describe('login', () => {
    it('logs a demo user in and answers the account with cookies', async () => {
      const agent = t.agent();
      const response = await agent.post(LOGIN, { email: 'Importer@Demo.Example', password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json<Account>()).toMatchObject({ email: 'importer@demo.example', catalogId: 21, catalog: 'USA', lang: 'us', rolId: 8 });
      expect(agent.cookies.get('catalog')).toBe('usa');
      expect(agent.cookies.get('catalogId')).toBe('21');
      expect(agent.cookies.get('language')).toBe('us');
      expect(agent.cookies.has('token')).toBe(true);
      expect(agent.cookies.has('refreshToken')).toBe(true);
    });

    it('gives the same answer to a wrong password and to an unknown address', async () => {
      const wrong = await t.agent().post(LOGIN, { email: 'sales@demo.example', password: 'wrong-password' });
      const unknown = await t.agent().post(LOGIN, { email: 'nobody@demo.example', password: 'wrong-password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toMatchObject({ ErrorCode: 401, code: 'INVALID_CREDENTIALS' });
      expect(wrong.cookies).toEqual([]);
    });

    it.each([
      ['no body', undefined],
      ['an empty password', { email: 'sales@demo.example', password: '' }],
      ['a bad address', { email: "' OR '1'='1", password: 'x' }],
      ['an object as password', { email: 'sales@demo.example', password: { $gt: '' } }],
      ['a 129-character password', { email: 'sales@demo.example', password: 'x'.repeat(129) }],
    ])('rejects %s with 400', async (_, body) => {
      const response = await t.agent().post(LOGIN, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('throttles an address tried from many unfamiliar IPs: 10 free failures, then 429 with a Retry-After that grows', async () => {
      const own = await createTestApp({ database: t.database, clock: testClock() });
      try {
        const email = uniqueEmail('limited');
        const fail = () => own.agent().post(LOGIN, { email, password: 'wrong-password' });
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) statuses.push((await fail()).statusCode);
        expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
        expect(statuses[10]).toBe(429);
        const limited = await fail();
        expect(limited.json()).toMatchObject({ ErrorCode: 429, code: 'RATE_LIMITED' });
        expect(limited.headers['retry-after']).toBe('1');
        // After the wait one more attempt, from yet another IP; the next wait doubles.
        own.clock.advance(1000);
        expect((await fail()).statusCode).toBe(401);
        expect((await fail()).headers['retry-after']).toBe('2');
        // An hour without attempts forgets the failures.
        own.clock.advance(LOGIN_FAILURES_FORGOTTEN_MS);
        expect((await fail()).statusCode).toBe(401);
      } finally {
        await own.close();
      }
    });

    it('slows repeated failures from one IP with a growing Retry-After; a success resets the pair', async () => {
      const clock = testClock();
      const own = await createTestApp({ database: t.database, clock });
      try {
        const email = uniqueEmail('pair');
        await own.agent().post(SIGNUP, { email, password: 'right-password', name: 'Pair', lang: 'en' });
        const attacker = own.agent();
        const fail = () => attacker.post(LOGIN, { email, password: 'wrong-password' });
        for (let i = 0; i < own.config.loginRateLimit.perPair; i += 1) expect((await fail()).statusCode).toBe(401);
        const waits: number[] = [];
        for (let round = 0; round < 4; round += 1) {
          const limited = await fail();
          expect(limited.statusCode).toBe(429);
          const wait = Number(limited.headers['retry-after']);
          waits.push(wait);
          // Not a second earlier.
          clock.advance(wait * 1000 - 500);
          expect((await fail()).statusCode).toBe(429);
          clock.advance(500);
          expect((await fail()).statusCode).toBe(401);
        }
        expect(waits).toEqual([1, 2, 4, 8]);
        // Even the right password waits its turn from this IP, then a success clears the pair.
        expect((await attacker.post(LOGIN, { email, password: 'right-password' })).statusCode).toBe(429);
        clock.advance(16_000);
        expect((await attacker.post(LOGIN, { email, password: 'right-password' })).statusCode).toBe(200);
        for (let i = 0; i < own.config.loginRateLimit.perPair; i += 1) expect((await fail()).statusCode).toBe(401);
        expect((await fail()).headers['retry-after']).toBe('1');
      } finally {
        await own.close();
      }
    });

    it('never locks the owner out: failures from other IPs do not stop the right password from the owner’s IP', async () => {
      const clock = testClock();
      const own = await createTestApp({ database: t.database, clock });
      try {
        const email = uniqueEmail('owner');
        const owner = own.agent();
        await owner.post(SIGNUP, { email, password: 'right-password', name: 'Owner', lang: 'en' });
        // One attacker IP hammering the address: held back by its pair, the owner is not.
        const attacker = own.agent();
        const attempts: number[] = [];
        for (let i = 0; i < 30; i += 1) attempts.push((await attacker.post(LOGIN, { email, password: `guess-${i}` })).statusCode);
        expect(attempts.filter((s) => s === 429).length).toBeGreaterThan(20);
        expect((await own.agent().post(LOGIN, { email, password: 'right-password' })).statusCode).toBe(200);
        // Many attacker IPs (one guess each) exhaust the address's budget for unfamiliar IPs …
        const spread: number[] = [];
        for (let i = 0; i < 25; i += 1) spread.push((await own.agent().post(LOGIN, { email, password: `spread-${i}` })).statusCode);
        expect(spread).toContain(429);
        const stranger = await own.agent().post(LOGIN, { email, password: 'right-password' });
        expect(stranger.statusCode).toBe(429);
        expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
        // … but the owner, from the IP they logged in from before, gets in at once.
        expect((await owner.post(LOGIN, { email, password: 'right-password' })).statusCode).toBe(200);
      } finally {
        await own.close();
      }
    });

    it('does not count successful logins: a success gives its attempt back to the IP and the address', async () => {
      const limited = await createTestApp({ database: t.database, env: { LOGIN_RATE_LIMIT_PER_IP: '5', LOGIN_RATE_LIMIT_PER_ADDRESS: '3' } });
      try {
        const agent = limited.agent();
        for (let i = 0; i < 8; i += 1) expect((await agent.post(LOGIN, { email: 'sales@demo.example', password: DEMO_PASSWORD })).statusCode).toBe(200);
        // Two failures and a success leave the IP with two attempts counted: three more, then 429.
        const other = limited.agent();
        const statuses: number[] = [];
        for (const password of ['bad-1', 'bad-2', DEMO_PASSWORD, 'bad-3', 'bad-4', 'bad-5', 'bad-6']) {
          statuses.push((await other.post(LOGIN, { email: 'specifier@demo.example', password })).statusCode);
        }
        expect(statuses).toEqual([401, 401, 200, 401, 401, 401, 429]);
      } finally {
        await limited.close();
      }
    });

    it('limits e-mail availability checks per client IP, so the customer list cannot be harvested', async () => {
      const limited = await createTestApp({ database: t.database, env: { LOGIN_RATE_LIMIT_PER_IP: '3' } });
      try {
        const agent = limited.agent();
        const statuses: number[] = [];
        for (let i = 0; i < 4; i += 1) statuses.push((await agent.get(`/api/users/v1/users/email-validate/${uniqueEmail('probe')}`)).statusCode);
        expect(statuses).toEqual([404, 404, 404, 429]);
        expect((await limited.agent().get('/api/users/v1/users/email-validate/sales@demo.example')).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('limits attempts per client IP', async () => {
      const limited = await createTestApp({ database: t.database, env: { LOGIN_RATE_LIMIT_PER_IP: '3' } });
      try {
        const agent = limited.agent();
        const statuses: number[] = [];
        for (let i = 0; i < 4; i += 1) statuses.push((await agent.post(LOGIN, { email: uniqueEmail('ip'), password: 'x' })).statusCode);
        expect(statuses).toEqual([401, 401, 401, 429]);
        // The fixed window tells how long is left of it.
        const limitedAnswer = await agent.post(LOGIN, { email: uniqueEmail('ip'), password: 'x' });
        expect(limitedAnswer.headers['retry-after']).toBe(String(limited.config.loginRateLimit.windowMs / 1000));
        // Another client is not affected.
        expect((await limited.agent().post(LOGIN, { email: 'sales@demo.example', password: DEMO_PASSWORD })).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('sessions', () => {
    it('answers 401 UNAUTHENTICATED without a session, with a forged or expired token', async () => {
      const anonymous = await t.agent().get(ACCOUNT);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ ErrorCode: 401, code: 'UNAUTHENTICATED' });
      const forged = await t.agent().get(ACCOUNT, { cookie: 'token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' });
      expect(forged.statusCode).toBe(401);
      const none = await t.agent().get(ACCOUNT, { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoieCJ9.' });
      expect(none.statusCode).toBe(401);
    });

    it('accepts the access token as a Bearer header (API clients)', async () => {
      const agent = t.agent();
      await agent.login('apiuser@demo.example');
      const response = await t.agent().get(ACCOUNT, { authorization: `Bearer ${agent.cookies.get('token')}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<Account>().rolId).toBe(10);
    });

    it('expires the access token after 15 minutes; a refresh gives a new one', async () => {
      const clock = testClock();
      const timed = await createTestApp({ database: t.database, clock });
      try {
        const agent = timed.agent();
        await agent.login('specifier@demo.example');
        clock.advance(14 * 60 * 1000);
        expect((await agent.get(ACCOUNT)).statusCode).toBe(200);
        clock.advance(2 * 60 * 1000);
        expect((await agent.get(ACCOUNT)).statusCode).toBe(401);
        const refreshed = await agent.post(REFRESH);
        expect(refreshed.statusCode).toBe(204);
        expect((await agent.get(ACCOUNT)).statusCode).toBe(200);
      } finally {
        await timed.close();
      }
    });

    it('rotates the refresh token on every refresh', async () => {
      const agent = t.agent();
      await agent.login('distributor@demo.example');
      const first = agent.cookies.get('refreshToken');
      const firstAccess = agent.cookies.get('token');
      expect((await agent.post(REFRESH)).statusCode).toBe(204);
      const second = agent.cookies.get('refreshToken');
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect(agent.cookies.get('token')).toBeDefined();
      expect(firstAccess).toBeDefined();
      expect((await agent.post(REFRESH)).statusCode).toBe(204);
      expect(agent.cookies.get('refreshToken')).not.toBe(second);
      expect((await agent.get(ACCOUNT)).statusCode).toBe(200);
      // Stored only as hashes.
      const raw = agent.cookies.get('refreshToken') ?? '';
      expect(await count(t, sql`select count(*) as n from refresh_tokens where token_hash = ${raw}`)).toBe(0);
    });

    it('accepts an empty JSON body on refresh and refuses one without a cookie', async () => {
      const agent = t.agent();
      await agent.login('sales@demo.example');
      expect((await agent.post(REFRESH, {})).statusCode).toBe(204);
      expect((await agent.request('POST', REFRESH, '', { 'content-type': 'application/json' })).statusCode).toBe(204);
      expect((await agent.request('POST', REFRESH, '{"__proto__":{"admin":true}}', { 'content-type': 'application/json' })).statusCode).toBe(400);
      const anonymous = await t.agent().post(REFRESH);
      expect(anonymous.statusCode).toBe(401);
      const garbage = await t.agent().post(REFRESH, undefined, { cookie: `refreshToken=${'x'.repeat(5000)}` });
      expect(garbage.statusCode).toBe(401);
    });

    it('revokes the whole login family when a used refresh token comes back after the grace', async () => {
      const agent = t.agent();
      await agent.login('distributor2@demo.example');
      const stolen = agent.cookies.get('refreshToken') ?? '';
      expect((await agent.post(REFRESH)).statusCode).toBe(204);
      t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      const thief = t.agent();
      thief.cookies.set('refreshToken', stolen);
      expect((await thief.post(REFRESH)).statusCode).toBe(401);
      // The legitimate holder's newer tokens are dead too.
      expect((await agent.get(ACCOUNT)).statusCode).toBe(401);
      expect((await agent.post(REFRESH)).statusCode).toBe(401);
      // Another login of the same user is a different family and keeps working.
      const other = t.agent();
      await other.login('distributor2@demo.example');
      expect((await other.get(ACCOUNT)).statusCode).toBe(200);
    });

    it('answers a clean 401 to a concurrent refresh with the same token, without revoking', async () => {
      const agent = t.agent();
      await agent.login('admin@demo.example');
      const token = agent.cookies.get('refreshToken') ?? '';
      const twin = t.agent();
      twin.cookies.set('refreshToken', token);
      const [a, b] = await Promise.all([agent.post(REFRESH), twin.post(REFRESH)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([204, 401]);
      const winner = a.statusCode === 204 ? agent : twin;
      expect((await winner.get(ACCOUNT)).statusCode).toBe(200);
      // A late retry within the grace is refused but does not end the session.
      const late = t.agent();
      late.cookies.set('refreshToken', token);
      expect((await late.post(REFRESH)).statusCode).toBe(401);
      expect((await winner.get(ACCOUNT)).statusCode).toBe(200);
      expect((await winner.post(REFRESH)).statusCode).toBe(204);
    });

    it('logs out: 204, cookies cleared, session revoked (the old tokens no longer work)', async () => {
      const agent = t.agent();
      await agent.login('webuser@demo.example');
      const access = agent.cookies.get('token') ?? '';
      const refresh = agent.cookies.get('refreshToken') ?? '';
      const response = await agent.post(LOGOUT);
      expect(response.statusCode).toBe(204);
      const cleared = response.cookies.filter((c) => c.name === 'token' || c.name === 'refreshToken');
      expect(cleared).toHaveLength(2);
      expect(agent.cookies.has('token')).toBe(false);
      const replay = t.agent();
      replay.cookies.set('token', access);
      replay.cookies.set('refreshToken', refresh);
      expect((await replay.get(ACCOUNT)).statusCode).toBe(401);
      expect((await replay.post(REFRESH)).statusCode).toBe(401);
      // Logging out again, or without a session, is harmless.
      expect((await t.agent().post(LOGOUT)).statusCode).toBe(204);
    });
  });

  describe('password reset', () => {
    async function newUser(lang = 'en'): Promise<{ email: string; agent: ReturnType<TestApp['agent']> }> {
      const agent = t.agent();
      const email = uniqueEmail('reset');
      expect((await agent.post(SIGNUP, { email, password: 'old-password', name: 'Reset Me', lang })).statusCode).toBe(201);
      return { email, agent };
    }

    it('answers 204 for known and unknown addresses; only a known one gets a mail', async () => {
      const { email } = await newUser();
      const before = t.mailer.messages.length;
      expect((await t.agent().post(RESET, { email: 'nobody-here@example.com' })).statusCode).toBe(204);
      await t.app.ready();
      expect(t.mailer.messages.length).toBe(before);
      expect((await t.agent().post(RESET, { email })).statusCode).toBe(204);
      expect(t.mailer.messages.length).toBe(before + 1);
      const mail = t.mailer.messages[t.mailer.messages.length - 1];
      expect(mail?.to).toBe(email);
      expect(mail?.subject).toBe('Reset your Lumen Pro password');
      expect(mail?.text).toMatch(/^Hello Reset Me,/);
      expect(mail?.text).toMatch(/http:\/\/localhost(:\d+)?\/password-reset\?token=/);
    });

    it('builds the link from configuration only: a forged Host, X-Forwarded-Host, Origin or Referer changes nothing', async () => {
      const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'https://evil.example', referer: 'https://evil.example/' };
      const { email } = await newUser();
      expect((await t.agent().post(RESET, { email }, forged)).statusCode).toBe(204);
      await t.app.ready();
      const mail = [...t.mailer.messages].reverse().find((m) => m.to === email);
      expect(mail?.text).toContain(`http://localhost:${t.config.port}/password-reset?token=`);
      expect(mail?.text).not.toContain('evil.example');
      // Behind a trusted proxy too: X-Forwarded-Host is never a source of links.
      const proxied = await createTestApp({ database: t.database, env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://pro.lumen.example' } });
      try {
        await proxied.agent().post(RESET, { email }, forged);
        expect(proxied.mailer.messages.find((m) => m.to === email)?.text).toContain('https://pro.lumen.example/password-reset?token=');
      } finally {
        await proxied.close();
      }
    });

    it('writes the mail in the user’s language and uses PUBLIC_URL for the link', async () => {
      const configured = await createTestApp({ database: t.database, env: { PUBLIC_URL: 'https://pro.lumen.example/' } });
      try {
        const agent = configured.agent();
        const email = uniqueEmail('de');
        await agent.post(SIGNUP, { email, password: 'old-password', name: 'Jürgen', lang: 'de' });
        await configured.agent().post(RESET, { email });
        const mail = configured.mailer.messages.find((m) => m.to === email);
        expect(mail?.subject).toBe('Setzen Sie Ihr Lumen Pro-Passwort zurück');
        expect(mail?.text).toContain('Hallo Jürgen,');
        expect(mail?.text).toContain('https://pro.lumen.example/password-reset?token=');
      } finally {
        await configured.close();
      }
    });

    it('sets a new password once with the token, ends every session, and refuses the token again', async () => {
      const { email, agent } = await newUser();
      await t.agent().post(RESET, { email });
      const token = resetTokenFrom(t, email);
      expect(await count(t, sql`select count(*) as n from password_reset_tokens where token_hash = ${token}`)).toBe(0);
      const confirm = await t.agent().post(RESET_CONFIRM, { token, password: 'new-password-1' });
      expect(confirm.statusCode).toBe(204);
      expect((await agent.get(ACCOUNT)).statusCode).toBe(401);
      expect((await agent.post(REFRESH)).statusCode).toBe(401);
      expect((await t.agent().post(LOGIN, { email, password: 'old-password' })).statusCode).toBe(401);
      expect((await t.agent().post(LOGIN, { email, password: 'new-password-1' })).statusCode).toBe(200);
      const again = await t.agent().post(RESET_CONFIRM, { token, password: 'new-password-2' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ ErrorCode: 400, code: 'INVALID_RESET_TOKEN' });
    });

    it('refuses an expired token (one hour)', async () => {
      const { email } = await newUser();
      await t.agent().post(RESET, { email });
      const token = resetTokenFrom(t, email);
      t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
      const response = await t.agent().post(RESET_CONFIRM, { token, password: 'new-password-1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
      expect((await t.agent().post(LOGIN, { email, password: 'old-password' })).statusCode).toBe(200);
    });

    it('retires older tokens when a newer one is used', async () => {
      const { email } = await newUser();
      await t.agent().post(RESET, { email });
      const first = resetTokenFrom(t, email);
      await t.agent().post(RESET, { email });
      const second = resetTokenFrom(t, email);
      expect(second).not.toBe(first);
      expect((await t.agent().post(RESET_CONFIRM, { token: second, password: 'new-password-1' })).statusCode).toBe(204);
      expect((await t.agent().post(RESET_CONFIRM, { token: first, password: 'new-password-2' })).statusCode).toBe(400);
    });

    it.each([
      ['an unknown token', { token: 'a'.repeat(43), password: 'new-password-1' }, 'INVALID_RESET_TOKEN'],
      ['a short token', { token: 'abc', password: 'new-password-1' }, 'VALIDATION_FAILED'],
      ['a huge token', { token: 'a'.repeat(10_000), password: 'new-password-1' }, 'VALIDATION_FAILED'],
      ['an SQL token', { token: "' OR 1=1; DELETE FROM users;--", password: 'new-password-1' }, 'INVALID_RESET_TOKEN'],
      ['a short password', { token: 'a'.repeat(43), password: 'short' }, 'VALIDATION_FAILED'],
      ['no body', undefined, 'VALIDATION_FAILED'],
    ])('refuses %s with 400', async (_, body, code) => {
      const response = await t.agent().post(RESET_CONFIRM, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code });
    });

    it('refuses a malformed address on request with 400, and limits requests per address', async () => {
      expect((await t.agent().post(RESET, { email: 'nope' })).statusCode).toBe(400);
      expect((await t.agent().post(RESET, {})).statusCode).toBe(400);
      const email = uniqueEmail('flood');
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await t.agent().post(RESET, { email })).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 204)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('password change', () => {
    it('changes the password of the logged-in user and ends their other sessions', async () => {
      const agent = t.agent();
      const email = uniqueEmail('change');
      await agent.post(SIGNUP, { email, password: 'old-password', name: 'Changer', lang: 'it' });
      const other = t.agent();
      await other.login(email, 'old-password');
      const response = await agent.post(CHANGE, { currentPassword: 'old-password', password: 'brand-new-password' });
      expect(response.statusCode).toBe(204);
      expect((await agent.get(ACCOUNT)).statusCode).toBe(200);
      expect((await other.get(ACCOUNT)).statusCode).toBe(401);
      expect((await t.agent().post(LOGIN, { email, password: 'brand-new-password' })).statusCode).toBe(200);
    });

    it('refuses a wrong current password with 400 WRONG_PASSWORD, bad input with 400, anonymous with 401', async () => {
      const agent = t.agent();
      await agent.login('specifier@demo.example');
      const wrong = await agent.post(CHANGE, { currentPassword: 'not-it', password: 'brand-new-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', fields: [{ path: 'body.currentPassword' }] });
      expect((await agent.post(CHANGE, { currentPassword: DEMO_PASSWORD, password: 'short' })).statusCode).toBe(400);
      expect((await agent.post(CHANGE, { currentPassword: DEMO_PASSWORD })).statusCode).toBe(400);
      expect((await t.agent().post(CHANGE, { currentPassword: DEMO_PASSWORD, password: 'brand-new-password' })).statusCode).toBe(401);
      expect((await t.agent().post(LOGIN, { email: 'specifier@demo.example', password: DEMO_PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('qualification', () => {
    const body = { profesion: 'Architect', companyName: 'Studio Ñandú & Co', companyTypeId: 1, country: 'es' };

    it('turns a web user into a qualified specifier with a company (catalogue 16 outside the US)', async () => {
      const agent = t.agent();
      await agent.post(SIGNUP, { email: uniqueEmail('qualify'), password: 'pendant-lamp-1', name: 'Q', lang: 'es' });
      const response = await agent.post(QUALIFY, body);
      expect(response.statusCode).toBe(200);
      const account = response.json<Account>();
      expect(account).toMatchObject({ status: 4, userType: 2, rolId: 2, catalogId: 16, catalog: 'INT', profesion: 'Architect' });
      expect(account.roles).toEqual([{ id: 2, name: 'specifier' }]);
      expect(account.privileges).toContain('budget.request');
      expect(account.company).toMatchObject({ name: 'Studio Ñandú & Co', companyType: { id: 1, description: 'Estudio de arquitectura' } });
      expect((await agent.get(ACCOUNT)).json<Account>().status).toBe(4);
    });

    it('puts a US professional on catalogue 21 and sets the catalogue cookies', async () => {
      const agent = t.agent();
      await agent.post(SIGNUP, { email: uniqueEmail('us'), password: 'pendant-lamp-1', name: 'Sam', lang: 'us' });
      const response = await agent.post(QUALIFY, { ...body, country: 'US' });
      expect(response.json<Account>()).toMatchObject({ catalogId: 21, catalog: 'USA' });
      expect(agent.cookies.get('catalog')).toBe('usa');
      expect(agent.cookies.get('catalogId')).toBe('21');
    });

    it('refuses an unknown company type with 400 and writes nothing', async () => {
      const agent = t.agent();
      await agent.post(SIGNUP, { email: uniqueEmail('noq'), password: 'pendant-lamp-1', name: 'N', lang: 'en' });
      const companies = await count(t, sql`select count(*) as n from companies`);
      const response = await agent.post(QUALIFY, { ...body, companyTypeId: 999 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.companyTypeId' }] });
      expect(await count(t, sql`select count(*) as n from companies`)).toBe(companies);
      expect((await agent.get(ACCOUNT)).json<Account>()).toMatchObject({ status: 2, rolId: 1, company: null });
    });

    it('refuses an already qualified user with 409, anonymous with 401, bad input with 400', async () => {
      const agent = t.agent();
      await agent.login('distributor@demo.example');
      expect((await agent.post(QUALIFY, body)).statusCode).toBe(409);
      expect((await t.agent().post(QUALIFY, body)).statusCode).toBe(401);
      const fresh = t.agent();
      await fresh.post(SIGNUP, { email: uniqueEmail('badq'), password: 'pendant-lamp-1', name: 'B', lang: 'en' });
      for (const bad of [{}, { ...body, country: 'Spain' }, { ...body, companyTypeId: 'one' }, { ...body, companyName: 'x'.repeat(101) }, { ...body, profesion: '' }]) {
        expect((await fresh.post(QUALIFY, bad)).statusCode).toBe(400);
      }
    });
  });
});
