import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { createTestDatabase, describeWithDb } from '../../../test/test-db';
import { AUDIT_SYSTEM, auditDiff, auditWho, purgeAuditEvents, recordAudit, recordAudits } from './index';

/** The database's refusal (drizzle wraps it: the trigger's message is the cause's). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return cause;
  }
  return 'no refusal';
}

const staff = { userId: 3, name: 'Sam Sales', email: 'sales@example.com' };
const customer = { userId: 7, name: 'Dana Distributor', email: 'dana@example.com' };

it('names the staff member as actor and the customer as the one acted for in an acted session', () => {
  expect(auditWho(customer)).toEqual({ actor: { id: 7, name: 'Dana Distributor', email: 'dana@example.com' }, onBehalfOf: null });
  expect(auditWho({ ...customer, actingBy: staff })).toEqual({
    actor: { id: 3, name: 'Sam Sales', email: 'sales@example.com' },
    onBehalfOf: { id: 7, name: 'Dana Distributor', email: 'dana@example.com' },
  });
});

it('keeps only the fields that changed when both sides are objects', () => {
  expect(auditDiff({ name: 'A', status: 1 }, { name: 'B', status: 1 })).toEqual({ before: { name: 'A' }, after: { name: 'B' }, changed: true });
  expect(auditDiff({ a: 1 }, { a: 1 }).changed).toBe(false);
  expect(auditDiff(null, { a: 1 })).toEqual({ before: null, after: { a: 1 }, changed: true });
});

describeWithDb('audit trail (database)', () => {
  let database: Database;
  // One database for the file (a fresh one costs over a second on PGlite), its trail emptied before
  // each test the only way the database allows: a delete under the purge switch.
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lumen.audit_purge', 'on', true)`);
      await tx.delete(auditEvents);
    });
  });

  it('writes a row in the transaction of the change and loses it with a rollback', async () => {
    await database.db.transaction(async (tx) => {
      await recordAudit(tx, { ...auditWho({ ...customer, actingBy: staff }), entity: 'project', entityId: 12, action: 'rename', before: { name: 'Old' }, after: { name: 'New' }, projectId: 12, companyId: 2 });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, { ...AUDIT_SYSTEM, entity: 'order', entityId: 'X1', action: 'create', after: { id: 'X1' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await database.db.select().from(auditEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: 3, actorName: 'Sam Sales', onBehalfOfId: 7, onBehalfOfName: 'Dana Distributor', entity: 'project', entityId: '12', action: 'rename', before: { name: 'Old' }, after: { name: 'New' }, projectId: 12, companyId: 2 });
  });

  it('writes many rows in one statement, leaving out the updates that changed nothing', async () => {
    const lines = Array.from({ length: 300 }, (_, index) => ({ ...AUDIT_SYSTEM, entity: 'project_line' as const, entityId: `line-${index}`, action: 'create', after: { quantity: index + 1 }, projectId: 4 }));
    const unchanged = { ...AUDIT_SYSTEM, entity: 'project_line' as const, entityId: 'same', action: 'update', before: { quantity: 1 }, after: { quantity: 1 }, projectId: 4 };
    expect(await recordAudits(database.db, [...lines, unchanged])).toBe(300);
    expect(await recordAudits(database.db, [])).toBe(0);
    const rows = await database.db.select({ entityId: auditEvents.entityId }).from(auditEvents);
    expect(rows).toHaveLength(300);
    expect(rows.some((row) => row.entityId === 'same')).toBe(false);
  });

  it('writes nothing for an update that changed nothing', async () => {
    expect(await recordAudit(database.db, { ...AUDIT_SYSTEM, entity: 'user', entityId: 1, action: 'update', before: { name: 'A' }, after: { name: 'A' } })).toBe(false);
    expect(await database.db.select().from(auditEvents)).toHaveLength(0);
  });

  it('refuses UPDATE, DELETE and TRUNCATE: the trail is append-only in the database', async () => {
    await recordAudit(database.db, { ...AUDIT_SYSTEM, entity: 'flag', entityId: 'x', action: 'update', before: { on: false }, after: { on: true } });
    expect(await refusal(database.db.update(auditEvents).set({ actorName: 'someone else' }))).toMatch(/append-only/);
    expect(await refusal(database.db.delete(auditEvents))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`truncate audit_events`))).toMatch(/append-only/);
    // Even a transaction that sets the purge switch cannot rewrite a row.
    expect(await refusal(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('lumen.audit_purge', 'on', true)`);
        await tx.update(auditEvents).set({ actorName: 'someone else' });
      }),
    )).toMatch(/append-only/);
    const rows = await database.db.select().from(auditEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorName).toBe('system');
  });

  it('purges only the rows older than the retention, and the switch does not outlive the purge', async () => {
    const now = new Date('2026-06-30T12:00:00Z');
    for (const [id, at] of [
      ['old', '2026-03-01T00:00:00Z'],
      ['edge', '2026-04-01T11:00:00Z'],
      ['recent', '2026-06-29T00:00:00Z'],
    ] as const) {
      await recordAudit(database.db, { ...AUDIT_SYSTEM, entity: 'flag', entityId: id, action: 'create', after: { id }, at: new Date(at) });
    }
    expect(await purgeAuditEvents(database.db, now, 90)).toBe(2);
    expect((await database.db.select({ entityId: auditEvents.entityId }).from(auditEvents)).map((row) => row.entityId)).toEqual(['recent']);
    expect(await refusal(database.db.delete(auditEvents).where(eq(auditEvents.entityId, 'recent')))).toMatch(/append-only/);
  });
});
