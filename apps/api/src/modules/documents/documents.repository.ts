import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentDownloadItems, documentDownloads, type StoredDocumentFile } from '../../db/schema';

export type DownloadRow = typeof documentDownloads.$inferSelect;
export type DownloadItemRow = typeof documentDownloadItems.$inferSelect;

/** The channel on which every process learns that a download moved (payload: JSON, see documents.socket.ts). */
export const DOCUMENTS_CHANNEL = 'lumen_documents';

export async function insertDownload(
  tx: DbOrTx,
  download: Omit<typeof documentDownloads.$inferInsert, 'id' | 'status' | 'finishedAt'>,
  items: ReadonlyArray<{ position: number; name: string; request: Record<string, unknown> }>,
): Promise<{ download: DownloadRow; items: DownloadItemRow[] }> {
  const [row] = await tx.insert(documentDownloads).values(download).returning();
  if (!row) throw new Error('download not inserted');
  const inserted = await tx
    .insert(documentDownloadItems)
    .values(items.map((item) => ({ downloadId: row.id, position: item.position, name: item.name, request: item.request })))
    .returning();
  return { download: row, items: inserted.sort((a, b) => a.position - b.position) };
}

export async function setItemJobs(tx: DbOrTx, downloadId: string, jobIds: ReadonlyArray<{ position: number; jobId: number }>): Promise<void> {
  for (const { position, jobId } of jobIds) {
    await tx
      .update(documentDownloadItems)
      .set({ jobId })
      .where(and(eq(documentDownloadItems.downloadId, downloadId), eq(documentDownloadItems.position, position)));
  }
}

export async function findDownload(db: DbOrTx, id: string): Promise<DownloadRow | undefined> {
  const rows = await db.select().from(documentDownloads).where(eq(documentDownloads.id, id)).limit(1);
  return rows[0];
}

export async function listItems(db: DbOrTx, downloadIds: readonly string[]): Promise<DownloadItemRow[]> {
  if (downloadIds.length === 0) return [];
  return db
    .select()
    .from(documentDownloadItems)
    .where(inArray(documentDownloadItems.downloadId, [...downloadIds]))
    .orderBy(asc(documentDownloadItems.downloadId), asc(documentDownloadItems.position));
}

export async function findItem(db: DbOrTx, id: number): Promise<DownloadItemRow | undefined> {
  const rows = await db.select().from(documentDownloadItems).where(eq(documentDownloadItems.id, id)).limit(1);
  return rows[0];
}

export async function listDownloadsOf(db: DbOrTx, userId: number, limit: number): Promise<DownloadRow[]> {
  return db.select().from(documentDownloads).where(eq(documentDownloads.userId, userId)).orderBy(desc(documentDownloads.createdAt)).limit(limit);
}

/** Moves an item that is not settled yet (a late job never overwrites a cancel). */
export async function updateOpenItem(db: DbOrTx, id: number, values: { status?: string; progress?: number; files?: StoredDocumentFile[]; error?: string | null }): Promise<DownloadItemRow | undefined> {
  const rows = await db
    .update(documentDownloadItems)
    .set(values)
    .where(and(eq(documentDownloadItems.id, id), inArray(documentDownloadItems.status, ['pending', 'running'])))
    .returning();
  return rows[0];
}

/**
 * Settles the download when none of its items is open any more: ready (something arrived), failed
 * (every item failed) or cancelled. Returns the row when this call settled it (once, whoever calls).
 * Called in the transaction that settled an item. The download's row is locked first: two items
 * settled at once by two workers each saw the other still running (neither had committed), and the
 * download stayed running for good. Now the second waits for the first to commit, and its check, a
 * statement of its own, sees that item settled (READ COMMITTED takes a snapshot per statement).
 */
export async function settleDownloadIfDone(db: DbOrTx, id: string, now: Date): Promise<DownloadRow | undefined> {
  await db.execute(sql`select 1 from ${documentDownloads} where id = ${id} for update`);
  const result = await db.execute(sql`
    update ${documentDownloads} d set
      status = case
        when exists (select 1 from ${documentDownloadItems} i where i.download_id = d.id and i.status = 'ready') then 'ready'
        when exists (select 1 from ${documentDownloadItems} i where i.download_id = d.id and i.status = 'failed') then 'failed'
        else 'cancelled' end,
      finished_at = ${now.toISOString()}::timestamptz
    where d.id = ${id} and d.status = 'running'
      and not exists (select 1 from ${documentDownloadItems} i where i.download_id = d.id and i.status in ('pending', 'running'))
    returning d.id`);
  if ((result as unknown as { rows: unknown[] }).rows.length === 0) return undefined;
  return findDownload(db, id);
}

/** Cancels every open item and the download itself. */
export async function cancelDownload(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(documentDownloadItems)
    .set({ status: 'cancelled' })
    .where(and(eq(documentDownloadItems.downloadId, id), inArray(documentDownloadItems.status, ['pending', 'running'])));
  await db
    .update(documentDownloads)
    .set({ status: 'cancelled', finishedAt: now })
    .where(and(eq(documentDownloads.id, id), eq(documentDownloads.status, 'running')));
}

/** Tells every process (at commit) that a download moved. */
export async function announce(db: DbOrTx, message: Record<string, unknown>): Promise<void> {
  await db.execute(sql`select pg_notify(${DOCUMENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/** Items whose files reached the user: progress MAX (17). */
export async function markItemsDelivered(db: DbOrTx, downloadId: string, positions: readonly number[], progress: number): Promise<void> {
  if (positions.length === 0) return;
  await db
    .update(documentDownloadItems)
    .set({ progress })
    .where(and(eq(documentDownloadItems.downloadId, downloadId), inArray(documentDownloadItems.position, [...positions]), eq(documentDownloadItems.status, 'ready')));
}
