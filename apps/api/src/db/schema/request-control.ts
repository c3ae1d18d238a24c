import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Tables of the cross-cutting request controls of src/http: attempt counters (rate limits), idempotency keys. */

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

/**
 * Idempotency keys of the creating POSTs (src/http/idempotency.ts): per user and key, what the
 * request was (method, path, body hash) and, once answered, the answer to repeat. `status_code` null
 * means in flight (until `locked_until`). Kept 24 hours (`expires_at`), then pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    /**
     * The resource the request created (`quote:42`), written in the transaction that created it
     * (issue 29 §6): a retry of a key with a resource but no answer (the process died between the
     * commit and the answer) answers that resource instead of creating again.
     */
    resource: text('resource'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotency_keys_expires_idx').on(table.expiresAt)],
);
