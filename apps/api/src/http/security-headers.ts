import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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

/** Helmet's options for a response that the given `frame-ancestors` sources may frame. */
function helmetOptions(frameAncestors: readonly string[], xFrameOptions: boolean): HelmetOptions {
  return {
    xFrameOptions,
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
        frameAncestors: [...frameAncestors],
        formAction: ["'self'"],
      },
    },
    // The SPA loads its own blobs (3D models, downloads); cross-origin isolation would block them.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Helmet with the platform's CSP. Every response may only be framed by the platform itself
 * (`frame-ancestors 'self'`, `X-Frame-Options: SAMEORIGIN`), except the frame-only pages, which the
 * partner sites of FRAME_ANCESTORS may embed too (and which carry no X-Frame-Options, whose SAMEORIGIN
 * would block them in browsers that read it). Both header sets are built once: @fastify/helmet built
 * helmet again on every request, a tenth of the CPU of a small answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'frameAncestors'>): void {
  const everyPage = helmet(helmetOptions(["'self'"], true));
  const framePage = helmet(helmetOptions(["'self'", ...config.frameAncestors], false));
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet throws rather than passing errors on, and only sets headers.
    (isFramePage(request.url) ? framePage : everyPage)(request.raw, reply.raw, () => done());
  });
}
