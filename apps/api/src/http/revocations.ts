import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { ACCESS_TOKEN_TTL_SECONDS } from './sessions';

/**
 * The revocation list: access tokens are checked by signature alone, so what was revoked since they
 * were issued is held here, in memory, in every api process.
 *
 * - A session entry refuses every token of one session (logout, refresh-token reuse).
 * - A user entry refuses every token issued to a user under an older token generation (roles,
 *   privileges or status changed, password reset or change): the client refreshes and the refresh
 *   reads the user afresh from the database.
 *
 * The database holds the truth (`sessions.revoked_at`, `users.token_generation`); each revocation is
 * written with a `pg_notify` in the same transaction, so every process (LISTEN on a PostgreSQL server,
 * in process on PGlite) learns it when it commits, and the revoking process applies it at once. Entries
 * live as long as an access token can (plus a minute for clocks that differ), then they are pruned:
 * every token they could refuse has expired by then. A process loads the live entries at start and
 * again after its listening connection comes back.
 */
export interface Revocations {
  /**
   * Whether a token of this session, user and generation was revoked after it was issued. A token of
   * an acted session (issue 17 §3) is also refused when the acting staff member's tokens were.
   */
  isRevoked(token: { sessionId: string; userId: number; generation: number; actingBy?: { userId: number; generation: number } | undefined }): boolean;
  /** Ends a session: its refresh token stops working and its access tokens are refused. */
  revokeSession(sessionId: string, reason: string, tx?: DbOrTx): Promise<Revocation>;
  /**
   * Refuses every access token the user holds now (roles, privileges or status changed): each client
   * refreshes and gets a token with the current ones. Sessions stay open.
   */
  revokeUser(userId: number, tx?: DbOrTx): Promise<Revocation>;
  /**
   * Ends the user's sessions (all, or all but `except`) and refuses their access tokens. The kept
   * session's own token is refused too (the caller gives it a new one, or the client refreshes).
   */
  revokeUserSessions(userId: number, reason: string, options?: { except?: string; tx?: DbOrTx }): Promise<Revocation>;
  /**
   * With a caller's transaction (`tx`), the revoke calls only write; once that transaction has
   * committed, `apply` puts the revocation on this process's list at once (other processes get it
   * from the database's notification). Without `tx` the calls apply by themselves.
   */
  apply(revocation: Revocation): void;
  /** Listens for other processes' revocations, then loads the live ones from the database. */
  start(): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's revocation list (also `ctx.revocations` for services). */
    revocations: Revocations;
  }
}

/** A committed (or about to commit) revocation, as it travels between processes. */
export type Revocation =
  | { kind: 'session'; sessionId: string; expiresAt: number }
  | { kind: 'user'; userId: number; generation: number; expiresAt: number };

const Notice = z.union([
  z.object({ kind: z.literal('session'), sessionId: z.string().max(64), expiresAt: z.number() }),
  z.object({ kind: z.literal('user'), userId: z.number().int().positive(), generation: z.number().int().nonnegative(), expiresAt: z.number() }),
]);

export const REVOCATIONS_CHANNEL = 'lumen_revocations';
/** How long an entry must live: the longest an access token issued before it can still be presented. */
export const REVOCATION_LIFETIME_MS = ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000;
const PRUNE_EVERY_MS = 60_000;

export interface RevocationsOptions {
  database: Database;
  clock: Clock;
  /** Where a malformed notification or a failed reload is reported. */
  onError?: (error: unknown, what: string) => void;
}

