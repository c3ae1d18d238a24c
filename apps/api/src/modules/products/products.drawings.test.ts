import type { CreationEvaluation, CreationRevision, CreationShareCreated, PreconfigDetail, PreconfigSummary, ProductsAdded, SharedCreation } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationShares } from '../../db/schema';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { createProject, type DemoRole, type ErrorAnswer, loginAll, P1 } from '../projects/projects.test-support';
import { brokenSpace, drawnSpace, EVALUATE, plusminusV, SHARE, STICK, sticksSquare } from './products.drawings.test-support';

/**
 * Issue 16: drawn spaces (sticks 219, plusminus 225) are rebuilt by the engine without the crea
 * room's cluster rule, their plan checked (checkDrawingSpace) — a problem is a 400 with its code and a
 * field per element at fault, never a 500 — and listed with the drawing parts of the catalogue
 * (straps, joints, counterweights, reflectors, power canopies). A plusminus drawing is shared by an
 * unguessable link whose snapshot holds no price; its viewer gets their own evaluation.
 */
describeWithDb('products: drawings (sticks, plusminus)', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let visitor: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
    visitor = t.agent();
  });
  afterAll(async () => {
    await t.close();
  });

  async function evaluate(agent: Agent, body: Record<string, unknown>): Promise<CreationEvaluation> {
    const response = await agent.post(EVALUATE, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
    return response.json<CreationEvaluation>();
  }

  async function refused(agent: Agent, body: Record<string, unknown>, url = EVALUATE): Promise<ErrorAnswer> {
    const response = await agent.post(url, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(400);
    return response.json<ErrorAnswer>();
  }

  describe('evaluate', () => {
    it('a plusminus drawing: lights, straps by length and colour, power canopy as articles; reflector and counterweight as accessories; priced for a distributor', async () => {
      const result = await evaluate(as.distributor, { space: drawnSpace(plusminusV()), subFamilyId: 225, lang: 'fr' });
      expect(result).toMatchObject({ valid: true, failures: [], subFamily: { id: 225 }, configuratorType: { id: 2 } });
      expect(result.compositions).toHaveLength(1);
      const [composition] = result.compositions;
      const articles = composition!.articles.map((line) => [line.referenceCode, line.quantity]);
      // 2 m and 1.80 m straps are both cut from the 2 m strap (7482), in their own colours.
      expect(articles).toEqual(expect.arrayContaining([['748210', 1], ['748223', 1], ['749510', 1]]));
      expect(articles.some(([reference]) => String(reference).startsWith('5520'))).toBe(true);
      expect(articles.some(([reference]) => String(reference).startsWith('5525'))).toBe(true);
      const strap = composition!.articles.find((line) => line.referenceCode === '748223');
      expect(strap).toMatchObject({ description: 'Sangle textile Plusminus 2 m', isAvailablePrice: true, prices: { unitGross: 52 } });
      const accessories = composition!.accessories.filter((line) => line.kind === 'accessory').map((line) => [line.accessoryCode, line.quantity, line.description]);
      expect(accessories).toEqual(expect.arrayContaining([['749010', 1, 'Contrepoids Plusminus'], ['749810', 1, 'Réflecteur Plusminus']]));
      expect(result.price).toMatchObject({ currency: 'EUR' });
      expect(result.price!.unitNet).toBeGreaterThan(0);
      expect(result.totals.lights).toBe(2);
    });

    it('the same drawing for a visitor: the same bill of materials without any price', async () => {
      const priced = await evaluate(as.distributor, { space: drawnSpace(plusminusV()), subFamilyId: 225 });
      const bare = await evaluate(visitor, { space: drawnSpace(plusminusV()), subFamilyId: 225 });
      expect(bare.price ?? null).toBeNull();
      expect(JSON.stringify(bare)).not.toMatch(/"prices"|"unitGross"|"totalNet"/);
      expect(bare.compositions[0]!.articles.map((line) => line.referenceCode)).toEqual(priced.compositions[0]!.articles.map((line) => line.referenceCode));
    });

    it('a sticks square: four 0.90 m sticks, four joints, one power canopy, in the United States catalogue too', async () => {
      const result = await evaluate(as.distributor, { space: drawnSpace(sticksSquare()), subFamilyId: 219, lang: 'en' });
      expect(result.valid, JSON.stringify(result.failures)).toBe(true);
      const [composition] = result.compositions;
      expect(composition!.articles.map((line) => [line.model, line.quantity])).toEqual(expect.arrayContaining([['7470', 4], ['7466', 1]]));
      expect(composition!.accessories.find((line) => line.model === '7465')).toMatchObject({ accessoryCode: '746505', quantity: 4, kind: 'accessory', description: 'Sticks joint' });
      const usa = await evaluate(as.importer, { space: drawnSpace(sticksSquare()), subFamilyId: 219, catalogId: 21 });
      expect(usa.compositions[0]!.accessories.find((line) => line.model === '7465')?.accessoryCode).toBe('7465-05');
    });

    describe('refuses a drawing that breaks its family’s limits: 400 with the code and a field per element at fault', () => {
      it('crossing straps', async () => {
        const drawing = plusminusV();
        const crossing = { ...drawing, segments: [...drawing.segments, { id: 'x', from: { x: 0, z: -1 }, to: { x: 0, z: 0 }, attributes: { finish: '10' } }] };
        const answer = await refused(as.distributor, { space: brokenSpace(crossing), subFamilyId: 225 });
        expect(answer.code).toBe('SEGMENTS_CROSS');
        expect(answer.fields?.map((field) => field.path)).toEqual(expect.arrayContaining(['body.space.x']));
      });

      it('a zero-length strap', async () => {
        const drawing = plusminusV();
        const zero = { ...drawing, segments: [...drawing.segments, { id: 'z0', from: { x: -1.2, z: 1.2 }, to: { x: -1.2, z: 1.2 }, attributes: { finish: '10' } }] };
        const answer = await refused(visitor, { space: brokenSpace(zero), subFamilyId: 225 });
        expect(answer.fields?.some((field) => field.path === 'body.space.z0' && field.message.startsWith('SEGMENT_ZERO_LENGTH'))).toBe(true);
      });

      it('sticks at 60°, and a stick of no stick length', async () => {
        const square = sticksSquare();
        const sixty = { ...square, segments: [square.segments[0]!, { id: 'b', from: { x: 0.45, z: -0.45 }, to: { x: 0.45 - 0.45, z: -0.45 + 0.45 * Math.sqrt(3) }, attributes: STICK }], items: square.items };
        const angle = await refused(as.distributor, { space: brokenSpace(sixty), subFamilyId: 219 });
        expect(angle.code).toBe('UNSUPPORTED_ANGLE');
        const odd = { ...square, segments: [{ ...square.segments[0]!, to: { x: 0.3, z: -0.45 } }], items: [{ ...square.items[0]!, offset: 0.3 }] };
        expect((await refused(as.distributor, { space: brokenSpace(odd), subFamilyId: 219 })).code).toBe('SEGMENT_LENGTH');
      });

      it('a structure without its power canopy, an item of another family, an element kind the engine does not know', async () => {
        const drawing = plusminusV();
        expect((await refused(visitor, { space: brokenSpace({ ...drawing, items: drawing.items.filter((item) => item.kind !== 'connection') }), subFamilyId: 225 })).code).toBe('NO_CONNECTION');
        const space = drawnSpace(sticksSquare()) as { children: Array<{ children: Array<Record<string, unknown>> }> };
        space.children[0]!.children.push({ type: 'Light', id: 'stray', props: { code: '5520' }, attributes: {}, position: { x: 0, y: 3, z: 0 } });
        const stray = await refused(visitor, { space, subFamilyId: 219 });
        expect(stray.code).toBe('ITEM_NOT_ALLOWED');
        expect(stray.fields?.[0]?.path).toBe('body.space.stray');
        const unknown = drawnSpace(plusminusV()) as { children: Array<Record<string, unknown>> };
        unknown.children.push({ type: 'Spaceship', id: 'ufo', props: {} });
        expect((await visitor.post(EVALUATE, { space: unknown, subFamilyId: 225 })).statusCode).toBe(400);
      });

      it('too many elements: more than 200 straps, more than 1,000 elements', async () => {
        const straps = Array.from({ length: 201 }, (_, index) => ({ id: `m${index}`, from: { x: -0.5, z: -1.2 + index * 0.012 }, to: { x: 0.5, z: -1.2 + index * 0.012 }, attributes: { finish: '10' } }));
        const many = { ...plusminusV(), segments: straps, items: straps.map((strap) => ({ id: `${strap.id}k`, kind: 'connection' as const, segmentId: strap.id, offset: 0.5, model: '7495', attributes: {} })) };
        const answer = await refused(visitor, { space: brokenSpace(many), subFamilyId: 225 });
        expect(answer.fields?.some((field) => field.message.startsWith('TOO_MANY_ELEMENTS'))).toBe(true);
        const space = drawnSpace(plusminusV()) as { children: Array<{ children: Array<{ children: Array<Record<string, unknown>> }> }> };
        for (let index = 0; index < 1000; index += 1) space.children[0]!.children[0]!.children.push({ type: 'Counterweight', id: `cw${index}`, props: { code: '7490' } });
        expect((await refused(visitor, { space, subFamilyId: 225 })).code).toBe('TOO_MANY_ELEMENTS');
      });

      it('a drawing’s space for a collection that has no drawing configurator', async () => {
        const answer = await refused(visitor, { space: drawnSpace(plusminusV()), subFamilyId: 302 });
        expect(answer.fields).toEqual([expect.objectContaining({ path: 'body.subFamilyId', message: expect.stringContaining('does not match any drawing configurator') })]);
      });
    });
  });

  it('a project line saves a drawing like a crea creation (rebuilt, revision 1, reopened as it was); a broken one is refused with the drawing’s code', async () => {
    const project = await createProject(as.distributor, { name: 'Drawn hall' });
    const line = { type: 'CREATION', subFamily: { id: 219 }, configuratorType: { id: 2 }, model: '7470', quantity: 1 };
    const added = await as.distributor.post(`${P1}/${project.id}/products`, [{ ...line, space: drawnSpace(sticksSquare()) }]);
    expect(added.statusCode, added.body.slice(0, 300)).toBe(201);
    const [saved] = added.json<ProductsAdded>().products;
    expect(saved).toMatchObject({ type: 'CREATION', revision: 1, subFamily: { id: 219 }, space: { type: 'Space' } });
    const reopened = (await as.distributor.get(`${P1}/${project.id}/products/${saved!._id}/revisions`)).json<CreationRevision[]>();
    expect(reopened[0]?.space).toEqual(saved!.space);
    const square = sticksSquare();
    const broken = await as.distributor.post(`${P1}/${project.id}/products`, [{ ...line, space: brokenSpace({ ...square, items: [] }) }]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ErrorAnswer>().code).toBe('NO_CONNECTION');
  });

  describe('shared view by link', () => {
    async function share(agent: Agent, body: Record<string, unknown>, headers?: Record<string, string>): Promise<CreationShareCreated> {
      const response = await agent.post(SHARE, body, headers);
      expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
      return response.json<CreationShareCreated>();
    }

    it('a visitor shares a plusminus drawing: an unguessable hash and the view’s path; the snapshot holds the rebuilt space and no price', async () => {
      const created = await share(visitor, { space: drawnSpace(plusminusV()), subFamilyId: 225 });
      expect(created.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(created.path).toBe(`/plusminus-drawing-configurator/product/${created.hash}`);
      const [row] = await t.database.db.select().from(creationShares).where(eq(creationShares.hash, created.hash));
      expect(row).toMatchObject({ subFamilyId: 225, catalogId: 16, createdBy: null, space: { type: 'Space' } });
      expect(JSON.stringify(row!.space)).not.toMatch(/price|gross|net/i);
      expect((await share(visitor, { space: drawnSpace(plusminusV()), subFamilyId: 225 })).hash).not.toBe(created.hash);
    });

    it('a visitor opens it without prices, a distributor with their own; the creator is kept for a user', async () => {
      const created = await share(as.specifier, { space: drawnSpace(plusminusV()), subFamilyId: 225 }, { 'idempotency-key': `share-${Date.now()}` });
      const [row] = await t.database.db.select().from(creationShares).where(eq(creationShares.hash, created.hash));
      expect(row?.createdBy).toEqual(expect.any(Number));
      const seen = await visitor.get(`${SHARE}/${created.hash}`);
      expect(seen.statusCode).toBe(200);
      const open = seen.json<SharedCreation>();
      expect(open).toMatchObject({ hash: created.hash, subFamilyId: 225, catalogId: 16, space: { type: 'Space' }, evaluation: { valid: true } });
      expect(seen.body).not.toMatch(/"prices"|"unitGross"|"totalNet"|"price"/);
      const distributor = (await as.distributor.get(`${SHARE}/${created.hash}?lang=de`)).json<SharedCreation>();
      expect(distributor.evaluation.price?.unitNet).toBeGreaterThan(0);
      expect(distributor.evaluation.compositions[0]!.articles.find((line) => line.model === '7482')?.description).toBe('Plusminus-Textilband 2 m');
      const other = (await as.distributor2.get(`${SHARE}/${created.hash}`)).json<SharedCreation>();
      expect(other.evaluation.price?.unitNet).not.toBe(distributor.evaluation.price?.unitNet);
    });

    it('an unknown or malformed hash is a 404', async () => {
      for (const hash of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc', 'x'.repeat(64)]) {
        const answer = await visitor.get(`${SHARE}/${hash}`);
        expect(answer.statusCode, hash).toBe(404);
      }
    });

    it('refuses a drawing it cannot take, and a collection without a shared view, storing nothing', async () => {
      const before = (await t.database.db.select().from(creationShares)).length;
      const drawing = plusminusV();
      expect((await refused(visitor, { space: brokenSpace({ ...drawing, items: [] }), subFamilyId: 225 }, SHARE)).code).toBe('NO_CONNECTION');
      expect((await refused(visitor, { space: drawnSpace(sticksSquare()), subFamilyId: 219 }, SHARE)).fields?.[0]?.path).toBe('body.subFamilyId');
      expect((await refused(visitor, { space: drawnSpace(plusminusV()), subFamilyId: 259 }, SHARE)).fields?.[0]?.path).toBe('body.subFamilyId');
      expect((await refused(visitor, { subFamilyId: 225 }, SHARE)).fields?.[0]?.path).toBe('body.space');
      expect((await t.database.db.select().from(creationShares)).length).toBe(before);
    });
  });
});

describeWithDb('products: the drawn collections’ preconfigurations', () => {
  let t: TestApp;
  let visitor: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    visitor = t.agent();
  });
  afterAll(async () => {
    await t.close();
  });

  // Every preconfiguration of a drawn collection opens in its drawing configurator: the drawings made
  // for them (Sticks Square, Plusminus Vee) and the pendant sets, drawn from their lines.
  const drawn = [
    ...[16, 21].flatMap((catalogId) => [219, 225].flatMap((subFamilyId) => (['website', 'private'] as const).map((visibility) => ({ catalogId, subFamilyId, visibility })))),
  ];
  it.each(drawn)('catalogue $catalogId, collection $subFamilyId, $visibility: each preconfiguration is a drawing the engine takes as it is, whose lines are its luminaires', async ({ catalogId, subFamilyId, visibility }) => {
    const list = (await visitor.get(`/api/products/v1/preconfigs/list?catalogId=${catalogId}&subFamilyId=${subFamilyId}&visibility=${visibility}`)).json<PreconfigSummary[]>();
    const mine = list.filter((preconfig) => preconfig.subFamilyId === subFamilyId);
    expect(mine.length).toBeGreaterThan(0);
    if (visibility === 'website') expect(mine.map((preconfig) => preconfig.name)).toContain(subFamilyId === 219 ? 'Sticks Square' : 'Plusminus Vee');
    for (const found of mine) {
      expect(found).toMatchObject({ configuratorType: { id: 2 }, subFamilyId });
      const detail = (await visitor.get(`/api/products/v1/preconfigs/creation/${found.id}`)).json<PreconfigDetail>();
      const result = await visitor.post(EVALUATE, { space: detail.domainJSON, subFamilyId, catalogId });
      expect(result.statusCode, `${found.name}: ${result.body.slice(0, 300)}`).toBe(200);
      const evaluation = result.json<CreationEvaluation>();
      expect(evaluation.valid, found.name).toBe(true);
      const lines = evaluation.compositions.flatMap((composition) => composition.articles).filter((line) => detail.lines.some((item) => item.reference === line.referenceCode));
      const merged = new Map<string, number>();
      for (const line of lines) merged.set(line.referenceCode, (merged.get(line.referenceCode) ?? 0) + line.quantity);
      expect([...merged].sort(), found.name).toEqual(detail.lines.map((line) => [line.reference, line.quantity]).sort());
    }
  });
});
