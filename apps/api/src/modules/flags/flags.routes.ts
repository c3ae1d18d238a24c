import { EvaluatedFlagsResponse, FlagDefinition, FlagHistory, FlagHistoryQuery, FlagKeyParams, FlagList, UpdateFlagBody } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../http/access-guard';
import type { FlagsService } from './flags.service';

export interface FlagsRoutesOptions {
  flags: FlagsService;
}

const backoffice = { access: { privileges: ['backoffice'] as const } };

/** Feature flags: the backoffice screen's calls and the caller's evaluated flags (/api/masters/v1/flags…). */
export const flagsRoutes: FastifyPluginAsyncZod<FlagsRoutesOptions> = async (app, { flags }) => {
  const tags = ['flags'];

  app.get(
    '/v1/flags',
    { config: backoffice, schema: { tags, summary: 'Every flag: description, default, rollout per environment, e-mail toggles', response: { 200: FlagList } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return flags.list();
    },
  );

  app.get(
    '/v1/flags/evaluated',
    {
      config: { access: 'optional' },
      schema: { tags, summary: "The caller's evaluated flags (anonymous visitors too), the answers the api decides with", response: { 200: EvaluatedFlagsResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { environment: flags.environment, flags: await flags.forCaller(request.principal).all() };
    },
  );

  app.put(
    '/v1/flags/:key',
    {
      config: backoffice,
      schema: {
        tags,
        summary: "Create or replace a flag's settings; the change is recorded (who, when, before, after)",
        params: FlagKeyParams,
        body: UpdateFlagBody,
        response: { 200: FlagDefinition },
      },
    },
    async (request) => flags.update(requirePrincipal(request), request.params.key, request.body),
  );

  app.get(
    '/v1/flags/:key/history',
    {
      config: backoffice,
      schema: { tags, summary: 'The recorded changes of a flag, newest first', params: FlagKeyParams, querystring: FlagHistoryQuery, response: { 200: FlagHistory } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return flags.history(request.params.key, request.query);
    },
  );
};
