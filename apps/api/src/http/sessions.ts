import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import type { Lang } from '@lumen/contracts';
import { PRIVILEGES, roleName } from '@lumen/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Clock } from '../lib/clock';

/** Cookie names (spec §9: the auth token, refresh token, language, catalogue id and catalogue name). */
export const COOKIE = {
  access: 'token',
  refresh: 'refreshToken',
  /** While a staff member acts as a customer without logging out: their own refresh token, to return to (httpOnly). */
  actorRefresh: 'actorRefreshToken',
  /** Readable `1` while the session acts for a customer: the SPA asks who acts for whom only then (the banner). */
  acting: 'acting',
  /** Readable `1` next to the httpOnly session cookies: the SPA skips account and refresh calls without it. */
  hasSession: 'hasSession',
  language: 'language',
  catalogId: 'catalogId',
  catalog: 'catalog',
} as const;

/** Spec §9: cookie lifetime 2592000000 ms (30 days). */
export const COOKIE_MAX_AGE_MS = 2_592_000_000;
export const SESSION_LIFETIME_MS = COOKIE_MAX_AGE_MS;
/**
 * The absolute maximum of a session (ASVS 7.3.2): 90 days after its login, however often it was
 * refreshed, the user logs in again. A refresh never extends a session past it.
 */
export const SESSION_ABSOLUTE_MAX_MS = 90 * 24 * 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** The logged-in user of a request, as the access token states it (checked against the revocation list). */
export interface Principal {
  userId: number;
  sessionId: string;
  /** The user's token generation the token was issued under (src/http/revocations.ts); bumped by every change of the account. */
  generation: number;
  email: string;
  name: string;
  status: number;
  companyId: number | null;
  lang: string;
  catalogId: number;
  roles: Array<{ id: number; name: string }>;
  privileges: string[];
  /**
   * Acting as a customer (issue 17 §3): the staff member who acts as this user in this session. The
   * whole app runs as the user; the audit trail names both; their token generation is checked too.
   */
  actingBy?: ActingBy | undefined;
}

/** The staff member behind an acted session (the RFC 8693 `act` claim of the token). */
export interface ActingBy {
  userId: number;
  name: string;
  email: string;
  generation: number;
}

/** What an access token carries: the principal. */
export type AccessGrant = Principal;

const ISSUER = 'lumen-pro-api';
/**
 * The audience of an access token (ASVS 9.2.3): the api's session calls and nothing else. A token the
 * same secret signs for another use (none today) could not stand in for a session; one without it,
 * or for another audience, is refused.
 */
export const ACCESS_AUDIENCE = 'lumen-pro-api:session';

/**
 * Privileges travel as a bit set over the domain's PRIVILEGES list (a few characters instead of a few
 * hundred). The list's fingerprint goes with it, so a token made under another list (a deploy that
 * reorders it) is refused and refreshed instead of granting the wrong privileges.
 */
const PRIVILEGE_TABLE = createHash('sha256').update(PRIVILEGES.join('\n')).digest('base64url').slice(0, 8);
const PRIVILEGE_BIT = new Map<string, number>(PRIVILEGES.map((code, index) => [code, index]));

function encodePrivileges(codes: readonly string[]): { bits: string; extra: string[] } {
  const nibbles = new Array<number>(Math.ceil(PRIVILEGES.length / 4)).fill(0);
  const extra: string[] = [];
  for (const code of codes) {
    const bit = PRIVILEGE_BIT.get(code);
    if (bit === undefined) extra.push(code);
    else nibbles[bit >> 2] = (nibbles[bit >> 2] ?? 0) | (1 << (bit & 3));
  }
  return { bits: nibbles.map((nibble) => nibble.toString(16)).join(''), extra };
}

