import { eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitBuckets } from '../db/schema';

/** The only SQL of the rate limiter (src/http/rate-limits.ts): the `rate_limit_buckets` counters. */

export interface Bucket {
  key: string;
  count: number;
  windowStart: Date;
  lastHitAt: Date;
  expiresAt: Date;
}

/**
 * The buckets of these keys, created empty when missing and locked until the caller's transaction
 * ends, so concurrent attempts on one key, from any process, are counted one after another. One
 * upsert both creates and locks: an insert that skipped an existing row and a later `FOR UPDATE`
 * would miss a bucket the housekeeping (deleteExpiredBuckets) removed in between. Keys are taken in
 * sorted order so that two transactions never wait on each other crosswise.
 */
export async function lockBuckets(tx: DbOrTx, keys: readonly string[], now: Date): Promise<Map<string, Bucket>> {
  const sorted = [...new Set(keys)].sort();
  const rows = await tx
    .insert(rateLimitBuckets)
    .values(sorted.map((key) => ({ key, count: 0, windowStart: now, lastHitAt: now, expiresAt: now })))
    // A no-op update: it locks the row that is there, where DO NOTHING would neither lock nor return it.
    .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { key: sql`excluded.key` } })
    .returning();
  return new Map(rows.map((row) => [row.key, row]));
}

export async function saveBucket(tx: DbOrTx, bucket: Bucket): Promise<void> {
  const { key, ...values } = bucket;
  await tx.update(rateLimitBuckets).set(values).where(eq(rateLimitBuckets.key, key));
}

/** Takes one attempt back. */
export async function decrementBucket(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
    .where(eq(rateLimitBuckets.key, key));
}

export async function deleteBucket(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

/** Removes the buckets that no longer hold anything back. */
export async function deleteExpiredBuckets(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(rateLimitBuckets).where(lte(rateLimitBuckets.expiresAt, now));
}
