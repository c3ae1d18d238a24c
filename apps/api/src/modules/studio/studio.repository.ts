import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogueImages, studioImages } from '../../db/schema';

/** The studio's SQL (issue 32 §1): rendered images and their reviews; the catalogue's published images are read here, written by product-admin's publication. */

export type StudioImageRow = typeof studioImages.$inferSelect;

export async function insertImage(db: DbOrTx, row: typeof studioImages.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(studioImages).values(row).returning({ id: studioImages.id });
  if (!inserted) throw new Error('studio image not inserted');
  return inserted.id;
}

export async function imagesOfBatch(db: DbOrTx, batchId: number): Promise<StudioImageRow[]> {
  return db.select().from(studioImages).where(eq(studioImages.batchId, batchId)).orderBy(asc(studioImages.id));
}

export async function findImage(db: DbOrTx, id: number): Promise<StudioImageRow | undefined> {
  const [row] = await db.select().from(studioImages).where(eq(studioImages.id, id));
  return row;
}

export async function setReview(db: DbOrTx, id: number, review: 'approved' | 'rejected', by: string, at: Date): Promise<void> {
  await db.update(studioImages).set({ review, reviewedBy: by, reviewedAt: at }).where(eq(studioImages.id, id));
}

/** Of these studio images, the ones that are a catalogue's published image now. */
export async function publishedAmong(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: catalogueImages.studioImageId }).from(catalogueImages).where(inArray(catalogueImages.studioImageId, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** The published image of a model in a finish (the international catalogue's first, then the United States'). */
/** The file keys of a model's published studio images, every finish and catalogue: what its documents' pictures are made from. */
export async function publishedKeysOf(db: DbOrTx, model: string): Promise<string[]> {
  const rows = await db.select({ fileKey: catalogueImages.fileKey }).from(catalogueImages).where(eq(catalogueImages.model, model)).orderBy(asc(catalogueImages.fileKey));
  return rows.map((row) => row.fileKey);
}

export async function publishedImageOf(db: DbOrTx, model: string, finish: string): Promise<{ fileKey: string; width: number; height: number } | undefined> {
  const rows = await db
    .select({ catalogId: catalogueImages.catalogId, fileKey: catalogueImages.fileKey, width: catalogueImages.width, height: catalogueImages.height })
    .from(catalogueImages)
    .where(and(eq(catalogueImages.model, model), eq(catalogueImages.finish, finish)))
    .orderBy(asc(catalogueImages.catalogId));
  return rows[0];
}
