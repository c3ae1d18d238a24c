import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { START_AFTER_PAINT_SCRIPT } from '@lumen/contracts/start-after-paint';
import type { Config } from '../config';

/**
 * The frame-only pages of the spec (/iframe/plusminus-drawing-configurator, /iframe/plusminus-export3d, and
 * any later /iframe/<page>; /minicompositor, the compact compositor of issue 32 §2): plain path segments
 * only, so that no dotted or encoded spelling of another page gets the relaxed framing rule.
 */
const FRAME_PAGE = /^\/(iframe(\/[A-Za-z0-9_-]+)+|minicompositor)\/?$/;

export function isFramePage(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return FRAME_PAGE.test(path);
}

/** Helmet's options for a response that the given `frame-ancestors` sources may frame. */
/**
 * The socket's own origin as CSP names it (issue 29 §8): 'self' covers ws: and wss: of the page's
 * origin in current browsers (CSP 3); PUBLIC_URL's wss:/ws: origin is named too for older ones. No
 * other host may be reached.
 */
export function socketSources(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  try {
    const url = new URL(publicUrl);
    return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
  } catch {
    return [];
  }
}

/**
 * Powerful browser features the platform never uses are off for it and for anything it frames;
 * fullscreen (the 3D viewer) stays for the platform itself.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'fullscreen=(self)',
].join(', ');

/**
 * The only `<style>` elements the web inserts itself (issue 29 §8): react-aria's, whose text is fixed
 * in the library (usePress's touch-action rule, usePreventScroll's overscroll rule while a modal is
 * open). The CSP allows these two texts by hash instead of `'unsafe-inline'`; every other style comes
 * from the build's files ('self'), and `style` props are set through the CSSOM, which CSP does not
 * restrict. security-headers.test.ts recomputes both hashes from the installed react-aria, so an
 * upgrade that changes a text fails there, not in a browser (README, "CSP").
 */
export const INLINE_STYLE_TEXTS = {
  reactAriaPress: '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  reactAriaPreventScroll: '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
} as const;

/** CSP hash sources of INLINE_STYLE_TEXTS. */
export const INLINE_STYLE_HASHES: readonly string[] = Object.values(INLINE_STYLE_TEXTS).map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);

/**
 * The only inline script: index.html's, which fetches the start's files after the first paint
 * (@lumen/contracts/start-after-paint). The CSP allows its text by hash; every other script comes from
 * the build's files ('self'). security-headers.test.ts checks the built page's script against it.
 */
export const INLINE_SCRIPT_HASHES: readonly string[] = [`'sha256-${createHash('sha256').update(START_AFTER_PAINT_SCRIPT, 'utf8').digest('base64')}'`];

/**
 * The API reference (/api/docs, Swagger UI, a third-party bundle) inserts a `<style>` of its own: its
 * pages alone keep `'unsafe-inline'` styles. They show the public OpenAPI document only (no session
 * data, no user input rendered), and scripts stay `'self'` there too (README, "CSP").
 */
const DOCS_PAGE = /^\/api\/docs(\/|\?|$)/;

export function isDocsPage(url: string | undefined): boolean {
  return DOCS_PAGE.test(url ?? '');
}

export function helmetOptions(frameAncestors: readonly string[], xFrameOptions: boolean, connect: readonly string[] = [], styles: readonly string[] = INLINE_STYLE_HASHES): HelmetOptions {
  return {
    xFrameOptions,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
        styleSrc: ["'self'", ...styles],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connect],
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

type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers a helmet middleware sets, read once by running it against a recording response. With
 * static directives helmet sets the same headers on every response (a test compares them with
 * helmet's own output), so a request copies a frozen object instead of running twelve middlewares,
 * each calling Node's validating setHeader.
 */
function headersOf(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}

/** The security headers of a response to `url`: every page, or a frame-only page. */
export function securityHeaders(config: Pick<Config, 'frameAncestors' | 'publicUrl'>): (url: string | undefined) => HeaderSet {
  const connect = socketSources(config.publicUrl);
  const everyPage = Object.freeze({ ...headersOf(helmetOptions(["'self'"], true, connect)), 'permissions-policy': PERMISSIONS_POLICY });
  const framePage = Object.freeze({ ...headersOf(helmetOptions(["'self'", ...config.frameAncestors], false, connect)), 'permissions-policy': PERMISSIONS_POLICY });
  const docsPage = Object.freeze({ ...headersOf(helmetOptions(["'self'"], true, connect, ["'unsafe-inline'"])), 'permissions-policy': PERMISSIONS_POLICY });
  return (url) => (isFramePage(url) ? framePage : isDocsPage(url) ? docsPage : everyPage);
}

/**
 * Helmet with the platform's CSP. Every response may only be framed by the platform itself
 * (`frame-ancestors 'self'`, `X-Frame-Options: SAMEORIGIN`), except the frame-only pages, which the
 * partner sites of FRAME_ANCESTORS may embed too (and which carry no X-Frame-Options, whose SAMEORIGIN
 * would block them in browsers that read it). Both header sets are computed once: @fastify/helmet
 * built helmet again on every request, a tenth of the CPU of a small answer, and running the built
 * middlewares per request still cost a good part of a small answer's time.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'frameAncestors' | 'publicUrl'>): void {
  const headersFor = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    done();
  });
}
