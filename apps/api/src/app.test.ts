import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { describeWithDb } from '../test/test-db';

describeWithDb('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        app.get('/api/test/v1/boom', { config: { access: 'public' } }, async () => {
          throw new Error('secret connection string postgres://admin:hunter2@db/prod');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('operations', () => {
    it('answers /health and /ready', async () => {
      expect((await t.agent().get('/health')).json()).toEqual({ status: 'ok' });
      const ready = await t.agent().get('/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready' });
    });

    it('answers /ready with 503 when the database is gone', async () => {
      const broken = await createTestApp({
        database: {
          ...t.database,
          ping: async () => {
            throw new Error('connection refused');
          },
        },
      });
      try {
        const response = await broken.agent().get('/ready');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ ErrorCode: 503, code: 'UNAVAILABLE' });
        expect(response.body).not.toContain('refused');
        expect((await broken.agent().get('/health')).statusCode).toBe(200);
      } finally {
        await broken.app.close();
      }
    });

    it('echoes a sane request id and makes one otherwise', async () => {
      expect((await t.agent().get('/health', { 'x-request-id': 'abc-123' })).headers['x-request-id']).toBe('abc-123');
      const generated = (await t.agent().get('/health', { 'x-request-id': '<script>\n' })).headers['x-request-id'];
      expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sets security headers with a CSP that lets the SPA run', async () => {
      const headers = (await t.agent().get('/health')).headers;
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      // Styles by hash, never 'unsafe-inline' (issue 29 §8; security-headers.test.ts).
      expect(csp).toMatch(/style-src 'self' 'sha256-[^;]+;/);
      expect(csp).not.toContain("'unsafe-inline'");
      expect(csp).toMatch(/img-src 'self' data: blob:/);
      expect(csp).toContain("object-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('errors', () => {
    it('answers an unknown /api route with a 404 error body, whatever the method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await t.agent().request(method, '/api/nothing/v1/here', method === 'POST' ? {} : undefined, { accept: 'text/html' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ ErrorCode: 404, code: 'NOT_FOUND' });
      }
    });

    it('hides internals in 5xx answers', async () => {
      const response = await t.agent().get('/api/test/v1/boom');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ ErrorCode: 500, ErrorDescription: 'Something wrong happened', code: 'INTERNAL' });
      expect(response.body).not.toContain('hunter2');
    });

    it('answers a malformed URL with 400 and ignores a trailing slash', async () => {
      const bad = await t.agent().get('/api/users/v1/users/email-validate/%E0%A4%A');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ ErrorCode: 400 });
      expect((await t.agent().get('/api/users/v1/account/')).statusCode).toBe(401);
    });

    it('answers an over-long path parameter with 414 and without echoing it', async () => {
      const response = await t.agent().get(`/api/users/v1/users/email-validate/${'a'.repeat(2000)}`);
      expect(response.statusCode).toBe(414);
      expect(response.json()).toMatchObject({ code: 'URI_TOO_LONG' });
      expect(response.body).not.toContain('a'.repeat(100));
    });
  });

  describe('OpenAPI', () => {
    it('publishes the document generated from the route schemas', async () => {
      const response = await t.agent().get('/api/docs/json');
      expect(response.statusCode).toBe(200);
      const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> }>();
      expect(doc.openapi).toMatch(/^3\./);
      for (const path of [
        '/api/users/v1/auth/signup',
        '/api/users/v1/auth/login',
        '/api/users/v1/auth/refresh',
        '/api/users/v1/auth/logout',
        '/api/users/v1/auth/password-reset',
        '/api/users/v1/auth/password-reset/confirm',
        '/api/users/v1/auth/password-change',
        '/api/users/v1/auth/qualification',
        '/api/users/v1/account',
        '/api/users/v1/users/email-validate/{email}',
        '/api/users/v1/users/{id}',
        '/api/users/v1/company-types',
        '/api/users/v1/users/lang',
        '/api/users/v1/users/client-code',
        '/api/users/v1/user/{id}',
        '/api/masters/v1/keys/domains/{domain}/files',
        '/api/masters/v1/languages',
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
      expect(doc.paths['/api/users/v1/auth/login']?.post?.requestBody).toBeDefined();
      expect(doc.paths['/api/users/v1/account']?.get?.responses['200']).toBeDefined();
    });

    it('serves the browsable reference', async () => {
      let response = await t.agent().get('/api/docs');
      if (response.statusCode === 302) response = await t.agent().get(String(response.headers.location));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('swagger');
      expect(response.headers['content-type']).toContain('text/html');
    });
  });

  describe('single-page app', () => {
    it('answers a page request with a clear 503 when the web app is not built', async () => {
      const response = await t.agent().get('/projects/12', { accept: 'text/html,application/xhtml+xml' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
      const asset = await t.agent().get('/assets/app.js', { accept: '*/*' });
      expect(asset.statusCode).toBe(404);
    });

    describe('with a build', () => {
      let dist: string;
      let spa: TestApp;
      beforeAll(async () => {
        dist = mkdtempSync(join(tmpdir(), 'lumen-web-dist-'));
        mkdirSync(join(dist, 'assets'));
        writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script></body></html>');
        writeFileSync(join(dist, 'assets', 'app-1a2b.js'), 'console.log("app")');
        spa = await createTestApp({ database: t.database, env: { WEB_DIST_DIR: dist } });
      });
      afterAll(async () => {
        await spa?.app.close();
        rmSync(dist, { recursive: true, force: true });
      });

      it('serves index.html at / and for any page route (history fallback), never cached', async () => {
        for (const path of ['/', '/projects/12', '/profile?tab=company', '/error-403']) {
          const response = await spa.agent().get(path, { accept: 'text/html' });
          expect(response.statusCode, path).toBe(200);
          expect(response.body).toContain('<div id="root">');
          expect(response.headers['cache-control']).toBe('no-cache');
        }
      });

      it('serves hashed assets with a long immutable cache', async () => {
        const response = await spa.agent().get('/assets/app-1a2b.js');
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toContain('immutable');
      });

      it('keeps /api and non-HTML requests out of the fallback', async () => {
        expect((await spa.agent().get('/api/unknown', { accept: 'text/html' })).statusCode).toBe(404);
        const missingAsset = await spa.agent().get('/assets/missing.js', { accept: '*/*' });
        expect(missingAsset.statusCode).toBe(404);
        expect(missingAsset.json()).toMatchObject({ code: 'NOT_FOUND' });
        expect((await spa.agent().post('/projects', {}, { accept: 'text/html' })).statusCode).toBe(404);
        expect((await spa.agent().get('/../../etc/passwd', { accept: 'text/html' })).body).not.toContain('root:');
      });
    });
  });
});
