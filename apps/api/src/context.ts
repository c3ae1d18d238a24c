import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { DataChanges } from './db/data-changes';
import type { Revocations } from './http/revocations';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { DocumentsDeps } from './modules/documents/documents.service';
import type { CrmPort } from './modules/projects/projects.outbox';

/** What buildApp needs from outside; main.ts and the tests provide it. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Defaults to SMTP (SMTP_URL) or the file outbox (MAIL_OUTBOX_DIR). */
  mailer?: Mailer;
  /** Pino options override (tests silence logs). */
  logger?: boolean | { level: string };
  /**
   * Also serialize every response the zod way and fail when the fast serializer writes otherwise
   * (the test suite turns it on; it costs a validation per response, so never in a served app).
   */
  crossCheckResponses?: boolean;
  /** The document makers; tests hand a double to exercise the delivery (defaults to modules/documents/makers). */
  makeDocuments?: DocumentsDeps['make'];
  /**
   * Start the job queue on ready (default on; NODE_ROLE=http never does). Tests that drain the queue
   * by hand, step by step, turn it off.
   */
  startWorkers?: boolean;
  /** The CRM the outbox delivers to; defaults to the recording adapter (no CRM configured). */
  crm?: CrmPort;
  /**
   * This process alone uses the database (the embedded PGlite of `npm start`): a job left running at
   * start belonged to a process that died, and goes back to the queue at once rather than when its
   * lease runs out (up to 30 s after a restart). Never with a shared PostgreSQL.
   */
  ownsDatabase?: boolean;
}

/** Work started by a request that must not hold the answer (mail); awaited on close. */
export interface Background {
  run(name: string, task: () => Promise<void>): void;
  idle(): Promise<void>;
}

/** The resolved dependencies every module sees (app.ctx). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  background: Background;
  /** Refuses access tokens at once after logout, password reset or a change of roles, privileges or status. */
  revocations: Revocations;
  /** Versions of tables that move on every change in any process: reads kept in memory check them. */
  changes: DataChanges;
}
