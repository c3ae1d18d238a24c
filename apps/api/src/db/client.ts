import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/** The one database type the repositories use: the same code runs on PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs fn with a session-level advisory lock held (PostgreSQL); plain call on PGlite (single process). */
  withMigrationLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
    withMigrationLock: (fn) => fn(db),
  };
}

export function fromPostgresUrl(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7305511)');
        return await fn(drizzleNodePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock(7305511)').catch(() => {});
        client.release();
      }
    },
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite under dataDir/pglite. */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return fromPostgresUrl(options.databaseUrl);
  const dir = resolve(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return fromPglite(client);
}
