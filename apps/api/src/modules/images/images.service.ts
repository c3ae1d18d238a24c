import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../errors';
import type { ProductsService } from '../products/products.service';
import { drawLuminaire } from './luminaire-drawing';

export interface CatalogueImage {
  svg: string;
  etag: string;
}

export type ImagesService = ReturnType<typeof createImagesService>;

/** The catalogue's published studio images (modules/studio, issue 32 §1): the HD PNG of a model in a finish, and its storage key. */
export interface PublishedImage {
  /** The file's storage key: what a cache of its reductions is keyed by. */
  readonly key: string;
  readonly png: () => Promise<Buffer>;
}

export interface PublishedImages {
  publishedImage(model: string, finish: string): Promise<PublishedImage | null>;
  /** The storage keys of the model's published images, every finish (a new publication changes them). */
  publishedKeys(model: string): Promise<string[]>;
}

/** A published studio image is served at this width inside the picture's SVG (the HD file is the studio's). */
const PUBLISHED_WIDTH = 800;
const CACHED_PUBLISHED = 64;

/** The studio image as the picture every consumer reads (web, documents, previews): an SVG holding the reduced PNG. */
async function publishedSvg(png: Buffer): Promise<string> {
  const reduced = await sharp(png).resize({ width: PUBLISHED_WIDTH, withoutEnlargement: true }).png().toBuffer({ resolveWithObject: true });
  const { width, height } = reduced.info;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" data-source="studio">` +
    `<image width="${width}" height="${height}" href="data:image/png;base64,${reduced.data.toString('base64')}"/></svg>`
  );
}

/**
 * Catalogue pictures: each model drawn from its own type, mounting and dimensions, in the colour of
 * its base finish or of the finish asked for (issue 10 §11); a collection is its first model.
 */
export function createImagesService(deps: { products: Pick<ProductsService, 'pictureOf'>; published?: PublishedImages }) {
  const cache = new Map<string, string>();
  /** The one lookup of a published studio image (issue 32 §1): the catalogue picture, the render routes and the documents ask it. */
  const publishedImageOf = async (model: string, finish: string): Promise<PublishedImage | null> => (await deps.published?.publishedImage(model, finish)) ?? null;
  return {
    publishedImageOf,
    /** What the model's published studio images are: the documents' cache key holds it, so a publication makes new sheets. */
    publishedKeysOf: async (model: string): Promise<string[]> => (await deps.published?.publishedKeys(model)) ?? [],

    /** The picture: the published studio image of the model in the finish when there is one (issue 32 §1), else the drawing. */
    async catalogueImage(kind: 'collection' | 'model', id: string, finish?: string): Promise<CatalogueImage> {
      const subject = await deps.products.pictureOf(kind, id, finish);
      if (!subject) throw new AppError('NOT_FOUND', finish ? `No image for ${kind} ${id} in finish ${finish}` : `No image for ${kind} ${id}`);
      const studio = await publishedImageOf(subject.model, subject.finish);
      if (studio) {
        let svg = cache.get(studio.key);
        if (svg === undefined) {
          svg = await publishedSvg(await studio.png());
          if (cache.size >= CACHED_PUBLISHED) cache.delete(cache.keys().next().value as string);
          cache.set(studio.key, svg);
        }
        return { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"` };
      }
      const svg = drawLuminaire(subject);
      return { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"` };
    },
  };
}
