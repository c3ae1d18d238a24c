import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { sendError } from './error-handler';

/** Source maps (and any compressed copy of one) stay off the public server, even when the build has them. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/**
 * Serves the built SPA (apps/web/dist): hashed assets cached for a year, index.html revalidated, and
 * the history fallback: a GET outside /api that accepts HTML and matches no file answers index.html.
 * Files have brotli and gzip siblings made at build time (apps/web/scripts/compress-dist.mjs); the one
 * the client accepts is sent with `Content-Encoding`, the original content type and `Vary: Accept-Encoding`.
 * Without a build, such requests get a 503 page saying to run `npm run build`.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const available = existsSync(resolve(distDir, 'index.html'));
  if (available) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
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
      if (available) return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
