import { type Account, DEFAULT_LANG, Lang, SOCIAL_PROVIDERS, SOCIAL_REGISTER_TYPE, type SocialCallbackQuery, type SocialErrorReason, type SocialLinkPending, type SocialProvider } from '@lumen/contracts';
import { ROLES, USER_STATUS, USER_TYPE } from '@lumen/domain';
import * as oidc from 'openid-client';
import type { SocialProviderConfig } from '../../../config';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { createRateLimiter, type RatePolicy } from '../../../http/rate-limits';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { hashToken, randomToken } from '../../../lib/tokens';
import * as users from '../../users/users.accounts';
import type { AuthService, ClientMeta, SessionTokens } from '../auth.service';
import * as repo from './social.repository';

/** A flow must come back from the provider within this time (README, "Social sign-up"). */
export const SOCIAL_FLOW_TTL_MS = 10 * 60 * 1000;
/** A pending link waits this long for the account's password. */
export const SOCIAL_LINK_TTL_MS = 10 * 60 * 1000;
/** The social sign-up's cookies and how long each lives (the cookie notice lists them). */
export const SOCIAL_COOKIE_MAX_AGE_MS = { socialState: SOCIAL_FLOW_TTL_MS, socialLink: SOCIAL_LINK_TTL_MS } as const;

/** Where the callback sends the browser: the result page of the app, or of the embedded auth views (pop-up). */
export const SOCIAL_RESULT_PAGE = '/social-sign-up';
export const SOCIAL_FRAME_RESULT_PAGE = '/iframe/auth/social-sign-up';

export type SocialOutcome =
  | { kind: 'signed-up' | 'logged'; provider: SocialProvider; frame: boolean; account: Account; tokens: SessionTokens }
  | { kind: 'link'; provider: SocialProvider; frame: boolean; linkToken: string }
  | { kind: 'error'; provider: SocialProvider; frame: boolean; reason: SocialErrorReason };

/** The state cookie's value: the flow's mode (f frame, p page) and its state, so that even a refused callback knows where to end. */
export function stateCookieValue(frame: boolean, state: string): string {
  return `${frame ? 'f' : 'p'}.${state}`;
}

function parseStateCookie(value: string | undefined): { frame: boolean; state: string } | undefined {
  const match = /^([fp])\.([A-Za-z0-9_-]{16,128})$/.exec(value ?? '');
  return match?.[1] && match[2] ? { frame: match[1] === 'f', state: match[2] } : undefined;
}

/** Plain http is allowed only for a provider on this machine (the tests' local provider); every other issuer needs https. */
function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

function reasonOf(error: unknown): SocialErrorReason {
  if (error instanceof oidc.AuthorizationResponseError) return 'denied';
  // openid-client wraps oauth4webapi's error, whose cause names the claim that did not match.
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    const { code, cause } = e as { code?: unknown; cause?: { claim?: unknown } };
    if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && cause?.claim === 'nonce') return 'nonce';
    e = cause;
  }
  return 'exchange';
}

