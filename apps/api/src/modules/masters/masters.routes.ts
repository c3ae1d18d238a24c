import { DEFAULT_LANG, LanguageList, LanguageParams, LanguageQuery, TranslationFile, TranslationFileParams } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mastersConfigurationsRoutes } from './masters.configurations.routes';
import { mastersGeoRoutes } from './masters.geo.routes';
import type { MastersService } from './masters.service';

export interface MastersRoutesOptions {
  masters: MastersService;
}

/** Translations change only with a release; clients revalidate with the ETag. */
const TRANSLATIONS_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Masters: /api/masters/v1/… */
export const mastersRoutes: FastifyPluginAsyncZod<MastersRoutesOptions> = async (app, { masters }) => {
  const tags = ['masters'];

  app.get(
    '/v1/keys/domains/:domain/files',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The translation file of a domain in a language (flat dotted keys)',
        params: TranslationFileParams,
        querystring: LanguageQuery,
        response: { 200: TranslationFile, 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const { file, etag } = masters.translations(request.params.domain, request.query.lang ?? DEFAULT_LANG);
      reply.header('cache-control', TRANSLATIONS_CACHE).header('etag', etag).header('vary', 'accept-encoding');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return file;
    },
  );

  app.get(
    '/v1/languages',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The interface languages, described in the asked language', querystring: LanguageQuery, response: { 200: LanguageList } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return masters.languages(request.query.lang ?? DEFAULT_LANG);
    },
  );

  app.get(
    '/v1/languages/:lang',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The interface languages described in {lang}: the api-hub path the web calls when editLanguagesFromApiHub is on',
        params: LanguageParams,
        response: { 200: LanguageList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return masters.languages(request.params.lang);
    },
  );

  await app.register(mastersGeoRoutes, { geo: masters.geo });
  await app.register(mastersConfigurationsRoutes, { configurations: masters.configurations });
};
