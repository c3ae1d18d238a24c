export { createJobQueue, exponentialBackoff, PermanentJobError, type JobContext, type JobOutcome, type JobQueue, type JobQueueOptions, type SettledJob, type WorkOptions } from './job-queue';
export { findJob, findJobsOfGroup, JOBS_CHANNEL, pruneJobs, releaseRunningJobs, type JobRow, type JobStatus, type NewJob } from './jobs.repository';
export { HOUSEKEEPING_EVERY_MS, JOB_CONCURRENCY } from './kinds';
