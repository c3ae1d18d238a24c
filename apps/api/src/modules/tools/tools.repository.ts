import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preconfigResults } from '../../db/schema';

/** The tools' SQL (issue 32 §3): the latest preview image and PDF sheet a batch made per preconfiguration. */

export type PreconfigResultRow = typeof preconfigResults.$inferSelect;

/** Records a batch's file as the latest of its kind for a preconfiguration (the other kind is kept). */
export async function upsertPreconfigResult(
  db: DbOrTx,
  row: { preconfigId: number; catalogId: number; kind: 'preview' | 'pdf'; key: string; jobId: number; at: Date },
): Promise<void> {
  const set = row.kind === 'preview' ? { previewKey: row.key, previewJobId: row.jobId, previewAt: row.at } : { pdfKey: row.key, pdfJobId: row.jobId, pdfAt: row.at };
  await db
    .insert(preconfigResults)
    .values({ preconfigId: row.preconfigId, catalogId: row.catalogId, ...set })
    .onConflictDoUpdate({ target: preconfigResults.preconfigId, set: { catalogId: row.catalogId, ...set } });
}

export async function preconfigResultsOf(db: DbOrTx, ids: readonly number[]): Promise<PreconfigResultRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(preconfigResults).where(inArray(preconfigResults.preconfigId, [...ids]));
}

export async function preconfigResultOf(db: DbOrTx, id: number): Promise<PreconfigResultRow | undefined> {
  const [row] = await db.select().from(preconfigResults).where(eq(preconfigResults.preconfigId, id));
  return row;
}
