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

/**
 * Told of each query as it starts (its parameterised text, never its values); the function it returns,
 * if any, is called once the query ends (with the error when it failed). The traces' database spans.
 */
export type QueryObserver = (text: string) => ((error?: unknown) => void) | undefined;

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs fn with a session-level advisory lock held (PostgreSQL); plain call on PGlite (single process). */
  withMigrationLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Receives the payloads of `pg_notify(channel, …)` committed by any process on this database
   * (PGlite: in process). On PostgreSQL a dedicated connection listens and reconnects by itself;
   * `onReconnect` runs after each reconnection, since notifications sent meanwhile are lost.
   * Resolves once listening; the returned function stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** The connection pool's state (PostgreSQL; the metrics read it); undefined for PGlite's one connection. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** Sets (or with undefined, removes) the observer of every query from now on. */
  observeQueries(observer: QueryObserver | undefined): void;
}

type Observed = { current: QueryObserver | undefined };

/** The text of a query call's first argument (a string or node-postgres / PGlite query config). */
function queryText(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string') return (first as { text: string }).text;
  return undefined;
}

/**
 * Wraps a promise-returning `query`-like method so that the observer sees each call. Calls with a
 * callback (node-postgres' pool checking out a client) pass through: the pool's own `query` is observed.
 */
function observeMethod<T extends object, K extends keyof T>(target: T, key: K, observed: Observed): void {
  const original = target[key] as unknown as (...args: unknown[]) => unknown;
  if (typeof original !== 'function') return;
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    const observer = observed.current;
    const text = queryText(args[0]);
    if (!observer || text === undefined || typeof args[args.length - 1] === 'function') return original.apply(this, args);
    const end = observer(text);
    if (!end) return original.apply(this, args);
    try {
      return (original.apply(this, args) as Promise<unknown>).then(
        (result) => {
          end();
          return result;
        },
        (error: unknown) => {
          end(error);
          throw error;
        },
      );
    } catch (error) {
      end(error);
      throw error;
    }
  };
  (target as Record<K, unknown>)[key] = wrapped;
}

/** Channel names are identifiers we choose; quoting keeps LISTEN safe anyway. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function fromPglite(client: PGlite): Database {
  const observed: Observed = { current: undefined };
  observeMethod(client, 'query', observed);
  observeMethod(client, 'exec', observed);
  // A transaction's queries go through the transaction object PGlite hands to its callback.
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      observeMethod(tx, 'query', observed);
      observeMethod(tx, 'exec', observed);
      return callback(tx);
    })) as PGlite['transaction'];
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    observeQueries: (observer) => {
      observed.current = observer;
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
    withMigrationLock: (fn) => fn(db),
    async listen(channel, onPayload) {
      const unlisten = await client.listen(quoteIdentifier(channel), onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

const LISTEN_RETRY_MIN_MS = 100;
const LISTEN_RETRY_MAX_MS = 5_000;

/** A dedicated node-postgres connection that LISTENs on one channel and reconnects with backoff. */
async function listenOnServer(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // A lost connection (server restart, network) is retried; the error itself must not crash the process.
    client.on('error', () => {});
    client.on('end', () => {
      if (current === client) current = undefined;
      if (!stopped) scheduleReconnect();
    });
    await client.connect();
    try {
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = LISTEN_RETRY_MIN_MS;
  };

  const scheduleReconnect = (): void => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          if (!stopped) onReconnect?.();
        },
        () => {
          delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
          scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

export function fromPostgresUrl(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Queries through the pool, and those of a client checked out for a transaction.
  const observed: Observed = { current: undefined };
  observeMethod(pool, 'query', observed);
  pool.on('connect', (client) => observeMethod(client, 'query', observed));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    observeQueries: (observer) => {
      observed.current = observer;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
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
    listen: (channel, onPayload, onReconnect) => listenOnServer(url, channel, onPayload, onReconnect),
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
