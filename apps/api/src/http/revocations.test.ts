import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase, describeOnOneDb, describeWithDb, testDbKind } from '../../test/test-db';
import type { Database } from '../db/client';
import { privileges, rolePrivileges, users } from '../db/schema';
import { REVOCATION_LIFETIME_MS } from './revocations';
import { ACCESS_TOKEN_TTL_SECONDS } from './sessions';

const ACCOUNT = '/api/users/v1/account';
const REFRESH = '/api/users/v1/auth/refresh';
const LOGOUT = '/api/users/v1/auth/logout';
const PRICES = '/api/test/v1/prices';
const ME = '/api/test/v1/me';
const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

/** Test routes: one that needs price.view, one that answers the principal without touching the database. */
function testRoutes(app: TestApp['app']): void {
  app.get(PRICES, { config: { access: { privileges: ['price.view'] } } }, async () => ({ ok: true }));
  app.get(ME, { config: { access: 'authenticated' } }, async (request) => request.principal);
}

/** A second browser holding only a copy of another's access token (no refresh token). */
function withAccessTokenOf(t: TestApp, agent: Agent): Agent {
  const copy = t.agent();
  copy.cookies.set('token', agent.cookies.get('token') ?? '');
  return copy;
}

async function userId(database: Database, email: string): Promise<number> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function priceViewId(database: Database): Promise<number> {
  const [row] = await database.db.select({ id: privileges.id }).from(privileges).where(eq(privileges.code, 'price.view'));
  if (!row) throw new Error('no price.view');
  return row.id;
}

/** Polls (no long sleeps) until the request answers `status`; fails after `timeoutMs`. */
async function eventually(request: () => Promise<{ statusCode: number }>, status: number, timeoutMs = 3000): Promise<number> {
  const started = Date.now();
  await vi.waitFor(
    async () => {
      expect((await request()).statusCode).toBe(status);
    },
    { timeout: timeoutMs, interval: 10 },
  );
  return Date.now() - started;
}

