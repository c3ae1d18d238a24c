import type { CreationEvaluation, PreconfigDetail, PreconfigSummary } from '@lumen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { type DemoRole, type ErrorAnswer, loginAll } from '../projects/projects.test-support';
import { cluster, EVALUATE, space, threeClusters } from './products.creations.test-support';

/**
 * Issue 15 §3 and "Bad input": the server rebuilds a creation with the engine and tells what it is —
 * valid or not and why (in the caller's language), its bill of materials, lumens and watts, its price
 * for the caller (price.view only), MOQ, lead time and availability — and refuses with the engine's
 * code what the engine cannot take, never with a 500.
 */
describeWithDb('products: evaluating a crea creation', () => {
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
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json<CreationEvaluation>();
  }

  it('lists and prices three clusters for a distributor: articles, drivers, totals, price in the rate with discounts, MOQ, lead time', async () => {
    const result = await evaluate(as.distributor, { space: threeClusters(), quantity: 2 });
    expect(result).toMatchObject({ valid: true, failures: [], catalogId: 16, subFamily: { id: 259 }, category: 7, quantity: 2, schemaVersion: 3 });
    const [composition] = result.compositions;
    expect(composition?.articles).toHaveLength(1);
    const line = composition!.articles[0]!;
    expect(line).toMatchObject({ model: '5770', referenceCode: '577010/02_10', quantity: 3, attributes: { finish: '10', control: '0', pendantHeight: 1.5 }, isAvailablePrice: true });
    // 5770: 3,900 lm and 43.9 W each.
    expect(result.totals).toMatchObject({ lumens: 3 * 3900, watts: 131.7, lights: 3, clusters: 3, pendants: 3 });
    expect(composition!.electricalGroups).toEqual([expect.objectContaining({ model: '5770', control: '0', lights: 3 })]);
    expect(composition!.accessories.filter((a) => a.kind === 'driver').length).toBeGreaterThan(0);
    // Lead time for 6 units (2 sets of 3): the 5770's table says 3 weeks from 1.
    expect(line.leadTimeWeeks).toBe(3);
    expect(result.leadTimeWeeks).toBe(3);
    expect(result.moq).toBe(1);
    expect(result.availability.status).toBe('available');
    // The price adds up: one set is the sum of its priced lines; two sets twice that.
    const price = result.price!;
    expect(price.currency).toBe('EUR');
    expect(price.unitNet).toBeCloseTo(line.prices!.totalNet, 2);
    expect(price.totalNet).toBeCloseTo(price.unitNet * 2, 2);
    expect(price.totalGross).toBeGreaterThanOrEqual(price.totalNet);
    expect(line.prices!.unitGross).toBeGreaterThan(0);
  });

  it('a web user and a visitor get the same bill of materials without any price', async () => {
    const priced = await evaluate(as.distributor, { space: threeClusters() });
    for (const agent of [as.webuser, visitor]) {
      const result = await evaluate(agent, { space: threeClusters() });
      expect(result.valid).toBe(true);
      expect(result.price).toBeUndefined();
      const line = result.compositions[0]!.articles[0]!;
      expect(line.prices).toBeUndefined();
      expect(line.priceReference).toBeUndefined();
      expect(result.totals).toEqual(priced.totals);
      expect(result.compositions[0]!.articles.map((a) => a.referenceCode)).toEqual(priced.compositions[0]!.articles.map((a) => a.referenceCode));
    }
  });

  it('ignores any price, BOM or validity sent with the space', async () => {
    const result = await evaluate(as.distributor, { space: { ...threeClusters(), price: 1, valid: true, compositions: [{ articles: [] }] } });
    expect(result.compositions[0]!.articles[0]!.quantity).toBe(3);
    expect(result.space).not.toHaveProperty('price');
  });

  it('tells the rules that fail, in the caller’s language, on the element where they happen', async () => {
    // Brushed brass (58) is not made with DALI (2): the collection's rule.
    const bad = space([cluster('a', { x: -0.5 }), cluster('b', { x: 0.5, finish: '58', control: '2' })]);
    const spanish = await evaluate(as.distributor, { space: bad });
    expect(spanish.valid).toBe(false);
    expect(spanish.failures).toEqual([
      expect.objectContaining({ code: 'RULE_FAILED', elementId: 'l-b', ruleId: 'brass-dali', messageKey: 'crea.failure.ruleFailed' }),
    ]);
    expect(spanish.failures[0]!.message).toMatch(/^Regla incumplida: /);
    const english = await evaluate(as.distributor, { space: bad, lang: 'en' });
    expect(english.failures[0]!.message).toBe('Rule failed: Brushed brass is not made with a DALI driver');
    // Still listed and priced: the room shows what it would be.
    expect(english.compositions[0]!.articles).toHaveLength(2);
  });

  it('finds collisions whatever the client says', async () => {
    const overlapping = space([cluster('a', { x: 0.4 }), cluster('b', { x: 0.45 })]);
    const result = await evaluate(as.distributor, { space: overlapping, lang: 'fr' });
    expect(result.valid).toBe(false);
    expect(result.failures.map((f) => [f.code, f.elementId])).toEqual([
      ['COLLIDES', 'k-a'],
      ['COLLIDES', 'k-b'],
    ]);
    expect(result.failures[0]!.message).toBe('Cet élément en chevauche un autre ou sort de la pièce.');
  });

  it('refuses what the room refuses, whatever the canopy: a cluster 5 m outside a 3 m room, zero-height Micro canopies in one spot (issue 27 §2)', async () => {
    const outside = await evaluate(as.distributor, { space: space([cluster('a', { installation: '31' }), cluster('m', { x: 5, installation: '31' })]), lang: 'en' });
    expect(outside.valid).toBe(false);
    const codes = outside.failures.map((f) => [f.code, f.elementId]);
    expect(codes).toContainEqual(['COLLIDES', 'k-m']);
    expect(codes).not.toContainEqual(['COLLIDES', 'k-a']);
    const together = await evaluate(as.distributor, { space: space([cluster('a', { x: 0.4, installation: '31' }), cluster('b', { x: 0.41, installation: '31' })]) });
    expect(together.failures.map((f) => [f.code, f.elementId])).toEqual([
      ['COLLIDES', 'k-a'],
      ['COLLIDES', 'k-b'],
    ]);
    const apart = await evaluate(as.distributor, { space: space([cluster('a', { x: -0.5, installation: '31' }), cluster('b', { x: 0.5, installation: '31' })]) });
    expect(apart.valid).toBe(true);
  });

  it('applies the engine: auto-set attributes, RemoteDriverCP off by default, the space comes back at the current version', async () => {
    const tree = threeClusters();
    const light = tree.children![0]!.children![0]!.children![0]!.children![0]!;
    delete light.attributes!.finish;
    const result = await evaluate(as.specifier, { space: tree });
    expect(result.compositions[0]!.articles.map((a) => a.attributes.finish)).toEqual(['10']);
    expect(result.space).toMatchObject({ schemaVersion: 3, type: 'Space' });
  });

  it('reads an older saved space (version 2) and migrates it', async () => {
    const current = threeClusters();
    const { config, ...props } = current.props as { config: { roomSize: Record<string, unknown> } };
    const v2 = JSON.parse(JSON.stringify({ ...current, schemaVersion: 2, props: { ...props, roomSize: config.roomSize } }).replaceAll('"pendantHeight":"150"', '"pendantHeight":1.5'));
    const result = await evaluate(as.distributor, { space: v2 });
    expect(result).toMatchObject({ valid: true, schemaVersion: 2, space: { schemaVersion: 3 } });
    expect(result.compositions[0]!.articles[0]!.attributes.pendantHeight).toBe(1.5);
  });

  it('prices in the caller’s catalogue: an importer (21) in USD', async () => {
    const result = await evaluate(as.importer, { space: threeClusters({ control: '3', ledColourTemp: '3' }) });
    expect(result.catalogId).toBe(21);
    expect(result.compositions[0]!.articles[0]!.referenceCode).toBe('5770-10/33_10');
    expect(result.price?.currency).toBe('USD');
  });

  it('opens a crea preconfiguration ready: its space is the engine’s, and evaluates valid with its lines', async () => {
    for (const catalogId of [16, 21]) {
      const list = (await visitor.get(`/api/products/v1/preconfigs/list?catalogId=${catalogId}&subFamilyId=259`)).json<PreconfigSummary[]>();
      expect(list.length).toBeGreaterThan(0);
      for (const item of list) {
        const detail = (await visitor.get(`/api/products/v1/preconfigs/creation/${item.id}`)).json<PreconfigDetail>();
        expect(detail.domainJSON).toMatchObject({ type: 'Space', schemaVersion: 3 });
        const result = await evaluate(visitor, { space: detail.domainJSON, catalogId });
        expect(result.valid, JSON.stringify(result.failures)).toBe(true);
        const references = result.compositions.flatMap((composition) => composition.articles.map((line) => line.referenceCode));
        expect(references.sort()).toEqual([...new Set(detail.lines.map((line) => line.reference))].sort());
      }
    }
  });

  describe('bad input: 400 with the engine’s code and message, never 500', () => {
    async function refused(body: unknown, code: string, message?: RegExp): Promise<ErrorAnswer> {
      const response = await as.distributor.post(EVALUATE, body);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      const error = response.json<ErrorAnswer>();
      expect(error.code).toBe(code);
      if (message) expect(error.ErrorDescription).toMatch(message);
      return error;
    }

    it('an unknown element type', async () => {
      const tree = threeClusters();
      tree.children![0]!.children!.push({ type: 'Spaceship', id: 'x', props: {} });
      await refused({ space: tree }, 'BASE_CANNOT_BE_INSTANCED', /^Base cannot be instanced$/);
    });

    it('a cycle: an element inside itself, or an id twice', async () => {
      const tree = threeClusters();
      tree.children![0]!.children!.push({ type: 'Group', id: 'c1', props: {}, children: [] });
      await refused({ space: tree }, 'INCORRECT_DOMAIN_JSON', /^Incorrect domainJSON provided$/);
    });

    it('a light without a cluster', async () => {
      const tree = threeClusters();
      tree.children![0]!.children!.push({ type: 'Light', id: 'loose', props: { code: '5770' } });
      await refused({ space: tree }, 'LIGHT_WITHOUT_CLUSTER', /hangs from no cluster/);
    });

    it('an installation the ceiling refuses (micro 31 needs pladur)', async () => {
      const tree = space([cluster('a', { installation: '31' })], { ceilingMaterial: 'concrete' });
      await refused({ space: tree }, 'INSTALLATION_REFUSED', /replaces it by '10 Surface Basic'/);
    });

    it('a pendant below the floor', async () => {
      await refused({ space: space([cluster('a', { pendantHeight: 6 })]) }, 'PENDANT_HEIGHT_OUT_OF_ROOM');
    });

    it('10,000 elements', async () => {
      const many = Array.from({ length: 10_000 }, (_, i) => ({ type: 'Group', id: `g${i}`, props: {} }));
      await refused({ space: space(many) }, 'TOO_MANY_ELEMENTS', /at most 1000 elements/);
    });

    it('JSON nested thousands deep (refused before it is parsed)', async () => {
      const deep = `${'{"children":['.repeat(3000)}${']}'.repeat(3000)}`;
      const response = await as.distributor.request('POST', EVALUATE, `{"space":${deep}}`, { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      // As deep as a body may be (the engine's 64 levels of elements are deeper than any body): read, and empty.
      let node: Record<string, unknown> = { type: 'Group', id: 'g0', props: {} };
      for (let i = 1; i < 28; i += 1) node = { type: 'Group', id: `g${i}`, props: {}, children: [node] };
      await refused({ space: space([node as never]), subFamilyId: 259 }, 'NO_ARTICLES_IN_SPACE', /^No articles found in this space$/);
    });

    it('an unknown model, a model outside the catalogue’s collection, an unknown collection, an unsupported version, not a space', async () => {
      await refused({ space: threeClusters({ model: '0000' }) }, 'NO_ARTICLE_FOR_MODEL', /^No article for this model was found$/);
      await refused({ space: threeClusters({ model: '0000' }), subFamilyId: 259 }, 'LIGHT_NOT_IN_COLLECTION');
      await refused({ space: threeClusters(), subFamilyId: 9999 }, 'VALIDATION_FAILED');
      await refused({ space: { ...threeClusters(), schemaVersion: 99 } }, 'UNSUPPORTED_SCHEMA_VERSION');
      await refused({ space: { type: 'Group', id: 'g', props: {} } }, 'NO_FAMILY_DATA', /^No family data was provided$/);
      await refused({ space: { type: 'Group', id: 'g', props: {} }, subFamilyId: 259 }, 'INCORRECT_DOMAIN_JSON');
      await refused({ space: [] }, 'VALIDATION_FAILED');
      await refused({ space: threeClusters(), quantity: 0 }, 'VALIDATION_FAILED');
    });
  });

  it('counts a visitor’s evaluations per address: the 121st in a minute is a 429 with Retry-After, other callers go on', async () => {
    const busy = t.agent();
    const cheap = { space: { type: 'Group', id: 'g', props: {} } };
    for (let i = 0; i < 120; i += 1) expect((await busy.post(EVALUATE, cheap)).statusCode).toBe(400);
    const refused = await busy.post(EVALUATE, cheap);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.agent().post(EVALUATE, cheap)).statusCode).toBe(400);
    await evaluate(as.distributor, { space: threeClusters() });
  });
});
