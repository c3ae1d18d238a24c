import { type Article, FlagList, type FlagSettings, type Language, type Project, type ProductsAdded, type VariationsResponse } from '@lumen/contracts';
import { priceWithVariations, type Variation, variationsOfReference } from '@lumen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmOutbox } from '../../db/schema';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { listOutbox } from '../projects/projects.repository';

const FLAGS = '/api/masters/v1/flags';
const P1 = '/api/projects/v1/projects';
/** A catalogue-21 reference whose price the two pricing paths set differently (percent cap vs price cap). */
const USA_REFERENCE = '5664-23/33_50';

/** Each flag the api enforces changes what the api does, per caller. */
describeWithDb('feature flags wired into the api', () => {
  let t: TestApp;
  let admin: Agent;
  let distributor: Agent;
  let importer: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = t.agent();
    await admin.login('admin@demo.example');
    distributor = t.agent();
    await distributor.login('distributor@demo.example');
    importer = t.agent();
    await importer.login('importer@demo.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sets a flag's DEV rollout (the tests' table) and e-mail toggles; returns a function that restores it. */
  async function setFlag(key: string, rollout: number, emailToggles: FlagSettings['emailToggles'] = []): Promise<() => Promise<void>> {
    const flag = FlagList.parse((await admin.get(FLAGS)).json()).flags.find((item) => item.key === key);
    if (!flag) throw new Error(`no flag ${key}`);
    const original: FlagSettings = { description: flag.description, defaultValue: flag.defaultValue, rollout: flag.rollout, emailToggles: flag.emailToggles };
    const response = await admin.put(`${FLAGS}/${key}`, { ...original, rollout: { ...original.rollout, DEV: rollout }, emailToggles });
    expect(response.statusCode).toBe(200);
    return async () => {
      expect((await admin.put(`${FLAGS}/${key}`, original)).statusCode).toBe(200);
    };
  }

  it('upsertVersionD365 decides, per user, whether a product change writes the CRM outbox event', async () => {
    const project = (await distributor.post(P1, { name: 'Outbox by flag', catalogId: 16, products: [] })).json<Project>();
    const addOne = async () => {
      await t.database.db.delete(crmOutbox);
      const response = await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: '552010/02_10' }]);
      expect(response.statusCode).toBe(201);
      return listOutbox(t.database.db);
    };
    expect(await addOne()).toHaveLength(1);
    const restore = await setFlag('upsertVersionD365', 0);
    try {
      expect(await addOne()).toHaveLength(0);
      await setFlag('upsertVersionD365', 0, [{ email: 'distributor@demo.example', enabled: true }]);
      expect(await addOne()).toHaveLength(1);
    } finally {
      await restore();
    }
  });

  it('changePricesCalculation changes the catalogue-21 price the api returns, by reference and in a project', async () => {
    const variations = (await importer.get(`/api/apiv2/articles/variations?model=5664&catalog=21`)).json<VariationsResponse>();
    const base = variations.pricing?.basePrices['5664'];
    expect(base).toBeDefined();
    const domainVariations = variations.variations.filter((variation) => variation.type !== 'pendantHeight') as Variation[];
    const selected = variationsOfReference(domainVariations, { finish: '23', ledColourTemp: '3', control: '3', installation: '50' });
    const context = { catalogId: 21 as const, rateId: variations.pricing?.rateId ?? 0 };
    const newPath = priceWithVariations(base ?? '0', selected, { ...context, changePricesCalculation: true });
    const oldPath = priceWithVariations(base ?? '0', selected, { ...context, changePricesCalculation: false });
    expect(newPath).not.toBe(oldPath);

    const project = (await importer.post(P1, { name: 'USA prices', catalogId: 21, products: [{ referenceCode: USA_REFERENCE }] })).json<Project>();
    const prices = async () => {
      const article = (await importer.get(`/api/products/v1/articles/references?catalogId=21&reference=${encodeURIComponent(USA_REFERENCE)}`)).json<Article>();
      const detail = (await importer.get(`${P1}/${project.id}?prices=true`)).json<Project>();
      return { article: article.price?.unitGross, line: detail.products[0]?.price?.unitGross };
    };
    // DEV has the flag on.
    expect(await prices()).toEqual({ article: newPath, line: newPath });
    const restore = await setFlag('changePricesCalculation', 0);
    try {
      expect(await prices()).toEqual({ article: oldPath, line: oldPath });
    } finally {
      await restore();
    }
  });

  it('hideCloneProjectButton makes the api refuse to duplicate a project (403), for the users it hides the button from', async () => {
    const project = (await distributor.post(P1, { name: 'Clone me', catalogId: 16, products: [] })).json<Project>();
    expect((await distributor.post(`${P1}/${project.id}/clone`, {})).statusCode).toBe(201);
    const restore = await setFlag('hideCloneProjectButton', 1);
    try {
      for (const path of [`${P1}/${project.id}/clone`, `/api/projects/v3/projects/${project.id}/clone`]) {
        const refused = await distributor.post(path, {});
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ code: string }>().code).toBe('FORBIDDEN');
      }
      await setFlag('hideCloneProjectButton', 1, [{ email: 'distributor@demo.example', enabled: false }]);
      expect((await distributor.post(`${P1}/${project.id}/clone`, {})).statusCode).toBe(201);
    } finally {
      await restore();
    }
  });

  it('filterControlM hides the M controls of regular products and filterControlMforCP those of composing pendants', async () => {
    const controls = async (model: string) =>
      (await distributor.get(`/api/apiv2/articles/variations?model=${model}&catalog=16`))
        .json<VariationsResponse>()
        .variations.filter((variation) => variation.type === 'control')
        .map((variation) => variation.modifier);
    // 2350 (Wireflow, regular) and 5770 (Multiple, composing pendants) both offer control M.
    expect(await controls('2350')).toContain('M');
    expect(await controls('5770')).toContain('M');
    const restoreRegular = await setFlag('filterControlM', 1);
    try {
      expect(await controls('2350')).not.toContain('M');
      expect((await controls('2350')).length).toBeGreaterThan(0);
      expect(await controls('5770')).toContain('M');
      const restorePendants = await setFlag('filterControlMforCP', 1);
      try {
        expect(await controls('5770')).not.toContain('M');
      } finally {
        await restorePendants();
      }
    } finally {
      await restoreRegular();
    }
    // A stored line keeps being priced with its own control whatever the filter (see projects.products.ts).
    const project = (await distributor.post(P1, { name: 'M line', catalogId: 16, products: [] })).json<Project>();
    const restore = await setFlag('filterControlM', 1);
    try {
      const added = await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: '746005/M3_31' }]);
      expect(added.statusCode).toBe(201);
      expect(added.json<ProductsAdded>().products).toHaveLength(1);
    } finally {
      await restore();
    }
  });

  it('variationCatalog refuses an unknown brand code (400 on the field); without it the code reads as catalogue 16', async () => {
    const ask = (catalog: string) => distributor.get(`/api/apiv2/articles/variations?model=5520&catalog=${catalog}`);
    expect((await ask('2US')).json<VariationsResponse>().catalogId).toBe(21);
    expect((await ask('3VB')).json<VariationsResponse>().catalogId).toBe(16);
    const refused = await ask('9ZZ');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: Array<{ path: string; message: string }> }>().fields).toEqual([{ path: 'querystring.catalog', message: 'Not exist catalog value' }]);
    const restore = await setFlag('variationCatalog', 0);
    try {
      const read = await ask('9ZZ');
      expect(read.statusCode).toBe(200);
      expect(read.json<VariationsResponse>().catalogId).toBe(16);
    } finally {
      await restore();
    }
    expect((await ask('17')).statusCode).toBe(400);
  });

  describe('flags that only pick the path the web calls: both paths are served', () => {
    it('editLanguagesFromApiHub: languages/{lang} answers what languages?lang= does', async () => {
      const hub = await distributor.get('/api/masters/v1/languages/fr');
      expect(hub.statusCode).toBe(200);
      expect(hub.json<Language[]>()).toEqual((await distributor.get('/api/masters/v1/languages?lang=fr')).json<Language[]>());
      expect((await distributor.get('/api/masters/v1/languages/xx')).statusCode).toBe(400);
    });

    it('getArticlesByReferenceV2 and preconfigListWithCache: v1 and apiv2 paths answer alike', async () => {
      const reference = encodeURIComponent('552010/02_10');
      const v1 = (await distributor.get(`/api/products/v1/articles/references?catalogId=16&reference=${reference}`)).json<Article>();
      const v2 = (await distributor.get(`/api/apiv2/articles/byReference?catalogId=16&reference=${reference}`)).json<Article>();
      expect(v2).toEqual(v1);
      const lists = await Promise.all(
        ['/api/products/v1/preconfigs/list', '/api/apiv2/products/preconfigs/list'].map(async (path) => (await distributor.get(`${path}?catalogId=16&subFamilyId=219`)).json<unknown>()),
      );
      expect(lists[1]).toEqual(lists[0]);
    });
  });
});
