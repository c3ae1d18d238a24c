import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema';
import { type Clock, systemClock } from '../clock';
import {
  claimJobs,
  completeJob,
  failJob,
  insertJobs,
  JOBS_CHANNEL,
  type JobRow,
  markCancelled,
  type NewJob,
  renewLeases,
  requestCancel,
  setJobProgress,
  settleAbandonedCancels,
} from './jobs.repository';

/** What a handler gets: the job, an abort signal (cancel or shutdown) and a way to report progress. */
export interface JobContext<P> {
  id: number;
  queue: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the job is cancelled (from any process) or this process shuts down. */
  signal: AbortSignal;
  /** Stores the progress on the job (any JSON); readable by every process. */
  progress(value: unknown): Promise<void>;
}

/** Thrown by a handler for a failure that another attempt cannot fix (bad input, unknown model). */
export class PermanentJobError extends Error {
  constructor(
    message: string,
    readonly code: string = 'PERMANENT',
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export type JobOutcome = 'done' | 'retry' | 'failed' | 'cancelled';

export interface SettledJob<P> {
  job: JobContext<P>;
  outcome: JobOutcome;
  result?: unknown;
  error?: unknown;
}

export interface WorkOptions<P> {
  /** Jobs of this queue run at once in this process (default 2). */
  concurrency?: number;
  /** After each attempt settles (also a retry): the owner updates its own records. */
  onSettled?: (settled: SettledJob<P>) => Promise<void>;
}

export interface JobQueueOptions {
  database: Pick<Database, 'db' | 'listen'>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  clock?: Clock;
  /** How long a claim holds without renewal before another process may take the job (default 30 s). */
  leaseMs?: number;
  /** How often idle workers look for due jobs besides being woken (retries, lost notifications; default 2 s). */
  pollMs?: number;
  /** Delay before attempt n + 1 (n ≥ 1). */
  backoffMs?: (attempt: number) => number;
  /**
   * Jobs of each queue run at once in this process: the one table of every kind (JOB_CONCURRENCY in
   * kinds.ts); it wins over a `work()` call's own `concurrency`, which is the default of queues it lacks.
   */
  concurrency?: Readonly<Record<string, number>>;
  /** Runs each handler call (tracing: a span per job run). */
  wrap?: <T>(queue: string, run: () => Promise<T>) => Promise<T>;
  /** Called when a job settles or starts (metrics: counts and durations by queue). */
  observe?: (event: { queue: string; outcome: JobOutcome | 'started'; ms?: number }) => void;
}

/** Exponential backoff with a cap: 1 s, 2 s, 4 s … 5 min. */
export function exponentialBackoff(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 5 * 60 * 1000);
}

export interface JobQueue {
  /** Adds jobs (inside `tx` when given, so they exist only if the caller's writes commit). */
  enqueue(list: readonly NewJob[], tx?: DbOrTx): Promise<number[]>;
  /** Cancels pending jobs at once and aborts running ones wherever they run. */
  cancel(where: { ids?: readonly number[]; groupKey?: string }, tx?: DbOrTx): Promise<number[]>;
  /** Registers the handler of a queue (before start). */
  work<P extends Record<string, unknown>>(queue: string, handler: (job: JobContext<P>) => Promise<unknown>, options?: WorkOptions<P>): void;
  /**
   * A recurring job: once every `intervalMs` (slots aligned on the epoch, so every process agrees), a
   * job of `queue` is enqueued with the slot as its singleton key, whichever process comes first, and
   * run once by whichever claims it: N processes never run the housekeeping N times.
   */
  every(queue: string, intervalMs: number, handler: (job: JobContext<Record<string, unknown>>) => Promise<unknown>): void;
  /** Listens for wake-ups and polls; resolves once listening. */
  start(): Promise<void>;
  /** Claims and runs what is due now, and resolves when those jobs settled (tests, benchmarks). */
  drain(): Promise<number>;
  /** Stops taking jobs, aborts running handlers and hands their jobs back (pending) for any process. */
  stop(): Promise<void>;
  readonly workerId: string;
}

interface Registered {
  handler: (job: JobContext<Record<string, unknown>>) => Promise<unknown>;
  options: WorkOptions<Record<string, unknown>>;
  running: number;
}

interface InFlight {
  controller: AbortController;
  cancelled: boolean;
  promise: Promise<void>;
}

/**
 * The api's job queue on its PostgreSQL (PGlite or a server): jobs are rows (table `jobs`), so they
 * survive a restart; every process may run a queue — claims use FOR UPDATE SKIP LOCKED and a lease
 * renewed while the handler runs, so a job is run by one worker at a time and taken over when its
 * process dies. Failures are retried with backoff up to `maxAttempts`; a `PermanentJobError` fails at
 * once. Enqueues and cancels wake every process through pg_notify; a poll catches what a lost
 * notification missed.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const db = options.database.db;
  const clock = options.clock ?? systemClock;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 2_000;
  const backoff = options.backoffMs ?? exponentialBackoff;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const queues = new Map<string, Registered>();
  const recurring = new Map<string, { intervalMs: number; lastSlot: number }>();
  const inFlight = new Map<number, InFlight>();
  let started = false;
  let stopping = false;
  let unlisten: (() => Promise<void>) | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;

  const abort = (id: number, cancelled: boolean): void => {
    const flight = inFlight.get(id);
    if (!flight) return;
    flight.cancelled = flight.cancelled || cancelled;
    flight.controller.abort(cancelled ? new Error('job cancelled') : new Error('worker stopping'));
  };

  async function settle(row: JobRow, registered: Registered, context: JobContext<Record<string, unknown>>, flight: InFlight, outcome: { ok: true; result: unknown } | { ok: false; error: unknown }): Promise<JobOutcome | undefined> {
    const now = clock();
    let settled: SettledJob<Record<string, unknown>>;
    if (flight.controller.signal.aborted && !flight.cancelled && !outcome.ok) {
      // Shutting down stopped the handler: hand the job back untouched (this attempt does not count).
      // A handler that returned all the same finished its work, and is recorded done below: handing it
      // back would run its effects again after the restart.
      await db
        .update(jobs)
        .set({ status: 'pending', lockedBy: null, lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(and(eq(jobs.id, row.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
      return undefined;
    }
    if (flight.cancelled) {
      await markCancelled(db, row.id, now);
      settled = { job: context, outcome: 'cancelled' };
    } else if (outcome.ok) {
      const held = await completeJob(db, row.id, workerId, outcome.result, now);
      if (!held) return undefined;
      settled = { job: context, outcome: 'done', result: outcome.result };
    } else {
      const permanent = outcome.error instanceof PermanentJobError;
      const last = permanent || context.attempt >= row.maxAttempts;
      const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      const held = await failJob(db, row.id, workerId, { error: message, retryAt: last ? null : new Date(now.getTime() + backoff(context.attempt)), now });
      if (!held) return undefined;
      options.log[last ? 'error' : 'warn']({ job: row.id, queue: row.queue, attempt: context.attempt, err: message }, last ? 'job failed after its last attempt' : 'job failed; will retry');
      settled = { job: context, outcome: last ? 'failed' : 'retry', error: outcome.error };
    }
    if (registered.options.onSettled) {
      try {
        await registered.options.onSettled(settled);
      } catch (error) {
        options.log.error({ err: error, job: row.id, queue: row.queue }, 'job settle hook failed');
      }
    }
    return settled.outcome;
  }

  function run(row: JobRow, registered: Registered): InFlight {
    const controller = new AbortController();
    const flight: InFlight = { controller, cancelled: false, promise: Promise.resolve() };
    const context: JobContext<Record<string, unknown>> = {
      id: row.id,
      queue: row.queue,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      signal: controller.signal,
      progress: (value) => setJobProgress(db, row.id, workerId, value),
    };
    registered.running += 1;
    const startedAt = performance.now();
    options.observe?.({ queue: row.queue, outcome: 'started' });
    flight.promise = (async () => {
      let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
      try {
        const call = () => registered.handler(context);
        outcome = { ok: true, result: await (options.wrap ? options.wrap(row.queue, call) : call()) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      try {
        const settledAs = await settle(row, registered, context, flight, outcome);
        if (settledAs) options.observe?.({ queue: row.queue, outcome: settledAs, ms: performance.now() - startedAt });
      } catch (error) {
        options.log.error({ err: error, job: row.id }, 'settling a job failed (its lease will run out and it will be retried)');
      }
    })().finally(() => {
      registered.running -= 1;
      inFlight.delete(row.id);
      if (started && !stopping) wake();
    });
    inFlight.set(row.id, flight);
    return flight;
  }

  /** Enqueues the current slot of each recurring job once per process (the singleton key keeps one). */
  async function scheduleRecurring(now: Date): Promise<void> {
    const due: NewJob[] = [];
    for (const [queue, entry] of recurring) {
      const slot = Math.floor(now.getTime() / entry.intervalMs);
      if (slot === entry.lastSlot) continue;
      entry.lastSlot = slot;
      due.push({ queue, payload: { slot }, singletonKey: `every:${slot}`, maxAttempts: 3, availableAt: now });
    }
    if (due.length > 0) await insertJobs(db, due);
  }

