import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANG, isLang, TRANSLATION_DOMAINS, type LangCode } from '@lumen/contracts/constants';
import { START_TEMPLATE_ID } from '@lumen/contracts/start-after-paint';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { escapeHtml } from '../lib/mail-text';
import { loadPrincipal } from './access-guard';
import { sendError } from './error-handler';
import { z } from 'zod';
import { firstViewOf, SCREEN_NAMES, type FirstView, type FirstViewRequest, type ScreenName } from './first-view';
import type { Revocations } from './revocations';
import { COOKIE, type AccessTokens } from './sessions';

/** Source maps (and any compressed copy of one) stay off the public server, even when the build has them. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/**
 * Serves the built SPA (apps/web/dist): hashed assets cached for a year, index.html revalidated, and
 * the history fallback: a GET outside /api that accepts HTML and matches no file answers index.html.
 * Files have brotli and gzip siblings made at build time (apps/web/scripts/compress-dist.mjs); the one
 * the client accepts is sent with `Content-Encoding`, the original content type and `Vary: Accept-Encoding`.
 * Without a build, such requests get a 503 page saying to run `npm run build`.
 *
 * index.html itself (at `/` and in the fallback) announces the calls the web's start makes once its
 * scripts have run (startPreloads), so that they download with the scripts instead of after them
 * (issue 9 §4), and paints the top of the page when the server knows it as the app will show it
 * (first-view.ts), announcing that page's screen files too (readScreenFiles): it varies with the
 * language and session cookies, so it is sent without a validator.
 */
export interface SpaSources {
  tokens: AccessTokens;
  revocations: Revocations;
  /** A project's heading as the session may see it (the projects service), for its first view. */
  project: FirstViewRequest['project'];
  /** A configurator page's heading in the session's catalogue (the products service), for its first view. */
  configurator: FirstViewRequest['configurator'];
}

export async function registerSpa(app: FastifyInstance, distDir: string, sources: SpaSources): Promise<void> {
  const available = existsSync(resolve(distDir, 'index.html'));
  const firstView = (request: FastifyRequest, state: StartState) =>
    firstViewOf({
      path: request.url.split('?')[0] ?? '/',
      ...state,
      principal: () => loadPrincipal(sources.tokens, sources.revocations, request),
      project: sources.project,
      configurator: sources.configurator,
      onError: (error) => request.log.warn({ err: error }, 'first view: the page’s heading could not be read'),
    });
  const page = available ? indexPage(readFileSync(resolve(distDir, 'index.html'), 'utf8'), readScreenFiles(distDir, app.log), firstView) : undefined;
  if (page) {
    // Before the static files' wildcard: the page itself always goes with the start's preloads.
    for (const path of ['/', '/index.html']) app.get(path, (request, reply) => page(request, reply));
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      // index.html is answered by the routes above and the fallback below, with the start's preloads.
      index: false,
      preCompressed: true,
      allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
      cacheControl: false,
      setHeaders(res, path) {
        const immutable = /[\\/]assets[\\/]/.test(path);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsHtml && !SOURCE_MAP.test(path)) {
      if (page) return page(request, reply);
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lumen Pro: web app not built</title></head>' +
            '<body><h1>The web app is not built</h1><p>Run <code>npm run build</code> at the repository root, then restart the server ' +
            '(or use <code>npm start</code>, which builds and serves). The API is available under <a href="/api/docs">/api/docs</a>.</p></body></html>',
        );
    }
    return sendError(reply, new AppError('NOT_FOUND', `No route ${request.method} ${path}`));
  });
}

/** What the web's start asks for before its first screen, read from the request's cookies. */
export interface StartState {
  /** The `language` cookie, else the default (apps/web/src/i18n/language.ts, resolveLanguage). */
  lang: LangCode;
  /** The readable session marker: the start asks for the account only then. */
  hasSession: boolean;
}

export function startStateOf(cookies: Record<string, string | undefined>): StartState {
  const cookie = cookies[COOKIE.language];
  const candidate = cookie === 'en-US' ? 'us' : cookie?.toLowerCase();
  return { lang: isLang(candidate) ? candidate : DEFAULT_LANG, hasSession: cookies[COOKIE.hasSession] === '1' };
}

/**
 * The calls of the web's start (apps/web/src/app/environment.ts: the texts of the three domains in the
 * starting language, and the account when there is a session), spelled as its HTTP client spells
 * them (apps/web/src/api/client.ts, buildUrl), so that the browser hands the preloaded answers to
 * those calls; e2e/first-load.spec.ts checks that each is asked for once.
 */
export function startPreloads({ lang, hasSession }: StartState): string[] {
  const language = `language=${lang}`;
  const texts = TRANSLATION_DOMAINS.map((domain) => `/api/masters/v1/keys/domains/${domain}/files?lang=${lang}&${language}`);
  return hasSession ? [...texts, `/api/users/v1/account?${language}`] : texts;
}

/** A screen's files beyond the start's, as the web build lists them (apps/web/vite.config.ts, SCREENS). */
const BuiltFile = z.string().regex(/^\/assets\/[\w.-]+\.(js|css)$/);
const ScreenFiles = z.object({ scripts: z.array(BuiltFile), styles: z.array(BuiltFile) });
type ScreenFiles = z.infer<typeof ScreenFiles>;
const BuiltScreens = z.object(Object.fromEntries(SCREEN_NAMES.map((name) => [name, ScreenFiles])) as Record<ScreenName, typeof ScreenFiles>);

