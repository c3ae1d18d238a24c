import { randomUUID } from 'node:crypto';
import { type Account, DEFAULT_LANG, Lang, type LoginBody, type SignupBody } from '@lumen/contracts';
import { REGISTER_TYPE, ROLES, USER_STATUS, USER_TYPE } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { createRateLimiter, type RatePolicy } from '../../http/rate-limits';
import { type AccessTokens, type ActingBy, SESSION_ABSOLUTE_MAX_MS, SESSION_LIFETIME_MS } from '../../http/sessions';
import { auditWho, recordAudit } from '../../lib/audit';
import { hashPassword, refuseCommonPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/tokens';
import { buildAccount } from '../users/users.service';
import * as users from '../users/users.accounts';
import * as repo from './auth.repository';

/** Who is asking (for rate limits and the session record). */
export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** A refresh token presented again within this many ms of its use is a concurrent refresh, not a theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Login throttle (README, "Login throttle"): past its free failures (LOGIN_RATE_LIMIT_PER_PAIR), one
 * address tried from one client address (the pair) waits 1 s, 2 s, 4 s … at most 15 minutes.
 */
export const LOGIN_PAIR_BACKOFF = { baseMs: 1000, maxMs: 15 * 60 * 1000 };
/** Past its free failures (LOGIN_RATE_LIMIT_PER_ADDRESS), an address tried from unfamiliar IPs waits 1 s, 2 s … at most 5 minutes. */
export const LOGIN_ADDRESS_BACKOFF = { baseMs: 1000, maxMs: 5 * 60 * 1000 };
/** Failures of a pair or an address are forgotten after this long without an attempt. */
export const LOGIN_FAILURES_FORGOTTEN_MS = 60 * 60 * 1000;
/** A client address from which the account opened a session this recently is familiar: the per-address limit does not apply to it. */
export const FAMILIAR_IP_MS = 90 * 24 * 60 * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * Acting as a customer (issue 17 §3; modules/acting): the staff member behind an acted session when they
 * may still act for its user, read at login and refresh like the user; undefined ends the session's use.
 */
export type ActingCheck = (db: DbOrTx, actorUserId: number, subjectUserId: number) => Promise<ActingBy | undefined>;

export function createAuthService(ctx: AppContext, tokens: AccessTokens, actingCheck?: ActingCheck) {
  const { db, clock, config } = ctx;
  const limits = config.loginRateLimit;
  const limiter = createRateLimiter(db, clock);
  const perIp: RatePolicy = { limit: limits.perIp, windowMs: limits.windowMs };
  const perAddress: RatePolicy = { limit: limits.perAddress, windowMs: limits.windowMs };
  const pair: RatePolicy = { limit: limits.perPair, windowMs: LOGIN_FAILURES_FORGOTTEN_MS, backoff: LOGIN_PAIR_BACKOFF };
  const addressFromUnfamiliarIps: RatePolicy = { limit: limits.perAddress, windowMs: LOGIN_FAILURES_FORGOTTEN_MS, backoff: LOGIN_ADDRESS_BACKOFF };

  /** Opens a session (one login family) inside the caller's transaction. */
  async function openSession(tx: DbOrTx, userId: number, meta: ClientMeta, acting?: { actorUserId: number; parentSessionId: string | null }): Promise<SessionTokens> {
    const now = clock();
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await repo.insertSession(tx, {
      id: sessionId,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip.slice(0, 64),
      ...(acting ? { actorUserId: acting.actorUserId, parentSessionId: acting.parentSessionId } : {}),
    });
    await repo.insertRefreshToken(tx, { tokenHash: hashToken(refreshToken), sessionId, createdAt: now });
    return { accessToken: await issueAccessToken(tx, sessionId, userId), refreshToken };
  }

  /**
   * An access token stating the user as the database has them now (roles, privileges, status, token
   * generation); 401 when the session has ended or the user is gone.
   */
  async function issueAccessToken(dbOrTx: DbOrTx, sessionId: string, userId: number): Promise<string> {
    const live = await repo.findLiveSessionUser(dbOrTx, sessionId, userId, clock());
    if (!live) throw new AppError('UNAUTHENTICATED');
    const { actorUserId, ...user } = live;
    if (actorUserId === null) return tokens.sign({ ...user, sessionId });
    const actingBy = actingCheck ? await actingCheck(dbOrTx, actorUserId, user.userId) : undefined;
    if (!actingBy) throw new AppError('UNAUTHENTICATED');
    return tokens.sign({ ...user, sessionId, actingBy });
  }

  return {
    /**
     * Whether an address is registered (spec §5: the sign-up form asks while the user types). It is
     * public by nature, so it counts against the client's per-IP window like sign-up does: that keeps
     * it usable for a person and useless for harvesting the customer list.
     */
    async emailTaken(email: string, meta: ClientMeta): Promise<boolean> {
      await limiter.hit([{ key: `email-check:ip:${meta.ip}`, policy: perIp }]);
      return users.emailExists(db, email);
    },

    async signup(body: SignupBody, meta: ClientMeta): Promise<{ account: Account; tokens: SessionTokens }> {
      await limiter.hit([{ key: `signup:ip:${meta.ip}`, policy: perIp }]);
      if (await users.emailExists(db, body.email)) throw new AppError('EMAIL_TAKEN', 'This e-mail address is already registered');
      await refuseCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await users.insertUser(tx, {
            email: body.email,
            passwordHash,
            name: body.name,
            lang: body.lang,
            catalogId: 16,
            status: USER_STATUS.WEB_USER,
            registerType: REGISTER_TYPE.Email,
            userType: USER_TYPE.particular,
          });
          await users.setUserRoles(tx, user.id, [ROLES.webUser]);
          const sessionTokens = await openSession(tx, user.id, meta);
          return { account: await buildAccount(tx, user.id, config), tokens: sessionTokens };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 'This e-mail address is already registered');
        throw error;
      }
    },

    async login(body: LoginBody, meta: ClientMeta): Promise<{ account: Account; tokens: SessionTokens }> {
      // Every attempt is counted before the password is checked (parallel guesses cannot slip through);
      // a success clears its pair and gives its attempt back to the IP and the address, so only
      // failures add up. The per-address limit skips the account's familiar IPs, so an attacker
      // elsewhere cannot lock the owner out (README, "Login throttle").
      const user = await users.findUserByEmail(db, body.email);
      const since = new Date(clock().getTime() - FAMILIAR_IP_MS);
      const familiar = await repo.hasLoggedInFrom(db, user?.id ?? 0, meta.ip, since);
      const pairKey = `login:pair:${meta.ip}:${body.email}`;
      const ipKey = `login:ip:${meta.ip}`;
      const addressKey = `login:addr:${body.email}`;
      await limiter.hit([
        { key: pairKey, policy: pair },
        { key: ipKey, policy: perIp },
        ...(familiar ? [] : [{ key: addressKey, policy: addressFromUnfamiliarIps }]),
      ]);
      const valid = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
      if (!user || !valid || user.status === USER_STATUS.DELETED) throw new AppError('INVALID_CREDENTIALS');
      await limiter.clear(pairKey);
      await limiter.release(ipKey);
      if (!familiar) await limiter.release(addressKey);
      return db.transaction(async (tx) => {
        const sessionTokens = await openSession(tx, user.id, meta);
        return { account: await buildAccount(tx, user.id, config), tokens: sessionTokens };
      });
    },

    /**
     * Rotates a refresh token. A token used before (outside the short grace for concurrent refreshes)
     * means it was copied: the whole login family is revoked.
     */
    async refresh(refreshToken: string | undefined): Promise<{ tokens: SessionTokens; userId: number }> {
      if (!refreshToken || refreshToken.length > 256) throw new AppError('UNAUTHENTICATED');
      const now = clock();
      const tokenHash = hashToken(refreshToken);
      const found = await repo.findRefreshToken(db, tokenHash);
      if (!found || found.revokedAt || found.expiresAt <= now) throw new AppError('UNAUTHENTICATED');
      if (found.usedAt) {
        if (now.getTime() - found.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
          await ctx.revocations.revokeSession(found.sessionId, 'refresh-token-reuse');
        }
        throw new AppError('UNAUTHENTICATED');
      }
      const next = randomToken();
      const claimed = await db.transaction(async (tx) => {
        if (!(await repo.claimRefreshToken(tx, tokenHash, now))) return false;
        await repo.insertRefreshToken(tx, { tokenHash: hashToken(next), sessionId: found.sessionId, createdAt: now });
        // Slides 30 days from now, never past the session's absolute maximum (90 days from its login).
        await repo.extendSession(tx, found.sessionId, new Date(Math.min(now.getTime() + SESSION_LIFETIME_MS, found.createdAt.getTime() + SESSION_ABSOLUTE_MAX_MS)));
        return true;
      });
      // Lost the race against a concurrent refresh of the same token: a clean 401, no revocation.
      if (!claimed) throw new AppError('UNAUTHENTICATED');
      // Read afresh: a change of roles, privileges or status takes effect with this token.
      const accessToken = await issueAccessToken(db, found.sessionId, found.userId);
      return { tokens: { accessToken, refreshToken: next }, userId: found.userId };
    },

    /**
     * Opens a session for a user whom another proof identified (social sign-up, issue 17 §4), inside
     * the caller's transaction, with the account to answer.
     */
    async openSessionFor(tx: DbOrTx, userId: number, meta: ClientMeta): Promise<{ account: Account; tokens: SessionTokens }> {
      const sessionTokens = await openSession(tx, userId, meta);
      return { account: await buildAccount(tx, userId, config), tokens: sessionTokens };
    },

    /** Opens a session in which a staff member acts as a user (modules/acting checks who may act for whom first). */
    openActedSession: (tx: DbOrTx, subjectUserId: number, acting: { actorUserId: number; parentSessionId: string | null }, meta: ClientMeta): Promise<SessionTokens> =>
      openSession(tx, subjectUserId, meta, acting),

    /** The session of a refresh token that may still be used (stopping to act returns to the staff member's own). */
    async liveSessionOfRefreshToken(refreshToken: string | undefined): Promise<{ sessionId: string; userId: number } | undefined> {
      if (!refreshToken || refreshToken.length > 256) return undefined;
      const found = await repo.findRefreshToken(db, hashToken(refreshToken));
      if (!found || found.usedAt || found.revokedAt || found.expiresAt <= clock()) return undefined;
      return { sessionId: found.sessionId, userId: found.userId };
    },

    /** A new access token for the caller's own session, after a change to their own account (language, name, status). */
    reissueAccessToken: (principal: Principal): Promise<string> => issueAccessToken(db, principal.sessionId, principal.userId),

    /** Revokes the session of the refresh cookie or, failing that, of the access token. Never fails. */
    async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
      if (refreshToken && refreshToken.length <= 256) {
        const found = await repo.findRefreshToken(db, hashToken(refreshToken));
        if (found) {
          await ctx.revocations.revokeSession(found.sessionId, 'logout');
          return;
        }
      }
      if (accessToken) {
        const grant = await tokens.verify(accessToken);
        if (grant) await ctx.revocations.revokeSession(grant.sessionId, 'logout');
      }
    },

    /** Always succeeds from the caller's view; a mail goes out only when the address is an account. */
    async requestPasswordReset(email: string, meta: ClientMeta): Promise<void> {
      await limiter.hit([
        { key: `reset:ip:${meta.ip}`, policy: perIp },
        { key: `reset:addr:${email}`, policy: perAddress },
      ]);
      const now = clock();
      const user = await users.findUserByEmail(db, email);
      const token = randomToken();
      const tokenHash = hashToken(token);
      if (!user || user.status === USER_STATUS.DELETED) return;
      await repo.insertResetToken(db, { tokenHash, userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
      const lang = Lang.safeParse(user.lang).success ? (user.lang as Lang) : DEFAULT_LANG;
      const t = translationsFor('common-front', lang);
      const link = `${config.linkOrigin}/password-reset?token=${encodeURIComponent(token)}`;
      const text = [
        interpolate(t['mail.passwordReset.greeting'] ?? '', { name: user.name }),
        '',
        t['mail.passwordReset.body'] ?? '',
        '',
        link,
        '',
        interpolate(t['mail.passwordReset.expiry'] ?? '', { minutes: RESET_TOKEN_TTL_MS / 60_000 }),
        t['mail.passwordReset.ignore'] ?? '',
        '',
        t['mail.signature'] ?? '',
      ].join('\n');
      const to = user.email;
      const subject = t['mail.passwordReset.subject'] ?? 'Lumen Pro';
      // Sent in the background so that the answer takes the same time whether or not the address exists.
      ctx.background.run('password-reset-mail', () => ctx.mailer.send({ to, subject, text }));
    },

    async confirmPasswordReset(token: string, password: string): Promise<void> {
      await refuseCommonPassword(password);
      const passwordHash = await hashPassword(password);
      const now = clock();
      const revocation = await db.transaction(async (tx) => {
        const userId = await repo.consumeResetToken(tx, hashToken(token), now);
        if (userId === undefined) throw new AppError('INVALID_RESET_TOKEN', 'The reset link is invalid or has expired');
        await users.updateUser(tx, userId, { passwordHash }, now);
        await repo.retireResetTokens(tx, userId, now);
        const user = await users.findUserById(tx, userId);
        if (user) {
          await recordAudit(tx, { actor: { id: user.id, name: user.name, email: user.email }, onBehalfOf: null, entity: 'user', entityId: userId, action: 'password-reset', before: null, after: { sessionsEnded: true } });
        }
        return ctx.revocations.revokeUserSessions(userId, 'password-reset', { tx });
      });
      ctx.revocations.apply(revocation);
    },

    /** Changes the password of the logged-in user; their other sessions end. Returns a new access token for this session. */
    async changePassword(principal: Principal, currentPassword: string, password: string): Promise<string> {
      await limiter.hit([{ key: `password-change:user:${principal.userId}`, policy: perAddress }]);
      const user = await users.findUserById(db, principal.userId);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new AppError('WRONG_PASSWORD', 'The current password is not correct', [{ path: 'body.currentPassword', message: 'formError.wrongPassword' }]);
      }
      await refuseCommonPassword(password);
      const passwordHash = await hashPassword(password);
      const now = clock();
      const revocation = await db.transaction(async (tx) => {
        await users.updateUser(tx, principal.userId, { passwordHash }, now);
        await repo.retireResetTokens(tx, principal.userId, now);
        // The trail says the password changed (never the password): issue 29 §5.
        await recordAudit(tx, { ...auditWho(principal), entity: 'user', entityId: principal.userId, action: 'password-change', before: null, after: { sessionsEnded: true }, companyId: principal.companyId });
        return ctx.revocations.revokeUserSessions(principal.userId, 'password-change', { except: principal.sessionId, tx });
      });
      ctx.revocations.apply(revocation);
      // The revocation refuses this session's token too (it names the user); this session lives on.
      return issueAccessToken(db, principal.sessionId, principal.userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
