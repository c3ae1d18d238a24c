import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase, describeWithDb } from '../../../test/test-db';
import { testClock, type TestClock } from '../../../test/test-app';
import { createJobQueue, findJob, findJobsOfGroup, type JobContext, type JobQueue, PermanentJobError, releaseRunningJobs } from './index';

const silent = { warn: () => {}, error: () => {} };

describeWithDb('job queue (PostgreSQL-backed)', () => {
  let database: Database;
  let clock: TestClock;
  const queues: JobQueue[] = [];
  const queue = (leaseMs = 30_000): JobQueue => {
    const created = createJobQueue({ database, log: silent, clock, leaseMs, backoffMs: (attempt) => attempt * 1000 });
    queues.push(created);
    return created;
  };

  // One database for the file (a fresh one costs over a second on PGlite), its queue emptied before each test.
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`truncate jobs restart identity`);
    clock = testClock(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(async () => {
    for (const created of queues.splice(0)) await created.stop();
  });

  it('a recurring job runs once per period, whichever of several processes claims it', async () => {
    const ran: number[] = [];
    const processes = [queue(), queue(), queue()];
    for (const jobs of processes) jobs.every('test.every', 10 * 60 * 1000, async (job) => void ran.push(job.payload.slot as number));
    const drainAll = () => Promise.all(processes.map((jobs) => jobs.drain()));
    await drainAll();
    await drainAll();
    expect(ran).toEqual([Math.floor(clock().getTime() / 600_000)]);
    clock.advance(9 * 60 * 1000);
    await drainAll();
    expect(ran).toHaveLength(1);
    clock.advance(60 * 1000);
    await drainAll();
    expect(ran).toHaveLength(2);
    expect(ran[1]).toBe(ran[0]! + 1);
  });

  it('the concurrency table wins over a queue\'s own setting', async () => {
    const jobs = createJobQueue({ database, log: silent, clock, concurrency: { 'test.one': 1 } });
    queues.push(jobs);
    let running = 0;
    let most = 0;
    jobs.work(
      'test.one',
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
      { concurrency: 4 },
    );
    await jobs.enqueue(Array.from({ length: 4 }, () => ({ queue: 'test.one', payload: {} })));
    expect(await jobs.drain()).toBe(4);
    expect(most).toBe(1);
  });

  it('runs a job once, stores its result and progress', async () => {
    const jobs = queue();
    const seen: number[] = [];
    jobs.work<{ n: number }>('test.square', async (job) => {
      seen.push(job.payload.n);
      await job.progress({ current: 1, total: 1 });
      return { square: job.payload.n ** 2 };
    });
    const [id] = await jobs.enqueue([{ queue: 'test.square', payload: { n: 7 } }]);
    expect(await jobs.drain()).toBe(1);
    expect(await jobs.drain()).toBe(0);
    expect(seen).toEqual([7]);
    const row = await findJob(database.db, id!);
    expect(row).toMatchObject({ status: 'done', attempts: 1, result: { square: 49 }, progress: { current: 1, total: 1 } });
  });

  it('retries a failing job after its backoff and fails it for good after the last attempt', async () => {
    const jobs = queue();
    const outcomes: string[] = [];
    jobs.work(
      'test.flaky',
      async () => {
        throw new Error('remote down');
      },
      { onSettled: async ({ outcome }) => void outcomes.push(outcome) },
    );
    const [id] = await jobs.enqueue([{ queue: 'test.flaky', payload: {}, maxAttempts: 3 }]);
    await jobs.drain();
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'remote down' });
    // Not due before its backoff (1 s after attempt 1).
    expect(await jobs.drain()).toBe(0);
    clock.advance(1000);
    await jobs.drain();
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(1999);
    expect(await jobs.drain()).toBe(0);
    clock.advance(1);
    await jobs.drain();
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(outcomes).toEqual(['retry', 'retry', 'failed']);
  });

  it('does not retry a permanent failure', async () => {
    const jobs = queue();
    jobs.work('test.bad', async () => {
      throw new PermanentJobError('unknown model', 'MODEL_NOT_FOUND');
    });
    const [id] = await jobs.enqueue([{ queue: 'test.bad', payload: {} }]);
    await jobs.drain();
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'unknown model' });
  });

  it('shares the work between two workers: each job runs once', async () => {
    const a = queue();
    const b = queue();
    const runs: Array<{ worker: string; n: number }> = [];
    const handler = (worker: string) => async (job: JobContext<{ n: number }>) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      runs.push({ worker, n: job.payload.n });
    };
    a.work('test.shared', handler('a'), { concurrency: 3 });
    b.work('test.shared', handler('b'), { concurrency: 3 });
    await a.enqueue(Array.from({ length: 20 }, (_, n) => ({ queue: 'test.shared', payload: { n } })));
    await Promise.all([a.drain(), b.drain()]);
    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  /** A job claimed by a worker whose handler does not return until `release` (a process that hangs, or died). */
  async function jobOfAWorkerThatHangs(name: string): Promise<{ id: number; release: () => void; hanging: Promise<number> }> {
    const dead = queue(10_000);
    let release: (() => void) | undefined;
    // Stopping the queue (after the test) ends it too, so a failed test cannot hang on it.
    dead.work(name, (job) => new Promise<void>((resolve) => {
      release = resolve;
      job.signal.addEventListener('abort', () => resolve());
    }));
    const [id] = await dead.enqueue([{ queue: name, payload: {} }]);
    if (id === undefined) throw new Error('no job enqueued');
    const hanging = dead.drain();
    // The row is running once claimed, a moment before the worker's handler is called: wait for both,
    // else `release` is not yet the handler's (a loaded machine showed it).
    await vitestWaitFor(async () => (await findJob(database.db, id))?.status === 'running' && release !== undefined);
    const started = release;
    if (!started) throw new Error('the worker did not start');
    return { id, release: started, hanging };
  }

  it('takes over a job whose worker died (lease ran out), and not before', async () => {
    const { id, release, hanging } = await jobOfAWorkerThatHangs('test.lease');
    const rescuer = queue(10_000);
    const ran: number[] = [];
    rescuer.work('test.lease', async (job) => void ran.push(job.attempt));
    expect(await rescuer.drain()).toBe(0);
    clock.advance(10_000);
    expect(await rescuer.drain()).toBe(1);
    expect(ran).toEqual([2]);
    // The first worker wakes up late: it no longer holds the job, so it cannot settle it.
    release();
    await hanging;
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a process that owns its database queues again at start what a dead process left running, without waiting for the lease', async () => {
    const { id, release, hanging } = await jobOfAWorkerThatHangs('test.orphan');
    // The restart: the lease has not run out, yet the job is pending again, its attempt not counted.
    expect(await releaseRunningJobs(database.db)).toBe(1);
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'pending', lockedBy: null, attempts: 0 });
    const restarted = queue(10_000);
    const ran: number[] = [];
    restarted.work('test.orphan', async (job) => void ran.push(job.attempt));
    expect(await restarted.drain()).toBe(1);
    expect(ran).toEqual([1]);
    release();
    await hanging;
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('cancels a pending job at once and aborts a running one', async () => {
    const jobs = queue();
    let aborted = false;
    jobs.work('test.long', async (job) => {
      await new Promise<void>((resolve) => {
        job.signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        });
      });
      throw new Error('aborted');
    }, { concurrency: 1 });
    const ids = await jobs.enqueue([
      { queue: 'test.long', payload: {}, groupKey: 'download-1' },
      { queue: 'test.long', payload: {}, groupKey: 'download-1' },
    ]);
    const running = jobs.drain();
    await vitestWaitFor(async () => (await findJob(database.db, ids[0]!))?.status === 'running');
    expect((await jobs.cancel({ groupKey: 'download-1' })).sort()).toEqual([...ids].sort());
    await running;
    expect(aborted).toBe(true);
    expect((await findJobsOfGroup(database.db, 'download-1')).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('hands running jobs back when the process stops, so the next start runs them (a restart loses nothing)', async () => {
    const first = queue();
    first.work('test.restart', (job) => new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(new Error('stop')))));
    const [id] = await first.enqueue([{ queue: 'test.restart', payload: { n: 1 } }]);
    await first.start();
    await vitestWaitFor(async () => (await findJob(database.db, id!))?.status === 'running');
    await first.stop();
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'pending', attempts: 0 });
    const second = queue();
    second.work('test.restart', async () => 'ok');
    await second.drain();
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'done', attempts: 1, result: 'ok' });
  });

  it('records done a job whose handler finishes while the process stops (it does not run twice)', async () => {
    const worker = queue();
    // The handler is past its last effect when the stop comes, and returns all the same.
    worker.work('test.finishing', (job) => new Promise((resolve) => job.signal.addEventListener('abort', () => resolve('delivered'))));
    const [id] = await worker.enqueue([{ queue: 'test.finishing', payload: {} }]);
    await worker.start();
    await vitestWaitFor(async () => (await findJob(database.db, id!))?.status === 'running');
    await worker.stop();
    expect(await findJob(database.db, id!)).toMatchObject({ status: 'done', attempts: 1, result: 'delivered' });
  });

  it('a started worker is woken by an enqueue from another process', async () => {
    const worker = queue();
    const done = new Promise<number>((resolve) => worker.work<{ n: number }>('test.wake', async (job) => resolve(job.payload.n)));
    await worker.start();
    const producer = queue();
    await producer.enqueue([{ queue: 'test.wake', payload: { n: 42 } }]);
    expect(await done).toBe(42);
  });

  it('keeps one job per singleton key', async () => {
    const jobs = queue();
    const first = await jobs.enqueue([{ queue: 'test.once', payload: {}, singletonKey: 'crm:project:1:v2' }]);
    const again = await jobs.enqueue([{ queue: 'test.once', payload: {}, singletonKey: 'crm:project:1:v2' }]);
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
  });
});

async function vitestWaitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
