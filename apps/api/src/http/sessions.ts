import type { Lang } from '@lumen/contracts';
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../lib/clock';

/** Cookie names (spec §9: the auth token, refresh token, language, catalogue id and catalogue name). */
export const COOKIE = {
  access: 'token',
  refresh: 'refreshToken',
  language: 'language',
  catalogId: 'catalogId',
  catalog: 'catalog',
} as const;

/** Spec §9: cookie lifetime 2592000000 ms (30 days). */
export const COOKIE_MAX_AGE_MS = 2_592_000_000;
export const SESSION_LIFETIME_MS = COOKIE_MAX_AGE_MS;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const ISSUER = 'lumen-pro-api';

export class AccessTokens {
  /** Imported once: a raw secret would be re-imported on every sign and verify. */
  private readonly key: KeyObject;
  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, currentDate: this.clock() });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return undefined;
      return { userId, sessionId: payload.sid };
    } catch {
      return undefined;
    }
  }
}

/** The access token of a request: the httpOnly cookie, or an `Authorization: Bearer` header (API clients). */
export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '').trim() || undefined;
  const cookie = request.cookies[COOKIE.access];
  return cookie || undefined;
}

export function readRefreshToken(request: FastifyRequest): string | undefined {
  return request.cookies[COOKIE.refresh] || undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Cookies always carry `Secure`: PUBLIC_URL is https, so a TLS proxy in front is certain (see README). */
    secureCookies: boolean;
  }
}

/** Marks every cookie the platform sets as Secure when the public origin is https, whatever the proxy trust. */
export function decorateSecureCookies(app: FastifyInstance, publicUrl: string | undefined): void {
  app.decorate('secureCookies', publicUrl?.startsWith('https://') ?? false);
}

function baseCookie(request: FastifyRequest) {
  const secure = request.server.secureCookies || request.protocol === 'https';
  return { path: '/', sameSite: 'lax' as const, secure, maxAge: COOKIE_MAX_AGE_MS / 1000 };
}

export function setSessionCookies(reply: FastifyReply, request: FastifyRequest, tokens: { accessToken: string; refreshToken: string }): void {
  const base = baseCookie(request);
  reply.setCookie(COOKIE.access, tokens.accessToken, { ...base, httpOnly: true });
  reply.setCookie(COOKIE.refresh, tokens.refreshToken, { ...base, httpOnly: true });
}

/** Readable cookies the SPA uses before it has the account: language, catalogue id and lowercase name. */
export function setPreferenceCookies(reply: FastifyReply, request: FastifyRequest, prefs: { lang: Lang; catalogId: number }): void {
  const base = baseCookie(request);
  reply.setCookie(COOKIE.language, prefs.lang, { ...base, httpOnly: false });
  reply.setCookie(COOKIE.catalogId, String(prefs.catalogId), { ...base, httpOnly: false });
  reply.setCookie(COOKIE.catalog, prefs.catalogId === 21 ? 'usa' : 'int', { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, request: FastifyRequest): void {
  const { secure } = baseCookie(request);
  for (const name of [COOKIE.access, COOKIE.refresh]) reply.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: true });
}
