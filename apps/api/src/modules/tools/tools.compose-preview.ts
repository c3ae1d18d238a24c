import { createHash } from 'node:crypto';
import type { CatalogId, ComposePreviewQuery } from '@lumen/contracts';
import { Resvg } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../errors';
import type { ImagesService } from '../images/images.service';
import type { ProductsService } from '../products/products.service';

export interface ComposedImage {
  png: Buffer;
  etag: string;
}

/** One element's place in the composed picture: side by side, each in a square cell. */
const CELL = 400;
const GAP = 24;

/**
 * /preview/compose (issue 32 §4): a composition given in the address (collection, elements, finishes)
 * as one PNG for mails and the brand's website. The query is checked by its schema (bounded counts and
 * codes of letters and digits only) and then against the catalogue (every element a model of the
 * collection, every finish one the model is made in) before anything is drawn, so no text of the caller
 * reaches the renderer: the picture is made of the catalogue's own drawings (images service) placed side
 * by side. Results are cached by content (the normalised query) in memory and by ETag in the browser.
 */
export function createComposePreview(deps: { products: Pick<ProductsService, 'technicalInfo'>; images: Pick<ImagesService, 'catalogueImage'> }) {
  const cache = new LRUCache<string, ComposedImage>({ max: 200, maxSize: 64 * 1024 * 1024, sizeCalculation: (value) => value.png.length });

  return async function compose(query: ComposePreviewQuery & { catalog: CatalogId }): Promise<ComposedImage> {
    const finishes = query.finishes ?? [];
    if (finishes.length > 0 && finishes.length !== query.elements.length) {
      throw new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path: 'finishes', message: 'Give one finish per element, or none' }]);
    }
    const key = JSON.stringify([query.catalog, query.collection, query.elements, finishes, query.width]);
    const kept = cache.get(key);
    if (kept) return kept;
    const models = await deps.products.technicalInfo(null, { subFamily: query.collection, catalog: query.catalog, lang: 'en' });
    const byModel = new Map(models.map((model) => [model.model, model]));
    const drawings: string[] = [];
    for (const [index, code] of query.elements.entries()) {
      const model = byModel.get(code);
      if (!model) throw new AppError('NOT_FOUND', `No model ${code} in collection ${query.collection}`);
      const finish = finishes[index];
      if (finish !== undefined && !model.finishes.some((item) => item.code === finish)) {
        throw new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path: `finishes.${index}`, message: `Model ${code} is not made in finish ${finish}` }]);
      }
      drawings.push((await deps.images.catalogueImage('model', code, finish)).svg);
    }
    const width = drawings.length * CELL + (drawings.length - 1) * GAP;
    const cells = drawings.map((svg, index) => {
      const data = Buffer.from(svg, 'utf8').toString('base64');
      return `<image x="${index * (CELL + GAP)}" y="0" width="${CELL}" height="${CELL}" preserveAspectRatio="xMidYMid meet" href="data:image/svg+xml;base64,${data}"/>`;
    });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${CELL}" width="${width}" height="${CELL}"><rect width="100%" height="100%" fill="#ffffff"/>${cells.join('')}</svg>`;
    const png = new Resvg(svg, { fitTo: { mode: 'width', value: query.width }, font: { loadSystemFonts: false }, background: '#ffffff' }).render().asPng();
    const made = { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` };
    cache.set(key, made);
    return made;
  };
}

export type ComposePreview = ReturnType<typeof createComposePreview>;
