import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findCatalogueImage } from './images.repository';

export interface CatalogueImage {
  svg: string;
  etag: string;
}

export type ImagesService = ReturnType<typeof createImagesService>;

/** Catalogue pictures (generated SVGs of collections and models), stored with the catalogue. */
export function createImagesService(ctx: AppContext) {
  return {
    async catalogueImage(kind: 'collection' | 'model', id: string): Promise<CatalogueImage> {
      const svg = await findCatalogueImage(ctx.db, kind, id);
      if (!svg) throw new AppError('NOT_FOUND', `No image for ${kind} ${id}`);
      return { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"` };
    },
  };
}
