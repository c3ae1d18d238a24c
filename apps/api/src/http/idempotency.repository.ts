import { and, eq, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** The only SQL of the idempotency plugin (src/http/idempotency.ts): the `idempotency_keys` table. */

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

export interface NewClaim {
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

/**
 * Claims a key for a request: true when this request inserted it. The primary key (user, key) makes
 * concurrent claims of one key, from any process, end with exactly one winner.
 */
export async function claimKey(db: DbOrTx, claim: NewClaim): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      userId: claim.userId,
      key: claim.key,
      method: claim.method,
      path: claim.path,
      requestHash: claim.requestHash,
      lockedUntil: claim.lockedUntil,
      createdAt: claim.now,
      expiresAt: claim.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(db: DbOrTx, userId: number, key: string): Promise<IdempotencyRecord | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** Takes over a key still in flight whose lease ran out (its request's process died); true when won. */
export async function takeOverKey(db: DbOrTx, userId: number, key: string, now: Date, lockedUntil: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ lockedUntil })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode), lte(idempotencyKeys.lockedUntil, now)))
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** Stores the answer to repeat for the key. */
export async function completeKey(db: DbOrTx, userId: number, key: string, answer: { statusCode: number; body: string; type: string }): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: answer.body, responseType: answer.type })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Gives a key up (its request made nothing, or nothing to repeat); never a key bound to a committed resource. */
export async function deleteKey(db: DbOrTx, userId: number, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.resource)));
}

/** Names the resource a key's request created; called in the transaction that creates it. */
export async function bindResource(tx: DbOrTx, userId: number, key: string, resource: string): Promise<void> {
  await tx.update(idempotencyKeys).set({ resource }).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Forgets one key if it expired (never a fresh claim made meanwhile by another request). */
export async function deleteExpiredKey(db: DbOrTx, userId: number, key: string, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), lte(idempotencyKeys.expiresAt, now)));
}

export async function deleteExpiredKeys(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
}