  const concurrencyOf = (queue: string, registered: Registered): number => options.concurrency?.[queue] ?? registered.options.concurrency ?? 2;

  /** Claims as many jobs as there are free slots, queue by queue, and starts them. */
  async function claimRound(): Promise<InFlight[]> {
    const now = clock();
    await scheduleRecurring(now);
    await settleAbandonedCancels(db, now);
    const startedFlights: InFlight[] = [];
    for (const [queue, registered] of queues) {
      const free = concurrencyOf(queue, registered) - registered.running;
      if (free <= 0) continue;
      const rows = await claimJobs(db, { queues: [queue], workerId, now, leaseUntil: new Date(now.getTime() + leaseMs), limit: free });
      for (const row of rows) startedFlights.push(run(row, registered));
    }
    return startedFlights;
  }

  function wake(): void {
    if (!started || stopping) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        try {
          await claimRound();
        } catch (error) {
          options.log.error({ err: error }, 'claiming jobs failed');
        }
      } while (pumpAgain && !stopping);
    })().finally(() => {
      pumping = undefined;
    });
  }

  async function renew(): Promise<void> {
    const ids = [...inFlight.keys()];
    if (ids.length === 0) return;
    const cancelled = await renewLeases(db, workerId, ids, new Date(clock().getTime() + leaseMs));
    for (const id of cancelled) abort(id, true);
  }

  return {
    workerId,
    enqueue: (list, tx) => insertJobs(tx ?? db, list.map((job) => ({ ...job, availableAt: job.availableAt ?? clock() }))),
    async cancel(where, tx) {
      const ids = await requestCancel(tx ?? db, where, clock());
      // This process learns it at once; others through the channel (or their next renewal).
      for (const id of ids) abort(id, true);
      return ids;
    },
    work(queue, handler, workOptions = {}) {
      queues.set(queue, { handler: handler as Registered['handler'], options: workOptions as Registered['options'], running: 0 });
    },
    every(queue, intervalMs, handler) {
      queues.set(queue, { handler, options: {}, running: 0 });
      recurring.set(queue, { intervalMs, lastSlot: -1 });
    },
    async start() {
      if (started) return;
      started = true;
      stopping = false;
      unlisten = await options.database.listen(
        JOBS_CHANNEL,
        (payload) => {
          if (payload.startsWith('cancel:')) {
            for (const id of payload.slice('cancel:'.length).split(',')) abort(Number(id), true);
          } else wake();
        },
        wake,
      );
      pollTimer = setInterval(wake, pollMs);
      pollTimer.unref();
      leaseTimer = setInterval(() => {
        renew().catch((error: unknown) => options.log.error({ err: error }, 'renewing job leases failed'));
      }, Math.max(50, Math.floor(leaseMs / 3)));
      leaseTimer.unref();
      wake();
    },
    async drain() {
      let count = 0;
      for (;;) {
        const flights = await claimRound();
        if (flights.length === 0) {
          if (inFlight.size === 0) return count;
          await Promise.all([...inFlight.values()].map((flight) => flight.promise));
          continue;
        }
        count += flights.length;
        await Promise.all(flights.map((flight) => flight.promise));
      }
    },
    async stop() {
      stopping = true;
      started = false;
      if (pollTimer) clearInterval(pollTimer);
      if (leaseTimer) clearInterval(leaseTimer);
      await unlisten?.();
      unlisten = undefined;
      await pumping;
      for (const id of inFlight.keys()) abort(id, false);
      await Promise.all([...inFlight.values()].map((flight) => flight.promise));
    },
  };
}