export function createRevocations({ database, clock, onError = () => {} }: RevocationsOptions): Revocations {
  const { db } = database;
  /** sessionId → when the entry may go. */
  const revokedSessions = new Map<string, number>();
  /** userId → the oldest generation still accepted, and when the entry may go. */
  const revokedUsers = new Map<number, { generation: number; expiresAt: number }>();
  let stopListening: (() => Promise<void>) | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;

  function apply(revocation: Revocation): void {
    if (revocation.expiresAt <= clock().getTime()) return;
    if (revocation.kind === 'session') {
      const known = revokedSessions.get(revocation.sessionId) ?? 0;
      revokedSessions.set(revocation.sessionId, Math.max(known, revocation.expiresAt));
      return;
    }
    const known = revokedUsers.get(revocation.userId);
    if (!known || revocation.generation > known.generation) {
      revokedUsers.set(revocation.userId, { generation: revocation.generation, expiresAt: Math.max(revocation.expiresAt, known?.expiresAt ?? 0) });
    } else if (revocation.expiresAt > known.expiresAt) {
      known.expiresAt = revocation.expiresAt;
    }
  }

  function prune(): void {
    const now = clock().getTime();
    for (const [sessionId, expiresAt] of revokedSessions) if (expiresAt <= now) revokedSessions.delete(sessionId);
    for (const [userId, entry] of revokedUsers) if (entry.expiresAt <= now) revokedUsers.delete(userId);
  }

  async function notify(tx: DbOrTx, revocation: Revocation): Promise<void> {
    await tx.execute(sql`select pg_notify(${REVOCATIONS_CHANNEL}, ${JSON.stringify(revocation)})`);
  }

  /** Runs the writes in the caller's transaction, or in one of its own and then applies. */
  async function write(tx: DbOrTx | undefined, run: (tx: DbOrTx) => Promise<Revocation>): Promise<Revocation> {
    if (tx) return run(tx);
    const revocation = await db.transaction((own) => run(own));
    apply(revocation);
    return revocation;
  }

  async function bumpGeneration(tx: DbOrTx, userId: number, now: Date): Promise<Revocation> {
    const [row] = await tx
      .update(users)
      .set({ tokenGeneration: sql`${users.tokenGeneration} + 1`, tokensRevokedAt: now })
      .where(eq(users.id, userId))
      .returning({ generation: users.tokenGeneration });
    // An unknown user holds no token worth refusing; the entry is harmless.
    const revocation: Revocation = { kind: 'user', userId, generation: row?.generation ?? 0, expiresAt: now.getTime() + REVOCATION_LIFETIME_MS };
    await notify(tx, revocation);
    return revocation;
  }

  /** The entries still alive in the database: sessions revoked and generations bumped within an entry's lifetime. */
  async function load(): Promise<void> {
    const now = clock();
    const since = new Date(now.getTime() - REVOCATION_LIFETIME_MS);
    const [sessionRows, userRows] = await Promise.all([
      db.select({ id: sessions.id, revokedAt: sessions.revokedAt }).from(sessions).where(gt(sessions.revokedAt, since)),
      db.select({ id: users.id, generation: users.tokenGeneration, revokedAt: users.tokensRevokedAt }).from(users).where(gt(users.tokensRevokedAt, since)),
    ]);
    for (const row of sessionRows) {
      if (row.revokedAt) apply({ kind: 'session', sessionId: row.id, expiresAt: row.revokedAt.getTime() + REVOCATION_LIFETIME_MS });
    }
    for (const row of userRows) {
      if (row.revokedAt) apply({ kind: 'user', userId: row.id, generation: row.generation, expiresAt: row.revokedAt.getTime() + REVOCATION_LIFETIME_MS });
    }
  }

  function onPayload(payload: string): void {
    let parsed: ReturnType<typeof Notice.safeParse>;
    try {
      parsed = Notice.safeParse(JSON.parse(payload));
    } catch (error) {
      onError(error, 'malformed revocation notice');
      return;
    }
    if (parsed.success) apply(parsed.data);
    else onError(parsed.error, 'malformed revocation notice');
  }

  return {
    isRevoked({ sessionId, userId, generation, actingBy }) {
      const now = clock().getTime();
      const sessionEntry = revokedSessions.get(sessionId);
      if (sessionEntry !== undefined && sessionEntry > now) return true;
      const revokedGeneration = (user: number, held: number) => {
        const entry = revokedUsers.get(user);
        return entry !== undefined && entry.expiresAt > now && held < entry.generation;
      };
      return revokedGeneration(userId, generation) || (actingBy !== undefined && revokedGeneration(actingBy.userId, actingBy.generation));
    },

    revokeSession(sessionId, reason, tx) {
      return write(tx, async (run) => {
        const now = clock();
        await run
          .update(sessions)
          .set({ revokedAt: now, revokedReason: reason })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
        const revocation: Revocation = { kind: 'session', sessionId, expiresAt: now.getTime() + REVOCATION_LIFETIME_MS };
        await notify(run, revocation);
        return revocation;
      });
    },

    revokeUser(userId, tx) {
      return write(tx, (run) => bumpGeneration(run, userId, clock()));
    },

    revokeUserSessions(userId, reason, options = {}) {
      return write(options.tx, async (run) => {
        const now = clock();
        const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
        if (options.except) conditions.push(ne(sessions.id, options.except));
        await run
          .update(sessions)
          .set({ revokedAt: now, revokedReason: reason })
          .where(and(...conditions));
        return bumpGeneration(run, userId, now);
      });
    },

    apply,

    async start() {
      stopListening = await database.listen(REVOCATIONS_CHANNEL, onPayload, () => {
        load().catch((error: unknown) => onError(error, 'reloading the revocation list failed'));
      });
      await load();
      pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
      pruneTimer.unref();
    },

    async close() {
      if (pruneTimer) clearInterval(pruneTimer);
      await stopListening?.();
      stopListening = undefined;
    },
  };
}
