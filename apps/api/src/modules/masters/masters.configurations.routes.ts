import { MenuList, PublicConfiguration } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MastersConfigurationsService } from './masters.configurations.service';

export interface MastersConfigurationsRoutesOptions {
  configurations: MastersConfigurationsService;
}

/** Constants change only with a release; an hour keeps a rollout change visible the same day. */
const CONFIGURATION_CACHE = 'public, max-age=3600';

/** Masters: menus and public configuration (/api/masters/v1/configurations…). */
export const mastersConfigurationsRoutes: FastifyPluginAsyncZod<MastersConfigurationsRoutesOptions> = async (app, { configurations }) => {
  const tags = ['masters'];

  app.get(
    '/v1/configurations/menus',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The main navigation of the professional area: paths, label keys and the privileges each entry needs', response: { 200: MenuList } },
    },
    async (_request, reply) => {
      reply.header('cache-control', CONFIGURATION_CACHE);
      return configurations.menus();
    },
  );

  app.get(
    '/v1/configurations',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Public configuration: catalogues, languages, defaults, feature-flag rollout per environment, limits',
        response: { 200: PublicConfiguration },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CONFIGURATION_CACHE);
      return configurations.configuration();
    },
  );
};
