import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';

/**
 * The folder of drizzle-kit's SQL migrations. Found next to the running code: apps/api/drizzle from
 * src/db (tsx, tests) and from dist (the bundle); MIGRATIONS_DIR overrides.
 */
export function migrationsFolder(): string {
  if (process.env.MIGRATIONS_DIR) return resolve(process.env.MIGRATIONS_DIR);
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../drizzle'), resolve(here, '../../drizzle'), resolve(here, '../../../drizzle')];
  const found = candidates.find((dir) => existsSync(resolve(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations not found; looked in ${candidates.join(', ')}`);
  return found;
}

/** Applies every pending migration (idempotent; serialised across processes on PostgreSQL). */
export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  await database.withMigrationLock(async (db) => {
    if (database.kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
}
