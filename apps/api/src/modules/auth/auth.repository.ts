import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, refreshTokens, sessions, users } from '../../db/schema';
import { privilegesJsonOf, rolesJsonOf } from '../../db/account-access';

/** The only SQL of the auth module: sessions, refresh tokens, reset tokens. Attempt counters: src/http/rate-limits. */

export async function insertSession(
  db: DbOrTx,
  session: {
    id: string;
    userId: number;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    actorUserId?: number | null;
    parentSessionId?: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function insertRefreshToken(db: DbOrTx, token: { tokenHash: string; sessionId: string; createdAt: Date }): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export interface RefreshTokenWithSession {
  tokenHash: string;
  usedAt: Date | null;
  sessionId: string;
  userId: number;
  /** When the session was opened (its login): the absolute maximum counts from it. */
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenWithSession | undefined> {
  const [row] = await db
    .select({
      tokenHash: refreshTokens.tokenHash,
      usedAt: refreshTokens.usedAt,
      sessionId: sessions.id,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used; false when another request used it first (the compare-and-set of rotation). */
export async function claimRefreshToken(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length === 1;
}

export async function extendSession(db: DbOrTx, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

// Revoking sessions is the revocation list's job (src/http/revocations.ts): it also tells every process.

export interface LiveSessionUser {
  userId: number;
  email: string;
  name: string;
  status: number;
  companyId: number | null;
  lang: string;
  catalogId: number;
  roles: Array<{ id: number; name: string }>;
  privileges: string[];
  /** The user's token generation (src/http/revocations.ts): the access token carries it. */
  generation: number;
  /** The staff member acting as the user in this session (modules/acting), or null. */
  actorUserId: number | null;
}

/**
 * The user behind a session with their roles and privileges (one round trip), when the session is
 * live (not revoked, not expired) and the user not deleted. Read at login and refresh only: every
 * other request trusts its access token.
 */
export async function findLiveSessionUser(db: DbOrTx, sessionId: string, userId: number, now: Date): Promise<LiveSessionUser | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      status: users.status,
      companyId: users.companyId,
      lang: users.lang,
      catalogId: users.catalogId,
      roles: rolesJsonOf(users.id),
      privileges: privilegesJsonOf(users.id),
      generation: users.tokenGeneration,
      actorUserId: sessions.actorUserId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), ne(users.status, 0)))
    .limit(1);
  return row;
}

export async function insertResetToken(db: DbOrTx, token: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/** Uses a reset token once: returns its user when it was unused and unexpired. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Retires every other outstanding reset token of a user (after a reset or a password change). */
export async function retireResetTokens(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Whether a session was opened for this user from this client address since `since`: a familiar
 * address, which the per-address login limit does not hold back (the owner's own network).
 */
export async function hasLoggedInFrom(db: DbOrTx, userId: number, ip: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}
