import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageRenders } from './images.renders';

export interface ImageRendersRoutesOptions {
  renders: ImageRenders;
}

/** A rendered image changes only with the catalogue or the renderer (both in its ETag). */
const IMAGE_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

/** The largest image the public address renders (the HD files of documents and the studio are made in-process). */
export const RENDER_ROUTE_MAX = 1600;

const RenderParams = z.object({
  kind: z.enum(['collection', 'model']),
  file: z.string().regex(/^[A-Za-z0-9]{1,12}\.(png|webp)$/, 'formError.file'),
});

const degrees = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

const RenderQuery = z.object({
  /** A finish code of the model (default: its base finish). */
  finish: z.string().regex(/^[A-Za-z0-9]{1,4}$/, 'formError.malformed').optional(),
  /** Width in pixels; the height is ¾ of it unless given. */
  size: z.coerce.number().int().min(16).max(RENDER_ROUTE_MAX).optional(),
  height: z.coerce.number().int().min(16).max(RENDER_ROUTE_MAX).optional(),
  azimuth: degrees(-180, 180),
  elevation: degrees(-89, 89),
  zoom: z.coerce.number().min(0.25).max(8).optional(),
  background: z.enum(['studio', 'room', 'transparent']).optional(),
});

/** Rendered product images: /api/images/v1/render/{model|collection}/{id}.{png|webp} */
export const imageRendersRoutes: FastifyPluginAsyncZod<ImageRendersRoutesOptions> = async (app, { renders }) => {
  app.get(
    '/v1/render/:kind/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'The image of a model (or a collection’s first model) rendered from its geometry in a finish: size, camera (azimuth, elevation in degrees, zoom) and background; PNG or WebP by the extension',
        params: RenderParams,
        querystring: RenderQuery,
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const [id = '', extension] = file.split('.');
      const { finish, size, height, azimuth, elevation, zoom, background } = request.query;
      const width = size ?? 480;
      const camera = { ...(azimuth !== undefined ? { azimuth } : {}), ...(elevation !== undefined ? { elevation } : {}), ...(zoom !== undefined ? { zoom: Math.round(zoom * 100) / 100 } : {}) };
      const made = await renders.productImage(kind, id, finish, {
        size: height !== undefined ? { width, height } : width,
        camera,
        ...(background ? { background } : {}),
        format: extension === 'webp' ? 'webp' : 'png',
      });
      reply.header('cache-control', IMAGE_CACHE).header('etag', made.etag).header('content-security-policy', "default-src 'none'");
      const match = request.headers['if-none-match'];
      if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === made.etag)) return reply.code(304).send();
      const image = await made.image();
      return reply.type(made.contentType).send(image.data);
    },
  );
};
