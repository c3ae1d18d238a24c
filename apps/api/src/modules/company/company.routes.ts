import {
  AcceptInvitationBody,
  Company,
  CompanyInvitation,
  CompanyUser,
  CompanyUsers,
  CrmIdParam,
  DeactivateUserBody,
  IdParam,
  InvitationPreview,
  InvitationTokenParam,
  InviteColleagueBody,
  ModifyUserPrivilegesBody,
  UpdateCompanyBody,
} from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../http/access-guard';
import { committedResource } from '../../http/idempotency';
import type { CompanyService } from './company.service';

export interface CompanyRoutesOptions {
  company: CompanyService;
}

const MANAGE = { privileges: ['company.manage.user'] } as const;

/** Company users management, invitations and the company profile: /api/users/v1/… (issue 17 §1–§2). */
export const companyRoutes: FastifyPluginAsyncZod<CompanyRoutesOptions> = async (app, { company }) => {
  const tags = ['users'];

  app.get(
    '/v1/users/manage/by-company/:id',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: "A company's users with role, status, last login and privileges; what the manager may grant; open invitations",
        description: 'Another company than the caller’s own: 404 (backoffice may read any).',
        params: IdParam,
        response: { 200: CompanyUsers },
      },
    },
    async (request) => company.companyUsers(requirePrincipal(request), request.params.id),
  );

  app.patch(
    '/v1/users/manage/by-company/modify-user-privileges',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: "Set a company user's privileges among those the manager may grant (updatedPrivileges: the whole set)",
        description:
          'Unknown privilege names: 400; a privilege the manager does not hold or a company may not grant: 403; a user of another company: 404; ' +
          'refused (403) while preventCompanyPrivilegeUpdates is on; a manager cannot take company.manage.user away from themselves.',
        body: ModifyUserPrivilegesBody,
        response: { 200: CompanyUser },
      },
    },
    async (request) => company.modifyPrivileges(requirePrincipal(request), request.body),
  );

  app.patch(
    '/v1/users/manage/by-company/deactivate-user',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Deactivate a company user (status DELETED); every session of theirs ends at once',
        description: 'Oneself: 403; a user of another company: 404.',
        body: DeactivateUserBody,
        response: { 200: CompanyUser },
      },
    },
    async (request) => company.deactivate(requirePrincipal(request), request.body.userId),
  );

  app.patch(
    '/v1/users/manage/by-company/reactivate-user',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Reactivate a deactivated company user (a qualified professional again, with their privileges)',
        description: 'Oneself: 403; a user of another company: 404; a user who is active already: answered as is.',
        body: DeactivateUserBody,
        response: { 200: CompanyUser },
      },
    },
    async (request) => company.reactivate(requirePrincipal(request), request.body.userId),
  );

  app.delete(
    '/v1/users/manage/by-company/invitations/:id',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Revoke an open invitation of the caller’s company: its link no longer works',
        description: 'Another company’s invitation, or one used or expired: 404.',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => company.revokeInvitation(requirePrincipal(request), request.params.id),
  );

  app.post(
    '/v1/users/manage/by-company/invitations',
    {
      config: { access: MANAGE, idempotent: true },
      schema: {
        tags,
        summary: 'Invite a colleague by e-mail into the caller’s company with the chosen privileges (a single-use link, valid 7 days)',
        body: InviteColleagueBody,
        response: { 201: CompanyInvitation },
      },
    },
    async (request, reply) => {
      const committed = committedResource(request, 'invitation');
      const invitation = committed !== null ? await company.invitation(requirePrincipal(request), committed) : await company.invite(requirePrincipal(request), request.body);
      return reply.code(201).send(invitation);
    },
  );

  app.get(
    '/v1/auth/invitations/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The company and address of an invitation link (unknown, altered, used or expired: 400)',
        params: InvitationTokenParam,
        response: { 200: InvitationPreview },
      },
    },
    async (request) => company.previewInvitation(request.params.token),
  );

  app.post(
    '/v1/auth/invitations/accept',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign up through an invitation: an account in the inviting company with the chosen privileges; the link is used up',
        description: 'Log in afterwards with the address of the invitation and the chosen password.',
        body: AcceptInvitationBody,
        response: { 201: z.object({ userId: z.number().int(), email: z.string() }) },
      },
    },
    async (request, reply) => reply.code(201).send(await company.acceptInvitation(request.body)),
  );

  app.put(
    '/v1/company/:crmId',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'About the company: name, type and country, by a manager of that company (another company: 404)',
        params: CrmIdParam,
        body: UpdateCompanyBody,
        response: { 200: Company },
      },
    },
    async (request) => company.updateCompany(requirePrincipal(request), request.params.crmId, request.body),
  );
};
