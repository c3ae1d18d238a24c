import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createTestDatabase, databaseSkipReason, testDbKind } from '../../../test/test-db';
import { findDownload, insertDownload, settleDownloadIfDone, updateOpenItem } from './documents.repository';

/** A promise and its resolver, to order the steps of two transactions by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

// Two connections at once: a PostgreSQL server's (PGlite has one connection, so its transactions never overlap).
describe.runIf(testDbKind() === 'postgres' && databaseSkipReason() === null)('a download settled by two workers at once (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is settled by whichever commits last, although each saw the other item still running', async () => {
    const db = database.db;
    const [user] = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
    const { download, items } = await insertDownload(
      db,
      { userId: user?.id ?? 0, catalogId: 16, lang: 'en', title: 'Two documents', delivery: 'zip', zipName: 'two.zip' },
      [0, 1].map((position) => ({ position, name: `document ${position}`, request: {} })),
    );
    const [first, second] = items as [(typeof items)[number], (typeof items)[number]];
    const now = new Date('2026-12-07T12:00:00Z');
    const bothMoved = { first: gate(), second: gate() };
    const firstChecked = gate();
    const secondChecked = gate();
    const settledBy: string[] = [];
    /** Resolves once the second's check has run, or waits on a row lock (it then needs the first's commit). */
    const secondCheckedOrWaiting = async () => {
      let checked = false;
      void secondChecked.opened.then(() => (checked = true));
      for (;;) {
        if (checked) return;
        const waiting = await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };

    // Each worker's transaction: its item ready, then the check. Both items move before either checks,
    // and the first commits only once the second has checked (or waits for it to).
    const worker = (name: 'first' | 'second', itemId: number, before: () => Promise<unknown>, after: () => Promise<unknown>) =>
      db.transaction(async (tx) => {
        await updateOpenItem(tx, itemId, { status: 'ready', progress: 17 });
        bothMoved[name].open();
        await before();
        if (await settleDownloadIfDone(tx, download.id, now)) settledBy.push(name);
        await after();
      });
    await Promise.all([
      worker('first', first.id, () => bothMoved.second.opened, async () => {
        firstChecked.open();
        await secondCheckedOrWaiting();
      }),
      worker('second', second.id, () => Promise.all([bothMoved.first.opened, firstChecked.opened]), async () => secondChecked.open()),
    ]);

    expect(settledBy).toEqual(['second']);
    expect((await findDownload(db, download.id))?.status).toBe('ready');
  });
});
