import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { startPreloads, startStateOf } from './spa';

/** The preload links index.html is served with, for the calls of the web's start. */
const PRELOAD_LINKS = /<link rel="preload" href="[^"]+" as="fetch" crossorigin="use-credentials" \/>/g;
function preloadsOf(html: string): string[] {
  return [...html.matchAll(PRELOAD_LINKS)].map((link) => (/href="([^"]+)"/.exec(link[0])?.[1] ?? '').replaceAll('&amp;', '&'));
}

const COMPRESS_SCRIPT = resolve(__dirname, '../../../web/scripts/compress-dist.mjs');
const GZIP_CLI = ['/usr/bin/gzip', '/bin/gzip'].find((path) => existsSync(path));

/** Reads a gzip body with the system's gzip when there is one, so the check does not trust zlib twice. */
function gunzip(body: Buffer): Buffer {
  return GZIP_CLI ? execFileSync(GZIP_CLI, ['-dc'], { input: body }) : gunzipSync(body);
}

describeWithDb('single-page app, pre-compressed', () => {
  let dist: string;
  let t: TestApp;
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>Lumen Pro</title><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
    'assets/app-1a2b.js': `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};`,
    'assets/app-1a2b.css': `${Array.from({ length: 100 }, (_, i) => `.c${i}{color:#${String(i).padStart(6, '0')}}`).join('\n')}`,
    'assets/logo-9f8e.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(80)}</svg>`,
    'assets/tiny-0c0c.js': 'console.log(1)',
    'assets/app-1a2b.js.map': JSON.stringify({ version: 3, sources: ['src/secret-internals.ts'], mappings: 'AAAA'.repeat(400) }),
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lumen-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dist, name), content);
    // The real build step makes the siblings.
    execFileSync(process.execPath, [COMPRESS_SCRIPT, dist]);
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('the compress step', () => {
    it('writes br and gz siblings for text files over 1 KB only, never for source maps', () => {
      for (const name of ['index.html', 'assets/app-1a2b.js', 'assets/app-1a2b.css', 'assets/logo-9f8e.svg']) {
        expect(existsSync(join(dist, `${name}.br`)), name).toBe(true);
        expect(existsSync(join(dist, `${name}.gz`)), name).toBe(true);
        expect(brotliDecompressSync(readFileSync(join(dist, `${name}.br`))).toString(), name).toBe(files[name]);
        expect(gunzip(readFileSync(join(dist, `${name}.gz`))).toString(), name).toBe(files[name]);
      }
      for (const name of ['assets/tiny-0c0c.js', 'assets/app-1a2b.js.map']) {
        expect(existsSync(join(dist, `${name}.br`)), name).toBe(false);
        expect(existsSync(join(dist, `${name}.gz`)), name).toBe(false);
      }
    });
  });

  describe('serving', () => {
    it('sends brotli to a client that accepts it, with the original type and cache', async () => {
      const response = await t.agent().get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files['assets/app-1a2b.js']);
    });

    it('sends gzip to a client that accepts only gzip', async () => {
      for (const [name, type] of [
        ['assets/app-1a2b.css', /^text\/css/],
        ['assets/logo-9f8e.svg', /^image\/svg\+xml/],
      ] as const) {
        const response = await t.agent().get(`/${name}`, { 'accept-encoding': 'gzip' });
        expect(response.statusCode, name).toBe(200);
        expect(response.headers['content-encoding'], name).toBe('gzip');
        expect(response.headers['content-type'], name).toMatch(type);
        expect(response.headers.vary, name).toMatch(/accept-encoding/i);
        expect(gunzip(response.rawPayload).toString(), name).toBe(files[name]);
      }
    });

    it('sends the file as it is to a client that accepts no compression, or when no sibling exists', async () => {
      const plain = await t.agent().get('/assets/app-1a2b.js', { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(files['assets/app-1a2b.js']);
      const none = await t.agent().get('/assets/app-1a2b.js');
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body).toBe(files['assets/app-1a2b.js']);
      const tiny = await t.agent().get('/assets/tiny-0c0c.js', { 'accept-encoding': 'br, gzip' });
      expect(tiny.statusCode).toBe(200);
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body).toBe(files['assets/tiny-0c0c.js']);
    });

    it('compresses index.html at / and in the history fallback, still never cached', async () => {
      for (const path of ['/', '/projects/12', '/iframe/plusminus-export3d']) {
        const response = await t.agent().get(path, { accept: 'text/html', 'accept-encoding': 'br' });
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['content-encoding'], path).toBe('br');
        expect(response.headers['content-type'], path).toMatch(/^text\/html/);
        expect(response.headers['cache-control'], path).toBe('no-cache');
        const html = brotliDecompressSync(response.rawPayload).toString();
        expect(html.replace(PRELOAD_LINKS, ''), path).toBe(files['index.html']);
      }
      const plain = await t.agent().get('/projects/12', { accept: 'text/html' });
      expect(plain.body.replace(PRELOAD_LINKS, '')).toBe(files['index.html']);
      const gzip = await t.agent().get('/', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzip(gzip.rawPayload).toString()).toBe(plain.body);
    });

    it("announces the start's calls in index.html, in the language of the cookie, the account only with a session", async () => {
      const visitor = await t.agent().get('/', { accept: 'text/html' });
      expect(preloadsOf(visitor.body)).toEqual([
        '/api/masters/v1/keys/domains/fr-eproject/files?lang=en&language=en',
        '/api/masters/v1/keys/domains/fr-widgets/files?lang=en&language=en',
        '/api/masters/v1/keys/domains/common-front/files?lang=en&language=en',
      ]);
      // In the head, ahead of the scripts.
      expect(visitor.body.indexOf('<link rel="preload"')).toBeGreaterThan(visitor.body.indexOf('<title>'));
      expect(visitor.body.indexOf('<link rel="preload"')).toBeLessThan(visitor.body.indexOf('<script'));
      // It varies with the cookies: no validator, and caches told so.
      expect(visitor.headers.etag).toBeUndefined();
      expect(visitor.headers['last-modified']).toBeUndefined();
      expect(visitor.headers.vary).toMatch(/cookie/i);

      const spanish = await t.agent().get('/project/7', { accept: 'text/html', cookie: 'language=es; hasSession=1' });
      expect(preloadsOf(spanish.body)).toEqual([
        '/api/masters/v1/keys/domains/fr-eproject/files?lang=es&language=es',
        '/api/masters/v1/keys/domains/fr-widgets/files?lang=es&language=es',
        '/api/masters/v1/keys/domains/common-front/files?lang=es&language=es',
        '/api/users/v1/account?language=es',
      ]);
      const american = await t.agent().get('/', { accept: 'text/html', cookie: 'language=en-US' });
      expect(preloadsOf(american.body)[0]).toBe('/api/masters/v1/keys/domains/fr-eproject/files?lang=us&language=us');
    });

    it('reads the start state as the web does: an unknown language is the default, the session only from its marker', () => {
      expect(startStateOf({})).toEqual({ lang: 'en', hasSession: false });
      expect(startStateOf({ language: 'DE', hasSession: '1' })).toEqual({ lang: 'de', hasSession: true });
      expect(startStateOf({ language: 'xx"><script>', hasSession: 'yes' })).toEqual({ lang: 'en', hasSession: false });
      expect(startPreloads({ lang: 'it', hasSession: false })).toHaveLength(3);
    });

    it('never serves a source map, whatever the request asks for', async () => {
      for (const accept of ['*/*', 'text/html', 'application/json']) {
        for (const path of ['/assets/app-1a2b.js.map', '/assets/app-1a2b.js.map?v=1', '/assets/APP-1a2b.js.MAP', '/assets/app-1a2b.js.map.br']) {
          const response = await t.agent().get(path, { accept, 'accept-encoding': 'br, gzip' });
          expect(response.statusCode, `${path} ${accept}`).toBe(404);
          expect(response.body, `${path} ${accept}`).not.toContain('secret-internals');
        }
      }
    });
  });
});
