import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { RateLimitedError } from '../errors';
import { createRateLimiter, decide, type RatePolicy, retryAfterSeconds } from './rate-limits';

const T0 = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const empty = { count: 0, windowStart: T0, lastHitAt: T0, expiresAt: T0 };

describe('decide', () => {
  const fixed: RatePolicy = { limit: 2, windowMs: 60_000 };
  const backoff: RatePolicy = { limit: 2, windowMs: 60_000, backoff: { baseMs: 1000, maxMs: 5000 } };

  it('fixed window: the limit, then a wait until the window ends, then a new window', () => {
    const first = decide(empty, fixed, at(0));
    if (!first.allowed) throw new Error('first refused');
    const second = decide(first.next, fixed, at(10_000));
    if (!second.allowed) throw new Error('second refused');
    expect(second.next).toMatchObject({ count: 2, windowStart: at(0), expiresAt: at(60_000) });
    expect(decide(second.next, fixed, at(20_000))).toEqual({ allowed: false, retryAfterMs: 40_000 });
    expect(decide(second.next, fixed, at(60_000))).toMatchObject({ allowed: true, next: { count: 1, windowStart: at(60_000) } });
  });

  it('backoff: free attempts, then waits that double up to the cap, forgotten after the idle window', () => {
    let state = empty;
    let now = 0;
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      let decision = decide(state, backoff, at(now));
      if (!decision.allowed) {
        waits.push(decision.retryAfterMs);
        now += decision.retryAfterMs;
        expect(decide(state, backoff, at(now - 1)).allowed).toBe(false);
        decision = decide(state, backoff, at(now));
      }
      if (!decision.allowed) throw new Error('refused after the wait');
      state = decision.next;
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
    expect(decide(state, backoff, at(now + 60_000))).toMatchObject({ allowed: true, next: { count: 1 } });
  });

  it('rounds Retry-After up to whole seconds, at least 1', () => {
    expect([retryAfterSeconds(1), retryAfterSeconds(1000), retryAfterSeconds(1001), retryAfterSeconds(0)]).toEqual([1, 1, 2, 1]);
  });
});

describeWithDb('rate limiter (database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function rowCount(prefix: string): Promise<number> {
    const result = await t.database.db.execute(sql`select count(*) as n from rate_limit_buckets where key like ${`${prefix}%`}`);
    return Number((result as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n ?? 0);
  }

  it('counts every key or none, and throws RATE_LIMITED with the longest wait', async () => {
    let now = T0;
    const limiter = createRateLimiter(t.database.db, () => now);
    const short: RatePolicy = { limit: 1, windowMs: 10_000 };
    const long: RatePolicy = { limit: 3, windowMs: 60_000 };
    await limiter.hit([{ key: 'all-or-none:a', policy: short }, { key: 'all-or-none:b', policy: long }]);
    const refused = await limiter.hit([{ key: 'all-or-none:a', policy: short }, { key: 'all-or-none:b', policy: long }]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(10);
    // b was not counted by the refused attempt: two more fit in its window.
    now = at(10_000);
    await limiter.hit([{ key: 'all-or-none:b', policy: long }]);
    await limiter.hit([{ key: 'all-or-none:b', policy: long }]);
    await expect(limiter.hit([{ key: 'all-or-none:b', policy: long }])).rejects.toMatchObject({ retryAfterSeconds: 50 });
  });

  it('counts parallel attempts one after another (no attempt slips past the limit)', async () => {
    const limiter = createRateLimiter(t.database.db, () => T0);
    const policy: RatePolicy = { limit: 3, windowMs: 60_000 };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => limiter.hit([{ key: 'parallel:x', policy }])));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
  });

  it('gives an attempt back, clears a key, and prunes only what holds nothing back', async () => {
    let now = T0;
    const limiter = createRateLimiter(t.database.db, () => now);
    const policy: RatePolicy = { limit: 1, windowMs: 60_000 };
    await limiter.hit([{ key: 'prune:old', policy }]);
    await limiter.release('prune:old');
    await limiter.hit([{ key: 'prune:old', policy }]);
    now = at(120_000);
    await limiter.hit([{ key: 'prune:new', policy }]);
    await limiter.prune();
    expect(await rowCount('prune:')).toBe(1);
    await limiter.clear('prune:new');
    expect(await rowCount('prune:')).toBe(0);
  });

  it('counts an attempt while the housekeeping removes the same expired bucket (no 500 from the race)', async () => {
    // The housekeeping job prunes on its own timer, in another transaction: an attempt that found the
    // expired bucket in place must still lock a bucket, the same or a new one, and be counted.
    let now = T0;
    const limiter = createRateLimiter(t.database.db, () => now);
    const policy: RatePolicy = { limit: 5, windowMs: 1_000 };
    let pruning = true;
    const housekeeping = (async () => {
      while (pruning) await limiter.prune();
    })();
    const failures: unknown[] = [];
    for (let round = 0; round < 200; round++) {
      now = new Date(now.getTime() + 2_000);
      await limiter.hit([{ key: 'race:k', policy }]).catch((error: unknown) => failures.push(error));
    }
    pruning = false;
    await housekeeping;
    expect(failures).toEqual([]);
    expect(await rowCount('race:')).toBeLessThanOrEqual(1);
  });
});

describeWithDb('Retry-After on every 429', () => {
  it('carries the limiter\'s wait, and 60 s on a 429 that did not come from the limiter', async () => {
    const t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/limited', { config: { access: 'public' } }, async () => {
          throw new RateLimitedError(42);
        });
        app.get('/api/test/plugin-429', { config: { access: 'public' } }, async () => {
          throw Object.assign(new Error('slow down'), { statusCode: 429 });
        });
      },
    });
    try {
      const limited = await t.agent().get('/api/test/limited');
      expect([limited.statusCode, limited.headers['retry-after']]).toEqual([429, '42']);
      const other = await t.agent().get('/api/test/plugin-429');
      expect([other.statusCode, other.headers['retry-after']]).toEqual([429, '60']);
      expect(other.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await t.close();
    }
  });
});
