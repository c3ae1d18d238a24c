import {
  Account,
  CompanyTypeList,
  DEFAULT_LANG,
  IdParam,
  OptionalLangQuery,
  UpdateClientCodeBody,
  UpdateLangBody,
  UpdateProfileBody,
  UserSummary,
} from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