/** Decoded sets are shared (frozen): a handful of role combinations cover every user. */
const decodedPrivileges = new Map<string, string[]>();
function decodePrivileges(bits: string, extra: readonly string[] | undefined): string[] {
  const key = extra?.length ? `${bits}|${extra.join(',')}` : bits;
  let codes = decodedPrivileges.get(key);
  if (!codes) {
    const held = PRIVILEGES.filter((_, index) => (Number.parseInt(bits[index >> 2] ?? '0', 16) >> (index & 3)) & 1);
    codes = Object.freeze([...held, ...(extra ?? [])].sort()) as string[];
    if (decodedPrivileges.size < 1000) decodedPrivileges.set(key, codes);
  }
  return codes;
}

const decodedRoles = new Map<string, Array<{ id: number; name: string }>>();
function decodeRoles(ids: readonly number[]): Array<{ id: number; name: string }> {
  const key = ids.join(',');
  let roles = decodedRoles.get(key);
  if (!roles) {
    roles = Object.freeze(ids.map((id) => Object.freeze({ id, name: roleName(id) ?? `role-${id}` }))) as Array<{ id: number; name: string }>;
    if (decodedRoles.size < 1000) decodedRoles.set(key, roles);
  }
  return roles;
}

/** The claims of our access tokens (short names keep the cookie small). */
const AccessClaims = z.object({
  sub: z.string().regex(/^[1-9][0-9]{0,15}$/),
  sid: z.string().min(1).max(64),
  gen: z.number().int().nonnegative(),
  st: z.number().int(),
  co: z.number().int().positive().optional(),
  cat: z.number().int(),
  lng: z.string().max(8),
  rol: z.array(z.number().int()).max(32),
  prv: z.string().regex(/^[0-9a-f]{1,16}$/),
  px: z.array(z.string().max(64)).max(64).optional(),
  pt: z.string(),
  em: z.string().max(320),
  nm: z.string().max(200),
  act: z
    .object({ sub: z.string().regex(/^[1-9][0-9]{0,15}$/), gen: z.number().int().nonnegative(), em: z.string().max(320), nm: z.string().max(200) })
    .optional(),
  exp: z.number(),
});

/** How many verified tokens a process remembers (a browser presents the same one for 15 minutes). */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  /** Imported once: a raw secret would be re-imported on every sign and verify. */
  private readonly key: KeyObject;
  /**
   * Tokens whose signature and claims were checked, by their exact text (a changed byte is another
   * key), with their expiry: the signature check is the costliest step of a request once the database
   * is out of it. Oldest first, so the first key is the one to drop.
   */
  private readonly verified = new Map<string, { grant: AccessGrant; expiresAt: number }>();
  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** An access token that states who the user is for the next 15 minutes (no database read per request). */
  async sign(grant: AccessGrant): Promise<string> {
    const now = Math.floor(this.clock().getTime() / 1000);
    const { bits, extra } = encodePrivileges(grant.privileges);
    return new SignJWT({
      sid: grant.sessionId,
      gen: grant.generation,
      st: grant.status,
      ...(grant.companyId === null ? {} : { co: grant.companyId }),
      cat: grant.catalogId,
      lng: grant.lang,
      rol: grant.roles.map((role) => role.id),
      prv: bits,
      ...(extra.length > 0 ? { px: extra } : {}),
      pt: PRIVILEGE_TABLE,
      em: grant.email,
      nm: grant.name,
      ...(grant.actingBy ? { act: { sub: String(grant.actingBy.userId), gen: grant.actingBy.generation, em: grant.actingBy.email, nm: grant.actingBy.name } } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(grant.userId))
      .setIssuer(ISSUER)
      .setAudience(ACCESS_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** When a token this process verified runs out (epoch ms); undefined for a token it has not verified. */
  expiresAt(token: string): number | undefined {
    return this.verified.get(token)?.expiresAt;
  }

  /** The grant of a token with a valid signature, unexpired, in today's shape; undefined for anything else. */
  async verify(token: string): Promise<AccessGrant | undefined> {
    if (token.length > 4096) return undefined;
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > this.clock().getTime()) return known.grant;
      this.verified.delete(token);
      return undefined;
    }
    const grant = await this.verifyAfresh(token);
    if (grant) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        const oldest = this.verified.keys().next();
        if (!oldest.done) this.verified.delete(oldest.value);
      }
      this.verified.set(token, grant);
      return grant.grant;
    }
    return undefined;
  }

  private async verifyAfresh(token: string): Promise<{ grant: AccessGrant; expiresAt: number } | undefined> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: ACCESS_AUDIENCE, currentDate: this.clock() }));
    } catch {
      return undefined;
    }
    const parsed = AccessClaims.safeParse(payload);
    if (!parsed.success || parsed.data.pt !== PRIVILEGE_TABLE) return undefined;
    const claims = parsed.data;
    const grant: AccessGrant = Object.freeze({
      userId: Number(claims.sub),
      sessionId: claims.sid,
      generation: claims.gen,
      email: claims.em,
      name: claims.nm,
      status: claims.st,
      companyId: claims.co ?? null,
      lang: claims.lng,
      catalogId: claims.cat,
      roles: decodeRoles(claims.rol),
      privileges: decodePrivileges(claims.prv, claims.px),
      ...(claims.act ? { actingBy: Object.freeze({ userId: Number(claims.act.sub), generation: claims.act.gen, email: claims.act.em, name: claims.act.nm }) } : {}),
    });
    return { grant, expiresAt: claims.exp * 1000 };
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

