import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more CPU than the bytes it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (JSON, text, SVG) for clients that accept brotli or gzip: a 200-line project is
 * about 210 KB of JSON and 20 KB compressed, which is what a phone on a slow network waits for (issue 9 §4).
 * Brotli runs at quality 4, the plugin's default, fast enough for per-request use. The built SPA files
 * already carry their own `Content-Encoding` (compressed at build time) and are left alone by the plugin.
 * Its hook is a route hook, which runs after the app's hooks: the idempotency plugin keeps the plain answer.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Only API answers are compressed on the fly; the built files that were not worth a sibling go as
  // they are. This hook runs before the plugin's own, which reads the route's `compress` option.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Text only: files (PDF, zip, images, octet-stream downloads) are compressed already or not worth it.
    customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u,
    // Our clients never send compressed bodies; not inflating them keeps zip bombs away from the parsers.
    globalDecompression: false,
  });
}
