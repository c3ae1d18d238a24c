import { LANGS, TRANSLATION_DOMAINS } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('masters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(TRANSLATION_DOMAINS.flatMap((domain) => LANGS.map((lang) => [domain, lang] as const)))(
    'serves the %s translations in %s with a long cache and an ETag',
    async (domain, lang) => {
      const response = await t.agent().get(`/api/masters/v1/keys/domains/${domain}/files?lang=${lang}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(TRANSLATIONS[domain][lang]);
      expect(response.headers['cache-control']).toMatch(/max-age=\d{5,}/);
      expect(response.headers.etag).toMatch(/^".+"$/);
    },
  );

  it('answers 304 to a matching If-None-Match, 200 to a stale one', async () => {
    const agent = t.agent();
    const first = await agent.get('/api/masters/v1/keys/domains/common-front/files?lang=en');
    const etag = String(first.headers.etag);
    const again = await agent.get('/api/masters/v1/keys/domains/common-front/files?lang=en', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await agent.get('/api/masters/v1/keys/domains/common-front/files?lang=en', { 'if-none-match': `W/${etag}` });
    expect(weak.statusCode).toBe(304);
    const stale = await agent.get('/api/masters/v1/keys/domains/common-front/files?lang=en', { 'if-none-match': '"old"' });
    expect(stale.statusCode).toBe(200);
    const other = await agent.get('/api/masters/v1/keys/domains/common-front/files?lang=fr', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('reads en-US as us and defaults to en', async () => {
    const us = await t.agent().get('/api/masters/v1/keys/domains/fr-widgets/files?lang=en-US');
    expect(us.json()).toEqual(TRANSLATIONS['fr-widgets'].us);
    const none = await t.agent().get('/api/masters/v1/keys/domains/fr-widgets/files');
    expect(none.json()).toEqual(TRANSLATIONS['fr-widgets'].en);
  });

  it.each([
    ['an unknown domain', '/api/masters/v1/keys/domains/passwords/files?lang=en', 'params.domain'],
    ['an unknown language', '/api/masters/v1/keys/domains/common-front/files?lang=pt', 'querystring.lang'],
    ['a hostile domain', `/api/masters/v1/keys/domains/${encodeURIComponent("../../etc/passwd' OR 1=1--")}/files`, 'params.domain'],
    ['a repeated language', '/api/masters/v1/keys/domains/common-front/files?lang=en&lang=fr', 'querystring.lang'],
  ])('rejects %s with 400 naming the field', async (_, url, path) => {
    const response = await t.agent().get(url);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ ErrorCode: 400, code: 'VALIDATION_FAILED' });
    expect(body.fields.map((field: { path: string }) => field.path)).toContain(path);
  });

  it('rejects a very long domain segment without echoing it', async () => {
    const response = await t.agent().get(`/api/masters/v1/keys/domains/${'x'.repeat(5000)}/files`);
    expect([400, 404, 414]).toContain(response.statusCode);
    expect(response.body).not.toContain('x'.repeat(100));
  });

  it.each(LANGS)('lists the six languages described in %s', async (lang) => {
    const response = await t.agent().get(`/api/masters/v1/languages?lang=${lang}`);
    expect(response.statusCode).toBe(200);
    const languages = response.json<Array<{ id: number; isoCode: string; description: string }>>();
    expect(languages.map((language) => language.isoCode).sort()).toEqual([...LANGS].sort());
    expect(new Set(languages.map((language) => language.id)).size).toBe(6);
    for (const language of languages) expect(language.description.length).toBeGreaterThan(2);
  });

  it('describes languages in the asked language', async () => {
    const de = (await t.agent().get('/api/masters/v1/languages?lang=de')).json<Array<{ isoCode: string; description: string }>>();
    expect(de.find((language) => language.isoCode === 'fr')?.description).toBe('Französisch');
    const bad = await t.agent().get('/api/masters/v1/languages?lang=<script>');
    expect(bad.statusCode).toBe(400);
  });
});
