import { type Account, RuntimeConfig, SocialLinkPending } from '@lumen/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOidcProvider, ProviderBrowser, startLocalOidcProvider } from '../../../../test/local-oidc-provider';
import { type Agent, createTestApp, type TestApp } from '../../../../test/test-app';
import { describeWithDb } from '../../../../test/test-db';
import { ConfigError, loadConfig } from '../../../config';
import { pruneSocialLogins } from './social.repository';
import { SOCIAL_FLOW_TTL_MS } from './social.service';

const ORIGIN = 'http://localhost:3999';
const CALLBACK = `${ORIGIN}/api/users/v1/auth/social/linkedin/callback`;
const START = '/api/users/v1/auth/social/linkedin/start';
const LINK = '/api/users/v1/auth/social/link';
const PASSWORD = 'a-good-password-1';

let counter = 0;
const uniqueEmail = (prefix = 'social') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute(query);
  const rows = (result as unknown as { rows: Array<{ n: number | string }> }).rows;
  return Number(rows[0]?.n ?? 0);
}

/** The platform-relative address of a provider's redirect to the callback. */
function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/** The result page a callback answer sends the browser to, as its query. */
function resultOf(response: { statusCode: number; headers: Record<string, unknown> }): URLSearchParams {
  expect(response.statusCode).toBe(302);
  const location = String(response.headers.location);
  expect(location.startsWith('/social-sign-up?') || location.startsWith('/iframe/auth/social-sign-up?')).toBe(true);
  return new URL(location, ORIGIN).searchParams;
}

