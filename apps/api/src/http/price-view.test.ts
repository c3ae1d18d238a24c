import { withoutPrices } from '@lumen/contracts';
import { ROLE_PRIVILEGES } from '@lumen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../test/openapi-fuzz';
import { type Agent, createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { threeClusters } from '../modules/products/products.creations.test-support';
import { drawnSpace, plusminusV } from '../modules/products/products.drawings.test-support';

/** The probe's test of issue 9 §5 finding 4: any key that names a price. */
const PRICE_KEY = /price|pvp|salePrice|discount|pricing/i;

/** Every key path of a JSON value whose key names a price. */
function priceKeysIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => priceKeysIn(item, `${path}.${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [...(PRICE_KEY.test(key) ? [`${path}.${key}`] : []), ...priceKeysIn(item, `${path}.${key}`)]);
}

describe('withoutPrices', () => {
  it('drops every price key at any depth and keeps the rest, sharing copies of the same object', () => {
    const article = { reference: 'R', priceReference: 'R', price: { unitNet: 1 }, attributes: { finish: { code: '10', priceIncrement: '5' } } };
    const answer = { items: [article, article], pricing: { discounts: {} }, salePrice: 3, total: 2, when: new Date(0) };
    const stripped = withoutPrices(answer);
    expect(stripped).toEqual({ items: [{ reference: 'R', attributes: { finish: { code: '10' } } }, { reference: 'R', attributes: { finish: { code: '10' } } }], total: 2, when: new Date(0) });
    expect(stripped.items[0]).toBe(stripped.items[1]);
    expect(withoutPrices(answer).items[0]).toBe(stripped.items[0]);
    expect(answer.items[0]?.price).toEqual({ unitNet: 1 });
  });
});

/** Catalogue answers (and project lines) for callers without price.view (issue 9 §5 finding 4). */
describeWithDb('no price field without price.view', () => {
  let t: TestApp;
  const agents: Record<'anonymous' | 'webuser' | 'specifier' | 'distributor', Agent> = {} as never;
  const projectOf: Record<string, number> = {};
  /** Concrete calls answering 200, per operation of the OpenAPI document. */
  const calls = new Map<string, string[]>();
  let sharedHash = '';

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['anonymous', 'webuser', 'specifier', 'distributor'] as const) {
      agents[who] = t.agent();
      if (who !== 'anonymous') await agents[who].login(`${who}@demo.example`);
    }
    for (const who of ['webuser', 'specifier', 'distributor'] as const) {
      const created = await agents[who].post('/api/projects/v1/projects', { name: `Prices of ${who}`, catalogId: 16, products: [{ referenceCode: '552010/02_10' }, { referenceCode: '746005/M3_31' }] });
      expect(created.statusCode, created.body).toBe(201);
      projectOf[who] = created.json<{ id: number }>().id;
    }
    const subfamilies = (await agents.anonymous.get('/api/products/v1/static/Subfamilies')).json<Array<{ id: number; catalogs: number[] }>>();
    const files = subfamilies.flatMap(({ id, catalogs }) => catalogs.flatMap((catalog) => ['byFamily', 'accessories', 'rules'].map((folder) => `/api/products/v1/static/${folder}/${id}_${catalog}.json`)));
    expect(files.filter((file) => file.includes('byFamily'))).toHaveLength(29);
    const preconfigs = (await agents.distributor.get('/api/products/v1/preconfigs/list?catalogId=16&subFamilyId=225')).json<Array<{ id: number }>>();
    // A shared drawing (issue 16 §5): its viewer's evaluation is priced only with price.view.
    const shared = await agents.anonymous.post('/api/products/v1/creations/shared', { space: drawnSpace(plusminusV()), subFamilyId: 225 });
    expect(shared.statusCode, shared.body).toBe(201);
    sharedHash = shared.json<{ hash: string }>().hash;
    const variations = ['?model=5520&catalog=16', '?model=5520,5525&catalog=16&subfamily=225', '?model=5520&catalog=21'];
    const references = ['?reference=552010/02_10', '?reference=5520-10/03_10'];
    const entries: Array<[string, string[]]> = [
      ['GET /api/products/v1/catalogs/get-min', ['']],
      ['GET /api/products/v1/categories/collections', ['?catalogId=16', '?catalogId=21']],
      ['GET /api/products/v1/articles/models', ['?catalog=16&subFamilyId=225', '?catalog=21&subFamilyId=225']],
      ['GET /api/products/v2/articles/listModelsByFamily', ['?catalog=16&subFamilyId=225']],
      ['GET /api/apiv2/articles/variations', variations],
      ['GET /api/products/v2/articles/variations', variations],
      ['GET /api/products/v1/articles/references', references],
      ['GET /api/apiv2/articles/byReference', references],
      ['GET /api/products/v2/article/search', ['?search=5520', '?search=552010']],
      ['GET /api/products/v2/articles/technicalInfo', ['?subFamily=225&catalog=16']],
      ['GET /api/products/v2/articles/technicalInfoByModel', ['?model=5520&catalog=16']],
      ['GET /api/products/v2/articles/spotlight', ['?subFamily=225&catalog=16']],
      ['GET /api/products/v2/articles/attachments', ['?model=5520']],
      ['GET /api/products/v2/applicationLocation', ['?applicationId=1&locationId=1']],
      ['GET /api/products/v1/preconfigs/list', ['?catalogId=16&subFamilyId=225', '?catalogId=21']],
      ['GET /api/apiv2/products/preconfigs/list', ['?catalogId=16&subFamilyId=225']],
      ['GET /api/products/v1/preconfigs/creation/{id}', preconfigs.map((preconfig) => `/api/products/v1/preconfigs/creation/${preconfig.id}`)],
      ['GET /api/products/v1/decision-trees/layers/{layer}', ['/api/products/v1/decision-trees/layers/A?catalogId=16&subFamilyId=225']],
      ['GET /api/products/v1/decision-trees/{id}', ['/api/products/v1/decision-trees/22516']],
      ['POST /api/products/v1/articles/get-image-details', ['']],
      ['POST /api/products/v1/creations/evaluate', ['']],
      ['GET /api/products/v1/creations/shared/{hash}', [`/api/products/v1/creations/shared/${sharedHash}`, `/api/products/v1/creations/shared/${sharedHash}?lang=fr`]],
      ['GET /api/products/v1/configs/{id}', ['/api/products/v1/configs/503']],
      ['GET /api/apiv2/product/config/{id}', ['/api/apiv2/product/config/503']],
      ['GET /api/apiv2/subfamily/{id}/designer', ['/api/apiv2/subfamily/225/designer']],
      ['GET /api/products/v1/static/{name}', ['Subfamilies', 'IndexSubfamiliesNames.json', 'modelSubFamilyNameDictionary'].map((name) => `/api/products/v1/static/${name}`)],
      ['GET /api/products/v1/static/{folder}/{file}', files],
    ];
    for (const [operation, suffixes] of entries) {
      const path = operation.split(' ')[1] ?? '';
      calls.set(operation, suffixes.map((suffix) => (suffix.startsWith('/') ? suffix : `${path}${suffix}`)));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** Project lines carry catalogue data too: the detail and product calls, with prices asked for. */
  function projectCalls(who: string): string[] {
    const id = projectOf[who] ?? 0;
    return [`/api/projects/v1/projects/${id}`, `/api/projects/v2/projects/${id}`, `/api/apiv2/project/${id}`, `/api/projects/v1/projects/${id}/products`, `/api/apiv2/project/${id}/products`].map(
      (url) => `${url}?prices=true`,
    );
  }

  /** What each catalogue POST is sent: prices the client claims, and a crea room to price. */
  const POST_BODIES: Readonly<Record<string, unknown>> = {
    'POST /api/products/v1/articles/get-image-details': [{ reference: '552010/02_10', price: 12, model: '5520' }, { referenceCode: '5520-10/03_10' }],
    'POST /api/products/v1/creations/evaluate': { space: threeClusters(), quantity: 2 },
  };

  async function answer(agent: Agent, operation: string, url: string) {
    if (!operation.startsWith('POST ')) return agent.get(url);
    if (!(operation in POST_BODIES)) throw new Error(`no body for ${operation}`);
    return agent.post(url, POST_BODIES[operation]);
  }

  it('has a call for every catalogue operation of the OpenAPI document, those added later included', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument & { paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const catalogue = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.includes('products'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(catalogue.length).toBeGreaterThan(20);
    expect(catalogue.filter((operation) => !calls.has(operation))).toEqual([]);
  });

  it('the demo privilege matrix: web users and specifiers do not hold price.view, distributors do', () => {
    expect(ROLE_PRIVILEGES.webUser).not.toContain('price.view');
    expect(ROLE_PRIVILEGES.specifier).not.toContain('price.view');
    expect(ROLE_PRIVILEGES.distributor).toContain('price.view');
  });

  for (const who of ['anonymous', 'webuser', 'specifier'] as const) {
    it(`answers ${who} every catalogue call without a price field anywhere`, async () => {
      const leaks: string[] = [];
      let answered = 0;
      for (const [operation, urls] of calls) {
        for (const url of urls) {
          const response = await answer(agents[who], operation, url);
          expect(response.statusCode, `${operation} ${url}: ${response.body.slice(0, 200)}`).toBe(200);
          answered += 1;
          for (const key of priceKeysIn(response.json())) leaks.push(`${url} ${key}`);
        }
      }
      expect(leaks.slice(0, 20)).toEqual([]);
      // Visitors read the whole catalogue too (issue 10 §1), without prices.
      expect(answered).toBeGreaterThan(120);
    });
  }

  for (const who of ['webuser', 'specifier'] as const) {
    it(`answers ${who} their project lines without a price field, prices asked for or not`, async () => {
      for (const url of projectCalls(who)) {
        const response = await agents[who].get(url);
        expect(response.statusCode, response.body).toBe(200);
        expect(priceKeysIn(response.json()), url).toEqual([]);
      }
    });
  }

  it('still gives a distributor every price: surcharges, pricing, article, model, preconfiguration and line prices', async () => {
    const variations = (await agents.distributor.get('/api/apiv2/articles/variations?model=5520&catalog=16')).json<Record<string, unknown>>();
    expect(priceKeysIn(variations)).toEqual(expect.arrayContaining(['.pricing', '.variations.0.priceIncrement', '.variations.0.priceIncrementDollars', '.variations.0.priceIncrementPercent', '.articles.0.priceReference']));
    expect(variations.pricing).toMatchObject({ currency: 'EUR', rateId: 1 });
    const article = (await agents.distributor.get('/api/products/v1/articles/references?reference=552010/02_10')).json<{ price: { unitGross: number; discountPercent: number } }>();
    expect(article.price.unitGross).toBeGreaterThan(0);
    expect(article.price.discountPercent).toBeGreaterThan(0);
    const models = (await agents.distributor.get('/api/products/v1/articles/models?catalog=16&subFamilyId=225')).json<Array<{ priceFrom: unknown }>>();
    expect(models.every((model) => model.priceFrom !== undefined)).toBe(true);
    const preconfigs = (await agents.distributor.get('/api/products/v1/preconfigs/list?catalogId=16&subFamilyId=225')).json<Array<{ price: unknown }>>();
    expect(preconfigs.some((preconfig) => preconfig.price !== null && preconfig.price !== undefined)).toBe(true);
    const shared = (await agents.distributor.get(`/api/products/v1/creations/shared/${sharedHash}`)).json<{ evaluation: { price: { unitNet: number } } }>();
    expect(shared.evaluation.price.unitNet).toBeGreaterThan(0);
    for (const url of projectCalls('distributor')) {
      expect(priceKeysIn((await agents.distributor.get(url)).json()), url).toEqual(expect.arrayContaining([expect.stringMatching(/\.price$/)]));
    }
  });

  it('never puts prices in the public static files, not even for a distributor (they are cached publicly)', async () => {
    for (const url of calls.get('GET /api/products/v1/static/{folder}/{file}') ?? []) {
      expect(priceKeysIn((await agents.distributor.get(url)).json()), url).toEqual([]);
    }
  });
});
