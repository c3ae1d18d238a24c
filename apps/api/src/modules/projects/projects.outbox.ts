import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { systemClock } from '../../lib/clock';
import { claimOutbox, markOutboxDelivered, markOutboxFailed, type OutboxRow, recordCrmDelivery } from './projects.repository';

/** One CRM event as the port receives it. The idempotency key is the same on every redelivery. */
export interface CrmEvent {
  id: number;
  topic: string;
  idempotencyKey: string;
  payload: Record<string, unknown>;
  attempt: number;
}

/** The CRM (Dynamics 365) as the outbox worker sees it. An adapter must be idempotent by key. */
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

export interface OutboxWorkerOptions {
  db: Db;
  crm: CrmPort;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  clock?: Clock;
  batchSize?: number;
  /** After this many failed attempts an event is parked as dead (kept, visible, re-playable by hand). */
  maxAttempts?: number;
  /** How long a claim holds before another worker may take the event again. */
  leaseMs?: number;
  /** Delay before attempt n + 1 (n ≥ 1). */
  backoffMs?: (attempt: number) => number;
}

/** Exponential backoff: 1 s, 2 s, 4 s … capped at 10 minutes. */
export function defaultBackoff(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 10 * 60 * 1000);
}

export interface OutboxWorker {
  /** Claims and delivers one batch; resolves with what happened. */
  runOnce(): Promise<{ delivered: number; failed: number }>;
  /** Polls every intervalMs until stop(). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * The CRM outbox worker (DESIGN.md): PostgreSQL-backed, so N api processes can each run one — a row
 * is claimed by one worker at a time (FOR UPDATE SKIP LOCKED + a lease), delivered at least once, and
 * applied once thanks to its idempotency key. Failures are retried with backoff; nothing is deleted.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const clock = options.clock ?? systemClock;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 12;
  const leaseMs = options.leaseMs ?? 60_000;
  const backoff = options.backoffMs ?? defaultBackoff;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  async function deliver(row: OutboxRow): Promise<boolean> {
    try {
      await options.crm.deliver({ id: row.id, topic: row.topic, idempotencyKey: row.idempotencyKey, payload: row.payload, attempt: row.attempts });
      await markOutboxDelivered(options.db, row.id, clock());
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = row.attempts >= maxAttempts;
      await markOutboxFailed(options.db, row.id, { retryAt: new Date(clock().getTime() + backoff(row.attempts)), error: message, dead });
      options.log[dead ? 'error' : 'warn']({ key: row.idempotencyKey, attempt: row.attempts, err: message }, dead ? 'crm event parked after the last attempt' : 'crm event failed; will retry');
      return false;
    }
  }

  async function runOnce(): Promise<{ delivered: number; failed: number }> {
    const now = clock();
    const rows = await claimOutbox(options.db, now, new Date(now.getTime() + leaseMs), batchSize);
    let delivered = 0;
    let failed = 0;
    for (const row of rows) {
      if (await deliver(row)) delivered += 1;
      else failed += 1;
    }
    return { delivered, failed };
  }

  return {
    runOnce,
    start(intervalMs = 2000) {
      stopped = false;
      const tick = () => {
        if (stopped) return;
        running = runOnce()
          .catch((error: unknown) => options.log.error({ err: error }, 'crm outbox round failed'))
          .finally(() => {
            running = undefined;
            if (!stopped) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, 0);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
