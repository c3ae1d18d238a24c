import { StudioBatch, StudioBatchBody, StudioBatchList, StudioBatchListQuery, StudioBatchParam, StudioImage, StudioImageParam, StudioImageQuery, StudioModelList, StudioModelsQuery, StudioReviewBody, isLang } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, requirePrincipal } from '../../http/access-guard';
import { attachmentDisposition } from '../../http/attachment';
import type { StudioService } from './studio.service';

/** The studio is for internal users (by e-mail) who hold product.admin: what it approves goes into the catalogue's draft. */
export const STUDIO_ACCESS: Access = { internal: true, privileges: ['product.admin'] };
export const STUDIO_PREFIX = '/api/products/v1/tools/studio';

/** The image studio (issue 32 §1): HD render batches on the shared queue, their images and the review. */
export const studioRoutes: FastifyPluginAsyncZod<{ studio: StudioService }> = async (app, { studio }) => {
  const tags = ['tools'];
  const config = { access: STUDIO_ACCESS };

  app.get(
    `${STUDIO_PREFIX}/models`,
    { config, schema: { tags, summary: 'A collection’s models for the stage: names, finishes and the luminaire data of the one geometry', querystring: StudioModelsQuery, response: { 200: StudioModelList } } },
    async (request) => {
      const { catalog, subFamilyId, lang } = request.query;
      const own = requirePrincipal(request).lang;
      return studio.models(catalog, subFamilyId, lang ?? (isLang(own) ? own : 'en'));
    },
  );

  app.post(
    `${STUDIO_PREFIX}/batches`,
    { config, schema: { tags, summary: 'Renders HD images of a collection’s models in their finishes and shots, framed by the camera, as one job', body: StudioBatchBody, response: { 201: StudioBatch } } },
    async (request, reply) => reply.code(201).send(await studio.start(requirePrincipal(request), request.body)),
  );

  app.get(
    `${STUDIO_PREFIX}/batches`,
    { config, schema: { tags, summary: 'The latest studio batches, newest first', querystring: StudioBatchListQuery, response: { 200: StudioBatchList } } },
    async (request) => studio.list(request.query.catalog),
  );

  app.get(
    `${STUDIO_PREFIX}/batches/:id`,
    { config, schema: { tags, summary: 'A studio batch: progress, every item with its failure reason, and its images with their review', params: StudioBatchParam, response: { 200: StudioBatch } } },
    async (request) => studio.status(request.params.id),
  );

  app.post(
    `${STUDIO_PREFIX}/batches/:id/cancel`,
    { config, schema: { tags, summary: 'Cancels a studio batch (the images made stay)', params: StudioBatchParam, response: { 200: StudioBatch } } },
    async (request) => studio.cancel(requirePrincipal(request), request.params.id),
  );

  app.get(
    `${STUDIO_PREFIX}/images/:id/file`,
    { config, schema: { tags, summary: 'A studio image’s PNG: the HD file, or with preview=1 the review grid’s copy (480 px)', params: StudioImageParam, querystring: StudioImageQuery } },
    async (request, reply) => {
      const preview = request.query.preview === '1';
      const file = await studio.file(request.params.id, preview);
      reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=300').header('x-content-type-options', 'nosniff');
      if (!preview) reply.header('content-disposition', attachmentDisposition(file.fileName));
      return reply.send(file.content);
    },
  );

  app.post(
    `${STUDIO_PREFIX}/images/:id/review`,
    { config, schema: { tags, summary: 'Approves (into the catalogue’s draft as its image) or rejects a studio image', params: StudioImageParam, body: StudioReviewBody, response: { 200: StudioImage } } },
    async (request) => studio.review(requirePrincipal(request), request.params.id, request.body.review),
  );
};
