import {
  BudgetRequestBody,
  BudgetRequestInfo,
  DeskListQuery,
  DeskReplyBody,
  DeskStatusBody,
  IdParam,
  MyRequestsQuery,
  ProjectRegistrationBody,
  ProjectRegistrationInfo,
  RequestDetail,
  RequestFileParams,
  RequestInfoQuery,
  RequestMessage,
  RequestPage,
  RequestSummary,
  SupportRequestBody,
  SupportRequestCreated,
  SupportTypesQuery,
  SupportTypesResponse,
  UsaBudgetRequestBody,
} from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../http/access-guard';
import { committedResource } from '../../http/idempotency';
import type { SupportService } from './support.service';
import { attachmentDisposition } from '../../http/attachment';

export interface SupportRoutesOptions {
  support: SupportService;
}

const TAGS = ['support'];

/** `attachment` with the name as typed (RFC 5987) and a plain ASCII fallback for old clients. */
const V1 = '/api/support/v1';

/**
 * Support: /api/support/v1/… (spec §7). Visitors may ask support too (issue 11 §2); budget requests
 * and registrations need their privilege. The budget request is one operation at both paths the spec
 * lists (v1, and apiv2 when the web's projectRequestBudgetV2 flag is on).
 */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { support }) => {
  app.get(
    `${V1}/support-types`,
    {
      config: { access: 'optional' },
      schema: {
        tags: TAGS,
        summary: 'The subjects a support request may be about, for the caller’s roles (narrowed to roleIds when given)',
        querystring: SupportTypesQuery,
        response: { 200: SupportTypesResponse },
      },
    },
    async (request) => support.types(request.principal, request.query),
  );

  app.post(
    `${V1}/support-request`,
    {
      config: { access: 'optional', idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Send a support request (an account’s details, or a visitor’s contact), with files uploaded for support/support-request',
        body: SupportRequestBody,
        response: { 201: SupportRequestCreated },
      },
    },
    async (request, reply) => {
      // A retry of a key whose request committed without its answer answers that request (issue 29 §6).
      const committed = committedResource(request, 'support_request');
      return reply.code(201).send(committed !== null ? await support.created(requirePrincipal(request), committed) : await support.createRequest(request.principal, request.ip, request.body));
    },
  );

  for (const url of [`${V1}/support-request/project-budget`, '/api/apiv2/support-request/project-budget']) {
    app.post(
      url,
      {
        config: { access: { privileges: ['budget.request'] }, idempotent: true },
        schema: {
          tags: TAGS,
          summary: 'Ask the brand for a budget of a project (site, description, files uploaded for support/project-budget); the project is captured as it is now',
          body: BudgetRequestBody,
          response: { 201: SupportRequestCreated },
        },
      },
      async (request, reply) => {
        const committed = committedResource(request, 'support_request');
        const principal = requirePrincipal(request);
        return reply.code(201).send(committed !== null ? await support.created(principal, committed) : await support.createBudgetRequest(principal, request.body));
      },
    );
  }

  app.post(
    `${V1}/support-request/project-budget-usa`,
    {
      config: { access: { privileges: ['budget.request'] }, idempotent: true },
      schema: { tags: TAGS, summary: 'Ask for a quote of a United States project (catalogue 21)', body: UsaBudgetRequestBody, response: { 201: SupportRequestCreated } },
    },
    async (request, reply) => {
      const committed = committedResource(request, 'support_request');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await support.created(principal, committed) : await support.createUsaBudgetRequest(principal, request.body));
    },
  );

  app.post(
    `${V1}/support-request/project-registration-usa`,
    {
      config: { access: { privileges: ['project.registration'] }, idempotent: true },
      schema: { tags: TAGS, summary: 'Register a United States project so that a representative protects it', body: ProjectRegistrationBody, response: { 201: SupportRequestCreated } },
    },
    async (request, reply) => {
      const committed = committedResource(request, 'support_request');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await support.created(principal, committed) : await support.registerProject(principal, request.body));
    },
  );

  app.get(
    `${V1}/support-request/info-project-budget/:id`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'A budget request as it was sent (its requester or the desk)', params: IdParam, querystring: RequestInfoQuery, response: { 200: BudgetRequestInfo } },
    },
    async (request) => support.budgetRequestInfo(requirePrincipal(request), request.params.id),
  );

  app.get(
    `${V1}/support-request/project-registration/:id`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'The latest registration of a project (by project id)', params: IdParam, querystring: RequestInfoQuery, response: { 200: ProjectRegistrationInfo } },
    },
    async (request) => support.projectRegistration(requirePrincipal(request), request.params.id),
  );

  // The desk (issue 11 §5): sales staff answer their catalogue's requests, admins every one.
  app.get(
    `${V1}/desk/requests`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'The support desk’s inbox: status, kind and text filters, newest first', querystring: DeskListQuery, response: { 200: RequestPage } },
    },
    async (request) => support.deskList(requirePrincipal(request), request.query),
  );
  app.get(
    `${V1}/desk/requests/:id`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'A request whole, for the desk', params: IdParam, querystring: RequestInfoQuery, response: { 200: RequestDetail } },
    },
    async (request) => support.deskDetail(requirePrincipal(request), request.params.id, request.query.lang),
  );
  app.post(
    `${V1}/desk/requests/:id/replies`,
    {
      config: { access: 'authenticated', idempotent: true },
      schema: { tags: TAGS, summary: 'Reply to the requester (mailed, shown to them; the request becomes answered)', params: IdParam, body: DeskReplyBody, response: { 201: RequestMessage } },
    },
    async (request, reply) => {
      const committed = committedResource(request, 'support_message');
      const principal = requirePrincipal(request);
      return reply.code(201).send(committed !== null ? await support.replied(principal, request.params.id, committed) : await support.reply(principal, request.params.id, request.body));
    },
  );
  app.patch(
    `${V1}/desk/requests/:id`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'Move a request to in progress, answered or closed', params: IdParam, querystring: RequestInfoQuery, body: DeskStatusBody, response: { 200: RequestDetail } },
    },
    async (request) => support.setStatus(requirePrincipal(request), request.params.id, request.body.status, request.query.lang),
  );

  // The requester's side: their requests and the desk's replies.
  app.get(
    `${V1}/my-requests`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'The caller’s own requests (on one project with projectId)', querystring: MyRequestsQuery, response: { 200: z.array(RequestSummary) } },
    },
    async (request) => support.mine(requirePrincipal(request), request.query),
  );
  app.get(
    `${V1}/my-requests/:id`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'One of the caller’s requests with the desk’s replies', params: IdParam, querystring: RequestInfoQuery, response: { 200: RequestDetail } },
    },
    async (request) => support.mineDetail(requirePrincipal(request), request.params.id, request.query.lang),
  );
  app.get(
    `${V1}/requests/:id/files/:fileId`,
    {
      config: { access: 'authenticated' },
      schema: { tags: TAGS, summary: 'Download a file a request attached (its requester or the desk)', params: RequestFileParams },
    },
    async (request, reply) => {
      const { file, content } = await support.attachment(requirePrincipal(request), request.params.id, request.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(content);
    },
  );
};
