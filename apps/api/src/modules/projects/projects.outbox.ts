import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { systemClock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { CRM_DELIVERY_QUEUE, enqueuePendingOutbox, findOutboxEvent, markOutboxDelivered, markOutboxFailed, recordCrmDelivery } from './projects.repository';

export { CRM_DELIVERY_QUEUE, CRM_MAX_ATTEMPTS } from './projects.repository';

/** One CRM event as the port receives it. The idempotency key is the same on every redelivery. */
export interface CrmEvent {
  id: number;
  topic: string;
  idempotencyKey: string;
  payload: Record<string, unknown>;
  attempt: number;
}

/** The CRM (Dynamics 365) as the outbox sees it. An adapter must be idempotent by key. */
export interface CrmPort {
  deliver(event: CrmEvent): Promise<void>;
}

/**
 * The default adapter: no CRM is configured, so the event is logged and recorded in crm_deliveries
 * (once per idempotency key: a redelivery is a no-op), which is what a real adapter would upsert.
 */
export function recordingCrmAdapter(db: Db, log: Pick<FastifyBaseLogger, 'info'>, clock: Clock = systemClock): CrmPort {
  return {
    async deliver(event) {
      const applied = await recordCrmDelivery(db, { idempotencyKey: event.idempotencyKey, topic: event.topic, payload: event.payload, now: clock() });
      log.info({ topic: event.topic, key: event.idempotencyKey, applied }, applied ? 'crm event delivered' : 'crm event already applied');
    },
  };
}

export interface CrmOutboxOptions {
  db: Db;
  crm: CrmPort;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  clock?: Clock;
}

/**
 * The CRM outbox (DESIGN.md) on the api's one job queue (lib/jobs): an event is a `crm_outbox` row
 * written in the change's transaction with its `crm.deliver` job (singleton key = the event's
 * idempotency key). Any process's worker claims the job (SKIP LOCKED, a lease), delivers it at least
 * once, and the CRM applies it once thanks to the key; the queue retries with backoff and fails the
 * job after CRM_MAX_ATTEMPTS, when the row is parked as `dead`. The row keeps the status, attempts and
 * last error for operators; nothing is deleted.
 */
export function registerCrmOutbox(jobs: JobQueue, options: CrmOutboxOptions): { enqueuePending(): Promise<number> } {
  const clock = options.clock ?? systemClock;
  jobs.work<{ outboxId: number }>(
    CRM_DELIVERY_QUEUE,
    async (job) => {
      const row = await findOutboxEvent(options.db, job.payload.outboxId);
      if (!row || row.status !== 'pending') return { skipped: true };
      await options.crm.deliver({ id: row.id, topic: row.topic, idempotencyKey: row.idempotencyKey, payload: row.payload, attempt: job.attempt });
      await markOutboxDelivered(options.db, row.id, job.attempt, clock());
      return { delivered: row.idempotencyKey };
    },
    {
      async onSettled({ job, outcome, error }) {
        if (outcome !== 'retry' && outcome !== 'failed') return;
        const message = error instanceof Error ? error.message : String(error);
        const dead = outcome === 'failed';
        await markOutboxFailed(options.db, job.payload.outboxId, { attempts: job.attempt, retryAt: null, error: message, dead });
        if (dead) options.log.error({ outbox: job.payload.outboxId, attempt: job.attempt, err: message }, 'crm event parked after the last attempt');
      },
    },
  );
  return { enqueuePending: () => enqueuePendingOutbox(options.db, clock()) };
}