/** The access token alone (a re-issued token after a change of the user's own data), with the session marker. */
export function setAccessCookie(reply: FastifyReply, request: FastifyRequest, accessToken: string): void {
  const base = baseCookie(request);
  reply.setCookie(COOKIE.access, accessToken, { ...base, httpOnly: true });
  reply.setCookie(COOKIE.hasSession, '1', { ...base, httpOnly: false });
}

export function setSessionCookies(reply: FastifyReply, request: FastifyRequest, tokens: { accessToken: string; refreshToken: string }): void {
  setAccessCookie(reply, request, tokens.accessToken);
  reply.setCookie(COOKIE.refresh, tokens.refreshToken, { ...baseCookie(request), httpOnly: true });
}

/** Readable cookies the SPA uses before it has the account: language, catalogue id and lowercase name. */
export function setPreferenceCookies(reply: FastifyReply, request: FastifyRequest, prefs: { lang: Lang; catalogId: number }): void {
  const base = baseCookie(request);
  reply.setCookie(COOKIE.language, prefs.lang, { ...base, httpOnly: false });
  reply.setCookie(COOKIE.catalogId, String(prefs.catalogId), { ...base, httpOnly: false });
  reply.setCookie(COOKIE.catalog, prefs.catalogId === 21 ? 'usa' : 'int', { ...base, httpOnly: false });
}

/** Keeps the staff member's own refresh token while they act as a customer (impersonation without logout); null clears it. */
export function setActorRefreshCookie(reply: FastifyReply, request: FastifyRequest, refreshToken: string | null): void {
  const base = baseCookie(request);
  if (refreshToken === null) reply.clearCookie(COOKIE.actorRefresh, { path: '/', sameSite: 'lax', secure: base.secure, httpOnly: true });
  else reply.setCookie(COOKIE.actorRefresh, refreshToken, { ...base, httpOnly: true });
}

/** The readable marker of an acted session (set when acting starts, cleared when it stops or at logout). */
export function setActingMarker(reply: FastifyReply, request: FastifyRequest, acting: boolean): void {
  const base = baseCookie(request);
  if (acting) reply.setCookie(COOKIE.acting, '1', { ...base, httpOnly: false });
  else reply.clearCookie(COOKIE.acting, { path: '/', sameSite: 'lax', secure: base.secure, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, request: FastifyRequest): void {
  const { secure } = baseCookie(request);
  for (const name of [COOKIE.access, COOKIE.refresh, COOKIE.actorRefresh]) reply.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  for (const name of [COOKIE.hasSession, COOKIE.acting]) reply.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: false });
}
