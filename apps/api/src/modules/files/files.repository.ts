import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploadedFiles } from '../../db/schema';

/** The only place with SQL of the files module. */

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

export async function insertUploadedFile(db: DbOrTx, row: typeof uploadedFiles.$inferInsert): Promise<void> {
  await db.insert(uploadedFiles).values(row);
}

/** The uploads of `ids`, locked for the caller's transaction (attaching them). */
export async function lockUploadedFiles(tx: DbOrTx, ids: readonly string[]): Promise<UploadedFileRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.id, [...ids]))
    .for('update');
}

export async function markAttached(tx: DbOrTx, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(uploadedFiles)
    .set({ attachedAt: now, expiresAt: null })
    .where(inArray(uploadedFiles.id, [...ids]));
}

export async function findUploadedFile(db: DbOrTx, id: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
  return row;
}

/** Temporary uploads past their expiry, oldest first. */
export async function listExpiredUploads(db: DbOrTx, now: Date, limit: number): Promise<UploadedFileRow[]> {
  return db
    .select()
    .from(uploadedFiles)
    .where(and(isNull(uploadedFiles.attachedAt), lt(uploadedFiles.expiresAt, now)))
    .orderBy(asc(uploadedFiles.expiresAt))
    .limit(limit);
}

/** Removes a temporary upload's row, unless a request attached it meanwhile. */
export async function deleteTemporaryUpload(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db
    .delete(uploadedFiles)
    .where(and(eq(uploadedFiles.id, id), isNull(uploadedFiles.attachedAt)))
    .returning({ id: uploadedFiles.id });
  return deleted.length > 0;
}
