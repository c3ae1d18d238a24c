import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The frame-only pages of the spec (/iframe/plusminus-drawing-configurator, /iframe/plusminus-export3d, and
 * any later /iframe/<page>): plain path segments only, so that no dotted or encoded spelling of another
 * page gets the relaxed framing rule.
 */
const FRAME_PAGE = /^\/iframe(\/[A-Za-z0-9_-]+)+\/?$/;

export function isFramePage(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return FRAME_PAGE.test(path);
}

/**
 * Helmet with the platform's CSP. Every response may only be framed by the platform itself
 * (`frame-ancestors 'self'`, `X-Frame-Options: SAMEORIGIN`), except the frame-only pages, which the
 * partner sites of FRAME_ANCESTORS may embed too (and which carry no X-Frame-Options, whose SAMEORIGIN
 * would block them in browsers that read it).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'frameAncestors'>): Promise<void> {
  const framePageAncestors = ["'self'", ...config.frameAncestors].join(' ');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: [(request: IncomingMessage) => (isFramePage(request.url) ? framePageAncestors : "'self'")],
        formAction: ["'self'"],
      },
    },
    // The SPA loads its own blobs (3D models, downloads); cross-origin isolation would block them.
    crossOriginEmbedderPolicy: false,
  });
  // Helmet writes on the raw response in its own onRequest hook, which runs before this one.
  app.addHook('onRequest', async (request, reply) => {
    if (isFramePage(request.url)) reply.raw.removeHeader('x-frame-options');
  });
}
