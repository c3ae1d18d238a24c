import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgresUrl } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seedReferenceData } from '../src/db/seed';
import { seedDemo } from '../src/demo-seed';
import { findPostgresBin, startThrowawayPostgres } from './throwaway-postgres';

/**
 * Prepares the database of the api integration suite, once per vitest project:
 * - TEST_DB=pglite: a migrated and seeded PGlite, dumped to a file each test file (worker) loads;
 * - TEST_DB=postgres: TEST_DATABASE_URL, or a throwaway PostgreSQL 15 started here from
 *   /usr/lib/postgresql/<v>/bin (as the `postgres` user when running as root), with a migrated and
 *   seeded template database each test file copies (CREATE DATABASE … TEMPLATE).
 * When neither is available the postgres project's tests are skipped with a message.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    testDb: 'pglite' | 'postgres';
    pgliteTemplateFile: string | null;
    postgresAdminUrl: string | null;
    postgresTemplateDb: string | null;
    /** Prefix of every database this run creates (per-file databases are `${prefix}_<random>`). */
    postgresRunId: string | null;
    postgresSkipReason: string | null;
    /** Whether this run has a PostgreSQL for the api-postgres project (see describeOnOneDb). */
    postgresAvailable: boolean;
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-pglite-'));
  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  await seedDemo(database.db);
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplateFile', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.TEST_DATABASE_URL || undefined;
  let stop: (() => void) | undefined;
  if (!adminUrl) {
    const binDir = findPostgresBin();
    if (!binDir || !existsSync(join(binDir, 'pg_ctl'))) {
      const reason = 'api-postgres skipped: set TEST_DATABASE_URL or install PostgreSQL server binaries (/usr/lib/postgresql/*/bin).';
      console.warn(`\n[${reason}]\n`);
      project.provide('postgresSkipReason', reason);
      return async () => {};
    }
    const server = await startThrowawayPostgres(binDir);
    adminUrl = server.url;
    stop = server.stop;
  }
  const runId = `lumen_test_${process.pid}_${Date.now().toString(36)}`;
  const templateDb = `${runId}_template`;
  try {
    await adminQuery(adminUrl, `CREATE DATABASE "${templateDb}"`);
    const database = fromPostgresUrl(databaseUrl(adminUrl, templateDb), { max: 2 });
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    await seedDemo(database.db);
    await database.close();
  } catch (error) {
    stop?.();
    throw error;
  }
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplateDb', templateDb);
  project.provide('postgresRunId', runId);
  const url = adminUrl;
  return async () => {
    if (stop) {
      stop();
      return;
    }
    // An external server: remove what this run created.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${runId}_%`]);
      for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = (project.config.env ?? {}) as Record<string, string | undefined>;
  const testDb = (env.TEST_DB ?? process.env.TEST_DB) === 'postgres' ? 'postgres' : 'pglite';
  project.provide('testDb', testDb);
  project.provide('pgliteTemplateFile', null);
  project.provide('postgresAdminUrl', null);
  project.provide('postgresTemplateDb', null);
  project.provide('postgresRunId', null);
  project.provide('postgresSkipReason', null);
  const binDir = findPostgresBin();
  project.provide('postgresAvailable', Boolean(process.env.TEST_DATABASE_URL) || Boolean(binDir && existsSync(join(binDir, 'pg_ctl'))));
  return testDb === 'postgres' ? setupPostgres(project) : setupPglite(project);
}
