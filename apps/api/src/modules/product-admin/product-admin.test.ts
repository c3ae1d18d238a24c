import { type AdminCatalogue, type AdminModelsPage, type AdminRuleSpace, type AuditPage, type CatalogueDraft, DRAFT_PATHS, type DraftChange, type ErrorBody, type PriceImportResult, type PublishResult, type RuleEffect, type VariationsResponse } from '@lumen/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

const ADMIN = '/api/products/v1/product-admin';
const C16 = `${ADMIN}/catalogs/16`;
const REASONS = {
  en: 'White is not made with a DALI driver',
  us: 'White is not made with a DALI driver',
  fr: 'Le blanc n’existe pas avec un driver DALI',
  de: 'Weiß gibt es nicht mit DALI-Treiber',
  it: 'Il bianco non è disponibile con driver DALI',
  es: 'El blanco no se fabrica con driver DALI',
};
const WHITE_DALI = { subFamilyId: 225, models: ['5520'], combinations: [{ Acabado: ['10'], Dim: ['2'] }], reasons: REASONS };

/** Issue 31: product administration — who, the home, drafts, publication, restore, rules, preconfigurations. */
describeWithDb('product administration', () => {
  let t: TestApp;
  let pm: Agent;
  let pm2: Agent;
  let distributor: Agent;

  beforeAll(async () => {
    // sales@ is internal too (by address) but holds no product.admin: refused like anyone else.
    t = await createTestApp({ env: { INTERNAL_EMAILS: 'sales@demo.example' } });
    [pm, pm2, distributor] = [t.agent(), t.agent(), t.agent()];
    await Promise.all([pm.login('product@lumen.example'), pm2.login('product@lumen.example'), distributor.login('distributor@demo.example')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const basePrice = async (agent: Agent, model: string) =>
    (await agent.get(`/api/apiv2/articles/variations?model=${model}&catalog=16`)).json<VariationsResponse>().pricing?.basePrices[model];
  const save = (agent: Agent, { kind, ...body }: { kind: keyof typeof DRAFT_PATHS } & Record<string, unknown>) => agent.put(`${C16}/draft/${DRAFT_PATHS[kind]}`, body);
  const addLine = (agent: Agent, projectId: number, referenceCode: string) => agent.post(`/api/projects/v1/projects/${projectId}/products`, [{ referenceCode }]);

  describe('who', () => {
    it('answers internal users holding product.admin only: 401 anonymous, 403 to the rest (admin, an internal user without the privilege)', async () => {
      const sales = t.agent();
      await sales.login('sales@demo.example');
      const admin = t.agent();
      await admin.login('admin@demo.example');
      expect((await t.agent().get(`${ADMIN}/catalogs`)).statusCode).toBe(401);
      for (const agent of [distributor, admin, sales]) {
        for (const [method, url, body] of [
          ['GET', `${ADMIN}/catalogs`],
          ['GET', `${C16}/models`],
          ['PUT', `${C16}/draft/prices`, { key: '552010/02_10|1', value: { salePrice: '1.00' }, expectedRevision: 0 }],
          ['POST', `${C16}/publish`, { expectedVersion: 1 }],
          ['POST', `${C16}/rules/effect`, { rule: WHITE_DALI }],
        ] as const) {
          const response = await agent.request(method, url, body);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
        }
      }
      const account = await t.agent().login('product@lumen.example');
      expect(account).toMatchObject({ internal: true });
      expect(account.privileges).toContain('product.admin');
    });
  });

  describe('the catalogues’ home', () => {
    it('lists both catalogues with their version, rates and collections', async () => {
      const catalogues = (await pm.get(`${ADMIN}/catalogs`)).json<AdminCatalogue[]>();
      expect(catalogues.map((catalogue) => [catalogue.id, catalogue.currency, catalogue.version])).toEqual([
        [16, 'EUR', 1],
        [21, 'USD', 1],
      ]);
      expect(catalogues[0]?.rates.map((rate) => rate.id)).toEqual([1, 10]);
      expect(catalogues[0]?.collections.some((collection) => collection.subFamilyId === 225)).toBe(true);
    });

    it('searches by reference, model and name and filters by collection', async () => {
      const byReference = (await pm.get(`${C16}/models?search=552010/02_3`)).json<AdminModelsPage>();
      expect(byReference.items.map((item) => item.model)).toEqual(['5520']);
      expect(byReference.items[0]?.articles.map((article) => article.reference)).toContain('552010/02_31');
      expect(byReference.items[0]?.prices).toEqual([
        { rateId: 1, salePrice: '750.00', state: { draft: null, revision: 0 } },
        { rateId: 10, salePrice: '690.00', state: { draft: null, revision: 0 } },
      ]);
      const byName = (await pm.get(`${C16}/models?search=plusminus%20pendant`)).json<AdminModelsPage>();
      expect(byName.items.map((item) => item.model)).toContain('5520');
      const collection = (await pm.get(`${C16}/models?subFamilyId=225&limit=50`)).json<AdminModelsPage>();
      expect(collection.items.every((item) => item.subFamilyId === 225)).toBe(true);
      expect(collection.total).toBeGreaterThan(1);
      expect((await pm.get(`${C16}/models?status=unknown`)).statusCode).toBe(400);
      expect((await pm.get(`${ADMIN}/catalogs/17/models`)).statusCode).toBe(400);
    });
  });

  describe('drafts, publication and restore', () => {
    it('keeps edits in the draft, with before/after, audit rows and optimistic concurrency', async () => {
      const saved = await save(pm, { kind: 'price', key: '552010/02_10|1', value: { salePrice: '800' }, expectedRevision: 0 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<DraftChange>()).toMatchObject({ change: 'changed', before: { salePrice: '750.00' }, after: { salePrice: '800.00' }, revision: 1 });
      // The other product manager saves from the same revision: 409 with the change that won.
      const late = await save(pm2, { kind: 'price', key: '552010/02_10|1', value: { salePrice: '820.00' }, expectedRevision: 0 });
      expect(late.statusCode).toBe(409);
      const other = JSON.parse(late.json<ErrorBody>().fields?.[0]?.message ?? '{}') as { after: unknown; revision: number; updatedBy: string };
      expect(other).toMatchObject({ after: { salePrice: '800.00' }, revision: 1, updatedBy: 'Paula Catálogo' });
      // Nothing the professionals see has moved.
      expect(await basePrice(distributor, '5520')).toBe('750.00');

      expect((await save(pm, { kind: 'finish', key: '5520|05', value: { active: false }, expectedRevision: 0 })).statusCode).toBe(200);
      const bulk = await pm.post(`${C16}/draft/bulk-price`, { percent: 10, model: '5772', rateId: 1 });
      expect(bulk.json()).toEqual({ changed: 1 });
      const names = { en: 'Plusminus pendant 15', us: 'Plusminus pendant 15', fr: 'Suspension Plusminus 15', de: 'Pendelleuchte Plusminus 15', it: 'Sospensione Plusminus 15', es: 'Colgante Plusminus 15' };
      expect((await save(pm, { kind: 'modelName', key: '5520', value: { name: names }, expectedRevision: 0 })).statusCode).toBe(200);
      // Refused input: an unknown entity, a price that is not an amount, a name missing a language.
      expect((await save(pm, { kind: 'article', key: '999999/99_99', value: { active: false }, expectedRevision: 0 })).statusCode).toBe(404);
      expect((await save(pm, { kind: 'price', key: '552010/02_10|1', value: { salePrice: '-3' }, expectedRevision: 1 })).statusCode).toBe(400);
      const { es: _es, ...fiveNames } = names;
      expect((await save(pm, { kind: 'modelName', key: '5520', value: { name: fiveNames }, expectedRevision: 1 })).statusCode).toBe(400);

      const draft = (await pm.get(`${C16}/draft`)).json<CatalogueDraft>();
      const byKey = new Map(draft.changes.map((change) => [`${change.kind}:${change.key}`, change]));
      expect(byKey.get('price:577210/02_10|1') ?? byKey.get([...byKey.keys()].find((key) => key.startsWith('price:5772')) ?? '')).toMatchObject({ before: { salePrice: '1335.00' }, after: { salePrice: '1468.50' } });
      expect(byKey.get('finish:5520|05')).toMatchObject({ change: 'retired', before: { active: true }, after: { active: false } });
      expect(draft.problems).toEqual([]);
      const drafted = (await pm.get(`${C16}/models?status=draft&limit=50`)).json<AdminModelsPage>();
      expect(drafted.items.map((item) => item.model).sort()).toEqual(['5520', '5772']);

      const rows = await t.database.db
        .select({ before: auditEvents.before, after: auditEvents.after })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'catalogue_draft'), eq(auditEvents.entityId, '16:price:552010/02_10|1')));
      expect(rows).toEqual([{ before: { salePrice: '750.00' }, after: { salePrice: '800.00' } }]);
    });

    it('shows a rule’s effect before it is saved, and refuses a publish that would break the catalogue', async () => {
      const effect = (await pm.post(`${C16}/rules/effect`, { key: '225|white-dali', rule: WHITE_DALI })).json<RuleEffect>();
      expect(effect.models.map((model) => model.model)).toEqual(['5520']);
      const [model] = effect.models;
      expect(model?.validBefore).toBeGreaterThan(model?.validAfter ?? 0);
      expect(model?.newlyInvalid.every((combination) => combination.finish === '10' && combination.control === '2')).toBe(true);
      expect(model?.articlesLosingPath).toContain('552010/22_10');
      expect(effect.needsConfirmation).toBe(false);
      // A rule excluding every control leaves the option space unreachable: confirmation needed.
      const everything = (await pm.post(`${C16}/rules/effect`, { rule: { ...WHITE_DALI, combinations: [{ Dim: ['0', '1', '2', 'M'] }] } })).json<RuleEffect>();
      expect(everything.needsConfirmation).toBe(true);
      expect(everything.models[0]?.validAfter).toBe(0);

      expect((await save(pm, { kind: 'rule', key: '225|white-dali', value: WHITE_DALI, expectedRevision: 0 })).statusCode).toBe(200);
      const space = (await pm.get(`${C16}/rules?subFamilyId=225`)).json<AdminRuleSpace>();
      expect(space.rules.find((rule) => rule.key === '225|white-dali')).toMatchObject({ origin: 'draft', revision: 1 });
      expect(space.rules.some((rule) => rule.origin === 'catalogue')).toBe(true);

      // Retiring the base finish would take the model away: publishing is refused with the problem.
      expect((await save(pm, { kind: 'finish', key: '5520|10', value: { active: false }, expectedRevision: 0 })).statusCode).toBe(200);
      const refused = await pm.post(`${C16}/publish`, { expectedVersion: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().fields?.map((field) => field.message)).toContain('productAdmin.problem.noActiveArticle|552010/02_10');
      expect((await pm.request('DELETE', `${C16}/draft/changes?kind=finish&key=${encodeURIComponent('5520|10')}&expectedRevision=1`)).statusCode).toBe(204);
    });

    it('publishes in one step: the distributor sees the new price, loses the retired finish and is refused the excluded combination with its reason; restore puts it all back', async () => {
      const project = (await distributor.post('/api/projects/v1/projects', { name: 'Product admin', catalogId: 16 })).json<{ id: number }>().id;
      expect((await addLine(distributor, project, '552010/22_10')).statusCode).toBe(201);

      expect((await pm.post(`${C16}/publish`, { expectedVersion: 0 })).statusCode).toBe(409);
      const published = await pm.post(`${C16}/publish`, { expectedVersion: 1 });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json<PublishResult>()).toEqual({ version: 2, changes: 5 });
      expect((await pm.get(`${C16}/draft`)).json<CatalogueDraft>()).toMatchObject({ version: 2, changes: [] });

      expect(await basePrice(distributor, '5520')).toBe('800.00');
      const excluded = await addLine(distributor, project, '552010/22_10');
      expect(excluded.statusCode).toBe(400);
      // The distributor reads Spanish: the rule's reason in Spanish.
      expect(excluded.json<ErrorBody>().fields).toEqual([{ path: 'body.0.referenceCode', message: REASONS.es }]);
      expect((await addLine(distributor, project, '552005/02_10')).statusCode).toBe(400);
      const rules = (await distributor.get('/api/products/v1/static/rules/225_16.json')).json<{ ruleSets: Array<{ id: string }> }>();
      expect(rules.ruleSets.map((set) => set.id)).toContain('product-admin-white-dali');
      // Catalogue 21 keeps its own rules.
      const usa = (await distributor.get('/api/products/v1/static/rules/225_21.json')).json<{ ruleSets: Array<{ id: string }> }>();
      expect(usa.ruleSets.map((set) => set.id)).not.toContain('product-admin-white-dali');

      const catalogues = (await pm.get(`${ADMIN}/catalogs`)).json<AdminCatalogue[]>();
      expect(catalogues[0]).toMatchObject({ version: 2, publishedBy: 'Paula Catálogo', canRestore: true, draftChanges: 0 });

      const restored = await pm.post(`${C16}/restore`, { expectedVersion: 2 });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<PublishResult>().version).toBe(3);
      expect(await basePrice(distributor, '5520')).toBe('750.00');
      expect((await addLine(distributor, project, '552010/22_10')).statusCode).toBe(201);
      expect((await addLine(distributor, project, '552005/02_10')).statusCode).toBe(201);
      const names = (await pm.get(`${C16}/models?search=5520&limit=1`)).json<AdminModelsPage>().items[0]?.name;
      expect(names?.en).toBe('Plusminus pendant Ø 15');
      // Nothing more to undo.
      expect((await pm.post(`${C16}/restore`, { expectedVersion: 3 })).statusCode).toBe(409);

      const admin = t.agent();
      await admin.login('admin@demo.example');
      const trail = (await admin.get('/api/users/v1/audit?entity=catalogue&limit=100')).json<AuditPage>();
      expect(trail.items.map((item) => item.action)).toEqual(expect.arrayContaining(['publish', 'restore']));
      expect(trail.items.find((item) => item.entityId === '16' && item.action === 'publish')).toMatchObject({ before: { version: 1 }, after: { version: 2, changes: 5 } });
    });
  });

  describe('preview the draft', () => {
    it('shows the draft in the catalogue to the product manager who turned the switch on, to nobody else, and follows each save', async () => {
      const price = '552010/02_10|1';
      const saved = await save(pm, { kind: 'price', key: price, value: { salePrice: '777' }, expectedRevision: 0 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await save(pm, { kind: 'rule', key: '225|white-dali', value: WHITE_DALI, expectedRevision: 0 })).statusCode).toBe(200);
      expect((await pm.get(`${ADMIN}/preview`)).json()).toEqual({ on: false });
      expect(await basePrice(pm, '5520')).toBe('750.00');

      const on = await pm.put(`${ADMIN}/preview`, { on: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(pm.cookies.get('draftPreview')).toBe('1');
      expect((await pm.get(`${ADMIN}/preview`)).json()).toEqual({ on: true });
      const previewed = await pm.get('/api/apiv2/articles/variations?model=5520&catalog=16');
      expect(previewed.json<VariationsResponse>().pricing?.basePrices['5520']).toBe('777.00');
      expect(previewed.headers['cache-control']).toBe('private, no-store');
      const rules = (await pm.get('/api/products/v1/static/rules/225_16.json')).json<{ ruleSets: Array<{ id: string }> }>();
      expect(rules.ruleSets.map((set) => set.id)).toContain('product-admin-white-dali');
      // The next save shows at once (the preview is kept under the draft's signature).
      expect((await save(pm, { kind: 'price', key: price, value: { salePrice: '778' }, expectedRevision: 1 })).statusCode).toBe(200);
      expect(await basePrice(pm, '5520')).toBe('778.00');

      // Nothing was written: the published catalogue and everyone else are unchanged.
      expect(await basePrice(distributor, '5520')).toBe('750.00');
      expect((await pm.get(`${C16}/draft`)).json<CatalogueDraft>()).toMatchObject({ version: 3 });
      // The cookie alone does nothing for a caller who may not preview, and the switch is refused to them.
      distributor.cookies.set('draftPreview', '1');
      expect(await basePrice(distributor, '5520')).toBe('750.00');
      distributor.cookies.delete('draftPreview');
      expect((await distributor.put(`${ADMIN}/preview`, { on: true })).statusCode).toBe(403);
      expect((await t.agent().put(`${ADMIN}/preview`, { on: true })).statusCode).toBe(401);

      expect((await pm.put(`${ADMIN}/preview`, { on: false })).statusCode).toBe(200);
      expect(pm.cookies.has('draftPreview')).toBe(false);
      expect(await basePrice(pm, '5520')).toBe('750.00');
      for (const [kind, key] of [['price', price], ['rule', '225|white-dali']] as const) {
        const revision = kind === 'price' ? 2 : 1;
        expect((await pm.request('DELETE', `${C16}/draft/changes?kind=${kind}&key=${encodeURIComponent(key)}&expectedRevision=${revision}`)).statusCode).toBe(204);
      }
    });
  });

  describe('prices from a spreadsheet', () => {
    const sheet = async (rows: Array<Array<string | number | null>>) => {
      const workbook = new ExcelJS.Workbook();
      const worksheet = workbook.addWorksheet('Prices');
      worksheet.addRow(['Reference', 'Rate', 'Price']);
      for (const row of rows) worksheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    };
    const importSheet = (file: string, apply: boolean) => pm.post(`${C16}/draft/price-import`, { file, apply });

    it('checks every row, reports each wrong cell by row and column and changes nothing while one is wrong', async () => {
      const file = await sheet([
        ['552010/02_10', 1, 812.5],
        ['552010/02_10', 10, '690.00'],
        ['999999/99_99', 1, 5],
        ['552010/02_10', 7, 'abc'],
        [null, null, null],
        ['552010/02_10', '1', '900'],
      ]);
      const preview = await importSheet(file, false);
      expect(preview.statusCode, preview.body).toBe(200);
      const result = preview.json<PriceImportResult>();
      expect(result).toMatchObject({ rows: 5, applied: false, unchanged: 1, changes: [{ row: 2, key: '552010/02_10|1', before: '750.00', after: '812.50' }] });
      expect(result.errors).toEqual([
        { row: 4, column: 'A', code: 'reference', value: '999999/99_99' },
        { row: 5, column: 'B', code: 'rate', value: '7' },
        { row: 5, column: 'C', code: 'price', value: 'abc' },
        { row: 7, column: 'A', code: 'duplicate', value: '552010/02_10 · 1 (2)' },
      ]);
      const refused = (await importSheet(file, true)).json<PriceImportResult>();
      expect(refused.applied).toBe(false);
      expect((await pm.get(`${C16}/draft`)).json<CatalogueDraft>().changes).toEqual([]);
      // Not a spreadsheet: refused before any row is read.
      expect((await importSheet(Buffer.from('Reference;Rate;Price').toString('base64'), false)).statusCode).toBe(400);
      expect((await importSheet(Buffer.from('PK\u0003\u0004 broken').toString('base64'), true)).statusCode).toBe(400);
    });

    it('writes every change of a clean sheet into the draft in one step, audited', async () => {
      const applied = (await importSheet(await sheet([['552010/02_10', 1, '812,5'], ['552010/02_10', 10, 700]]), true)).json<PriceImportResult>();
      expect(applied).toMatchObject({ applied: true, errors: [], changes: [{ row: 2, after: '812.50' }, { row: 3, before: '690.00', after: '700.00' }] });
      const draft = (await pm.get(`${C16}/draft`)).json<CatalogueDraft>();
      expect(draft.changes.map((change) => [change.key, change.after])).toEqual([
        ['552010/02_10|1', { salePrice: '812.50' }],
        ['552010/02_10|10', { salePrice: '700.00' }],
      ]);
      const rows = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(and(eq(auditEvents.entity, 'catalogue_draft'), eq(auditEvents.entityId, '16:price:552010/02_10|10')));
      expect(rows.map((row) => row.action)).toContain('import');
      // The same sheet again: nothing to change. Back to the published prices: the entities leave the draft.
      expect((await importSheet(await sheet([['552010/02_10', 1, '812.50']]), true)).json<PriceImportResult>()).toMatchObject({ applied: false, unchanged: 1, changes: [] });
      expect((await importSheet(await sheet([['552010/02_10', 1, 750], ['552010/02_10', 10, 690]]), true)).json<PriceImportResult>().applied).toBe(true);
      expect((await pm.get(`${C16}/draft`)).json<CatalogueDraft>().changes).toEqual([]);
      expect((await distributor.post(`${C16}/draft/price-import`, { file: await sheet([]), apply: false })).statusCode).toBe(403);
    });
  });

  describe('preconfigurations', () => {
    it('composes an express list that goes out with the next publish', async () => {
      const value = {
        subFamilyId: 225,
        name: 'Plusminus trio',
        description: { en: 'Three pendants', us: 'Three pendants', fr: 'Trois suspensions', de: 'Drei Pendelleuchten', it: 'Tre sospensioni', es: 'Tres colgantes' },
        visibility: 'website',
        order: 1,
        lines: [{ reference: '552010/02_10', quantity: 3 }],
      };
      expect((await save(pm, { kind: 'preconfig', key: 'new-trio', value, expectedRevision: 0 })).statusCode).toBe(200);
      const bad = { ...value, lines: [{ reference: '999910/02_10', quantity: 1 }] };
      expect((await save(pm, { kind: 'preconfig', key: 'new-bad', value: bad, expectedRevision: 0 })).statusCode).toBe(200);
      const draft = (await pm.get(`${C16}/draft`)).json<CatalogueDraft>();
      expect(draft.problems).toEqual([{ code: 'preconfigReference', kind: 'preconfig', key: 'new-bad', detail: '999910/02_10' }]);
      expect((await pm.request('DELETE', `${C16}/draft/changes?kind=preconfig&key=new-bad&expectedRevision=1`)).statusCode).toBe(204);
      const published = await pm.post(`${C16}/publish`, { expectedVersion: 3 });
      expect(published.statusCode, published.body).toBe(200);
      const list = (await pm.get(`${C16}/preconfigs`)).json<Array<{ id: number | null; name: string; origin: string }>>();
      const made = list.find((preconfig) => preconfig.name === 'Plusminus trio');
      expect(made).toMatchObject({ origin: 'catalogue' });
      const detail = await distributor.get(`/api/products/v1/preconfigs/creation/${made?.id}?catalogId=16&lang=en`);
      expect(detail.statusCode, detail.body).toBe(200);
    });
  });
  describe('order terms', () => {
    it('drafts an article’s MOQ and lead time steps, previews them, publishes them and restores them', async () => {
      const article = async (agent: Agent) => (await agent.get('/api/products/v1/articles/references?reference=552010/02_10&catalogId=16')).json<{ moq: number; leadtime: Array<{ from: number; weeks: number }> }>();
      const published = await article(distributor);
      const terms = { moq: 4, leadtime: [{ from: 1, weeks: 3 }, { from: 100, weeks: 6 }] };
      // Steps must start from 1 and grow.
      expect((await save(pm, { kind: 'terms', key: '552010/02_10', value: { moq: 4, leadtime: [{ from: 5, weeks: 3 }] }, expectedRevision: 0 })).statusCode).toBe(400);
      expect((await save(pm, { kind: 'terms', key: '552010/02_10', value: { moq: 0, leadtime: terms.leadtime }, expectedRevision: 0 })).statusCode).toBe(400);
      const saved = await save(pm, { kind: 'terms', key: '552010/02_10', value: terms, expectedRevision: 0 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<DraftChange>()).toMatchObject({ change: 'changed', before: { moq: published.moq, leadtime: published.leadtime }, after: terms });
      const listed = (await pm.get(`${C16}/models?model=5520`)).json<AdminModelsPage>().items[0]?.articles.find((item) => item.reference === '552010/02_10');
      expect(listed?.termsState).toEqual({ draft: terms, revision: 1 });
      expect(await article(distributor)).toMatchObject({ moq: published.moq });
      await pm.put(`${ADMIN}/preview`, { on: true });
      expect(await article(pm)).toMatchObject(terms);
      await pm.put(`${ADMIN}/preview`, { on: false });

      const version = (await pm.get(`${C16}/draft`)).json<CatalogueDraft>().version;
      const publishing = await pm.post(`${C16}/publish`, { expectedVersion: version });
      expect(publishing.statusCode, publishing.body).toBe(200);
      expect(await article(distributor)).toMatchObject(terms);
      expect((await pm.post(`${C16}/restore`, { expectedVersion: version + 1 })).statusCode).toBe(200);
      expect(await article(distributor)).toMatchObject({ moq: published.moq, leadtime: published.leadtime });
    });
  });
});
