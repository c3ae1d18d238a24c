import type { CreationCode, ImportResult, ProductsAdded, ProductUpdated, Project, ProjectListPage, ProjectProduct, ProjectSummary, ProjectVersion } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects as projectsTable } from '../../db/schema';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { listOutbox } from './projects.repository';
import { createProject, type DemoRole, type ErrorAnswer, listAll, loginAll, P1, REF16, REF21, V2 } from './projects.test-support';

describeWithDb('projects: calls', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('create and detail', () => {
    it('creates a project with products and references; detail answers it with catalogue context', async () => {
      const response = await as.distributor.post(P1, {
        name: 'Hotel Atlántico (hall) - fase 1',
        catalogId: 16,
        products: [{ referenceCode: REF16[0], quantity: 3 }, { type: 'CREATION', model: '5520' }],
        references: [REF16[1]],
      });
      expect(response.statusCode).toBe(201);
      const project = response.json<Project>();
      expect(project).toMatchObject({ name: 'Hotel Atlántico (hall) - fase 1', catalogId: 16, currency: 'EUR', status: 1, origin: 'OWN', productsCount: 3, versionNumber: 1 });
      expect(project.products.map((p) => [p.type, p.referenceCode, p.quantity])).toEqual([
        ['REGULAR', REF16[0], 3],
        ['CREATION', null, 1],
        ['REGULAR', REF16[1], 1],
      ]);
      const creation = project.products[1] as ProjectProduct;
      expect(creation.creationCode).toMatch(/^CR\d{9}$/);
      expect(creation.isPersonalized).toBe(0);
      const regular = project.products[0] as ProjectProduct;
      expect(regular).toMatchObject({ model: '5520', isPersonalized: 1, validation: { status: null } });
      expect(regular.subFamily?.id).toBeTypeOf('number');
      expect(regular.attributes?.finish?.code).toBe('10');
      expect(project.permissions).toMatchObject({ edit: true, delete: true, clone: true });

      const detail = await as.distributor.get(`${P1}/${project.id}?lang=es&prices=true`);
      expect(detail.statusCode).toBe(200);
      const priced = detail.json<Project>();
      const line = priced.products[0] as ProjectProduct;
      expect(line.price).toMatchObject({ currency: 'EUR' });
      expect(line.price?.totalNet).toBeCloseTo((line.price?.unitNet ?? 0) * 3, 2);
      expect(priced.totalNet).toBeTypeOf('number');
      expect(line.attributes?.finish?.description).not.toBe('');
      // apiv2 and v2 serve the same detail
      for (const url of [`${V2}/project/${project.id}`, `/api/projects/v2/projects/${project.id}`]) {
        const same = await as.distributor.get(url);
        expect(same.statusCode).toBe(200);
        expect(same.json<Project>().id).toBe(project.id);
      }
      // parseProducts=false leaves out the catalogue context
      const raw = (await as.distributor.get(`${P1}/${project.id}?parseProducts=false`)).json<Project>();
      expect(raw.products[0]?.attributes).toBeUndefined();
    });

    it('answers no prices without price.view', async () => {
      const project = await createProject(as.specifier, { products: [{ referenceCode: REF16[0] }] });
      const detail = (await as.specifier.get(`${P1}/${project.id}?prices=1`)).json<Project>();
      expect(detail.products[0]).not.toHaveProperty('price');
      expect(detail.totalNet).toBeNull();
    });

    it('a catalogue-21 reference cannot enter a catalogue-16 project (400 with the field)', async () => {
      const response = await as.distributor.post(P1, { name: 'Wrong catalogue', catalogId: 16, products: [{ referenceCode: REF16[0] }, { referenceCode: REF21 }] });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>().fields).toEqual([expect.objectContaining({ path: 'body.products.1.referenceCode' })]);
      const page = await listAll(as.distributor, '&search=Wrong%20catalogue');
      expect(page.items).toHaveLength(0);
    });

    it('rejects malformed, missing, oversized and hostile input with 400 and the fields', async () => {
      const cases: Array<[unknown, string]> = [
        [{ catalogId: 16 }, 'body.name'],
        [{ name: '', catalogId: 16 }, 'body.name'],
        [{ name: 'a'.repeat(51), catalogId: 16 }, 'body.name'],
        [{ name: '<script>alert(1)</script>', catalogId: 16 }, 'body.name'],
        [{ name: 'Ok', catalogId: 17 }, 'body.catalogId'],
        [{ name: 'Ok', products: [{ referenceCode: 'NOT A REF' }] }, 'body.products.0.referenceCode'],
        [{ name: 'Ok', products: [{ referenceCode: REF16[0], quantity: 0 }] }, 'body.products.0.quantity'],
        [{ name: 'Ok', products: [{ referenceCode: REF16[0], quantity: 1.5 }] }, 'body.products.0.quantity'],
        [{ name: 'Ok', products: [{ type: 'CREATION' }] }, 'body.products.0.model'],
        [{ name: 'Ok', products: [{}] }, 'body.products.0.referenceCode'],
        [{ name: 'Ok', products: [{ referenceCode: '999910/02_10' }] }, 'body.products.0.referenceCode'],
        [{ name: 'Ok', products: 'nope' }, 'body.products'],
        [{ name: 'Ok', products: Array.from({ length: 201 }, () => ({ referenceCode: REF16[0] })) }, 'body.products'],
      ];
      for (const [body, path] of cases) {
        const response = await as.distributor.post(P1, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.json<ErrorAnswer>().fields?.map((f) => f.path) ?? [], JSON.stringify(body).slice(0, 80)).toContain(path);
      }
      const malformed = await as.distributor.request('POST', P1, '{"name":', { 'content-type': 'application/json' });
      expect(malformed.statusCode).toBe(400);
      expect((await as.distributor.get(`${P1}/abc`)).statusCode).toBe(400);
      expect((await as.distributor.get(`${P1}/99999999999`)).statusCode).toBe(400);
      expect((await as.distributor.get(`${P1}/999999`)).statusCode).toBe(404);
    });

    it('hostile input: oversized bodies, prototype keys, injection attempts', async () => {
      const huge = await as.distributor.post(P1, { name: 'Huge', products: [{ referenceCode: REF16[0], compositions: [{ blob: 'x'.repeat(1_100_000) }] }] });
      expect(huge.statusCode).toBe(413);
      const proto = await as.distributor.request('POST', P1, '{"name":"Proto","__proto__":{"polluted":true}}', { 'content-type': 'application/json' });
      expect(proto.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // A title may hold quotes and semicolons: stored as text, never read as SQL.
      const injected = await as.distributor.post(P1, { name: "x'; drop table projects; --" });
      expect(injected.statusCode).toBe(201);
      expect(injected.json<Project>().name).toBe("x'; drop table projects; --");
      const markup = await as.distributor.post(P1, { name: 'Hotel <script>' });
      expect(markup.statusCode).toBe(400);
      expect(markup.json<ErrorAnswer>().fields?.[0]).toEqual({ path: 'body.name', message: 'formError.pattern' });
      for (const name of ['Hotel St. Regis, lobby', 'Planta 2 – zona B', 'Отель Москва', '北京饭店']) {
        const created = await as.distributor.post(P1, { name });
        expect(created.statusCode, name).toBe(201);
        expect(created.json<Project>().name).toBe(name);
      }
      const search = await as.distributor.get(`${P1}/filter?search=${encodeURIComponent("' or 1=1 --")}`);
      expect(search.statusCode).toBe(200);
      expect(search.json<ProjectListPage>().items).toEqual([]);
      expect((await listAll(as.distributor)).items.length).toBeGreaterThan(0);
      const wrongType = await as.distributor.request('POST', P1, 'name=x', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(wrongType.statusCode).toBe(415);
      // Nested free JSON is stored on a regular line; a creation's compositions are the server's (projects.creations.test.ts).
      const nested = await createProject(as.distributor, { name: 'Nested', products: [{ referenceCode: REF16[0], compositions: [{ model: '7460', articles: [{ a: { b: { c: [1, 2, 3] } } }] }] }] });
      expect(nested.products[0]?.compositions).toEqual([{ model: '7460', articles: [{ a: { b: { c: [1, 2, 3] } } }] }]);
    });

    it('a web user may not add by reference (product.add.reference)', async () => {
      expect((await as.webuser.post(P1, { name: 'By ref', references: [REF16[0]] })).statusCode).toBe(403);
      expect((await as.webuser.post(P1, { name: 'By ref', products: [{ referenceCode: REF16[0], addedBy: 'REFERENCE' }] })).statusCode).toBe(403);
      expect((await as.webuser.post(P1, { name: 'From collection', products: [{ referenceCode: REF16[0], addedBy: 'COLLECTION' }] })).statusCode).toBe(201);
    });

    it('defaults the catalogue to the user’s (importer: 21)', async () => {
      const project = await createProject(as.importer, { catalogId: undefined, products: [{ referenceCode: REF21 }] });
      expect(project).toMatchObject({ catalogId: 21, currency: 'USD', origin: 'IMPORTER' });
    });
  });

  describe('list', () => {
    it('pages, searches, sorts and answers meta; v3 is fixed at 5', async () => {
      for (const name of ['Zeta list', 'alpha list', 'Mid list']) await createProject(as.webuser, { name });
      const first = (await as.webuser.get(`${P1}/filter?itemsPerPage=2&page=1&search=list&sortBy=NAME_ASC`)).json<ProjectListPage>();
      expect(first.items.map((i) => i.name)).toEqual(['alpha list', 'Mid list']);
      expect(first.meta).toEqual({ page: 1, itemsPerPage: 2, totalItems: 3, totalPages: 2, sortBy: 'NAME_ASC', projectType: 'ALL' });
      const second = (await as.webuser.get(`${V2}/projects/filter?limit=2&page=2&search=list&sortBy=NAME_ASC`)).json<ProjectListPage>();
      expect(second.items.map((i) => i.name)).toEqual(['Zeta list']);
      const desc = (await as.webuser.get(`${P1}/filter?search=list&sortBy=NAME_DESC`)).json<ProjectListPage>();
      expect(desc.items.map((i) => i.name)).toEqual(['Zeta list', 'Mid list', 'alpha list']);
      const recent = (await as.webuser.get(`${P1}/filter?search=list&sortBy=UPDATED_RECENT`)).json<ProjectListPage>();
      const older = (await as.webuser.get(`${P1}/filter?search=list&sortBy=UPDATED_OLDER`)).json<ProjectListPage>();
      expect(recent.items.map((i) => i.id)).toEqual([...older.items.map((i) => i.id)].reverse());
      for (const url of [`/api/projects/v3/projects?limit=50`, `/api/projects/v3/projects/withOutCRM?itemsPerPage=50`]) {
        const v3 = (await as.webuser.get(url)).json<ProjectListPage>();
        expect(v3.meta.itemsPerPage).toBe(5);
        expect(v3.items.length).toBeLessThanOrEqual(5);
      }
      // LIKE wildcards are text, not patterns
      expect((await listAll(as.webuser, '&search=%25')).items).toHaveLength(0);
    });

    it('rejects bad list queries with the field', async () => {
      for (const [query, path] of [
        ['sortBy=NEWEST', 'querystring.sortBy'],
        ['page=0', 'querystring.page'],
        ['itemsPerPage=1000', 'querystring.itemsPerPage'],
        ['projectType=EVERYONE', 'querystring.projectType'],
        [`search=${'x'.repeat(101)}`, 'querystring.search'],
      ] as const) {
        const response = await as.webuser.get(`${P1}/filter?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json<ErrorAnswer>().fields?.[0]?.path).toBe(path);
      }
    });

    it('type=LIST names and the project types', async () => {
      const names = await as.distributor.get(`${P1}?type=LIST`);
      expect(names.statusCode).toBe(200);
      expect(names.json<Array<{ name: string }>>().map((n) => n.name)).toContain('Hotel Ritz lobby');
      const types = await as.distributor.get(`${P1}/types?lang=es`);
      expect(types.json<Array<{ code: string; description: string }>>()).toContainEqual({ code: 'COMPANY', description: 'Proyectos de la empresa' });
      const webTypes = (await as.webuser.get(`${P1}/types`)).json<Array<{ code: string }>>();
      expect(webTypes.map((x) => x.code)).not.toContain('COMPANY');
    });
  });

  describe('rename, name, delete, status', () => {
    it('renames (v1 and apiv2), reads the name, checks the name rules', async () => {
      const project = await createProject(as.specifier, { name: 'Before' });
      const renamed = await as.specifier.put(`${P1}/${project.id}`, { name: 'After' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<ProjectSummary>()).toMatchObject({ name: 'After', revision: project.revision + 1 });
      expect((await as.specifier.put(`${V2}/project/${project.id}/projectName`, { name: 'After v2' })).statusCode).toBe(200);
      expect((await as.specifier.get(`${V2}/project/${project.id}/projectName`)).json()).toEqual({ id: project.id, name: 'After v2' });
      const long = await as.specifier.put(`${P1}/${project.id}`, { name: 'x'.repeat(51) });
      expect(long.statusCode).toBe(400);
      expect(long.json<ErrorAnswer>().fields).toEqual([{ path: 'body.name', message: 'formError.maxLength' }]);
      expect((await as.specifier.put(`${P1}/${project.id}`, {})).statusCode).toBe(400);
      const stale = await as.specifier.put(`${P1}/${project.id}`, { name: 'Stale', expectedRevision: 0 });
      expect(stale.statusCode).toBe(409);
    });

    it('deletes: hidden from lists, detail 404, no more actions', async () => {
      const project = await createProject(as.specifier, { name: 'To delete' });
      const deleted = await as.specifier.request('DELETE', `${P1}/${project.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ id: project.id, status: 0, deleted: [project.id] });
      expect((await as.specifier.get(`${P1}/${project.id}`)).statusCode).toBe(404);
      expect((await listAll(as.specifier, '&search=To%20delete')).items).toHaveLength(0);
      expect((await as.specifier.request('DELETE', `${P1}/${project.id}`)).statusCode).toBe(404);
      expect((await as.specifier.put(`${P1}/${project.id}`, { name: 'Back' })).statusCode).toBe(404);
    });

    it('ORDER is read only: readable, every change answers 409', async () => {
      const project = await createProject(as.distributor, { name: 'Ordered', products: [{ referenceCode: REF16[0] }] });
      await t.database.db.update(projectsTable).set({ status: 2 }).where(eq(projectsTable.id, project.id));
      const detail = await as.distributor.get(`${P1}/${project.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json<Project>()).toMatchObject({ status: 2, permissions: { edit: false, delete: false } });
      const productId = project.products[0]?._id ?? '';
      const attempts = [
        as.distributor.put(`${P1}/${project.id}`, { name: 'X' }),
        as.distributor.request('DELETE', `${P1}/${project.id}`),
        as.distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[1] }]),
        as.distributor.put(`${P1}/${project.id}/products/${productId}`, { quantity: 2 }),
        as.distributor.request('DELETE', `${P1}/${project.id}/products/${productId}`),
        as.distributor.post(`${V2}/project/${project.id}/version`, {}),
      ];
      for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(409);
      // duplicating an ordered project makes an editable copy
      const copy = await as.distributor.post(`${P1}/${project.id}/clone`, {});
      expect(copy.statusCode).toBe(201);
      expect(copy.json<ProjectSummary>().status).toBe(1);
    });
  });

  describe('duplicate and versions', () => {
    it('duplicates (v1 and v3) with products, default and given names', async () => {
      const project = await createProject(as.distributor, { name: 'Original', products: [{ referenceCode: REF16[0], quantity: 2 }] });
      const copy = await as.distributor.post(`${P1}/${project.id}/clone`);
      expect(copy.statusCode).toBe(201);
      // the default name is in the caller's language (the distributor's is Spanish)
      expect(copy.json<ProjectSummary>()).toMatchObject({ name: 'Original (copia)', productsCount: 1, versionNumber: 1 });
      const named = await as.distributor.post(`/api/projects/v3/projects/${project.id}/clone`, { name: 'Named copy' });
      expect(named.json<ProjectSummary>().name).toBe('Named copy');
      const copied = (await as.distributor.get(`${P1}/${named.json<ProjectSummary>().id}`)).json<Project>();
      expect(copied.products[0]?.quantity).toBe(2);
      expect(copied.products[0]?._id).not.toBe(project.products[0]?._id);
      expect((await as.distributor.post(`${P1}/${project.id}/clone`, { name: 'bad<name' })).statusCode).toBe(400);
      // issue 10 §8: a 50-character name gives copies of other names, each distinct, within 50
      const long = await createProject(as.distributor, { name: 'L'.repeat(50) });
      const copies: string[] = [];
      for (let n = 0; n < 3; n += 1) copies.push((await as.distributor.post(`${P1}/${long.id}/clone`)).json<ProjectSummary>().name);
      expect(copies).toEqual([`${'L'.repeat(42)} (copia)`, `${'L'.repeat(40)} (copia 2)`, `${'L'.repeat(40)} (copia 3)`]);
      const english = await createProject(as.distributor2, { name: 'S'.repeat(50) });
      expect((await as.distributor2.post(`${P1}/${english.id}/clone`)).json<ProjectSummary>().name).toBe(`${'S'.repeat(43)} (copy)`);
    });

    it('versions: create (title, e-mail), list, update', async () => {
      const project = await createProject(as.specifier, { name: 'Versioned', products: [{ referenceCode: REF16[0] }] });
      const v2 = await as.specifier.post(`${V2}/project/${project.id}/version`, { title: 'Second', email: 'client@example.com' });
      expect(v2.statusCode).toBe(201);
      expect(v2.json<ProjectSummary>()).toMatchObject({ versionOf: project.id, versionNumber: 2, versionTitle: 'Second', productsCount: 1 });
      const v3 = await as.specifier.post(`${V2}/project/${v2.json<ProjectSummary>().id}/version`);
      expect(v3.json<ProjectSummary>()).toMatchObject({ versionOf: project.id, versionNumber: 3, versionTitle: null });
      const versions = (await as.specifier.get(`${V2}/project/${project.id}/versions`)).json<ProjectVersion[]>();
      expect(versions.map((v) => [v.versionNumber, v.current])).toEqual([
        [1, true],
        [2, false],
        [3, false],
      ]);
      const updated = await as.specifier.post(`${V2}/project/${v3.json<ProjectSummary>().id}/version/update`, { title: 'Third' });
      expect(updated.json<ProjectSummary>().versionTitle).toBe('Third');
      const badTitle = await as.specifier.post(`${V2}/project/${project.id}/version`, { title: 'x'.repeat(31) });
      expect(badTitle.json<ErrorAnswer>().fields).toEqual([{ path: 'body.title', message: 'formError.maxLength' }]);
      const badMail = await as.specifier.post(`${V2}/project/${project.id}/version`, { email: 'nope' });
      expect(badMail.json<ErrorAnswer>().fields).toEqual([{ path: 'body.email', message: 'formError.email' }]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(t.mailer.messages.some((mail) => mail.to === 'client@example.com')).toBe(true);
    });
  });

  describe('products', () => {
    it('adds (array, all or none), clones, updates, deletes, filters, validates', async () => {
      const project = await createProject(as.distributor, { name: 'Lines' });
      const added = await as.distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }, { referenceCode: REF16[1], quantity: 5, isPersonalized: 0 }]);
      expect(added.statusCode).toBe(201);
      const [a, b] = added.json<ProductsAdded>().products as [ProjectProduct, ProjectProduct];
      expect(added.json<ProductsAdded>().revision).toBe(project.revision + 1);

      // a failed multi-product add leaves nothing behind
      const failed = await as.distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[2] }, { referenceCode: REF21 }]);
      expect(failed.statusCode).toBe(400);
      expect(failed.json<ErrorAnswer>().fields?.[0]?.path).toBe('body.1.referenceCode');
      expect((await as.distributor.get(`${P1}/${project.id}`)).json<Project>().productsCount).toBe(2);

      const apiv2 = await as.distributor.post(`${V2}/project`, { projectId: project.id, products: [{ referenceCode: REF16[2] }], config: { view: 'grid' } });
      expect(apiv2.statusCode).toBe(201);

      const clone = await as.distributor.post(`${V2}/projects/${project.id}/products/${a._id}/clone`);
      expect(clone.statusCode).toBe(201);
      expect(clone.json<ProductsAdded>().products[0]).toMatchObject({ referenceCode: a.referenceCode, quantity: a.quantity });

      const updated = await as.distributor.put(`${P1}/${project.id}/products/${b._id}`, { quantity: 7, configId: 12 });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<ProductUpdated>().product).toMatchObject({ quantity: 7, configId: 12, referenceCode: b.referenceCode });
      const changedRef = await as.distributor.put(`${P1}/${project.id}/products/${b._id}`, { referenceCode: REF16[3] });
      expect(changedRef.json<ProductUpdated>().product).toMatchObject({ referenceCode: REF16[3], model: REF16[3].slice(0, 4), quantity: 7 });
      expect((await as.distributor.put(`${P1}/${project.id}/products/${b._id}`, { referenceCode: REF21 })).statusCode).toBe(400);
      expect((await as.distributor.put(`${P1}/${project.id}/products/${b._id}`, { quantity: -1 })).statusCode).toBe(400);
      expect((await as.distributor.put(`${P1}/${project.id}/products/${b._id}`, {})).statusCode).toBe(400);
      expect((await as.distributor.put(`${P1}/${project.id}/products/${b._id}`, { quantity: 2, expectedRevision: 0 })).statusCode).toBe(409);

      const personalized = (await as.distributor.get(`${P1}/${project.id}/products?isPersonalized=0`)).json<ProjectProduct[]>();
      expect(personalized.map((p) => p._id)).toEqual([b._id]);
      const validated = await as.distributor.put(`${V2}/project/${project.id}/product/${b._id}/validate`);
      expect(validated.json()).toMatchObject({ _id: b._id, validation: { status: 'VALIDATED' } });
      expect((await as.distributor.get(`${V2}/project/${project.id}/products?isPersonalized=0`)).json<ProjectProduct[]>()).toEqual([]);
      expect((await as.distributor.get(`${P1}/${project.id}/products?isPersonalized=2`)).statusCode).toBe(400);

      const deleted = await as.distributor.request('DELETE', `${P1}/${project.id}/products/${a._id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await as.distributor.request('DELETE', `${P1}/${project.id}/products/${a._id}`)).statusCode).toBe(404);
      expect((await as.distributor.request('DELETE', `${P1}/${project.id}/products/not-a-uuid`)).statusCode).toBe(400);
      const detail = (await as.distributor.get(`${P1}/${project.id}`)).json<Project>();
      expect(detail.productsCount).toBe(3);
      expect(detail.config).toEqual({ view: 'grid' });
      expect((await as.distributor.post(`${P1}/${project.id}/products`, [])).statusCode).toBe(400);
      expect((await as.distributor.post(`${P1}/${project.id}/products`, { referenceCode: REF16[0] })).statusCode).toBe(400);
    });

    it('with upsertVersionD365 off, product changes write no CRM event', async () => {
      // The PRO table does not hold the flag (and no remote service is set): off, its default.
      const pro = await createTestApp({ env: { FLAGS_ENV: 'PRO' }, database: t.database });
      try {
        const distributor = pro.agent();
        await distributor.login('distributor@demo.example');
        const project = await createProject(distributor, { name: 'No flag', products: [{ referenceCode: REF16[0] }] });
        await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[1] }]);
        await distributor.put(`${P1}/${project.id}/products/${project.products[0]?._id ?? ''}`, { quantity: 3 });
        const events = await listOutbox(t.database.db);
        expect(events.filter((event) => (event.payload as { projectId: number }).projectId === project.id)).toEqual([]);
      } finally {
        await pro.close();
      }
    });

    it('a project holds at most 1000 products; the add that would pass it adds nothing', async () => {
      const project = await createProject(as.distributor, { name: 'Full' });
      for (let i = 0; i < 5; i += 1) {
        const batch = Array.from({ length: 200 }, (_, j) => ({ referenceCode: REF16[j % 4] ?? REF16[0] }));
        expect((await as.distributor.post(`${P1}/${project.id}/products`, batch)).statusCode).toBe(201);
      }
      const over = await as.distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }, { referenceCode: REF16[1] }]);
      expect(over.statusCode).toBe(400);
      expect(over.json<ErrorAnswer>().fields?.[0]?.path).toBe('body');
      const [first] = (await as.distributor.get(`${P1}/${project.id}/products`)).json<ProjectProduct[]>();
      expect((await as.distributor.post(`${V2}/projects/${project.id}/products/${first?._id ?? ''}/clone`)).statusCode).toBe(400);
      expect((await as.distributor.get(`${P1}/${project.id}/tooltip-info`)).json()).toMatchObject({ productsCount: 1000 });
    });

    it('tech-info-actions and tooltip-info', async () => {
      const project = await createProject(as.distributor, { name: 'Info', products: [{ referenceCode: REF16[0], quantity: 3 }, { type: 'CREATION', model: '7460' }] });
      const actions = (await as.distributor.get(`${P1}/${project.id}/tech-info-actions`)).json<{ download: boolean; actions: Array<{ code: string; enabled: boolean }> }>();
      expect(actions.download).toBe(true);
      expect(actions.actions.find((a) => a.code === 'energyLabel')?.enabled).toBe(true);
      const tooltip = (await as.distributor.get(`${P1}/${project.id}/tooltip-info`)).json();
      expect(tooltip).toMatchObject({ projectId: project.id, name: 'Info', productsCount: 2, unitsCount: 4, personalizedCount: 1, versionsCount: 1 });
    });
  });

  describe('creation codes', () => {
    it('CR + counter + 1 padded to 9 digits, never twice, also under concurrent calls', async () => {
      const first = (await as.distributor.post(`${P1}/products/generate-creation-code`, { prefixCode: 'CR' })).json<CreationCode>();
      expect(first.creationCode).toBe(`CR${String(first.creationNumber).padStart(9, '0')}`);
      const second = (await as.distributor.post(`${P1}/products/generate-creation-code`)).json<CreationCode>();
      expect(second.creationNumber).toBe(first.creationNumber + 1);
      const many = await Promise.all(Array.from({ length: 40 }, () => as.specifier.post(`${P1}/products/generate-creation-code`, { prefixCode: 'CR' })));
      const codes = many.map((r) => r.json<CreationCode>().creationCode);
      expect(new Set(codes).size).toBe(40);
      expect(Math.max(...many.map((r) => r.json<CreationCode>().creationNumber))).toBe(second.creationNumber + 40);
      expect((await as.distributor.post(`${P1}/products/generate-creation-code`, { prefixCode: 'cr1' })).statusCode).toBe(400);
    });
  });

  describe('third parties', () => {
    it('assigns by e-mail; the assignee sees it as ASSIGNED and imports it once', async () => {
      const project = await createProject(as.specifier, { name: 'For the distributor', products: [{ referenceCode: REF16[0] }] });
      expect((await as.distributor.get(`${P1}/${project.id}`)).statusCode).toBe(404);
      const notAssignedYet = await as.distributor.put(`${P1}/${project.id}/import`);
      expect(notAssignedYet.statusCode).toBe(200);
      expect(notAssignedYet.json<ImportResult>()).toEqual({ success: false, status: 404 });

      // The refusals name the web's message keys on body.email (issue 30 §1).
      const nobody = await as.specifier.post(`${P1}/${project.id}/assign-thirdparty`, { email: 'nobody@demo.example' });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json<ErrorAnswer>().fields).toEqual([{ path: 'body.email', message: 'projects.assign.unknown' }]);
      expect((await as.specifier.post(`${P1}/${project.id}/assign-thirdparty`, { email: 'not-an-email' })).json<ErrorAnswer>().fields?.[0]?.path).toBe('body.email');
      const owner = await as.specifier.post(`${P1}/${project.id}/assign-thirdparty`, { email: 'specifier@demo.example' });
      expect(owner.statusCode).toBe(400);
      expect(owner.json<ErrorAnswer>().fields).toEqual([{ path: 'body.email', message: 'projects.assign.owner' }]);
      const assigned = await as.specifier.post(`${V2}/projects/${project.id}/assign-thirdparty`, { email: 'Distributor@demo.example' });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json()).toMatchObject({ projectId: project.id, isAssignedThirdparty: true, assignee: { email: 'distributor@demo.example' } });

      const seen = (await as.distributor.get(`${P1}/${project.id}`)).json<Project>();
      expect(seen).toMatchObject({ origin: 'ASSIGNED', isAssignedThirdparty: true, permissions: { edit: false } });
      expect((await listAll(as.distributor, '&projectType=ASSIGNED')).items.map((i) => i.id)).toContain(project.id);
      expect((await as.distributor.put(`${P1}/${project.id}`, { name: 'Mine now' })).statusCode).toBe(403);

      const imported = await as.distributor.put(`${P1}/${project.id}/import`);
      expect(imported.statusCode).toBe(200);
      const result = imported.json<ImportResult>();
      expect(result).toMatchObject({ success: true, status: 200, project: { origin: 'THIRDPARTY', productsCount: 1 } });
      expect((await listAll(as.distributor, '&projectUserRole=THIRDPARTY')).items.map((i) => i.id)).toContain(result.project?.id);
      expect((await as.distributor.put(`${P1}/${project.id}/import`)).json<ImportResult>()).toEqual({ success: false, status: 400 });
      expect((await as.distributor2.put(`${P1}/${project.id}/import`)).json<ImportResult>()).toEqual({ success: false, status: 404 });
    });
  });
});
