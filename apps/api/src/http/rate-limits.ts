import type { Db } from '../db/client';
import { RateLimitedError } from '../errors';
import type { Clock } from '../lib/clock';
import { type Bucket, decrementBucket, deleteBucket, deleteExpiredBuckets, lockBuckets, saveBucket } from './rate-limits.repository';

/**
 * How many attempts a key allows:
 * - without `backoff`, a fixed window: `limit` attempts per `windowMs` from the window's first attempt,
 *   then 429 until the window ends;
 * - with `backoff`, `limit` free attempts, then each further attempt waits `baseMs · 2^n` (at most
 *   `maxMs`) after the previous one; the count is forgotten `windowMs` after the last attempt.
 */
export interface RatePolicy {
  limit: number;
  windowMs: number;
  backoff?: { baseMs: number; maxMs: number };
}

export interface RateCheck {
  key: string;
  policy: RatePolicy;
}

type BucketState = Omit<Bucket, 'key'>;
export type RateDecision = { allowed: true; next: BucketState } | { allowed: false; retryAfterMs: number };

/** The wait before the next attempt of a backoff key that has `count` attempts (`count ≥ limit`). */
export function backoffDelayMs(count: number, policy: RatePolicy & { backoff: NonNullable<RatePolicy['backoff']> }): number {
  const steps = Math.max(0, count - policy.limit);
  // 2^steps overflows to Infinity long before it matters; min() caps it.
  return Math.min(policy.backoff.baseMs * 2 ** Math.min(steps, 60), policy.backoff.maxMs);
}

/** Whether one more attempt is allowed on a bucket now, and the bucket after counting it. Pure. */
export function decide(bucket: BucketState, policy: RatePolicy, now: Date): RateDecision {
  const at = now.getTime();
  if (policy.backoff) {
    const backoff = { ...policy, backoff: policy.backoff };
    const forgotten = at - bucket.lastHitAt.getTime() >= policy.windowMs;
    const count = forgotten ? 0 : bucket.count;
    if (count >= policy.limit) {
      const readyAt = bucket.lastHitAt.getTime() + backoffDelayMs(count, backoff);
      if (at < readyAt) return { allowed: false, retryAfterMs: readyAt - at };
    }
    const nextWait = count + 1 >= policy.limit ? backoffDelayMs(count + 1, backoff) : 0;
    return {
      allowed: true,
      next: {
        count: count + 1,
        windowStart: forgotten || bucket.count === 0 ? now : bucket.windowStart,
        lastHitAt: now,
        expiresAt: new Date(at + Math.max(policy.windowMs, nextWait)),
      },
    };
  }
  const ended = at - bucket.windowStart.getTime() >= policy.windowMs || bucket.count === 0;
  const windowStart = ended ? now : bucket.windowStart;
  const count = ended ? 0 : bucket.count;
  const windowEnd = windowStart.getTime() + policy.windowMs;
  if (count >= policy.limit) return { allowed: false, retryAfterMs: windowEnd - at };
  return { allowed: true, next: { count: count + 1, windowStart, lastHitAt: now, expiresAt: new Date(windowEnd) } };
}

/** Whole seconds for Retry-After: rounded up, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Attempt counters in the database (`rate_limit_buckets`), so every api process shares them. Used by
 * the auth module (login, reset, sign-up, e-mail checks, password change) and the projects module
 * (version e-mails). Not for use inside another transaction: it opens its own (on PGlite, one
 * connection, a query outside a running transaction waits for it to end).
 */
export function createRateLimiter(db: Db, clock: Clock) {
  return {
    /**
     * Counts one attempt on every key, or on none when any of them holds the attempt back: then it
     * throws 429 RATE_LIMITED with the longest wait as Retry-After.
     */
    async hit(checks: readonly RateCheck[]): Promise<void> {
      if (checks.length === 0) return;
      const now = clock();
      const waitMs = await db.transaction(async (tx) => {
        const buckets = await lockBuckets(tx, checks.map((check) => check.key), now);
        const updates: Bucket[] = [];
        let longestWait: number | undefined;
        for (const { key, policy } of checks) {
          const bucket = buckets.get(key);
          if (!bucket) throw new Error(`rate-limit bucket ${key} missing after insert`);
          const decision = decide(bucket, policy, now);
          if (decision.allowed) updates.push({ key, ...decision.next });
          else longestWait = Math.max(longestWait ?? 0, decision.retryAfterMs);
        }
        if (longestWait !== undefined) return longestWait;
        for (const update of updates) await saveBucket(tx, update);
        return undefined;
      });
      if (waitMs !== undefined) throw new RateLimitedError(retryAfterSeconds(waitMs));
    },

    /** Gives one attempt back (an attempt that turned out fine, e.g. a successful login from an IP). */
    async release(key: string): Promise<void> {
      await decrementBucket(db, key);
    },

    /** Forgets a key's attempts (a successful login clears its address-and-IP pair). */
    async clear(key: string): Promise<void> {
      await deleteBucket(db, key);
    },

    /** Housekeeping: removes buckets that hold nothing back any more (any process may run it). */
    async prune(): Promise<void> {
      await deleteExpiredBuckets(db, clock());
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
