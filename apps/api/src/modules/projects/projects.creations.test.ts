import type { CreationComposition, CreationRevision, Project, ProjectProduct, ProductsAdded, ProductUpdated } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectProducts } from '../../db/schema';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { pdfText, qpdfCheck } from '../../../test/document-readers';
import { describeWithDb } from '../../../test/test-db';
import { cluster, space, threeClusters } from '../products/products.creations.test-support';
import { createProject, type DemoRole, type ErrorAnswer, loginAll, P1 } from './projects.test-support';

const CODE = `${P1}/products/generate-creation-code`;

/**
 * Issue 15 §4: a creation is added with its element tree and creation code; the server rebuilds it,
 * reruns the rules, recomputes the bill of materials and price and stores them (never the client's);
 * an invalid tree is a 400 with the rule codes; saving again writes a new revision and keeps the old
 * ones; a saved tree reopens migrated forward.
 */
describeWithDb('projects: crea creations', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function creationCode(agent: Agent): Promise<string> {
    const response = await agent.post(CODE, { prefixCode: 'CR' });
    expect(response.statusCode).toBe(200);
    return response.json<{ creationCode: string }>().creationCode;
  }

  async function addCreation(agent: Agent, projectId: number, product: Record<string, unknown>) {
    return agent.post(`${P1}/${projectId}/products`, [{ type: 'CREATION', subFamily: { id: 259 }, configuratorType: { id: 1 }, ...product }]);
  }

  describe('generate-creation-code', () => {
    it('CR + 9 digits, a new one per call, the same one for a retry with the same Idempotency-Key', async () => {
      const first = await creationCode(as.specifier);
      const second = await creationCode(as.specifier);
      expect(first).toMatch(/^CR\d{9}$/);
      expect(Number(second.slice(2))).toBeGreaterThan(Number(first.slice(2)));
      const key = `crea-${Date.now()}`;
      const once = await as.specifier.post(CODE, { prefixCode: 'CR' }, { 'idempotency-key': key });
      const again = await as.specifier.post(CODE, { prefixCode: 'CR' }, { 'idempotency-key': key });
      expect(again.json()).toEqual(once.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('needs a session and project.add or project.edit', async () => {
      expect((await t.agent().post(CODE, { prefixCode: 'CR' })).statusCode).toBe(401);
    });
  });

  it('stores what the server computed: compositions, totals, space, creation code and number, family, category, configurator; never the client’s figures', async () => {
    const project = await createProject(as.distributor, { name: 'Crea lobby' });
    const code = await creationCode(as.distributor);
    const forged = [{ compositionNumber: 1, articles: [{ referenceCode: 'FAKE', prices: { totalNet: 0.01 } }], totalWatts: 1 }];
    const response = await addCreation(as.distributor, project.id, { model: '5770', creationCode: code, quantity: 2, space: threeClusters(), compositions: forged, price: { totalNet: 1 } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    const [line] = response.json<ProductsAdded>().products;
    expect(line).toMatchObject({
      type: 'CREATION',
      model: '5770',
      creationCode: code,
      creationNumber: Number(code.slice(2)),
      quantity: 2,
      subFamily: { id: 259 },
      category: { id: 7 },
      configuratorType: { id: 1 },
      revision: 1,
      lumensLed: 3 * 3900,
      watts: 131.7,
      space: { schemaVersion: 3, type: 'Space' },
    });
    const [composition] = line!.compositions as Array<{ articles: Array<{ referenceCode: string; quantity: number; prices?: { totalNet: number } }> }>;
    expect(composition!.articles.map((a) => [a.referenceCode, a.quantity])).toEqual([['577010/02_10', 3]]);
    expect(composition!.articles[0]!.prices!.totalNet).toBeGreaterThan(1);
    // The revision is kept.
    const revisions = (await as.distributor.get(`${P1}/${project.id}/products/${line!._id}/revisions`)).json<CreationRevision[]>();
    expect(revisions.map((r) => [r.revision, r.quantity, r.totals.lights])).toEqual([[1, 2, 3]]);
    // The line's price is the creation's, for the reader's rate: two sets of its priced lines.
    const priced = (await as.distributor.get(`${P1}/${project.id}?prices=true`)).json<Project>().products[0]!;
    const setNet = (line!.compositions as Array<{ articles: Array<{ prices: { totalNet: number } }>; accessories: Array<{ prices?: { totalNet: number } }> }>)
      .flatMap((c) => [...c.articles.map((a) => a.prices.totalNet), ...c.accessories.map((a) => a.prices?.totalNet ?? 0)])
      .reduce((sum, value) => sum + value, 0);
    expect(priced.price).toMatchObject({ currency: 'EUR' });
    expect(priced.price!.unitNet).toBeCloseTo(setNet, 2);
    expect(priced.price!.totalNet).toBeCloseTo(setNet * 2, 2);
  });

  it('the creation spec sheet lists the bill of materials the server stored', async () => {
    const project = await createProject(as.distributor, { name: 'Crea sheet' });
    const two = space([cluster('a', { x: -0.5 }), cluster('b', { x: 0.5, model: '5772' })]);
    const [line] = (await addCreation(as.distributor, project.id, { space: two })).json<ProductsAdded>().products;
    const sheet = await as.distributor.get(`/api/apiv2/documents/generate-creation-specsheet/${line!.creationCode}?lang=en`);
    expect(sheet.statusCode).toBe(200);
    qpdfCheck(sheet.rawPayload);
    const text = pdfText(sheet.rawPayload);
    expect(text).toContain('577010/02_10');
    expect(text).toContain('577210/02_10');
    // A driver shows once per electrical group, not again among the accessories (where the stored bill also names it).
    const bill = text.slice(text.indexOf('Bill of materials'));
    const driverRows = line!.compositions.flatMap((composition) => (composition as CreationComposition).electricalGroups.flatMap((group) => group.drivers.map((driver) => driver.driverCode)));
    expect(driverRows.length).toBeGreaterThan(0);
    for (const code of new Set(driverRows)) expect(bill.split(code).length - 1, code).toBe(driverRows.filter((row) => row === code).length);
  });

  it('without price.view the stored lines show no price (a web user’s own creation)', async () => {
    const project = await createProject(as.webuser, { name: 'My crea' });
    const response = await addCreation(as.webuser, project.id, { space: threeClusters() });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    const [line] = response.json<ProductsAdded>().products;
    expect(line!.model).toBe('5770');
    expect(line!.creationCode).toMatch(/^CR\d{9}$/);
    expect(JSON.stringify(line!.compositions)).not.toMatch(/"prices"|"priceReference"|"isAvailablePrice"/);
    expect(line!.compositions).toHaveLength(1);
  });

  it('refuses an invalid tree with the rule codes, naming the elements, and stores nothing', async () => {
    const project = await createProject(as.specifier, { name: 'Crea refused' });
    const broken = space([cluster('a', { x: -0.5 }), cluster('b', { x: 0.5, finish: '58', control: '2' })]);
    const rule = await addCreation(as.specifier, project.id, { space: broken });
    expect(rule.statusCode).toBe(400);
    expect(rule.json<ErrorAnswer>()).toMatchObject({ code: 'RULE_FAILED', fields: [{ path: 'body.0.space.l-b' }] });
    const collision = await addCreation(as.specifier, project.id, { space: space([cluster('a', { x: 0.1 }), cluster('b', { x: 0.15 })]) });
    expect(collision.json<ErrorAnswer>()).toMatchObject({ code: 'COLLIDES', fields: [{ path: 'body.0.space.k-a' }, { path: 'body.0.space.k-b' }] });
    const refused = await addCreation(as.specifier, project.id, { space: space([cluster('a', { installation: '31' })], { ceilingMaterial: 'concrete' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorAnswer>()).toMatchObject({ code: 'INSTALLATION_REFUSED', fields: [{ path: 'body.0.space' }] });
    const unknown = await addCreation(as.specifier, project.id, { space: { ...threeClusters(), children: [{ type: 'Spaceship', id: 'x', props: {} }] } });
    expect(unknown.json<ErrorAnswer>().code).toBe('BASE_CANNOT_BE_INSTANCED');
    const detail = (await as.specifier.get(`${P1}/${project.id}`)).json<Project>();
    expect(detail.products).toEqual([]);
  });

  it('another company’s project is a 404 for adding, reading revisions and saving', async () => {
    const project = await createProject(as.distributor, { name: 'Not yours' });
    const [line] = (await addCreation(as.distributor, project.id, { space: threeClusters() })).json<ProductsAdded>().products;
    expect((await addCreation(as.distributor2, project.id, { space: threeClusters() })).statusCode).toBe(404);
    expect((await as.distributor2.get(`${P1}/${project.id}/products/${line!._id}/revisions`)).statusCode).toBe(404);
    expect((await as.distributor2.put(`${P1}/${project.id}/products/${line!._id}`, { space: threeClusters() })).statusCode).toBe(404);
    expect((await t.agent().get(`${P1}/${project.id}/products/${line!._id}/revisions`)).statusCode).toBe(401);
    expect((await addCreation(t.agent(), project.id, { space: threeClusters() })).statusCode).toBe(401);
    // The sales representative assigned to the distributor's company reads it (project.view.assigned.company).
    expect((await as.sales.get(`${P1}/${project.id}/products/${line!._id}/revisions`)).statusCode).toBe(200);
  });

  it('saving again writes a new revision (older ones kept), with the BOM of the new tree', async () => {
    const project = await createProject(as.distributor, { name: 'Crea edited' });
    const [line] = (await addCreation(as.distributor, project.id, { space: threeClusters() })).json<ProductsAdded>().products;
    const four = space([cluster('a', { x: -1 }), cluster('b', { x: -0.3 }), cluster('c', { x: 0.3 }), cluster('d', { x: 1, model: '5772' })]);
    const saved = await as.distributor.put(`${P1}/${project.id}/products/${line!._id}`, { space: four, compositions: [{ forged: true }] });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const product = saved.json<ProductUpdated>().product;
    expect(product.revision).toBe(2);
    const articles = (product.compositions[0] as { articles: Array<{ model: string; quantity: number }> }).articles;
    expect(articles.map((a) => [a.model, a.quantity])).toEqual([
      ['5770', 3],
      ['5772', 1],
    ]);
    const revisions = (await as.distributor.get(`${P1}/${project.id}/products/${line!._id}/revisions`)).json<CreationRevision[]>();
    expect(revisions.map((r) => [r.revision, r.totals.lights])).toEqual([
      [2, 4],
      [1, 3],
    ]);
    // An invalid tree changes nothing.
    const bad = await as.distributor.put(`${P1}/${project.id}/products/${line!._id}`, { space: space([cluster('a', { pendantHeight: 7 })]) });
    expect(bad.json<ErrorAnswer>()).toMatchObject({ code: 'PENDANT_HEIGHT_OUT_OF_ROOM', fields: [{ path: 'body.space' }] });
    expect((await as.distributor.get(`${P1}/${project.id}/products/${line!._id}/revisions`)).json<CreationRevision[]>()).toHaveLength(2);
    // A regular line takes no space.
    const regular = await createProject(as.distributor, { name: 'Regular', products: [{ referenceCode: '552010/02_10' }] });
    const regularLine = regular.products[0] as ProjectProduct;
    const refused = await as.distributor.put(`${P1}/${regular.id}/products/${regularLine._id}`, { space: threeClusters() });
    expect(refused.json<ErrorAnswer>()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.space' }] });
  });

  it('reopens a tree saved with an older schema version migrated forward', async () => {
    const project = await createProject(as.distributor, { name: 'Crea old' });
    const [line] = (await addCreation(as.distributor, project.id, { space: threeClusters() })).json<ProductsAdded>().products;
    // As a version-2 space was stored: the room under props.roomSize, pendant heights in metres.
    const [row] = await t.database.db.select().from(projectProducts).where(eq(projectProducts.id, line!._id));
    const stored = row!.data.space as { props: { config: { roomSize: Record<string, unknown> } } } & Record<string, unknown>;
    const { config, ...props } = stored.props;
    const v2 = JSON.parse(JSON.stringify({ ...stored, schemaVersion: 2, props: { ...props, roomSize: { ...config.roomSize, height: 3.2 } } }).replaceAll('"pendantHeight":"150"', '"pendantHeight":1.5'));
    await t.database.db.update(projectProducts).set({ data: { ...row!.data, space: v2 } }).where(eq(projectProducts.id, line!._id));
    const detail = (await as.distributor.get(`${P1}/${project.id}`)).json<Project>();
    const reopened = detail.products[0]!.space as { schemaVersion: number; props: { config: { roomSize: { height: number } } } };
    expect(reopened.schemaVersion).toBe(3);
    expect(reopened.props.config.roomSize.height).toBe(3.2);
    expect(JSON.stringify(reopened)).toContain('"pendantHeight":"150"');
  });

  it('a creation without a space keeps no client compositions', async () => {
    const project = await createProject(as.distributor, { name: 'Bare creation', products: [{ type: 'CREATION', model: '5770', compositions: [{ articles: [{ referenceCode: 'X' }] }] }] });
    expect(project.products[0]).toMatchObject({ type: 'CREATION', compositions: [], space: null });
  });
});
