import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import { type Database, fromPglite, fromPostgresUrl } from '../src/db/client';

/** Why this project's database tests cannot run here, or null when they can. */
export function databaseSkipReason(): string | null {
  return inject('testDb') === 'postgres' ? inject('postgresSkipReason') : null;
}

export function testDbKind(): 'pglite' | 'postgres' {
  return inject('testDb');
}

declare global {
  var __lumenPgliteTemplate: Blob | undefined;
}

/**
 * The migrated and seeded PGlite data directory that global setup dumped, read once per worker:
 * every test database starts from it (a cold PGlite start with migrations and seeds costs seconds,
 * loading the dump under one). Loading it is cheaper than cloning a template instance, which dumps
 * that instance first each time.
 */
function pgliteTemplate(): Blob {
  if (!globalThis.__lumenPgliteTemplate) {
    const file = inject('pgliteTemplateFile');
    if (!file) throw new Error('No PGlite template: is the global setup of apps/api in place?');
    globalThis.__lumenPgliteTemplate = new Blob([readFileSync(file)]);
  }
  return globalThis.__lumenPgliteTemplate;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) throw new Error('No PostgreSQL for tests');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database (migrated, reference data and demo accounts seeded), dropped by close(). */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind() === 'pglite') {
    return fromPglite(await PGlite.create({ loadDataDir: pgliteTemplate() }));
  }
  const adminUrl = inject('postgresAdminUrl');
  const templateDb = inject('postgresTemplateDb');
  const runId = inject('postgresRunId');
  if (!adminUrl || !templateDb || !runId) throw new Error(databaseSkipReason() ?? 'No PostgreSQL for tests');
  const name = `${runId}_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDb}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = fromPostgresUrl(url.toString(), { max: 5 });
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      await close();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** A describe that is skipped, with the reason in its name, when this project has no database. */
export function describeWithDb(name: string, body: () => void): void {
  const reason = databaseSkipReason();
  if (reason) describe.skip(`${name} (${reason})`, body);
  else describe(name, body);
}

/**
 * A describe run on one database only: PostgreSQL when this run has one, PGlite otherwise. For suites
 * whose subject is not the database (the OpenAPI fuzz: validation and error shapes), where a second
 * run on the other engine costs minutes and proves nothing more.
 */
export function describeOnOneDb(name: string, body: () => void): void {
  if (runsElsewhere()) describe.skip(`${name} (runs on api-postgres)`, body);
  else describeWithDb(name, body);
}

/**
 * A test run on one database only, in a file of the engine list (test/engine-suite.ts) that also runs
 * on PGlite: for the tests of such a file whose subject is not the engine (a table's content, a
 * token's claims, a refusal's shape), which the run on PostgreSQL proves.
 */
export function itOnOneDb(name: string, body: () => Promise<void> | void): void {
  if (runsElsewhere()) it.skip(`${name} (runs on api-postgres)`, body);
  else it(name, body);
}

/** This is the PGlite run of an engine file, and the main run is on PostgreSQL. */
function runsElsewhere(): boolean {
  return testDbKind() === 'pglite' && inject('postgresAvailable');
}
