import type { StudioDraftImage } from '@lumen/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogueImages } from '../../db/schema';
import { splitKey } from './product-admin.state';

/*
 * The draft kind `image` (issue 32 §1): a studio image approved in the studio's review is the draft's
 * value of key MODEL|FINISH; publishing writes it as the catalogue's image of that model in that finish
 * (table catalogue_images, read by the images service, where it wins over the drawn picture); a
 * restore puts back the one before (or none).
 */

/** The published image of a model in a finish, as a draft value (null: none, the drawn picture). */
export async function publishedImage(tx: DbOrTx, catalogId: number, key: string): Promise<StudioDraftImage | null> {
  const [model, finish] = splitKey(key);
  const [row] = await tx
    .select()
    .from(catalogueImages)
    .where(and(eq(catalogueImages.catalogId, catalogId), eq(catalogueImages.model, model), eq(catalogueImages.finish, finish)));
  return row ? { imageId: row.studioImageId, shot: row.shot === 'ambient' ? 'ambient' : 'product', width: row.width, height: row.height, fileKey: row.fileKey } : null;
}

/** Writes (or, with null, removes) the catalogue's image of a model in a finish. */
export async function writePublishedImage(tx: DbOrTx, catalogId: number, key: string, value: StudioDraftImage | null, at: Date): Promise<void> {
  const [model, finish] = splitKey(key);
  if (value === null) {
    await tx.delete(catalogueImages).where(and(eq(catalogueImages.catalogId, catalogId), eq(catalogueImages.model, model), eq(catalogueImages.finish, finish)));
    return;
  }
  const row = { studioImageId: value.imageId, shot: value.shot, width: value.width, height: value.height, fileKey: value.fileKey, publishedAt: at };
  await tx
    .insert(catalogueImages)
    .values({ catalogId, model, finish, ...row })
    .onConflictDoUpdate({ target: [catalogueImages.catalogId, catalogueImages.model, catalogueImages.finish], set: row });
}
