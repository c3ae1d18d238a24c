import { execFileSync } from 'node:child_process';
import type { Article, Collection, PreconfigDetail, PreconfigSummary, VariationsResponse } from '@lumen/contracts';
import { parseReference } from '@lumen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { drawLuminaire, shapeOf } from './luminaire-drawing';

const I = '/api/images/v1/catalogue';
const R = '/api/images/v1/render';

/** xmllint (libxml2) reads the SVG: well-formed, an <svg> root in the SVG namespace; returns the root's attributes it was asked for. */
function xmllint(svg: string, xpath: string): string {
  execFileSync('xmllint', ['--noout', '-'], { input: svg, encoding: 'utf8' });
  return execFileSync('xmllint', ['--xpath', xpath, '-'], { input: svg, encoding: 'utf8' }).trim();
}

const shapeAttr = (svg: string) => xmllint(svg, 'string(/*[local-name()="svg" and namespace-uri()="http://www.w3.org/2000/svg"]/@data-shape)');
/** The drawing's geometry without its colours (what the finish must not change). */
const geometry = (svg: string) => svg.replace(/#[0-9a-f]{6}/gi, '#');

describe('luminaire drawing', () => {
  it('draws each lamp type as its own shape, by where a two-mounting type is fixed', () => {
    expect([19, 26, 25, 24, 23, 18, 20, 21, 17].map((category) => shapeOf(category, 1))).toEqual([
      'pendant',
      'pendant',
      'wallPendant',
      'track',
      'table',
      'bathroom',
      'floor',
      'ceiling',
      'wall',
    ]);
    expect([shapeOf(27, 1), shapeOf(27, 2), shapeOf(28, 2), shapeOf(28, 3), shapeOf(22, 2), shapeOf(22, 3)]).toEqual(['ceiling', 'wall', 'wall', 'floor', 'wall', 'bollard']);
  });

  it('follows the dimensions: a taller bollard, a longer bar, a flatter shade give other drawings', () => {
    const base = { category: 22, applicationId: 2, locationId: 3, width: 18, height: 45, depth: 18, beamAngle: 60, colour: '#474a51' };
    expect(drawLuminaire(base)).not.toBe(drawLuminaire({ ...base, height: 90 }));
    const pendant = { category: 19, applicationId: 1, locationId: 5, width: 45, height: 30, depth: 45, beamAngle: 60, colour: '#f4f4f0' };
    expect(drawLuminaire(pendant)).not.toBe(drawLuminaire({ ...pendant, height: 12 }));
    // Five heads, five cables.
    expect(drawLuminaire({ ...pendant, lightSources: 5 }).match(/<line [^>]*stroke="#3b3b3b"/g)).toHaveLength(5);
  });

  it('keeps a malformed colour out of the markup', () => {
    const svg = drawLuminaire({ category: 19, applicationId: 1, locationId: 5, width: 45, height: 30, depth: 45, beamAngle: 60, colour: '"/><script>' });
    expect(svg).not.toContain('script');
    expect(shapeAttr(svg)).toBe('pendant');
  });
});

describeWithDb('catalogue pictures (issue 10 §11)', () => {
  let t: TestApp;
  let visitor: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    visitor = t.agent();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function svgOf(url: string): Promise<string> {
    const response = await visitor.get(url);
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    return response.body;
  }

  it('draws models of different types as different shapes, each read by xmllint', async () => {
    const shapes: Record<string, string> = {};
    // Sticks L 60 (linear pendant), Tessa H 32 (table), Nómada H 150 (floor), Punto track, Brisa H 45 (bollard), Cala (wall pendant), Lumo (bathroom), Meridian Ø 80 (ceiling), Skan Ø 12 (wall).
    for (const model of ['7460', '4010', '3810', '8010', '4510', '6410', '1010', '5935', '0270']) shapes[model] = shapeAttr(await svgOf(`${I}/model/${model}.svg`));
    expect(shapes).toEqual({
      '7460': 'pendant',
      '4010': 'table',
      '3810': 'floor',
      '8010': 'track',
      '4510': 'bollard',
      '6410': 'wallPendant',
      '1010': 'bathroom',
      '5935': 'ceiling',
      '0270': 'wall',
    });
    // A pendant family's picture is a pendant, not another type's.
    expect(shapeAttr(await svgOf(`${I}/collection/219.svg`))).toBe('pendant');
    expect(shapeAttr(await svgOf(`${I}/collection/306.svg`))).toBe('table');
    // Two pendants of one family, drawn from their own sizes.
    expect(geometry(await svgOf(`${I}/model/7460.svg`))).not.toBe(geometry(await svgOf(`${I}/model/2355.svg`)));
  });

  it('tints the drawing with the finish asked for, its base finish by default', async () => {
    const black = await svgOf(`${I}/model/7460.svg?finish=05`);
    const brass = await svgOf(`${I}/model/7460.svg?finish=58`);
    expect(xmllint(black, 'string(//*[local-name()="linearGradient"][@id="finish"]/*[2]/@stop-color)')).toBe('#16161a');
    expect(xmllint(brass, 'string(//*[local-name()="linearGradient"][@id="finish"]/*[2]/@stop-color)')).toBe('#a98b4f');
    expect(geometry(black)).toBe(geometry(brass));
    expect(await svgOf(`${I}/model/7460.svg`)).toBe(black);
    const first = await visitor.get(`${I}/model/7460.svg?finish=05`);
    const other = await visitor.get(`${I}/model/7460.svg?finish=58`);
    expect(first.headers.etag).not.toBe(other.headers.etag);
    expect((await visitor.get(`${I}/model/7460.svg?finish=05`, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('answers 404 for a finish the model is not made in or an unknown model, 400 for a malformed finish', async () => {
    expect((await visitor.get(`${I}/model/7460.svg?finish=37`)).statusCode).toBe(404);
    expect((await visitor.get(`${I}/model/9999.svg`)).statusCode).toBe(404);
    expect((await visitor.get(`${I}/collection/999.svg`)).statusCode).toBe(404);
    const bad = await visitor.get(`${I}/model/7460.svg?finish=${encodeURIComponent('<x>')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Array<{ path: string }> }>().fields.map((field) => field.path)).toEqual(['querystring.finish']);
  });

  it('gives every article its own finish’s picture and every finish variation its picture', async () => {
    const answer = (await visitor.get('/api/apiv2/articles/variations?model=7460&catalog=16&lang=en')).json<VariationsResponse>();
    const base = answer.articles.find((article: Article) => article.model === '7460' && article.reference === article.referenceBase);
    expect(base?.image).toBe(`${R}/model/7460.webp?finish=${base?.attributes.finish.code}`);
    const finishes = answer.variations.filter((variation) => variation.model === '7460' && variation.type === 'color');
    expect(finishes.length).toBeGreaterThan(0);
    for (const variation of finishes) {
      expect(variation.image).toBe(`${R}/model/7460.webp?finish=${variation.modifier}`);
      // the drawn picture of the same model and finish is still served
      expect(shapeAttr(await svgOf((variation.image ?? '').replace(R, I).replace('.webp', '.svg')))).toBe('pendant');
    }
    const collections = (await visitor.get('/api/products/v1/categories/collections?catalogId=16&lang=en&subFamilyId=219')).json<Collection[]>();
    expect(collections[0]?.image).toBe(`${R}/collection/219.webp`);
  });

  it('shows a preconfiguration by its first luminaire in the finish it holds', async () => {
    const distributor = t.agent();
    await distributor.login('distributor@demo.example');
    const list = (await distributor.get('/api/products/v1/preconfigs/list?catalogId=16')).json<PreconfigSummary[]>();
    expect(list.length).toBeGreaterThan(0);
    for (const preconfig of list) {
      const detail = (await distributor.get(`/api/products/v1/preconfigs/creation/${preconfig.id}?catalogId=16`)).json<PreconfigDetail>();
      const first = detail.lines[0];
      expect(first, String(preconfig.id)).toBeDefined();
      expect(preconfig.image).toBe(`${R}/model/${first?.model}.webp?finish=${parseReference(first?.reference ?? '').colour}`);
    }
  });
});
