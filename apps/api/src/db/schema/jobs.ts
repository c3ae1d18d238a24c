import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The job queue of the api (src/lib/jobs): background work that survives a restart and that every
 * api process may take (claimed with FOR UPDATE SKIP LOCKED and held by a lease). Documents are made
 * here; order delivery and the CRM outbox can move onto it (same claim, backoff and dead-letter rules).
 *
 * pending → running → done; running → pending again (retry after backoff) or failed (last attempt);
 * pending or running → cancelled. Rows are kept for the record and pruned after `keepUntil`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The work's kind, e.g. `documents.make`; one handler per queue name. */
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    /** Jobs of one group are cancelled together (a download's files). */
    groupKey: text('group_key'),
    /** At most one job per key and queue (an outbox event's idempotency key); a second enqueue is a no-op. */
    singletonKey: text('singleton_key'),
    /** Lower runs first. */
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** What the handler reported last: any JSON (documents: {current, total}). */
    progress: jsonb('progress').$type<unknown>(),
    result: jsonb('result').$type<unknown>(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_claim_idx').on(table.queue, table.status, table.availableAt),
    index('jobs_group_idx').on(table.groupKey),
    uniqueIndex('jobs_singleton_unique').on(table.queue, table.singletonKey).where(sql`singleton_key is not null`),
  ],
);
