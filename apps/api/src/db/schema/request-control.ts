import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Tables of the cross-cutting request controls of src/http: attempt counters (rate limits). */

/**
 * Attempt counters shared by every api process (src/http/rate-limits.ts): a fixed window, or past its
 * limit an exponential backoff from the last attempt. `expires_at` says when a row may be pruned.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rate_limit_buckets_expires_idx').on(table.expiresAt)],
);
