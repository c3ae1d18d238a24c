import {
  CallerIp,
  CountriesQuery,
  CountryList,
  DEFAULT_LANG,
  DefaultValues,
  DefaultValuesQuery,
  IpParam,
  Level2Params,
  Level3Params,
  RegionList,
  RegionsQuery,
} from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MastersGeoService } from './masters.geo.service';

export interface MastersGeoRoutesOptions {
  geo: MastersGeoService;
}

/** Reference geography changes only with a release of its data package. */
const REFERENCE_CACHE = 'public, max-age=86400';

/** Masters: countries and their divisions, default values by IP, the caller's IP (/api/masters/v1/…). */
export const mastersGeoRoutes: FastifyPluginAsyncZod<MastersGeoRoutesOptions> = async (app, { geo }) => {
  const tags = ['masters'];

  app.get(
    '/v1/countries',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The countries with their GeoNames ids, named in the asked language (context=simple: id, code and name only)',
        querystring: CountriesQuery,
        response: { 200: CountryList },
      },
    },
    async (request, reply) => {
      const { lang, catalogId, context } = request.query;
      reply.header('cache-control', REFERENCE_CACHE);
      return geo.countries({ lang: lang ?? DEFAULT_LANG, catalogId, simple: context === 'simple' });
    },
  );

  app.get(
    '/v1/countries/:geonameId/:level2',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A country's first-level divisions under its typology path (e.g. /countries/6252001/states), searchable by name",
        params: Level2Params,
        querystring: RegionsQuery,
        response: { 200: RegionList },
      },
    },
    async (request, reply) => {
      const { geonameId, level2 } = request.params;
      reply.header('cache-control', REFERENCE_CACHE);
      return geo.level2(geonameId, level2, { lang: request.query.lang ?? DEFAULT_LANG, search: request.query.search });
    },
  );

  app.get(
    '/v1/countries/:geonameId/:level2/:level2Id/:level3',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The second-level divisions of a first-level one (e.g. /countries/6252001/states/CA/counties), searchable by name',
        params: Level3Params,
        querystring: RegionsQuery,
        response: { 200: RegionList },
      },
    },
    async (request, reply) => {
      const { geonameId, level2, level2Id, level3 } = request.params;
      reply.header('cache-control', REFERENCE_CACHE);
      return geo.level3(geonameId, level2, level2Id, level3, { lang: request.query.lang ?? DEFAULT_LANG, search: request.query.search });
    },
  );

  app.get(
    '/v1/common/default-values/by-ip/:ip',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Default catalogue, language and currency for a visitor at this IP address (geo-IP)',
        params: IpParam,
        querystring: DefaultValuesQuery,
        response: { 200: DefaultValues },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return geo.defaultValues(request.params.ip);
    },
  );

  app.get(
    '/v1/common/ip',
    {
      config: { access: 'public' },
      schema: { tags, summary: "The caller's IP address as the server sees it (behind a proxy only with TRUST_PROXY)", response: { 200: CallerIp } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ip: request.ip };
    },
  );
};
