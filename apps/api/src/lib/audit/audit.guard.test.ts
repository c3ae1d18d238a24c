import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase, describeWithDb, testDbKind } from '../../../test/test-db';
import { auditGuardWarnings } from './audit.guard';

/** The database's refusal (drizzle wraps it: PostgreSQL's message is the cause's). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  }
  return 'no refusal';
}

/**
 * Issue 29 §9: the audit trail's append-only guard must not be liftable by the api's sessions. The
 * start checks the api's own role (auditGuardWarnings); under the operator's role setup (SECURITY.md)
 * a session of that role can neither delete rows, disable the trigger, nor use the purge switch.
 */
describeWithDb('the audit trail guard against the api’s own role', () => {
  let database: Database;
  const role = `lumen_api_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (testDbKind() === 'postgres') {
      await database.db.execute(sql.raw(`revoke all on audit_events from ${role}`)).catch(() => undefined);
      await database.db.execute(sql.raw(`drop role if exists ${role}`)).catch(() => undefined);
    }
    await database?.close();
  });

  it('warns while the api runs as a role that can lift it (the test database’s owner), never on PGlite', async () => {
    const warnings = await auditGuardWarnings(database);
    if (testDbKind() === 'pglite') {
      expect(warnings).toEqual([]);
      return;
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/superuser|owns audit_events/);
  });

  it('under the operator’s setup (SELECT, INSERT only; not the owner) says nothing, and that role cannot lift the guard', async () => {
    if (testDbKind() !== 'postgres') return;
    await database.db.execute(sql.raw(`create role ${role} nologin`));
    await database.db.execute(sql.raw(`grant select, insert on audit_events to ${role}`));
    const asApiRole = <T>(work: (tx: Pick<Database, 'db' | 'kind'>) => Promise<T>) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${role}`));
        return work({ db: tx as unknown as Database['db'], kind: 'postgres' });
      });
    expect(await asApiRole((tx) => auditGuardWarnings(tx))).toEqual([]);
    expect(await refusal(asApiRole((tx) => tx.db.execute(sql`delete from audit_events`)))).toMatch(/permission denied/);
    expect(await refusal(asApiRole((tx) => tx.db.execute(sql`truncate audit_events`)))).toMatch(/permission denied/);
    expect(await refusal(asApiRole((tx) => tx.db.execute(sql`alter table audit_events disable trigger user`)))).toMatch(/must be owner|permission denied/);
    expect(
      await refusal(
        asApiRole(async (tx) => {
          await tx.db.execute(sql`select set_config('lumen.audit_purge', 'on', true)`);
          return tx.db.execute(sql`delete from audit_events`);
        }),
      ),
    ).toMatch(/permission denied/);
  });
});