describeWithDb('social sign-up through a real OpenID Connect provider on 127.0.0.1', () => {
  let t: TestApp;
  let provider: LocalOidcProvider;

  beforeAll(async () => {
    provider = await startLocalOidcProvider({ redirectUris: [CALLBACK] });
    t = await createTestApp({
      env: {
        PUBLIC_URL: ORIGIN,
        SOCIAL_LINKEDIN_CLIENT_ID: provider.clientId,
        SOCIAL_LINKEDIN_CLIENT_SECRET: provider.clientSecret,
        SOCIAL_LINKEDIN_ISSUER: provider.issuer,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** Starts a flow as `agent` and returns the provider's authorization address. */
  async function start(agent: Agent, frame = false): Promise<string> {
    const response = await agent.get(`${START}${frame ? '?frame=1' : ''}`);
    expect(response.statusCode).toBe(302);
    expect(agent.cookies.has('socialState')).toBe(true);
    return String(response.headers.location);
  }

  /** A whole round: start, sign in at the provider as `user`, come back; the callback's answer. */
  async function round(agent: Agent, user: { email: string; name?: string; verified?: boolean; sub?: string }, frame = false) {
    const authorization = await start(agent, frame);
    const back = await new ProviderBrowser().signIn(authorization, user, CALLBACK);
    return { back, response: await agent.get(pathOf(back)) };
  }

  const identities = (email: string) => count(t, sql`select count(*)::int as n from social_identities where email = ${email}`);
  const usersWith = (email: string) => count(t, sql`select count(*)::int as n from users where email = ${email}`);

  it('serves the configured providers in the configuration; none configured, none served', async () => {
    const config = RuntimeConfig.parse((await t.agent().get('/config.json')).json());
    expect(config.socialProviders).toEqual(['linkedin']);
    const bare = await createTestApp();
    try {
      expect(RuntimeConfig.parse((await bare.agent().get('/config.json')).json()).socialProviders).toEqual([]);
      expect((await bare.agent().get(START)).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
    expect((await t.agent().get('/api/users/v1/auth/social/facebook/start')).statusCode).toBe(404);
  });

  it('sends the browser to the result page when the provider cannot be reached', async () => {
    const down = await createTestApp({
      env: { PUBLIC_URL: ORIGIN, SOCIAL_FACEBOOK_CLIENT_ID: 'id', SOCIAL_FACEBOOK_CLIENT_SECRET: 'secret', SOCIAL_FACEBOOK_ISSUER: 'http://127.0.0.1:9' },
    });
    try {
      const response = await down.agent().get('/api/users/v1/auth/social/facebook/start?frame=1');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/iframe/auth/social-sign-up?result=error&provider=facebook&reason=unavailable');
      expect(await count(down, sql`select count(*)::int as n from social_logins`)).toBe(0);
    } finally {
      await down.close();
    }
  });

  it('forgets flows past their time (the housekeeping of every process)', async () => {
    await start(t.agent());
    const flows = () => count(t, sql`select count(*)::int as n from social_logins`);
    const before = await flows();
    expect(before).toBeGreaterThan(0);
    await pruneSocialLogins(t.database.db, new Date(t.clock().getTime() - SOCIAL_FLOW_TTL_MS));
    expect(await flows()).toBe(before);
    await pruneSocialLogins(t.database.db, new Date(t.clock().getTime() + SOCIAL_FLOW_TTL_MS + 1000));
    expect(await flows()).toBe(0);
  });

  it('asks the provider for a code with PKCE (S256), a state and a nonce, to our callback', async () => {
    const url = new URL(await start(t.agent()));
    expect(url.origin).toBe(provider.issuer);
    const query = url.searchParams;
    expect(query.get('response_type')).toBe('code');
    expect(query.get('client_id')).toBe(provider.clientId);
    expect(query.get('redirect_uri')).toBe(CALLBACK);
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get('state')?.length).toBeGreaterThanOrEqual(22);
    expect(query.get('nonce')?.length).toBeGreaterThanOrEqual(22);
    expect(query.get('scope')).toBe('openid email profile');
  });

  it('signs a new professional up (registration type 3, LinkedIn), logs them in, and logs them in again next time', async () => {
    const email = uniqueEmail('new');
    const agent = t.agent();
    const { response } = await round(agent, { email, name: 'Lucía Fernández' });
    const result = resultOf(response);
    expect(result.get('result')).toBe('signed-up');
    expect(result.get('provider')).toBe('linkedin');
    expect(agent.cookies.has('socialState')).toBe(false);
    const account = (await agent.get('/api/users/v1/account')).json<Account>();
    expect(account).toMatchObject({ email, name: 'Lucía Fernández', registerType: 3, status: 2, userType: 1 });
    expect(await identities(email)).toBe(1);

    const again = t.agent();
    const second = await round(again, { email });
    expect(resultOf(second.response).get('result')).toBe('logged');
    expect((await again.get('/api/users/v1/account')).json<Account>().id).toBe(account.id);
    expect(await usersWith(email)).toBe(1);
  });

  it("links an existing account's verified e-mail only once its password is proven", async () => {
    const email = uniqueEmail('existing');
    const owner = t.agent();
    expect((await owner.post('/api/users/v1/auth/signup', { email, password: PASSWORD, name: 'Existing Owner', lang: 'en' })).statusCode).toBe(201);

    const agent = t.agent();
    const { response } = await round(agent, { email, sub: `linked-${email}` });
    expect(resultOf(response).get('result')).toBe('link');
    expect(agent.cookies.has('token')).toBe(false);
    expect(SocialLinkPending.parse((await agent.get(LINK)).json())).toEqual({ provider: 'linkedin', email });

    const wrong = await agent.post(LINK, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', fields: [{ path: 'body.password' }] });
    expect(await identities(email)).toBe(0);
    expect(agent.cookies.has('token')).toBe(false);

    // Another browser without the link cookie cannot use the pending link.
    expect((await t.agent().post(LINK, { password: PASSWORD })).statusCode).toBe(404);

    const linked = await agent.post(LINK, { password: PASSWORD });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<Account>().email).toBe(email);
    expect(await identities(email)).toBe(1);
    // Used once: the cookie is gone and a replay of the link finds nothing.
    expect((await agent.get(LINK)).statusCode).toBe(404);

    const next = await round(t.agent(), { email, sub: `linked-${email}` });
    expect(resultOf(next.response).get('result')).toBe('logged');
  });

  it('refuses an e-mail the provider does not vouch for, for an existing account and a new one', async () => {
    const email = uniqueEmail('unverified');
    await t.agent().post('/api/users/v1/auth/signup', { email, password: PASSWORD, name: 'Unverified Owner', lang: 'en' });
    const existing = await round(t.agent(), { email, verified: false });
    expect(Object.fromEntries(resultOf(existing.response))).toMatchObject({ result: 'error', reason: 'email-unverified' });
    const fresh = uniqueEmail('unverified-new');
    const created = await round(t.agent(), { email: fresh, verified: false });
    expect(resultOf(created.response).get('reason')).toBe('email-unverified');
    expect(await identities(email)).toBe(0);
    expect(await usersWith(fresh)).toBe(0);
  });

  describe('bad input: refused with the reason, nothing changed', () => {
    it('a forged state (not the one of this browser, or no state cookie at all)', async () => {
      const email = uniqueEmail('forged-state');
      const agent = t.agent();
      const authorization = await start(agent);
      const back = await new ProviderBrowser().signIn(authorization, { email }, CALLBACK);
      const forged = new URL(back);
      forged.searchParams.set('state', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect(Object.fromEntries(resultOf(await agent.get(pathOf(forged))))).toMatchObject({ result: 'error', reason: 'state' });
      // The real callback in a browser that never started the flow (login CSRF).
      expect(resultOf(await t.agent().get(pathOf(back))).get('reason')).toBe('state');
      expect(await usersWith(email)).toBe(0);
    });

    it('a forged nonce (the ID token answers another request)', async () => {
      const email = uniqueEmail('forged-nonce');
      const agent = t.agent();
      const authorization = await start(agent);
      const state = new URL(authorization).searchParams.get('state') ?? '';
      const back = await new ProviderBrowser().signIn(authorization, { email }, CALLBACK);
      // The flow on record now expects another nonce than the one the provider put in the ID token.
      await t.database.db.execute(sql`update social_logins set nonce = 'forged-nonce-forged-nonce-forged' where state_hash = encode(sha256(convert_to(${state}, 'UTF8')), 'hex')`);
      expect(Object.fromEntries(resultOf(await agent.get(pathOf(back))))).toMatchObject({ result: 'error', reason: 'nonce' });
      expect(await usersWith(email)).toBe(0);
    });

    it('a callback replayed, and a used code brought back with a new flow', async () => {
      const email = uniqueEmail('replay');
      const agent = t.agent();
      const authorization = await start(agent);
      const back = await new ProviderBrowser().signIn(authorization, { email }, CALLBACK);
      const stateCookie = agent.cookies.get('socialState') ?? '';
      expect(resultOf(await agent.get(pathOf(back))).get('result')).toBe('signed-up');
      // The same answer again, with the state cookie put back: the flow was used.
      agent.cookies.set('socialState', stateCookie);
      expect(resultOf(await agent.get(pathOf(back))).get('reason')).toBe('expired');

      // The used code with a fresh flow's state: the provider refuses the code (and its PKCE verifier does not match).
      const other = t.agent();
      const fresh = new URL(await start(other));
      const reused = new URL(back);
      reused.searchParams.set('state', fresh.searchParams.get('state') ?? '');
      expect(resultOf(await other.get(pathOf(reused))).get('reason')).toBe('exchange');
      expect(await usersWith(email)).toBe(1);
      expect(other.cookies.has('token')).toBe(false);
    });

    it('a flow older than its time, and a provider that answers with an error', async () => {
      const email = uniqueEmail('late');
      const agent = t.agent();
      const authorization = await start(agent);
      const back = await new ProviderBrowser().signIn(authorization, { email }, CALLBACK);
      t.clock.advance(SOCIAL_FLOW_TTL_MS + 1000);
      try {
        expect(resultOf(await agent.get(pathOf(back))).get('reason')).toBe('expired');
      } finally {
        t.clock.advance(-(SOCIAL_FLOW_TTL_MS + 1000));
      }
      expect(await usersWith(email)).toBe(0);

      const denied = t.agent();
      const state = new URL(await start(denied)).searchParams.get('state') ?? '';
      const refused = await denied.get(`/api/users/v1/auth/social/linkedin/callback?error=access_denied&state=${state}`);
      expect(resultOf(refused).get('reason')).toBe('denied');
    });

    it('ends on the embedded views\' result page when the flow started in the frame', async () => {
      const { response } = await round(t.agent(), { email: uniqueEmail('frame') }, true);
      expect(String(response.headers.location)).toMatch(/^\/iframe\/auth\/social-sign-up\?result=signed-up&provider=linkedin$/);
      const refused = await t.agent().get('/api/users/v1/auth/social/linkedin/callback?code=x&state=y');
      expect(String(refused.headers.location)).toMatch(/^\/social-sign-up\?result=error/);
    });

    it('hostile query values are refused with the field named', async () => {
      const response = await t.agent().get(`/api/users/v1/auth/social/linkedin/callback?state=${'x'.repeat(300)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: Array<{ path: string }> }>().fields[0]?.path).toBe('querystring.state');
      expect((await t.agent().get('/api/users/v1/auth/social/twitter/start')).statusCode).toBe(400);
      expect((await t.agent().post(LINK, { password: '' })).statusCode).toBe(400);
    });
  });
});

describe('social sign-up configuration (SOCIAL_<PROVIDER>_*)', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: '/tmp/lumen-social-config' };

  it('takes a provider with client id, secret and issuer; the endpoints all three or none', () => {
    const config = loadConfig({
      ...base,
      SOCIAL_FACEBOOK_CLIENT_ID: 'id',
      SOCIAL_FACEBOOK_CLIENT_SECRET: 'secret',
      SOCIAL_FACEBOOK_ISSUER: 'https://www.facebook.com/',
      SOCIAL_LINKEDIN_CLIENT_ID: 'li',
      SOCIAL_LINKEDIN_CLIENT_SECRET: 'li-secret',
      SOCIAL_LINKEDIN_ISSUER: 'https://www.linkedin.com/oauth',
      SOCIAL_LINKEDIN_AUTHORIZATION_URL: 'https://www.linkedin.com/oauth/v2/authorization',
      SOCIAL_LINKEDIN_TOKEN_URL: 'https://www.linkedin.com/oauth/v2/accessToken',
      SOCIAL_LINKEDIN_JWKS_URL: 'https://www.linkedin.com/oauth/openid/jwks',
      SOCIAL_LINKEDIN_USERINFO_URL: 'https://api.linkedin.com/v2/userinfo',
    });
    expect(config.social.facebook).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'https://www.facebook.com', endpoints: undefined, scope: 'openid email profile' });
    expect(config.social.linkedin?.endpoints).toEqual({
      authorization: 'https://www.linkedin.com/oauth/v2/authorization',
      token: 'https://www.linkedin.com/oauth/v2/accessToken',
      jwks: 'https://www.linkedin.com/oauth/openid/jwks',
      userinfo: 'https://api.linkedin.com/v2/userinfo',
    });
    expect(loadConfig(base).social).toEqual({});
  });

  it('lists every problem of a half-configured provider', () => {
    let problems: string[] = [];
    try {
      loadConfig({ ...base, SOCIAL_LINKEDIN_CLIENT_ID: 'li', SOCIAL_LINKEDIN_TOKEN_URL: 'https://x.example/token', SOCIAL_FACEBOOK_ISSUER: 'ftp://nope' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems.some((problem) => problem.startsWith('SOCIAL_FACEBOOK_ISSUER'))).toBe(true);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SOCIAL_LINKEDIN_CLIENT_SECRET: required/),
        expect.stringMatching(/^SOCIAL_LINKEDIN_ISSUER: required/),
        expect.stringMatching(/give all three, or none/),
      ]),
    );
  });
});
