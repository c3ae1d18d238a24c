import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogueImages } from '../../db/schema';

/** The generated SVG of a collection or a model, if there is one. */
export async function findCatalogueImage(db: DbOrTx, kind: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ svg: catalogueImages.svg })
    .from(catalogueImages)
    .where(and(eq(catalogueImages.kind, kind), eq(catalogueImages.id, id)));
  return row?.svg;
}
