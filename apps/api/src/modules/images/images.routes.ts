import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImagesService } from './images.service';

export interface ImagesRoutesOptions {
  images: ImagesService;
}

/** Pictures change only when the catalogue is regenerated; clients revalidate with the ETag. */
const IMAGE_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

const CatalogueImageParams = z.object({
  kind: z.enum(['collection', 'model']),
  file: z.string().regex(/^[A-Za-z0-9]{1,12}\.svg$/, 'formError.file'),
});

/** Images: /api/images/v1/… */
export const imagesRoutes: FastifyPluginAsyncZod<ImagesRoutesOptions> = async (app, { images }) => {
  app.get(
    '/v1/catalogue/:kind/:file',
    {
      config: { access: 'public' },
      schema: { tags: ['images'], summary: 'The generated picture (SVG) of a collection or a model', params: CatalogueImageParams },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const image = await images.catalogueImage(kind, file.replace(/\.svg$/, ''));
      reply
        .header('cache-control', IMAGE_CACHE)
        .header('etag', image.etag)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      const match = request.headers['if-none-match'];
      if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(image.svg);
    },
  );
};
