import { SupportRequestBody, SupportRequestCreated, SupportTypesQuery, SupportTypesResponse } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupportService } from './support.service';

export interface SupportRoutesOptions {
  support: SupportService;
}

/** Support: /api/support/v1/… (spec §7). Visitors may ask too (issue 11 §2). */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { support }) => {
  app.get(
    '/v1/support-types',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['support'],
        summary: 'The subjects a support request may be about, for the caller’s roles (narrowed to roleIds when given)',
        querystring: SupportTypesQuery,
        response: { 200: SupportTypesResponse },
      },
    },
    async (request) => support.types(request.principal, request.query),
  );

  app.post(
    '/v1/support-request',
    {
      config: { access: 'optional', idempotent: true },
      schema: {
        tags: ['support'],
        summary: 'Send a support request (an account’s details, or a visitor’s contact), with files uploaded for support/support-request',
        body: SupportRequestBody,
        response: { 201: SupportRequestCreated },
      },
    },
    async (request, reply) => reply.code(201).send(await support.createRequest(request.principal, request.ip, request.body)),
  );
};
