import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../http/access-guard';
import { contractRoute } from '../../http/contract-routes';
import { clearSessionCookies, COOKIE, readRefreshToken, setActingMarker, setActorRefreshCookie, setSessionCookies } from '../../http/sessions';
import type { ClientMeta } from '../auth/auth.service';
import type { ActingService } from './acting.service';

export interface ActingRoutesOptions {
  acting: ActingService;
}

function meta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/** Acting as a customer (issue 17 §3): /api/users/v1/auth/acting…, from the route table (packages/contracts route-table.ts). */
export const actingRoutes: FastifyPluginAsyncZod<ActingRoutesOptions> = async (app, { acting }) => {
  const tags = ['acting'];

  app.route({
    ...contractRoute('acting.state', { tags, summary: "The caller's acted session: who acts for whom (null when not acting)" }),
    config: { access: 'authenticated' },
    handler: async (request) => acting.state(requirePrincipal(request)),
  });

  app.route({
    ...contractRoute('acting.candidates', { tags, summary: 'The customers the caller may act as (sales: their assigned companies; admins: every company)' }),
    config: { access: 'authenticated' },
    handler: async (request) => acting.candidates(requirePrincipal(request), request.query),
  });

  app.route({
    ...contractRoute('acting.start', {
      tags,
      summary: 'Start acting as a customer (a new session for them; the own session is kept with impersonationWithoutLogout, ended otherwise)',
    }),
    config: { access: 'authenticated' },
    handler: async (request, reply) => {
      const principal = requirePrincipal(request);
      const started = await acting.start(principal, request.body.userId, meta(request));
      setActorRefreshCookie(reply, request, started.keptOwnSession ? (readRefreshToken(request) ?? null) : null);
      setSessionCookies(reply, request, started.tokens);
      setActingMarker(reply, request, true);
      return started.state;
    },
  });

  app.route({
    ...contractRoute('acting.stop', { tags, summary: "Stop acting: back to the staff member's own session when it was kept, logged out otherwise" }),
    config: { access: 'authenticated' },
    handler: async (request, reply) => {
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
  });
};
