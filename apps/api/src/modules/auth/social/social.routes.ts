import { Account, SocialCallbackQuery, SocialLinkBody, SocialLinkPending, SocialProviderParam, SocialStartQuery } from '@lumen/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAppError } from '../../../errors';
import { COOKIE, setPreferenceCookies, setSessionCookies } from '../../../http/sessions';
import type { ClientMeta } from '../auth.service';
import { SOCIAL_FLOW_TTL_MS, SOCIAL_FRAME_RESULT_PAGE, SOCIAL_LINK_TTL_MS, SOCIAL_RESULT_PAGE, type SocialOutcome, type SocialService } from './social.service';

/** The cookies of a social sign-up (described in the cookie notice): the flow's state, then the pending link. Both httpOnly, scoped to these routes. */
export const SOCIAL_COOKIE = { state: 'socialState', link: 'socialLink' } as const;
export const SOCIAL_COOKIE_PATH = '/api/users/v1/auth/social';

export interface SocialRoutesOptions {
  social: SocialService;
}

function meta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/** SameSite=Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies. */
function cookieOptions(request: FastifyRequest, maxAgeMs: number) {
  return { path: SOCIAL_COOKIE_PATH, sameSite: 'lax' as const, httpOnly: true, secure: request.server.secureCookies || request.protocol === 'https', maxAge: maxAgeMs / 1000 };
}

function clearCookie(reply: FastifyReply, request: FastifyRequest, name: string): void {
  reply.clearCookie(name, { path: SOCIAL_COOKIE_PATH, sameSite: 'lax', httpOnly: true, secure: request.server.secureCookies || request.protocol === 'https' });
}

/** The result page's address: the app's, or the embedded views' (pop-up); what happened and, on error, why. */
function resultLocation(outcome: SocialOutcome): string {
  const query = new URLSearchParams({ result: outcome.kind, provider: outcome.provider });
  if (outcome.kind === 'error') query.set('reason', outcome.reason);
  return `${outcome.frame ? SOCIAL_FRAME_RESULT_PAGE : SOCIAL_RESULT_PAGE}?${query.toString()}`;
}

const Redirect = z.null().describe('Redirect (Location)');

/** Social sign-up (issue 17 §4): /api/users/v1/auth/social/… */
export const socialRoutes: FastifyPluginAsyncZod<SocialRoutesOptions> = async (app, { social }) => {
  const tags = ['auth'];

  app.get(
    '/v1/auth/social/:provider/start',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start a social sign-up: redirects to the provider (authorization code flow with PKCE, state and nonce)',
        params: SocialProviderParam,
        querystring: SocialStartQuery,
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const frame = request.query.frame === '1';
      let started: { url: string; cookie: string };
      try {
        started = await social.start(request.params.provider, frame, meta(request));
      } catch (error) {
        // A provider that cannot be reached: the browser lands on the result page with the reason, not on a JSON error.
        if (!(isAppError(error) && error.code === 'UNAVAILABLE')) throw error;
        request.log.warn({ err: error, provider: request.params.provider }, 'social sign-up provider unreachable');
        return reply
          .code(302)
          .header('location', resultLocation({ kind: 'error', provider: request.params.provider, frame, reason: 'unavailable' }))
          .header('cache-control', 'no-store')
          .send(null);
      }
      reply.setCookie(SOCIAL_COOKIE.state, started.cookie, cookieOptions(request, SOCIAL_FLOW_TTL_MS));
      return reply.code(302).header('location', started.url).header('cache-control', 'no-store').send(null);
    },
  );

  app.get(
    '/v1/auth/social/:provider/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The provider's answer: signs up, logs in or asks for the account's password, then redirects to the result page",
        params: SocialProviderParam,
        querystring: SocialCallbackQuery,
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const outcome = await social.callback(request.params.provider, request.query, request.cookies[SOCIAL_COOKIE.state], request.cookies[COOKIE.language], meta(request));
      clearCookie(reply, request, SOCIAL_COOKIE.state);
      if (outcome.kind === 'signed-up' || outcome.kind === 'logged') {
        setSessionCookies(reply, request, outcome.tokens);
        setPreferenceCookies(reply, request, { lang: outcome.account.lang, catalogId: outcome.account.catalogId });
      } else if (outcome.kind === 'link') {
        reply.setCookie(SOCIAL_COOKIE.link, outcome.linkToken, cookieOptions(request, SOCIAL_LINK_TTL_MS));
      } else if (outcome.kind === 'error') {
        request.log.info({ provider: outcome.provider, reason: outcome.reason }, 'social sign-up refused');
      }
      return reply.code(302).header('location', resultLocation(outcome)).header('cache-control', 'no-store').send(null);
    },
  );

  app.get(
    '/v1/auth/social/link',
    {
      config: { access: 'public' },
      schema: { tags, summary: "The social sign-up of this browser waiting for its account's password (404 when none)", response: { 200: SocialLinkPending } },
    },
    async (request) => social.pendingLink(request.cookies[SOCIAL_COOKIE.link]),
  );

  app.post(
    '/v1/auth/social/link',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Link the waiting social identity to its account with the account's password, and log in",
        body: SocialLinkBody,
        response: { 200: Account },
      },
    },
    async (request, reply) => {
      const { account, tokens } = await social.link(request.cookies[SOCIAL_COOKIE.link], request.body.password, meta(request));
      clearCookie(reply, request, SOCIAL_COOKIE.link);
      setSessionCookies(reply, request, tokens);
      setPreferenceCookies(reply, request, { lang: account.lang, catalogId: account.catalogId });
      return account;
    },
  );
};