/** The build's .vite/screens.json; none (an older build, or one that lists other screens): the pages announce no screen. */
export function readScreenFiles(distDir: string, log: Pick<FastifyBaseLogger, 'warn'>): Partial<Record<ScreenName, ScreenFiles>> {
  const path = resolve(distDir, '.vite', 'screens.json');
  if (!existsSync(path)) return {};
  let parsed: ReturnType<typeof BuiltScreens.safeParse> | null = null;
  try {
    parsed = BuiltScreens.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    // Not JSON: said below like any other file that does not list the screens.
  }
  if (parsed?.success) return parsed.data;
  log.warn({ issues: parsed?.error.issues }, `${path} does not list the screens the first view knows: pages announce none`);
  return {};
}

/**
 * The links that announce a screen's files: its modules (modulepreload, as the start's import would
 * append them) and its styles (preload: fetched now, applied by the start's import, so that they do
 * not hold the first paint).
 */
function screenLinks(files: ScreenFiles | undefined): string {
  if (!files) return '';
  return [
    ...files.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
    ...files.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}" />`),
  ].join('');
}

/** The shell's loading mark in index.html (apps/web/index.html): a first view goes in its place, above it. */
const SHELL_LOADING = '<div class="app-loading"><span class="app-loading__spinner"></span></div>';
/** The shell header's empty tools (apps/web/index.html), where the first view keeps the tools' places. */
const SHELL_TOOLS = '<div class="app-header__tools"></div>';

const START_TEMPLATE = `<template id="${START_TEMPLATE_ID}">`;

/**
 * index.html with the page's links. The build holds the start's files in a template that the page
 * fetches after its first paint (@lumen/contracts/start-after-paint): the start's calls go at its top,
 * ahead of the scripts, and a screen's files at its end, after the start's own; the first view's
 * picture, the page's largest paint, stays in the head, fetched with the page. A build without the
 * template (an older one): the calls and the picture before the head's first script, a screen's files
 * at the end of the head.
 */
function withStartLinks(html: string, links: { picture: string; calls: string; screen: string }): string {
  const template = html.indexOf(START_TEMPLATE);
  const templateEnd = template < 0 ? -1 : html.indexOf('</template>', template);
  if (templateEnd > 0) {
    const top = template + START_TEMPLATE.length;
    return `${html.slice(0, template)}${links.picture}${START_TEMPLATE}${links.calls}${html.slice(top, templateEnd)}${links.screen}${html.slice(templateEnd)}`;
  }
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const at = head.includes('<script') ? head.indexOf('<script') : html.indexOf('</head>');
  const first = links.picture + links.calls;
  const withFirst = at < 0 ? first + html : `${html.slice(0, at)}${first}${html.slice(at)}`;
  return links.screen ? withFirst.replace('</head>', `${links.screen}</head>`) : withFirst;
}

/**
 * index.html with the start's links (withStartLinks) and its first view in the shell: compressed once
 * per shared variant (a visitor's), for the request alone otherwise.
 */
function indexPage(
  html: string,
  screens: Partial<Record<ScreenName, ScreenFiles>>,
  firstView: (request: FastifyRequest, state: StartState) => Promise<FirstView>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const variants = new Map<string, { plain: Buffer; br: Buffer; gzip: Buffer }>();
  const build = (state: StartState, view: FirstView) => {
    const picture = view.picture
      ? `<link rel="preload" as="image" href="${escapeHtml(view.picture.src)}" imagesrcset="${escapeHtml(view.picture.srcset)}" imagesizes="${escapeHtml(view.picture.sizes)}" fetchpriority="high" />`
      : '';
    const calls = startPreloads(state)
      .map((href) => `<link rel="preload" href="${href.replaceAll('&', '&amp;')}" as="fetch" crossorigin="use-credentials" />`)
      .join('');
    const withTools = withStartLinks(html, { picture, calls, screen: view.screen ? screenLinks(screens[view.screen]) : '' }).replace(
      SHELL_TOOLS,
      `<div class="app-header__tools app-header__pending">${view.tools}</div>`,
    );
    return Buffer.from(view.html ? withTools.replace(SHELL_LOADING, `<main class="app-main">${view.html}${SHELL_LOADING}</main>`) : withTools);
  };
  const variantOf = (state: StartState, view: FirstView) => {
    if (view.key === null) {
      const plain = build(state, view);
      return { plain, br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), gzip: gzipSync(plain, { level: 6 }) };
    }
    const key = `${state.lang}:${state.hasSession ? 1 : 0}:${view.key}`;
    let variant = variants.get(key);
    if (!variant) {
      const plain = build(state, view);
      variant = { plain, br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(plain, { level: 9 }) };
      variants.set(key, variant);
    }
    return variant;
  };
  return async (request, reply) => {
    const state = startStateOf(request.cookies);
    const variant = variantOf(state, await firstView(request, state));
    const accepted = request.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
    if (!encoding) return reply.send(variant.plain);
    return reply.header('content-encoding', encoding).send(variant[encoding]);
  };
}
