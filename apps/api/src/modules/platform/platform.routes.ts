import { CookieNotice, CookieNoticeQuery, DEFAULT_LANG, Lang, RuntimeConfig } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COOKIE } from '../../http/sessions';
import type { PlatformService } from './platform.service';

export interface PlatformRoutesOptions {
  platform: PlatformService;
}

/** Served at the root, before the SPA fallback: GET /config.json and GET /cookie (spec §7). */
export const platformRoutes: FastifyPluginAsyncZod<PlatformRoutesOptions> = async (app, { platform }) => {
  const tags = ['platform'];

  app.get(
    '/config.json',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "Runtime configuration the web loads at start: environment, service paths, socket path, timeouts and the caller's evaluated flags",
        response: { 200: RuntimeConfig },
      },
    },
    async (request, reply) => {
      // Per caller (flags) and changed at any time from the backoffice: never cached.
      reply.header('cache-control', 'no-store');
      return platform.runtimeConfig(request.principal);
    },
  );

  app.get(
    '/cookie',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The cookies the platform sets, for the cookie notice (purpose in the asked language, else the language cookie, else en)',
        querystring: CookieNoticeQuery,
        response: { 200: CookieNotice },
      },
    },
    async (request, reply) => {
      const fromCookie = Lang.safeParse(request.cookies[COOKIE.language]);
      reply.header('cache-control', 'private, max-age=3600');
      return platform.cookieNotice(request.query.lang ?? (fromCookie.success ? fromCookie.data : DEFAULT_LANG));
    },
  );
};
