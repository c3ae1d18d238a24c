import { createHash } from 'node:crypto';
import { AppError } from '../../errors';
import type { ProductsService } from '../products/products.service';
import { drawLuminaire } from './luminaire-drawing';

export interface CatalogueImage {
  svg: string;
  etag: string;
}

export type ImagesService = ReturnType<typeof createImagesService>;

/**
 * Catalogue pictures: each model drawn from its own type, mounting and dimensions, in the colour of
 * its base finish or of the finish asked for (issue 10 §11); a collection is its first model.
 */
export function createImagesService(deps: { products: Pick<ProductsService, 'pictureOf'> }) {
  return {
    async catalogueImage(kind: 'collection' | 'model', id: string, finish?: string): Promise<CatalogueImage> {
      const subject = await deps.products.pictureOf(kind, id, finish);
      if (!subject) throw new AppError('NOT_FOUND', finish ? `No image for ${kind} ${id} in finish ${finish}` : `No image for ${kind} ${id}`);
      const svg = drawLuminaire(subject);
      return { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"` };
    },
  };
}
