import { PRIVILEGES } from '@lumen/domain';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { ACCESS_AUDIENCE, ACCESS_TOKEN_TTL_SECONDS, AccessTokens, type AccessGrant, COOKIE_MAX_AGE_MS } from './sessions';

const LOGIN = '/api/users/v1/auth/login';
const REFRESH = '/api/users/v1/auth/refresh';
const LOGOUT = '/api/users/v1/auth/logout';

type SetCookie = { name: string; value: string; path?: string; sameSite?: string; secure?: boolean; httpOnly?: boolean; maxAge?: number };

function cookie(response: LightMyRequestResponse, name: string): SetCookie | undefined {
  return (response.cookies as SetCookie[]).find((c) => c.name === name);
}

describe('access tokens', () => {
  const grant: AccessGrant = {
    userId: 42,
    sessionId: '7b3c1f0e-2a4d-4c55-9e0a-1f2b3c4d5e6f',
    generation: 3,
    email: 'ana@example.com',
    name: 'Ana Núñez',
    status: 4,
    companyId: 7,
    lang: 'es',
    catalogId: 21,
    roles: [
      { id: 3, name: 'distributor' },
      { id: 9, name: 'admin' },
    ],
    privileges: [...PRIVILEGES].sort(),
  };

  it('carries the whole principal and gives it back, every privilege included', async () => {
    const tokens = new AccessTokens('unit-secret-unit-secret-unit-secret-000', testClock());
    expect(await tokens.verify(await tokens.sign(grant))).toEqual(grant);
    const none = { ...grant, companyId: null, privileges: [], roles: [] };
    expect(await tokens.verify(await tokens.sign(none))).toEqual(none);
    for (const privilege of PRIVILEGES) {
      const one = { ...grant, privileges: [privilege] };
      expect((await tokens.verify(await tokens.sign(one)))?.privileges).toEqual([privilege]);
    }
  });

  it('keeps privileges the domain does not list (by name) and lives 15 minutes', async () => {
    const clock = testClock();
    const tokens = new AccessTokens('unit-secret-unit-secret-unit-secret-000', clock);
    const token = await tokens.sign({ ...grant, privileges: ['price.view', 'zz.custom'] });
    expect((await tokens.verify(token))?.privileges).toEqual(['price.view', 'zz.custom']);
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    expect(await tokens.verify(token)).toBeDefined();
    clock.advance(2000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another secret and anything that is not a token', async () => {
    const clock = testClock();
    const ours = new AccessTokens('unit-secret-unit-secret-unit-secret-000', clock);
    const theirs = new AccessTokens('other-secret-other-secret-other-secret-0', clock);
    expect(await ours.verify(await theirs.sign(grant))).toBeUndefined();
    expect(await ours.verify('')).toBeUndefined();
    expect(await ours.verify('a.b.c')).toBeUndefined();
    expect(await ours.verify('x'.repeat(10_000))).toBeUndefined();
  });

  it('names its audience and refuses the same claims, signed with the same secret, without it or for another (ASVS 9.2.3)', async () => {
    const secret = 'unit-secret-unit-secret-unit-secret-000';
    const tokens = new AccessTokens(secret, testClock());
    const token = await tokens.sign(grant);
    const { aud, ...claims } = decodeJwt(token);
    expect(aud).toBe(ACCESS_AUDIENCE);
    const resign = (audience?: string) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
      return (audience ? jwt.setAudience(audience) : jwt).sign(new TextEncoder().encode(secret));
    };
    expect(await tokens.verify(await resign(ACCESS_AUDIENCE))).toEqual(grant);
    expect(await tokens.verify(await resign())).toBeUndefined();
    expect(await tokens.verify(await resign('lumen-pro-api:quote-link'))).toBeUndefined();
  });
});

describeWithDb('the hasSession cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is set readable, with the refresh cookie’s path, sameSite, secure and maxAge, wherever the session cookies are set', async () => {
    const agent = t.agent();
    const login = await agent.post(LOGIN, { email: 'webuser@demo.example', password: 'demo-password' });
    expect(login.statusCode).toBe(200);
    const marker = cookie(login, 'hasSession');
    const refresh = cookie(login, 'refreshToken');
    expect(marker).toMatchObject({ value: '1', path: refresh?.path, sameSite: refresh?.sameSite, maxAge: refresh?.maxAge });
    expect(marker?.httpOnly ?? false).toBe(false);
    expect(marker?.maxAge).toBe(COOKIE_MAX_AGE_MS / 1000);
    expect(Boolean(marker?.secure)).toBe(Boolean(refresh?.secure));
    expect(refresh?.httpOnly).toBe(true);

    const refreshed = await agent.post(REFRESH);
    expect(refreshed.statusCode).toBe(204);
    expect(cookie(refreshed, 'hasSession')).toMatchObject({ value: '1' });
    expect(cookie(refreshed, 'hasSession')?.httpOnly ?? false).toBe(false);

    const email = `marker-${Date.now().toString(36)}@example.com`;
    const signup = await t.agent().post('/api/users/v1/auth/signup', { email, password: 'password-1', name: 'M', lang: 'en' });
    expect(signup.statusCode).toBe(201);
    expect(cookie(signup, 'hasSession')).toMatchObject({ value: '1' });
  });

  it('is cleared with the session cookies: at logout and when a refresh fails', async () => {
    const agent = t.agent();
    await agent.login('specifier@demo.example');
    expect(agent.cookies.get('hasSession')).toBe('1');
    const logout = await agent.post(LOGOUT);
    expect(logout.statusCode).toBe(204);
    expect(cookie(logout, 'hasSession')).toMatchObject({ value: '', path: '/' });
    expect(agent.cookies.has('hasSession')).toBe(false);

    const stale = t.agent();
    stale.cookies.set('hasSession', '1');
    stale.cookies.set('refreshToken', 'not-a-refresh-token');
    const failed = await stale.post(REFRESH);
    expect(failed.statusCode).toBe(401);
    expect(cookie(failed, 'hasSession')).toMatchObject({ value: '', path: '/' });
    expect(stale.cookies.has('hasSession')).toBe(false);
  });

  it('is Secure like the session cookies when the public origin is https', async () => {
    const secure = await createTestApp({ database: t.database, env: { PUBLIC_URL: 'https://pro.lumen.example' } });
    try {
      const login = await secure.agent().post(LOGIN, { email: 'sales@demo.example', password: 'demo-password' });
      expect(cookie(login, 'hasSession')?.secure).toBe(true);
      expect(cookie(login, 'refreshToken')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
