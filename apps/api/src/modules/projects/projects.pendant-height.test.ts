import type { Article, ProductsAdded, ProductUpdated, Project, ProjectProduct, VariationsResponse } from '@lumen/contracts';
import { linePrices, pendantHeightRange, priceWithVariations, type Variation } from '@lumen/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { createProject, type DemoRole, type ErrorAnswer, loginAll, P1, REF16, V2 } from './projects.test-support';

/** A pendant of the demo catalogue (sticks, model 2355) and a model without pendant height (0270). */
const PENDANT = REF16[3];
const NOT_A_PENDANT = '027010/13_00';

describeWithDb('projects: pendant height', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;
  let article: Article;
  let catalogue: VariationsResponse;
  let pendant: Extract<Variation, { type: 'pendantHeight' }>;
  let range: { min: number; max: number };

  /** The unit gross price the domain gives the pendant at a height (cm): base + the reference's variations + the height. */
  function domainUnitGross(heightCm: number): number {
    const pricing = catalogue.pricing;
    if (!pricing) throw new Error('no pricing');
    const base = pricing.basePrices[article.model];
    if (base === undefined) throw new Error('no base price');
    const codes = article.attributes;
    const ofReference = catalogue.variations
      .filter(
        (item) =>
          item.model === article.model &&
          ((item.type === 'color' && item.modifier === codes.finish.code) ||
            (item.type === 'temperature' && item.modifier === codes.ledColourTemp.code) ||
            (item.type === 'control' && item.modifier === codes.control.code) ||
            (item.type === 'installation' && item.modifier === codes.installation.code)),
      )
      .map((item) => ({ ...item, type: item.type }) as Variation);
    return priceWithVariations(base, [...ofReference, { ...pendant, value: heightCm }], { catalogId: 16, rateId: pricing.rateId });
  }

  async function pricedLine(projectId: number, productId: string): Promise<ProjectProduct> {
    const detail = await as.distributor.get(`${P1}/${projectId}?prices=true`);
    expect(detail.statusCode).toBe(200);
    const line = detail.json<Project>().products.find((item) => item._id === productId);
    if (!line) throw new Error('line not found');
    return line;
  }

  beforeAll(async () => {
    t = await createTestApp();
    as = await loginAll(t);
    const found = await as.distributor.get(`/api/products/v1/articles/references?reference=${encodeURIComponent(PENDANT)}&catalogId=16`);
    expect(found.statusCode).toBe(200);
    article = found.json<Article>();
    const variations = await as.distributor.get(`${V2}/articles/variations?model=${article.model}&catalog=16`);
    expect(variations.statusCode).toBe(200);
    catalogue = variations.json<VariationsResponse>();
    const wire = catalogue.variations.find((item) => item.type === 'pendantHeight' && item.model === article.model);
    if (!wire || wire.min === undefined || wire.max === undefined || wire.standard === undefined) throw new Error('the demo pendant has no pendant height variation');
    pendant = { ...wire, type: 'pendantHeight', min: wire.min, max: wire.max, standard: wire.standard };
    range = pendantHeightRange(pendant);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a height inside the range on the line and prices the line with its increment, as the domain does', async () => {
    expect(article.attributes.pendantHeight).toBeDefined();
    const height = pendant.standard + (pendant.delta ?? 1) * 2 + 10; // three delta steps above standard, the last partial
    expect(height).toBeLessThanOrEqual(range.max);
    const project = await createProject(as.distributor, { products: [{ referenceCode: PENDANT, quantity: 3, pendantHeight: height }, { referenceCode: PENDANT, quantity: 3 }] });
    const [chosen, standard] = project.products;
    if (!chosen || !standard) throw new Error('lines missing');
    expect(chosen.attributes?.pendantHeight?.code).toBe(String(height));
    expect(standard.attributes?.pendantHeight?.code).toBe(String(pendant.standard));

    const atHeight = await pricedLine(project.id, chosen._id);
    const atStandard = await pricedLine(project.id, standard._id);
    // Absent: the article's own price, which is the domain's price at the standard height.
    expect(atStandard.price?.unitGross).toBe(article.price?.unitGross);
    expect(atStandard.price?.unitGross).toBe(domainUnitGross(pendant.standard));
    // Chosen: the domain's price at that height, which is more (only the delta above standard adds).
    const expected = domainUnitGross(height);
    expect(expected).toBeGreaterThan(atStandard.price?.unitGross ?? Infinity);
    expect(atHeight.price?.unitGross).toBe(expected);
    const discountPercent = atHeight.price?.discountPercent ?? 0;
    expect(atHeight.price).toMatchObject(
      (({ unitGross, unitNet, totalNet }) => ({ unitGross, unitNet, totalNet }))(linePrices({ unitGross: expected, quantity: 3, discountPercent })),
    );
    // A height at or below the standard adds nothing.
    const low = await createProject(as.distributor, { products: [{ referenceCode: PENDANT, pendantHeight: range.min }] });
    const lowLine = low.products[0];
    if (!lowLine) throw new Error('line missing');
    expect(lowLine.attributes?.pendantHeight?.code).toBe(String(range.min));
    expect((await pricedLine(low.id, lowLine._id)).price?.unitGross).toBe(atStandard.price?.unitGross);
    // The project's total follows the lines.
    const detail = (await as.distributor.get(`${P1}/${project.id}?prices=true`)).json<Project>();
    expect(detail.totalNet).toBeCloseTo((atHeight.price?.totalNet ?? 0) + (atStandard.price?.totalNet ?? 0), 2);
    // The products call prices the same way.
    const products = (await as.distributor.get(`${P1}/${project.id}/products?prices=1`)).json<ProjectProduct[]>();
    expect(products.find((item) => item._id === chosen._id)?.price?.unitGross).toBe(expected);
  });

  it('adds with a height through v1 and apiv2; the range bounds are accepted', async () => {
    const project = await createProject(as.distributor);
    const added = await as.distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: PENDANT, pendantHeight: range.max }]);
    expect(added.statusCode).toBe(201);
    expect(added.json<ProductsAdded>().products[0]?.attributes?.pendantHeight?.code).toBe(String(range.max));
    const apiv2 = await as.distributor.post(`${V2}/project`, { projectId: project.id, products: [{ referenceCode: PENDANT, pendantHeight: range.min }] });
    expect([200, 201]).toContain(apiv2.statusCode);
    expect(apiv2.json<ProductsAdded>().products[0]?.attributes?.pendantHeight?.code).toBe(String(range.min));
  });

  it('refuses a height outside the range, a model without pendant height and malformed heights: 400 with the field, nothing written', async () => {
    const project = await createProject(as.distributor);
    const cases: Array<[string, unknown, string]> = [
      [P1, { name: 'Too high', catalogId: 16, products: [{ referenceCode: PENDANT, pendantHeight: range.max + 1 }] }, 'body.products.0.pendantHeight'],
      [P1, { name: 'Too low', catalogId: 16, products: [{ referenceCode: REF16[0] }, { referenceCode: PENDANT, pendantHeight: range.min - 1 }] }, 'body.products.1.pendantHeight'],
      [P1, { name: 'Not a pendant', catalogId: 16, products: [{ referenceCode: NOT_A_PENDANT, pendantHeight: 150 }] }, 'body.products.0.pendantHeight'],
      [P1, { name: 'Creation', catalogId: 16, products: [{ type: 'CREATION', model: '5520', pendantHeight: 150 }] }, 'body.products.0.pendantHeight'],
      [P1, { name: 'Fraction', catalogId: 16, products: [{ referenceCode: PENDANT, pendantHeight: 150.5 }] }, 'body.products.0.pendantHeight'],
      [P1, { name: 'Zero', catalogId: 16, products: [{ referenceCode: PENDANT, pendantHeight: 0 }] }, 'body.products.0.pendantHeight'],
      [P1, { name: 'Text', catalogId: 16, products: [{ referenceCode: PENDANT, pendantHeight: '150' }] }, 'body.products.0.pendantHeight'],
      [`${P1}/${project.id}/products`, [{ referenceCode: PENDANT, pendantHeight: range.max + 50 }], 'body.0.pendantHeight'],
      [`${V2}/project`, { projectId: project.id, products: [{ referenceCode: PENDANT, pendantHeight: range.min - 10 }] }, 'body.products.0.pendantHeight'],
    ];
    for (const [url, body, path] of cases) {
      const response = await as.distributor.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json<ErrorAnswer>().fields?.map((field) => field.path), JSON.stringify(body)).toContain(path);
    }
    const notPendant = await as.distributor.post(P1, { name: 'Not a pendant', catalogId: 16, products: [{ referenceCode: NOT_A_PENDANT, pendantHeight: 150 }] });
    expect(notPendant.json<ErrorAnswer>().fields?.[0]?.message).toMatch(/no pendant height/);
    const after = (await as.distributor.get(`${P1}/${project.id}`)).json<Project>();
    expect(after.products).toHaveLength(0);
    expect(after.revision).toBe(project.revision);
  });

  it('an update changes the height (alone or with the reference), checks it and keeps it priced; without it a new reference takes the standard', async () => {
    const project = await createProject(as.distributor, { products: [{ referenceCode: PENDANT, quantity: 2 }, { type: 'CREATION', model: '5520' }] });
    const [line, creation] = project.products;
    if (!line || !creation) throw new Error('lines missing');
    const height = pendant.standard + (pendant.delta ?? 1);
    const url = `${P1}/${project.id}/products/${line._id}`;

    const alone = await as.distributor.put(url, { pendantHeight: height, expectedRevision: project.revision });
    expect(alone.statusCode).toBe(200);
    const updated = alone.json<ProductUpdated>();
    expect(updated.revision).toBe(project.revision + 1);
    expect(updated.product).toMatchObject({ referenceCode: PENDANT, quantity: 2, attributes: { pendantHeight: { code: String(height) } } });
    expect(updated.product.price?.unitGross).toBe(domainUnitGross(height));
    expect((await pricedLine(project.id, line._id)).attributes?.pendantHeight?.code).toBe(String(height));

    const withReference = await as.distributor.put(url, { referenceCode: PENDANT, quantity: 4, pendantHeight: range.max });
    expect(withReference.statusCode).toBe(200);
    expect(withReference.json<ProductUpdated>().product).toMatchObject({ quantity: 4, attributes: { pendantHeight: { code: String(range.max) } } });
    expect(withReference.json<ProductUpdated>().product.price?.unitGross).toBe(domainUnitGross(range.max));

    const refused: Array<[string, unknown]> = [
      [url, { pendantHeight: range.max + 1 }],
      [url, { referenceCode: PENDANT, pendantHeight: range.min - 1 }],
      [url, { referenceCode: NOT_A_PENDANT, pendantHeight: 150 }],
      [url, { pendantHeight: -5 }],
      [`${P1}/${project.id}/products/${creation._id}`, { pendantHeight: 150 }],
    ];
    for (const [target, body] of refused) {
      const response = await as.distributor.put(target, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorAnswer>().fields?.map((field) => field.path), JSON.stringify(body)).toContain('body.pendantHeight');
    }
    expect((await pricedLine(project.id, line._id)).attributes?.pendantHeight?.code).toBe(String(range.max));
    // An expected revision that is stale still wins over the height.
    expect((await as.distributor.put(url, { pendantHeight: height, expectedRevision: 0 })).statusCode).toBe(409);

    const standard = await as.distributor.put(url, { referenceCode: PENDANT });
    expect(standard.statusCode).toBe(200);
    expect(standard.json<ProductUpdated>().product.attributes?.pendantHeight?.code).toBe(String(pendant.standard));
  });

  it('a user who may not edit the project cannot change the height', async () => {
    const project = await createProject(as.distributor, { products: [{ referenceCode: PENDANT }] });
    const line = project.products[0];
    if (!line) throw new Error('line missing');
    const response = await as.webuser.put(`${P1}/${project.id}/products/${line._id}`, { pendantHeight: pendant.standard });
    expect([403, 404]).toContain(response.statusCode);
    expect((await pricedLine(project.id, line._id)).attributes?.pendantHeight?.code).toBe(String(pendant.standard));
  });
});
