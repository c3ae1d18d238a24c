import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImagesService } from './images.service';

export interface ImagesRoutesOptions {
  images: ImagesService;
}

/** Pictures change only with the catalogue (or the drawing); clients revalidate with the ETag. */
const IMAGE_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

const CatalogueImageParams = z.object({
  kind: z.enum(['collection', 'model']),
  file: z.string().regex(/^[A-Za-z0-9]{1,12}\.svg$/, 'formError.file'),
});

const CatalogueImageQuery = z.object({
  /** A finish code of the model (default: its base finish). */
  finish: z.string().regex(/^[A-Za-z0-9]{1,4}$/, 'formError.malformed').optional(),
});

/** Images: /api/images/v1/… */
export const imagesRoutes: FastifyPluginAsyncZod<ImagesRoutesOptions> = async (app, { images }) => {
  app.get(
    '/v1/catalogue/:kind/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'The picture (SVG) of a model drawn from its type and dimensions in a finish (its base finish by default), or of a collection (its first model)',
        params: CatalogueImageParams,
        querystring: CatalogueImageQuery,
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const image = await images.catalogueImage(kind, file.replace(/\.svg$/, ''), request.query.finish);
      reply
        .header('cache-control', IMAGE_CACHE)
        .header('etag', image.etag)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      const match = request.headers['if-none-match'];
      if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(image.svg);
    },
  );
};
