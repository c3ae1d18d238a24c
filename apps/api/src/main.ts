import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { type Db } from './db/client';
import { users } from './db/schema';
import { hasUsers, seedReferenceData, shouldSeedDemo } from './db/seed';
import { seedDemo } from './demo-seed';
import { DEMO_USERS } from './db/seed/demo-data';
import { DataDirError, secureDataDir, usePrivateFileModes } from './lib/data-dir';
import { openUrl, readyLine, startupWarnings } from './startup';
import { auditGuardWarnings } from './lib/audit/audit.guard';

/** Whether the README's demo accounts can log in here (seeded now or on an earlier start). */
async function hasDemoAccounts(db: Db): Promise<boolean> {
  const email = DEMO_USERS[0]?.email;
  if (email === undefined) return false;
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/** config → database → migrations → seed → app → listen. */
async function main(): Promise<void> {
  // Everything the server writes is its user's only (issue 29 §4): before the configuration writes the secret.
  usePrivateFileModes();
  let config;
  let dataDir;
  try {
    config = loadConfig();
    dataDir = secureDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const withDemoData = shouldSeedDemo({ seedDemo: config.seedDemo, env: config.env, kind: database.kind, databaseHasUsers: await hasUsers(database.db) });

  // The embedded database is this process's alone (its data dir); a PostgreSQL server may be shared.
  const app = await buildApp({ config, database, ownsDatabase: database.kind === 'pglite' });
  // auditGuardWarnings: the api's role must not be able to lift the audit trail's guard (SECURITY.md, "Operator's controls").
  for (const warning of [...startupWarnings(config), ...dataDir.warnings, ...(await auditGuardWarnings(database))]) app.log.warn(warning);
  if (withDemoData) {
    const { created } = await seedDemo(database.db);
    app.log.info({ created }, 'demo accounts seeded (password: demo-password)');
  }

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Behind a load balancer: fail its /ready checks first, so it stops sending before we stop taking.
      if (config.shutdownDrainMs > 0) {
        app.lifecycle.draining = true;
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = openUrl(config, app.server.address());
  app.log.info({ url, database: database.kind, dataDir: config.dataDir, web: config.webDistDir }, 'Lumen Pro api ready');
  // Production logs stay machine-readable (the record above carries the URL); elsewhere a person reads this.
  if (config.env !== 'production') process.stdout.write(`${readyLine(url, await hasDemoAccounts(database.db))}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
