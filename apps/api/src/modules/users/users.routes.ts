import {
  Account,
  CompanyTypeList,
  DEFAULT_LANG,
  IdParam,
  Lang,
  OptionalLangQuery,
  ProfessionList,
  TradeLead,
  TradeLeadDecisionBody,
  TradeLeadList,
  UpdateClientCodeBody,
  UpdateLangBody,
  UpdateProfileBody,
  UserSummary,
} from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Principal, requirePrincipal } from '../../http/access-guard';
import { setAccessCookie, setPreferenceCookies } from '../../http/sessions';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  users: UsersService;
  /** A new access token for the caller's session (the auth module's): every change of an account bumps the user's token generation. */
  reissueAccessToken: (principal: Principal) => Promise<string>;
}

/** Accounts and users: /api/users/v1/… */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, reissueAccessToken }) => {
  const tags = ['users'];

  app.get(
    '/v1/account',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'The account of the logged-in user (spec §3)', response: { 200: Account } } },
    async (request) => users.account(requirePrincipal(request)),
  );

  app.get(
    '/v1/company-types',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Company types with their description in the asked language', querystring: OptionalLangQuery, response: { 200: CompanyTypeList } },
    },
    async (request) => users.companyTypes(request.query.lang ?? DEFAULT_LANG),
  );

  app.get(
    '/v1/trade-leads',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Qualification requests (trade leads, status 3) for sales staff of their catalogue and admins, oldest first',
        description: 'Anyone else: 403.',
        querystring: z.object({ decision: TradeLead.shape.decision.default('pending'), lang: OptionalLangQuery.shape.lang }),
        response: { 200: TradeLeadList },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return users.tradeLeads(principal, request.query.decision, request.query.lang ?? langOf(principal));
    },
  );

  app.patch(
    '/v1/trade-leads/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Approve (the user becomes a qualified professional) or decline a trade lead; the user is mailed',
        description: 'Sales staff of the lead’s catalogue and admins; another catalogue’s lead or an unknown one: 404; decided already: 409.',
        params: IdParam,
        querystring: OptionalLangQuery,
        body: TradeLeadDecisionBody,
        response: { 200: TradeLead },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return users.decideTradeLead(principal, request.params.id, request.body.decision, request.query.lang ?? langOf(principal));
    },
  );

  app.get(
    '/v1/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'A user: oneself, a user of one’s company (company.manage.user) or anyone (backoffice)',
        params: IdParam,
        response: { 200: UserSummary },
      },
    },
    async (request) => users.userById(requirePrincipal(request), request.params.id),
  );

  app.patch(
    '/v1/users/lang',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Change the interface language', body: UpdateLangBody, response: { 200: Account } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const account = await users.updateLang(principal, request.body.lang);
      setAccessCookie(reply, request, await reissueAccessToken(principal));
      setPreferenceCookies(reply, request, { lang: account.lang, catalogId: account.catalogId });
      return account;
    },
  );

  app.patch(
    '/v1/users/client-code',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: "Record the client code of one's company", body: UpdateClientCodeBody, response: { 200: Account } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const account = await users.updateClientCode(principal, request.body.clientCode);
      setAccessCookie(reply, request, await reissueAccessToken(principal));
      return account;
    },
  );

  app.put(
    '/v1/user/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Update one’s own profile', params: IdParam, body: UpdateProfileBody, response: { 200: Account } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const account = await users.updateProfile(principal, request.params.id, request.body);
      setAccessCookie(reply, request, await reissueAccessToken(principal));
      return account;
    },
  );
};

/** The options of the apiv2 service (spec §7): professions. */
export const usersOptionsRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/options/professions',
    {
      config: { access: 'public' },
      schema: { tags: ['users'], summary: 'The professions a user may choose, described in the asked language', querystring: OptionalLangQuery, response: { 200: ProfessionList } },
    },
    async (request) => users.professions(request.query.lang ?? DEFAULT_LANG),
  );
};

function langOf(principal: Principal): Lang {
  const parsed = Lang.safeParse(principal.lang);
  return parsed.success ? parsed.data : DEFAULT_LANG;
}
