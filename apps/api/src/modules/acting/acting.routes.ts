import { ActingCandidatesPage, ActingCandidatesQuery, ActingStartBody, ActingState, ActingStopResult } from '@lumen/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../http/access-guard';
import { clearSessionCookies, COOKIE, readRefreshToken, setActingMarker, setActorRefreshCookie, setSessionCookies } from '../../http/sessions';
import type { ClientMeta } from '../auth/auth.service';
import type { ActingService } from './acting.service';

export interface ActingRoutesOptions {
  acting: ActingService;
}

const EmptyBody = z.union([z.object({}).strict(), z.null(), z.undefined()]).optional();

function meta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/** Acting as a customer (issue 17 §3): /api/users/v1/auth/acting… */
export const actingRoutes: FastifyPluginAsyncZod<ActingRoutesOptions> = async (app, { acting }) => {
  const tags = ['acting'];

  app.get(
    '/v1/auth/acting',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: "The caller's acted session: who acts for whom (null when not acting)", response: { 200: ActingState } },
    },
    async (request) => acting.state(requirePrincipal(request)),
  );

  app.get(
    '/v1/auth/acting/candidates',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The customers the caller may act as (sales: their assigned companies; admins: every company)',
        querystring: ActingCandidatesQuery,
        response: { 200: ActingCandidatesPage },
      },
    },
    async (request) => acting.candidates(requirePrincipal(request), request.query),
  );

  app.post(
    '/v1/auth/acting',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Start acting as a customer (a new session for them; the own session is kept with impersonationWithoutLogout, ended otherwise)',
        body: ActingStartBody,
        response: { 200: ActingState },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const started = await acting.start(principal, request.body.userId, meta(request));
      setActorRefreshCookie(reply, request, started.keptOwnSession ? (readRefreshToken(request) ?? null) : null);
      setSessionCookies(reply, request, started.tokens);
      setActingMarker(reply, request, true);
      return started.state;
    },
  );

  app.post(
    '/v1/auth/acting/stop',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Stop acting: back to the staff member's own session when it was kept, logged out otherwise",
        body: EmptyBody,
        response: { 200: ActingStopResult },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const stopped = await acting.stop(principal, request.cookies[COOKIE.actorRefresh] || undefined);
      if (stopped.tokens) {
        setActorRefreshCookie(reply, request, null);
        setActingMarker(reply, request, false);
        setSessionCookies(reply, request, stopped.tokens);
      } else {
        clearSessionCookies(reply, request);
      }
      return { returnedToOwnSession: stopped.tokens !== null };
    },
  );
};
