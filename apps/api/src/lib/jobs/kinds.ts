/**
 * Every kind of background work of the api, on the one job queue (lib/jobs), and how many jobs of each
 * run at once in one process. The one place to tune them (createJobQueue's `concurrency`): a process
 * runs at most the sum at once, and N processes N times each.
 */
export const JOB_CONCURRENCY: Readonly<Record<string, number>> = {
  /** Documents of a download (modules/documents): CPU-heavy makers, two at a time per process. */
  'documents.make': 2,
  /** A processed order handed to the ERP (modules/orders). */
  'orders.deliver': 4,
  /** The built-in ERP's status steps (modules/erp). */
  'erp.advance': 4,
  /** CRM events of the outbox (modules/projects/projects.outbox.ts). */
  'crm.deliver': 4,
  /** The image studio's HD renders (modules/studio): one batch at a time per process, its images one after another. */
  'studio.render': 1,
  /** The audit trail's daily retention purge (modules/audit). */
  'audit.purge': 1,
  // Recurring housekeeping (app.ts, `jobs.every`): one job per slot across all processes.
  'housekeeping.rate-limits': 1,
  'housekeeping.social-logins': 1,
  'housekeeping.temporary-uploads': 1,
  'housekeeping.audit-schedule': 1,
  'housekeeping.settled-jobs': 1,
};

/** The recurring housekeeping's periods (slots aligned on the epoch). */
export const HOUSEKEEPING_EVERY_MS = {
  'housekeeping.rate-limits': 10 * 60 * 1000,
  'housekeeping.social-logins': 10 * 60 * 1000,
  'housekeeping.temporary-uploads': 10 * 60 * 1000,
  'housekeeping.audit-schedule': 60 * 60 * 1000,
  'housekeeping.settled-jobs': 60 * 60 * 1000,
} as const;