// One process and its revocation list: the engine's part (a list kept across processes by
// LISTEN/NOTIFY) is the next suite, which also runs on PGlite.
describeOnOneDb('sessions checked from the token, with a revocation list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extend: testRoutes });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('states the principal from the token: user, session, roles, privileges, status, company, catalogue, language', async () => {
    const agent = t.agent();
    const account = await agent.login('distributor@demo.example');
    const me = (await agent.get(ME)).json<Record<string, unknown>>();
    expect(me).toMatchObject({
      userId: account.id,
      email: 'distributor@demo.example',
      name: account.name,
      status: account.status,
      companyId: account.company?.id,
      catalogId: account.catalogId,
      lang: account.lang,
      roles: account.roles,
    });
    expect(me.privileges).toEqual(account.privileges);
    expect(typeof me.sessionId).toBe('string');
    // Small enough for a cookie with room to spare, privileges included.
    expect((agent.cookies.get('token') ?? '').length).toBeLessThan(700);
  });

  it('never reads the database on an authenticated request (the database may be down)', async () => {
    const broken = { down: false };
    const real = await createTestDatabase();
    const db = new Proxy(real.db, {
      get(target, property, receiver) {
        if (broken.down) throw new Error('the guard touched the database');
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const app = await createTestApp({ database: { ...real, db }, extend: testRoutes });
    try {
      const agent = app.agent();
      await agent.login('sales@demo.example');
      broken.down = true;
      expect((await agent.get(ME)).statusCode).toBe(200);
      expect((await agent.get(PRICES)).statusCode).toBe(200);
      expect((await app.agent().get(ME)).statusCode).toBe(401);
    } finally {
      broken.down = false;
      await app.close();
      await real.close();
    }
  });

  it('refuses a logged-out session’s still-valid access token at once', async () => {
    const agent = t.agent();
    await agent.login('webuser@demo.example');
    const copy = withAccessTokenOf(t, agent);
    expect((await copy.get(ACCOUNT)).statusCode).toBe(200);
    expect((await agent.post(LOGOUT)).statusCode).toBe(204);
    expect((await copy.get(ACCOUNT)).statusCode).toBe(401);
    expect((await copy.get(ME)).statusCode).toBe(401);
  });

  it('refuses the access token of a session revoked for refresh-token reuse', async () => {
    const agent = t.agent();
    await agent.login('specifier@demo.example');
    const stolen = agent.cookies.get('refreshToken') ?? '';
    expect((await agent.post(REFRESH)).statusCode).toBe(204);
    t.clock.advance(11_000);
    const thief = t.agent();
    thief.cookies.set('refreshToken', stolen);
    expect((await thief.post(REFRESH)).statusCode).toBe(401);
    expect((await agent.get(ACCOUNT)).statusCode).toBe(401);
  });

  it('applies a privilege change on the next request: 401, the refresh reads the new privileges', async () => {
    const importer = t.agent();
    await importer.login('importer@demo.example');
    expect((await importer.get(PRICES)).statusCode).toBe(200);
    const importerId = await userId(t.database, 'importer@demo.example');
    const priceView = await priceViewId(t.database);
    await t.database.db.delete(rolePrivileges).where(sql`${rolePrivileges.roleId} = 8 and ${rolePrivileges.privilegeId} = ${priceView}`);
    try {
      await t.app.revocations.revokeUser(importerId);
      expect((await importer.get(PRICES)).statusCode).toBe(401);
      expect((await importer.post(REFRESH)).statusCode).toBe(204);
      expect((await importer.get(PRICES)).statusCode).toBe(403);
      expect((await importer.get(ACCOUNT)).json<{ privileges: string[] }>().privileges).not.toContain('price.view');
    } finally {
      await t.database.db.insert(rolePrivileges).values({ roleId: 8, privilegeId: priceView });
    }
    await t.app.revocations.revokeUser(importerId);
    expect((await importer.get(PRICES)).statusCode).toBe(401);
    expect((await importer.post(REFRESH)).statusCode).toBe(204);
    expect((await importer.get(PRICES)).statusCode).toBe(200);
  });

  it('applies a status change at once, also to the user’s other sessions (qualification)', async () => {
    const email = `qualify-${Date.now().toString(36)}@example.com`;
    const agent = t.agent();
    expect((await agent.post('/api/users/v1/auth/signup', { email, password: 'password-1', name: 'Q', lang: 'en' })).statusCode).toBe(201);
    const other = t.agent();
    await other.login(email, 'password-1');
    const qualified = await agent.post('/api/users/v1/auth/qualification', {
      companyName: 'Luz S.L.',
      companyTypeId: 1,
      country: 'ES',
      profesion: 'architect',
    });
    expect(qualified.statusCode).toBe(200);
    // The qualifying session got a new token stating the new status; the other must refresh.
    expect((await agent.get(ME)).json<{ status: number }>().status).toBe(qualified.json<{ status: number }>().status);
    expect((await other.get(ME)).statusCode).toBe(401);
    expect((await other.post(REFRESH)).statusCode).toBe(204);
    expect((await other.get(ME)).json<{ status: number; roles: Array<{ name: string }> }>()).toMatchObject({
      status: qualified.json<{ status: number }>().status,
      roles: [{ name: 'specifier' }],
    });
  });

  it('gives a new token stating the new language and name to the session that changed them', async () => {
    const agent = t.agent();
    await agent.login('sales@demo.example');
    const before = agent.cookies.get('token');
    expect((await agent.patch('/api/users/v1/users/lang', { lang: 'de' })).statusCode).toBe(200);
    expect(agent.cookies.get('token')).not.toBe(before);
    expect((await agent.get(ME)).json<{ lang: string }>().lang).toBe('de');
    expect((await agent.patch('/api/users/v1/users/lang', { lang: 'en' })).statusCode).toBe(200);
  });

  it('refuses tampered, foreign, outdated and expired tokens', async () => {
    const agent = t.agent();
    await agent.login('webuser@demo.example');
    const token = agent.cookies.get('token') ?? '';
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const ask = (value: string) => t.agent().get(ME, { authorization: `Bearer ${value}` });
    expect((await ask(token)).statusCode).toBe(200);

    // Privileges raised in the payload, signature kept.
    const raised = Buffer.from(JSON.stringify({ ...claims, prv: 'fffffff' })).toString('base64url');
    expect((await ask(`${header}.${raised}.${signature}`)).statusCode).toBe(401);
    // Unsigned (alg none) and signed with another secret.
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await ask(`${none}.${payload}.`)).statusCode).toBe(401);
    const sign = (body: Record<string, unknown>, secret = TEST_SECRET) =>
      new SignJWT(body).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
    expect((await ask(await sign(claims, 'another-secret-another-secret-another-0'))).statusCode).toBe(401);
    // Our secret, but a claim out of shape or made under another privilege list: refused, not guessed at.
    expect((await ask(await sign({ ...claims, pt: 'elsewhere' }))).statusCode).toBe(401);
    expect((await ask(await sign({ ...claims, rol: 'admin' }))).statusCode).toBe(401);
    const { gen: _gen, ...withoutGeneration } = claims;
    expect((await ask(await sign(withoutGeneration))).statusCode).toBe(401);
    expect((await ask(await sign(claims))).statusCode).toBe(200);

    // 15 minutes at most.
    expect(Number(claims.exp) - Number(claims.iat)).toBe(ACCESS_TOKEN_TTL_SECONDS);
    t.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    expect((await ask(token)).statusCode).toBe(401);
    expect((await agent.post(REFRESH)).statusCode).toBe(204);
    expect((await agent.get(ME)).statusCode).toBe(200);
  });

  it('loads the revocation list at start: a restarted process still refuses a revoked token', async () => {
    const database = await createTestDatabase();
    const first = await createTestApp({ database, clock: t.clock, extend: testRoutes });
    let second: TestApp | undefined;
    try {
      const loggedOut = first.agent();
      await loggedOut.login('distributor2@demo.example');
      const loggedOutCopy = withAccessTokenOf(first, loggedOut);
      expect((await loggedOut.post(LOGOUT)).statusCode).toBe(204);
      const demoted = first.agent();
      await demoted.login('importer@demo.example');
      const demotedToken = demoted.cookies.get('token') ?? '';
      await first.app.revocations.revokeUser(await userId(database, 'importer@demo.example'));
      await first.app.close();

      second = await createTestApp({ database, clock: t.clock, extend: testRoutes });
      const again = second.agent();
      again.cookies.set('token', loggedOutCopy.cookies.get('token') ?? '');
      expect((await again.get(ME)).statusCode).toBe(401);
      const demotedAgain = second.agent();
      demotedAgain.cookies.set('token', demotedToken);
      expect((await demotedAgain.get(ME)).statusCode).toBe(401);
      // A token issued after the revocation is accepted.
      const fresh = second.agent();
      await fresh.login('importer@demo.example');
      expect((await fresh.get(ME)).statusCode).toBe(200);
    } finally {
      await second?.close();
      await database.close();
    }
  });

  it('prunes entries once every token they could refuse has expired', async () => {
    const agent = t.agent();
    await agent.login('distributor@demo.example');
    const sessionId = (await agent.get(ME)).json<{ sessionId: string }>().sessionId;
    await agent.post(LOGOUT);
    const revocations = t.app.revocations;
    expect(revocations.isRevoked({ sessionId, userId: 0, generation: 0 })).toBe(true);
    t.clock.advance(REVOCATION_LIFETIME_MS + 1000);
    expect(revocations.isRevoked({ sessionId, userId: 0, generation: 0 })).toBe(false);
  });
});