/** A display name from the provider's claims: name, else given and family names, else the e-mail's local part. */
function nameFrom(claims: Record<string, unknown>, email: string): string {
  const pick = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string).trim() : '');
  const name = pick('name') || [pick('given_name'), pick('family_name')].filter(Boolean).join(' ') || email.split('@')[0] || email;
  // The name rules of spec §5 (letters, digits, spaces and a few signs); anything else becomes a space.
  return name.replace(/[^\p{L}\p{N}\s\-_'&()+]/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 100) || 'User';
}

export function createSocialService(ctx: AppContext, auth: AuthService) {
  const { db, clock, config } = ctx;
  const limiter = createRateLimiter(db, clock);
  const perIp: RatePolicy = { limit: config.loginRateLimit.perIp, windowMs: config.loginRateLimit.windowMs };
  const perAddress: RatePolicy = { limit: config.loginRateLimit.perAddress, windowMs: config.loginRateLimit.windowMs };
  const configurations = new Map<SocialProvider, Promise<oidc.Configuration>>();

  const redirectUri = (provider: SocialProvider) => `${config.linkOrigin}/api/users/v1/auth/social/${provider}/callback`;

  function providerConfig(provider: SocialProvider): SocialProviderConfig {
    const found = config.social[provider];
    if (!found) throw new AppError('NOT_FOUND', 'This sign-up provider is not configured');
    return found;
  }

  /** The provider's OpenID Connect configuration: given endpoints, or discovered once (a failed discovery is tried again next time). */
  function configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    let found = configurations.get(provider);
    if (!found) {
      const settings = providerConfig(provider);
      const insecure = !settings.issuer.startsWith('https:') && isLoopback(settings.issuer);
      if (!settings.issuer.startsWith('https:') && !insecure) {
        return Promise.reject(new Error(`SOCIAL_${provider.toUpperCase()}_ISSUER must be https (plain http only for 127.0.0.1 or localhost)`));
      }
      found = (async () => {
        if (settings.endpoints) {
          const made = new oidc.Configuration(
            {
              issuer: settings.issuer,
              authorization_endpoint: settings.endpoints.authorization,
              token_endpoint: settings.endpoints.token,
              jwks_uri: settings.endpoints.jwks,
              ...(settings.endpoints.userinfo ? { userinfo_endpoint: settings.endpoints.userinfo } : {}),
            },
            settings.clientId,
            settings.clientSecret,
          );
          if (insecure) oidc.allowInsecureRequests(made);
          return made;
        }
        return oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : {});
      })();
      found.catch(() => configurations.delete(provider));
      configurations.set(provider, found);
    }
    return found;
  }

  /** The e-mail and subject the provider vouches for: from the ID token, else from its userinfo endpoint. */
  async function identityOf(configured: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    if (typeof claims.email !== 'string' && configured.serverMetadata().userinfo_endpoint) {
      claims = { ...claims, ...(await oidc.fetchUserInfo(configured, tokens.access_token, idClaims.sub)) };
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    return { subject: idClaims.sub, email, verified: claims.email_verified === true && email.length > 0 && email.length <= 248, claims };
  }

  return {
    /** The configured providers (the web shows their buttons). */
    providers: (): SocialProvider[] => SOCIAL_PROVIDERS.filter((provider) => config.social[provider] !== undefined),

    /** Starts an authorization code flow with PKCE, state and nonce; returns the provider's address and the state cookie. */
    async start(provider: SocialProvider, frame: boolean, meta: ClientMeta): Promise<{ url: string; cookie: string }> {
      const settings = providerConfig(provider);
      await limiter.hit([{ key: `social-start:ip:${meta.ip}`, policy: perIp }]);
      let configured: oidc.Configuration;
      try {
        configured = await configuration(provider);
      } catch {
        throw new AppError('UNAVAILABLE', 'The sign-up provider cannot be reached');
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = clock();
      await repo.insertSocialLogin(db, {
        stateHash: hashToken(state),
        provider,
        nonce,
        codeVerifier,
        frame,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SOCIAL_FLOW_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(configured, {
        redirect_uri: redirectUri(provider),
        scope: settings.scope,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, cookie: stateCookieValue(frame, state) };
    },

    /**
     * The provider's answer. The state must be the one this browser's cookie holds and an unused,
     * unexpired flow's (one use: a replayed callback is refused); the code is exchanged with the PKCE
     * verifier and the ID token's nonce checked. Then: a linked identity logs in; a new e-mail signs
     * up (registration type 2 or 3); an existing account's verified e-mail waits for its password.
     * Nothing is written when any check fails.
     */
    async callback(provider: SocialProvider, query: SocialCallbackQuery, stateCookie: string | undefined, lang: string | undefined, meta: ClientMeta): Promise<SocialOutcome> {
      const cookie = parseStateCookie(stateCookie);
      const frame = cookie?.frame ?? false;
      const fail = (reason: SocialErrorReason): SocialOutcome => ({ kind: 'error', provider, frame, reason });
      if (!config.social[provider]) return fail('unavailable');
      if (!cookie || !query.state || query.state !== cookie.state) return fail(query.error && cookie ? 'denied' : 'state');
      const stateHash = hashToken(cookie.state);
      const now = clock();
      const flow = await repo.claimSocialLogin(db, stateHash, now);
      if (!flow) return fail((await repo.findSocialLogin(db, stateHash)) ? 'expired' : 'state');
      if (flow.provider !== provider) return fail('state');
      if (query.error) return fail('denied');
      let identity: Awaited<ReturnType<typeof identityOf>>;
      try {
        const configured = await configuration(provider);
        const current = new URL(redirectUri(provider));
        for (const [key, value] of Object.entries(query)) if (typeof value === 'string') current.searchParams.set(key, value);
        const tokens = await oidc.authorizationCodeGrant(configured, current, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: cookie.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        identity = await identityOf(configured, tokens);
      } catch (error) {
        return fail(reasonOf(error));
      }

      const linked = await repo.findIdentity(db, provider, identity.subject);
      if (linked) {
        const user = await users.findUserById(db, linked.userId);
        if (!user || user.status === USER_STATUS.DELETED) return fail('account-closed');
        const opened = await db.transaction((tx) => auth.openSessionFor(tx, user.id, meta));
        return { kind: 'logged', provider, frame, ...opened };
      }
      if (!identity.verified) return fail('email-unverified');
      const existing = await users.findUserByEmail(db, identity.email);
      if (existing) {
        if (existing.status === USER_STATUS.DELETED) return fail('account-closed');
        const linkToken = randomToken();
        await repo.setPendingLink(db, stateHash, {
          linkTokenHash: hashToken(linkToken),
          linkUserId: existing.id,
          subject: identity.subject,
          email: identity.email,
          linkExpiresAt: new Date(now.getTime() + SOCIAL_LINK_TTL_MS),
        });
        return { kind: 'link', provider, frame, linkToken };
      }
      // A new account: the password is a random secret nobody knows (a password reset sets one).
      const passwordHash = await hashPassword(randomToken());
      const userLang = Lang.safeParse(lang).success ? (lang as Lang) : DEFAULT_LANG;
      const opened = await db.transaction(async (tx) => {
        const user = await users.insertUser(tx, {
          email: identity.email,
          passwordHash,
          name: nameFrom(identity.claims, identity.email),
          lang: userLang,
          catalogId: 16,
          status: USER_STATUS.WEB_USER,
          registerType: SOCIAL_REGISTER_TYPE[provider],
          userType: USER_TYPE.particular,
        });
        await users.setUserRoles(tx, user.id, [ROLES.webUser]);
        await repo.insertIdentity(tx, { provider, subject: identity.subject, userId: user.id, email: identity.email, createdAt: now });
        return auth.openSessionFor(tx, user.id, meta);
      });
      return { kind: 'signed-up', provider, frame, ...opened };
    },

    /** The pending link of a link cookie: which provider, which account. 404 when there is none (used, expired, forged). */
    async pendingLink(linkToken: string | undefined): Promise<SocialLinkPending> {
      const row = linkToken && linkToken.length <= 128 ? await repo.findPendingLink(db, hashToken(linkToken), clock()) : undefined;
      if (!row?.email) throw new AppError('NOT_FOUND', 'No social sign-up is waiting for a password');
      return { provider: row.provider as SocialProvider, email: row.email };
    },

    /**
     * Links the pending identity to its account once the account's password is proven, and logs in.
     * A wrong password changes nothing (the link stays pending until it expires; attempts are limited).
     */
    async link(linkToken: string | undefined, password: string, meta: ClientMeta): Promise<{ account: Account; tokens: SessionTokens }> {
      const tokenHash = linkToken && linkToken.length <= 128 ? hashToken(linkToken) : '';
      const row = tokenHash ? await repo.findPendingLink(db, tokenHash, clock()) : undefined;
      if (!row?.linkUserId || !row.subject || !row.email) throw new AppError('NOT_FOUND', 'No social sign-up is waiting for a password');
      await limiter.hit([
        { key: `social-link:user:${row.linkUserId}`, policy: perAddress },
        { key: `social-link:ip:${meta.ip}`, policy: perIp },
      ]);
      const user = await users.findUserById(db, row.linkUserId);
      if (!user || user.status === USER_STATUS.DELETED || !(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('WRONG_PASSWORD', 'The password is not correct', [{ path: 'body.password', message: 'formError.wrongPassword' }]);
      }
      const { subject, email, linkUserId } = row;
      const now = clock();
      return db.transaction(async (tx) => {
        if (!(await repo.claimPendingLink(tx, tokenHash, now))) throw new AppError('NOT_FOUND', 'No social sign-up is waiting for a password');
        if (await repo.findIdentity(tx, row.provider, subject)) throw new AppError('CONFLICT', 'This social account is linked already');
        await repo.insertIdentity(tx, { provider: row.provider, subject, userId: linkUserId, email, createdAt: now });
        return auth.openSessionFor(tx, linkUserId, meta);
      });
    },

    /** Housekeeping: flows and pending links past their time. */
    prune: () => repo.pruneSocialLogins(db, new Date(clock().getTime() - SOCIAL_FLOW_TTL_MS - SOCIAL_LINK_TTL_MS)),
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
