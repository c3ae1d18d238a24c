import {
  Account,
  EmailParam,
  LoginBody,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  QualificationBody,
  SignupBody,
} from '@lumen/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { requirePrincipal } from '../../http/access-guard';
import { clearSessionCookies, COOKIE, readAccessToken, readRefreshToken, setAccessCookie, setPreferenceCookies, setSessionCookies } from '../../http/sessions';
import type { UsersService } from '../users/users.service';
import type { AuthService, ClientMeta } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  users: UsersService;
}

const NoContent = z.null().describe('No content');
const EmptyBody = z.union([z.object({}).strict(), z.null(), z.undefined()]).optional();

function meta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/** Login, sign-up, sessions, password reset and qualification: /api/users/v1/auth/… */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, users }) => {
  const tags = ['auth'];

  app.get(
    '/v1/users/email-validate/:email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether an e-mail address is registered: 200 taken, 404 free',
        params: EmailParam,
        response: { 200: z.object({ email: z.string(), exists: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!(await auth.emailTaken(request.params.email, meta(request)))) throw new AppError('NOT_FOUND', 'No account with this e-mail address');
      return { email: request.params.email, exists: true as const };
    },
  );

  app.post(
    '/v1/auth/signup',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Register a web user and log them in', body: SignupBody, response: { 201: Account } },
    },
    async (request, reply) => {
      const { account, tokens } = await auth.signup(request.body, meta(request));
      setSessionCookies(reply, request, tokens);
      setPreferenceCookies(reply, request, { lang: account.lang, catalogId: account.catalogId });
      return reply.code(201).send(account);
    },
  );

  app.post(
    '/v1/auth/login',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Log in with e-mail and password', body: LoginBody, response: { 200: Account } },
    },
    async (request, reply) => {
      const { account, tokens } = await auth.login(request.body, meta(request));
      setSessionCookies(reply, request, tokens);
      setPreferenceCookies(reply, request, { lang: account.lang, catalogId: account.catalogId });
      return account;
    },
  );

  app.post(
    '/v1/auth/refresh',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Rotate the refresh token (cookie) and issue a new access token', body: EmptyBody, response: { 204: NoContent } },
    },
    async (request, reply) => {
      try {
        const { tokens } = await auth.refresh(readRefreshToken(request));
        setSessionCookies(reply, request, tokens);
        return reply.code(204).send(null);
      } catch (error) {
        clearSessionCookies(reply, request);
        throw error;
      }
    },
  );

  app.post(
    '/v1/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'End the session and clear the cookies', body: EmptyBody, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await auth.logout(readRefreshToken(request), readAccessToken(request));
      // Logging out while acting for a customer also ends the staff member's own kept session (issue 17 §3).
      const ownRefreshToken = request.cookies[COOKIE.actorRefresh];
      if (ownRefreshToken) await auth.logout(ownRefreshToken, undefined);
      clearSessionCookies(reply, request);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/auth/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send a password-reset link (answers 204 whether or not the address exists)',
        body: PasswordResetBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, meta(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/auth/password-reset/confirm',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Set a new password with a reset token (single use, 1 hour)', body: PasswordResetConfirmBody, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await auth.confirmPasswordReset(request.body.token, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/auth/password-change',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: "Change the logged-in user's password (other sessions end)", body: PasswordChangeBody, response: { 204: NoContent } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      // Staff acting for a customer (issue 17 §3) never learn or set the customer's password.
      if (principal.actingBy) throw new AppError('ACTED_SESSION_REFUSED', "An acted session cannot change the customer's password");
      setAccessCookie(reply, request, await auth.changePassword(principal, request.body.currentPassword, request.body.password));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/auth/qualification',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Become a qualified professional with a company', body: QualificationBody, response: { 200: Account } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const account = await users.qualify(principal, request.body);
      // Status and roles changed: qualify revoked the user's tokens, so this session gets a new one.
      setAccessCookie(reply, request, await auth.reissueAccessToken(principal));
      setPreferenceCookies(reply, request, { lang: account.lang, catalogId: account.catalogId });
      return account;
    },
  );
};
