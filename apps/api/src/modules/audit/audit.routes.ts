import { AuditHistoryQuery, AuditPage, AuditTrailQuery, IdParam } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../http/access-guard';
import { VIEW_PRIVILEGES } from '../projects/projects.access';
import type { AuditService } from './audit.service';

export interface AuditRoutesOptions {
  audit: AuditService;
}

/** The audit trail's reads (issue 17 §3). Registered without a prefix: the paths name their service. */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { audit }) => {
  const tags = ['audit'];

  app.get(
    '/api/projects/v1/projects/:id/history',
    {
      config: { access: { privileges: VIEW_PRIVILEGES } },
      schema: { tags, summary: "A project's history: who changed what and when (on whose behalf), newest first", params: IdParam, querystring: AuditHistoryQuery, response: { 200: AuditPage } },
    },
    async (request) => audit.projectHistory(requirePrincipal(request), request.params.id, request.query),
  );

  app.get(
    '/api/users/v1/users/:id/history',
    {
      config: { access: { privileges: ['company.manage.user', 'backoffice'] } },
      schema: {
        tags,
        summary: "A user's history: changes to the account and its privileges, and what the user did (own company only; admins any)",
        params: IdParam,
        querystring: AuditHistoryQuery,
        response: { 200: AuditPage },
      },
    },
    async (request) => audit.userHistory(requirePrincipal(request), request.params.id, request.query),
  );

  app.get(
    '/api/users/v1/audit',
    {
      config: { access: { privileges: ['backoffice'] } },
      schema: { tags, summary: 'The full audit trail for admins, filtered by actor, entity and days, newest first', querystring: AuditTrailQuery, response: { 200: AuditPage } },
    },
    async (request) => audit.trail(requirePrincipal(request), request.query),
  );
};
