import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CookieNotice, FlagList, LANGS, RuntimeConfig, SERVICE_NAMES } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '../../http/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SOCIAL_COOKIE } from '../auth/social/social.routes';
import { describeWithDb } from '../../../test/test-db';
import { inRollout } from '../flags/flags.bucketing';

describeWithDb('platform: /config.json and /cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /config.json', () => {
    it('gives the runtime configuration, never cached: environment, service paths, socket path, timeouts', async () => {
      const response = await t.agent().get('/config.json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      const config = RuntimeConfig.parse(response.json());
      expect(config.environment).toBe('test');
      expect(config.flagsEnvironment).toBe('DEV');
      for (const service of SERVICE_NAMES) expect(config.services[service]).toBe(`/api/${service}`);
      expect(config.socketPath).toBe('/v2/socketio/docs/download');
      expect(config.documentsDownloadPath).toBe('/sr-documents/v1/docs-web/download');
      expect(config.timeouts).toEqual({ clientMs: 15_000, uploadMs: 60_000 });
    });

    it("carries the caller's evaluated flags: the same answers the api decides with", async () => {
      const admin = t.agent();
      const account = await admin.login('admin@demo.example');
      const list = FlagList.parse((await admin.get('/api/masters/v1/flags')).json());
      const flag = list.flags.find((item) => item.key === 'getArticlesByReferenceV2');
      if (!flag) throw new Error('no getArticlesByReferenceV2');
      await admin.put('/api/masters/v1/flags/getArticlesByReferenceV2', {
        description: flag.description,
        defaultValue: flag.defaultValue,
        rollout: { ...flag.rollout, DEV: 0.5 },
        emailToggles: [{ email: 'specifier@demo.example', enabled: true }],
      });
      const specifier = t.agent();
      await specifier.login('specifier@demo.example');

      const forAdmin = RuntimeConfig.parse((await admin.get('/config.json')).json()).flags;
      const forSpecifier = RuntimeConfig.parse((await specifier.get('/config.json')).json()).flags;
      const forAnonymous = RuntimeConfig.parse((await t.agent().get('/config.json')).json()).flags;
      expect(forAdmin.getArticlesByReferenceV2).toBe(inRollout('getArticlesByReferenceV2', String(account.id), 0.5));
      expect(forSpecifier.getArticlesByReferenceV2).toBe(true);
      expect(forAnonymous.getArticlesByReferenceV2).toBe(false);
      const evaluated = (await specifier.get('/api/masters/v1/flags/evaluated')).json<{ flags: Record<string, boolean> }>().flags;
      expect(forSpecifier).toEqual(evaluated);
      // Flags that only choose a path for the web are served too.
      for (const key of ['unifiedCodeVersion', 'preconfigListWithCache', 'getArticlesByReferenceV2', 'editLanguagesFromApiHub', 'RemoteDriverCP', 'hideCloneProjectButton']) {
        expect(typeof forAnonymous[key], key).toBe('boolean');
      }
    });

    it('is served by the api before the SPA fallback, even when the built web holds a config.json', async () => {
      const dist = mkdtempSync(join(tmpdir(), 'lumen-web-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lumen Pro</title><div id="root"></div>');
      writeFileSync(join(dist, 'config.json'), '{"stale":true}');
      const withWeb = await createTestApp({ env: { WEB_DIST_DIR: dist }, database: t.database });
      try {
        for (const path of ['/config.json', '/cookie']) {
          const response = await withWeb.agent().get(path);
          expect(response.statusCode, path).toBe(200);
          expect(response.headers['content-type'], path).toMatch(/^application\/json/);
        }
        expect(RuntimeConfig.safeParse((await withWeb.agent().get('/config.json')).json()).success).toBe(true);
        expect((await withWeb.agent().get('/projects', { accept: 'text/html' })).headers['content-type']).toMatch(/^text\/html/);
      } finally {
        await withWeb.close();
        rmSync(dist, { recursive: true, force: true });
      }
    });

    it('treats a bad or expired session as an anonymous visitor', async () => {
      const agent = t.agent();
      agent.cookies.set('token', 'not-a-token');
      const response = await agent.get('/config.json');
      expect(response.statusCode).toBe(200);
      expect(RuntimeConfig.parse(response.json()).flags.getArticlesByReferenceV2).toBe(false);
    });
  });

  describe('GET /cookie', () => {
    it('describes every cookie the platform sets: purpose, lifetime, httpOnly, category; no consent needed', async () => {
      const response = await t.agent().get('/cookie');
      expect(response.statusCode).toBe(200);
      const notice = CookieNotice.parse(response.json());
      expect(notice.lang).toBe('en');
      expect(notice.consentRequired).toBe(false);
      expect(notice.cookies.map((cookie) => cookie.name).sort()).toEqual([...Object.values(COOKIE), ...Object.values(SOCIAL_COOKIE)].sort());
      const byName = new Map(notice.cookies.map((cookie) => [cookie.name, cookie]));
      expect(byName.get(COOKIE.access)).toMatchObject({ category: 'strictly-necessary', httpOnly: true, maxAgeSeconds: 2_592_000 });
      expect(byName.get(COOKIE.refresh)).toMatchObject({ category: 'strictly-necessary', httpOnly: true });
      expect(byName.get(COOKIE.language)).toMatchObject({ category: 'preference', httpOnly: false });
      // Social sign-up's cookies live ten minutes (the flow's state, then the pending link).
      expect(byName.get(SOCIAL_COOKIE.state)).toMatchObject({ category: 'strictly-necessary', httpOnly: true, maxAgeSeconds: 600 });
      expect(byName.get(SOCIAL_COOKIE.link)).toMatchObject({ category: 'strictly-necessary', httpOnly: true, maxAgeSeconds: 600 });
      for (const cookie of notice.cookies) {
        expect(cookie.purpose).toBe(TRANSLATIONS['common-front'].en[cookie.purposeKey]);
        for (const lang of LANGS) expect(TRANSLATIONS['common-front'][lang][cookie.purposeKey], `${lang} ${cookie.purposeKey}`).toBeTruthy();
      }
    });

    it('answers in the asked language, else the language cookie; 400 on an unknown language', async () => {
      const french = CookieNotice.parse((await t.agent().get('/cookie?lang=fr')).json());
      expect(french.lang).toBe('fr');
      expect(french.cookies[0]?.purpose).toBe(TRANSLATIONS['common-front'].fr[french.cookies[0]?.purposeKey ?? '']);
      const agent = t.agent();
      agent.cookies.set(COOKIE.language, 'de');
      expect(CookieNotice.parse((await agent.get('/cookie')).json()).lang).toBe('de');
      agent.cookies.set(COOKIE.language, 'xx');
      expect(CookieNotice.parse((await agent.get('/cookie')).json()).lang).toBe('en');
      const bad = await t.agent().get('/cookie?lang=xx');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: Array<{ path: string }> }>().fields.map((field) => field.path)).toContain('querystring.lang');
    });
  });
});
