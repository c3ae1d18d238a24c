import { LANGS, MenuList, PublicConfiguration } from '@lumen/contracts';
import { PRIVILEGES } from '@lumen/domain';
import { TRANSLATIONS } from '@lumen/i18n';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

const SPEC_FLAGS = [
  'upsertVersionD365',
  'unifiedCodeVersion',
  'preconfigListWithCache',
  'accessoryPriceInOrderView',
  'getArticlesByReferenceV2',
  'editLanguagesFromApiHub',
  'projectRequestBudgetV2',
  'sendOfferWithDownloadBudget',
  'validateComposingPendantsProduct',
  'composeUrlPreview',
  'showQualifiedUserDataFromDynamics',
];

describeWithDb('masters menus and configurations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the professional-area navigation with spec routes, label keys and the privileges each needs', async () => {
    const response = await t.agent().get('/api/masters/v1/configurations/menus');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
    const menus = MenuList.parse(response.json());
    const byPath = new Map(menus.map((entry) => [entry.path, entry]));
    expect(byPath.get('/orders')?.privileges).toEqual(['order.view']);
    // An invoice is a price document: order.view and price.view both.
    expect(byPath.get('/invoices')).toMatchObject({ privileges: ['order.view'], allPrivileges: ['price.view'], area: 'account' });
    expect(byPath.get('/users-management')).toMatchObject({ privileges: ['company.manage.user'], area: 'account' });
    // The web's header is drawn from it: the catalogue for visitors too, projects for any project view, support.
    expect(byPath.get('/create-project')).toMatchObject({ privileges: [], requiresLogin: false, area: 'header' });
    expect(byPath.get('/projects')).toMatchObject({ privileges: ['project.view', 'project.view.company', 'project.view.assigned.company'], requiresLogin: true, area: 'header' });
    expect(byPath.get('/support')).toMatchObject({ privileges: ['support.request'], requiresLogin: false, area: 'header' });
    expect(byPath.get('/my-profile')).toMatchObject({ privileges: [], requiresLogin: true, area: 'account' });
    expect(byPath.get('/professional-area')).toMatchObject({ privileges: [], requiresLogin: false, area: 'brand' });
    for (const entry of menus) {
      for (const privilege of [...entry.privileges, ...entry.allPrivileges]) expect(PRIVILEGES).toContain(privilege);
      expect(entry.labelKey).toMatch(/^menu\.[a-zA-Z]+$/);
      for (const lang of LANGS) expect(TRANSLATIONS['fr-eproject'][lang][entry.labelKey], `${lang} ${entry.labelKey}`).toBeTruthy();
      expect(entry.path).toMatch(/^\/[a-z-/]+$/);
    }
    expect(new Set(menus.map((entry) => entry.id)).size).toBe(menus.length);
    const orders = menus.map((entry) => entry.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('serves the public configuration: catalogues, languages, defaults, flag rollout per environment, limits', async () => {
    const response = await t.agent().get('/api/masters/v1/configurations');
    expect(response.statusCode).toBe(200);
    const configuration = PublicConfiguration.parse(response.json());
    expect(configuration.catalogs).toEqual([
      { id: 16, name: 'INT', currency: 'EUR', currencyLocale: 'de-DE' },
      { id: 21, name: 'USA', currency: 'USD', currencyLocale: 'en-US' },
    ]);
    expect(configuration.defaultCatalogId).toBe(16);
    expect(configuration.defaultLanguage).toBe('en');
    expect(configuration.languages.map((language) => language.isoCode)).toEqual([...LANGS]);
    expect(configuration.languages.find((language) => language.isoCode === 'us')).toEqual({ isoCode: 'us', locale: 'en-US', searchWord: 'search' });
    expect(configuration.languages.find((language) => language.isoCode === 'de')?.searchWord).toBe('suchen');
    // The flag table (src/modules/flags) holds every flag the spec names, and more.
    for (const key of SPEC_FLAGS) expect(configuration.featureFlags.keys).toContain(key);
    expect(configuration.featureFlags.environments.PRO).toEqual({});
    for (const environment of ['DEV', 'NEWPRO'] as const) {
      const table = configuration.featureFlags.environments[environment];
      expect(Object.keys(table).length).toBeGreaterThan(0);
      for (const [flag, probability] of Object.entries(table)) {
        expect(configuration.featureFlags.keys).toContain(flag);
        expect(probability).toBeGreaterThanOrEqual(0);
        expect(probability).toBeLessThanOrEqual(1);
      }
    }
    expect(configuration.limits).toMatchObject({ clientTimeoutMs: 15000, uploadTimeoutMs: 60000, maxUploadBytes: 10485760, cookieLifetimeMs: 2592000000 });
    expect(configuration.limits.uploadExtensions).toContain('pdf');
    expect(configuration.defaults).toEqual({ theme: 'light', catalogViewMode: 'grid' });
  });

  it('needs no session and ignores unknown query parameters and cookies', async () => {
    const agent = t.agent();
    agent.cookies.set('token', 'not-a-token');
    for (const url of ['/api/masters/v1/configurations?x=%27%3B--', '/api/masters/v1/configurations/menus?lang=zz']) {
      const response = await agent.get(url);
      expect(response.statusCode).toBe(200);
    }
  });

  it('documents the countries, regions, geo-IP and configuration calls in the OpenAPI document', async () => {
    const response = await t.agent().get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/masters/v1/countries',
      '/api/masters/v1/countries/{geonameId}/{level2}',
      '/api/masters/v1/countries/{geonameId}/{level2}/{level2Id}/{level3}',
      '/api/masters/v1/common/default-values/by-ip/{ip}',
      '/api/masters/v1/common/ip',
      '/api/masters/v1/configurations/menus',
      '/api/masters/v1/configurations',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('rejects other methods on the configuration paths', async () => {
    const response = await t.agent().post('/api/masters/v1/configurations', { defaultLanguage: 'fr' });
    expect([404, 405]).toContain(response.statusCode);
  });
});
