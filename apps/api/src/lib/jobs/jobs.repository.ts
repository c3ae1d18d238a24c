import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** The channel that wakes the workers of every process when a job is enqueued or cancelled. */
export const JOBS_CHANNEL = 'lumen_jobs';

export interface NewJob {
  queue: string;
  payload: Record<string, unknown>;
  groupKey?: string | null;
  singletonKey?: string | null;
  priority?: number;
  maxAttempts?: number;
  availableAt?: Date;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Inserts jobs (in the caller's transaction when given one) and wakes the workers once the
 * transaction commits (pg_notify is delivered at commit). A job whose singleton key is taken in its
 * queue is not added again; its id is not returned.
 */
export async function insertJobs(db: DbOrTx, list: readonly NewJob[]): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(jobs)
    .values(
      list.map((job) => ({
        queue: job.queue,
        payload: job.payload,
        groupKey: job.groupKey ?? null,
        singletonKey: job.singletonKey ?? null,
        priority: job.priority ?? 0,
        maxAttempts: job.maxAttempts ?? 5,
        ...(job.availableAt ? { availableAt: job.availableAt } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  const queues = [...new Set(list.map((job) => job.queue))];
  for (const queue of queues) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${`enqueued:${queue}`})`);
  return rows.map((row) => row.id);
}

/**
 * Claims up to `limit` jobs of the queues: pending ones that are due, and running ones whose lease
 * ran out (their process died). One statement, FOR UPDATE SKIP LOCKED, so two workers in any
 * processes never take the same job. The claim counts an attempt and sets the lease.
 */
export async function claimJobs(db: DbOrTx, options: { queues: readonly string[]; workerId: string; now: Date; leaseUntil: Date; limit: number }): Promise<JobRow[]> {
  if (options.queues.length === 0 || options.limit <= 0) return [];
  const now = options.now.toISOString();
  const queueList = sql.join(
    options.queues.map((queue) => sql`${queue}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update ${jobs} set status = 'running', attempts = attempts + 1, locked_until = ${options.leaseUntil.toISOString()}::timestamptz,
      locked_by = ${options.workerId}, started_at = coalesce(started_at, ${now}::timestamptz)
    where id in (
      select id from ${jobs}
      where queue in (${queueList}) and cancel_requested = false
        and ((status = 'pending' and available_at <= ${now}::timestamptz)
          or (status = 'running' and locked_until <= ${now}::timestamptz))
      order by priority, available_at, id
      limit ${options.limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const claimed = await db.select().from(jobs).where(inArray(jobs.id, ids));
  return claimed.sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/** Extends the lease of jobs this worker still holds; returns the ids whose cancel was asked. */
export async function renewLeases(db: DbOrTx, workerId: string, ids: readonly number[], leaseUntil: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: leaseUntil })
    .where(and(inArray(jobs.id, [...ids]), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id, cancelRequested: jobs.cancelRequested });
  return rows.filter((row) => row.cancelRequested).map((row) => row.id);
}

/**
 * Hands every running job back to the queue (the attempt it was on does not count), for a process
 * that owns its database alone and starts: whatever ran was a dead process's. Returns how many.
 */
export async function releaseRunningJobs(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', lockedBy: null, lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(eq(jobs.status, 'running'))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Only the worker that holds the job may settle it (a worker whose lease ran out lost it). */
function heldBy(id: number, workerId: string) {
  return and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));
}

export async function completeJob(db: DbOrTx, id: number, workerId: string, result: unknown, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', result: result ?? null, lockedUntil: null, finishedAt: now, lastError: null })
    .where(heldBy(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A failed attempt: back to pending after the backoff, or failed for good. */
export async function failJob(db: DbOrTx, id: number, workerId: string, update: { error: string; retryAt: Date | null; now: Date }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(
      update.retryAt
        ? { status: 'pending', availableAt: update.retryAt, lockedUntil: null, lockedBy: null, lastError: update.error.slice(0, 1000) }
        : { status: 'failed', lockedUntil: null, finishedAt: update.now, lastError: update.error.slice(0, 1000) },
    )
    .where(heldBy(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A running job whose handler stopped because its cancel was asked. */
export async function markCancelled(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(jobs).set({ status: 'cancelled', lockedUntil: null, finishedAt: now }).where(eq(jobs.id, id));
}

export async function setJobProgress(db: DbOrTx, id: number, workerId: string, progress: unknown): Promise<void> {
  await db.update(jobs).set({ progress }).where(heldBy(id, workerId));
}

/**
 * Cancels jobs by id or by group: pending ones at once; running ones are flagged, and the worker
 * that holds them aborts their handler (told through the channel, or at its next lease renewal).
 * Returns the ids that were pending or running.
 */
export async function requestCancel(db: DbOrTx, where: { ids?: readonly number[]; groupKey?: string }, now: Date): Promise<number[]> {
  const target = where.groupKey !== undefined ? eq(jobs.groupKey, where.groupKey) : inArray(jobs.id, [...(where.ids ?? [])]);
  if (where.groupKey === undefined && (where.ids ?? []).length === 0) return [];
  const pending = await db
    .update(jobs)
    .set({ status: 'cancelled', cancelRequested: true, finishedAt: now })
    .where(and(target, eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  const running = await db
    .update(jobs)
    .set({ cancelRequested: true })
    .where(and(target, eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  if (running.length > 0) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${`cancel:${running.map((row) => row.id).join(',')}`})`);
  return [...pending, ...running].map((row) => row.id);
}

export async function findJob(db: DbOrTx, id: number): Promise<JobRow | undefined> {
  const rows = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return rows[0];
}

export async function findJobsOfGroup(db: DbOrTx, groupKey: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.groupKey, groupKey)).orderBy(jobs.id);
}

/** Removes settled jobs finished before `before` (housekeeping; any process may run it). */
export async function pruneJobs(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed', 'cancelled']), sql`${jobs.finishedAt} < ${before.toISOString()}::timestamptz`))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Running jobs whose cancel was asked and whose process died: cancelled (nobody will abort them). */
export async function settleAbandonedCancels(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .update(jobs)
    .set({ status: 'cancelled', lockedUntil: null, finishedAt: now })
    .where(and(eq(jobs.status, 'running'), eq(jobs.cancelRequested, true), sql`${jobs.lockedUntil} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}