describeWithDb('the revocation list across api processes on one database', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({ database, extend: testRoutes });
    b = await createTestApp({ database, clock: a.clock, extend: testRoutes });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.close();
  });

  it('refuses on one process a session logged out on another, within a short bound', async () => {
    const onA = a.agent();
    await onA.login('distributor@demo.example');
    const onB = b.agent();
    onB.cookies.set('token', onA.cookies.get('token') ?? '');
    expect((await onB.get(ME)).statusCode).toBe(200);
    expect((await onA.post(LOGOUT)).statusCode).toBe(204);
    const took = await eventually(() => onB.get(ME), 401);
    expect(took).toBeLessThan(2000);
  });

  it('refuses on every process the tokens of a user whose privileges changed on one', async () => {
    const onA = a.agent();
    await onA.login('sales@demo.example');
    const onB = b.agent();
    onB.cookies.set('token', onA.cookies.get('token') ?? '');
    onB.cookies.set('refreshToken', onA.cookies.get('refreshToken') ?? '');
    expect((await onB.get(PRICES)).statusCode).toBe(200);
    await a.app.revocations.revokeUser(await userId(database, 'sales@demo.example'));
    await eventually(() => onB.get(PRICES), 401);
    expect((await onB.post(REFRESH)).statusCode).toBe(204);
    expect((await onB.get(PRICES)).statusCode).toBe(200);
  });

  describe.runIf(testDbKind() === 'postgres')('on a PostgreSQL server', () => {
    it('reconnects its listening connection and reloads what it missed meanwhile', async () => {
      const onA = a.agent();
      await onA.login('specifier@demo.example');
      const onB = b.agent();
      onB.cookies.set('token', onA.cookies.get('token') ?? '');
      expect((await onB.get(ME)).statusCode).toBe(200);
      // Cut every listening connection of this database, then revoke while they are down.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      expect((await onA.post(LOGOUT)).statusCode).toBe(204);
      await eventually(() => onB.get(ME), 401, 8000);
      // And it listens again: a later logout reaches it too.
      const later = a.agent();
      await later.login('specifier@demo.example');
      const laterOnB = b.agent();
      laterOnB.cookies.set('token', later.cookies.get('token') ?? '');
      expect((await laterOnB.get(ME)).statusCode).toBe(200);
      await later.post(LOGOUT);
      await eventually(() => laterOnB.get(ME), 401);
    });
  });
});
