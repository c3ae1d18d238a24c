import type { Project, Quote } from '@lumen/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, qpdfCheck, xlsxCells } from '../../../test/document-readers';
import { createTestApp, type Agent, type TestApp } from '../../../test/test-app';
import { threeClusters } from '../products/products.creations.test-support';
import { drawnSpace, sticksSquare } from '../products/products.drawings.test-support';
import { createProject, P1 } from '../projects/projects.test-support';
import { B1, issue, payloadOf } from './budgets.test-support';

/**
 * Compositions are quotable (issue 34 §3): a crea creation and a drawn sticks composition, saved
 * from their configurators (isPersonalized left at 0), enter the budget as one line each with a
 * name people use, a picture and their bill of materials as sub-lines, priced by the server's
 * evaluation at the catalogue's list price; the PDF and XLSX print the sub-lines.
 */
let t: TestApp;
let distributor: Agent;
let projectId: number;

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
/** pdftotext's layout wraps a cell's text over lines: words compared with single spaces. */
const words = (text: string) => plain(text).replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await createTestApp();
  distributor = t.agent();
  await distributor.login('distributor@demo.example');
  const project = await createProject(distributor, { name: 'Compositions lobby' });
  projectId = project.id;
  const added = await distributor.post(`${P1}/${projectId}/products`, [
    { type: 'CREATION', subFamily: { id: 259 }, configuratorType: { id: 1 }, model: '5770', quantity: 2, space: threeClusters() },
    { type: 'CREATION', subFamily: { id: 219 }, configuratorType: { id: 2 }, model: '7470', quantity: 1, space: drawnSpace(sticksSquare()) },
  ]);
  if (added.statusCode !== 201) throw new Error(`add: ${added.statusCode} ${added.body.slice(0, 300)}`);
});
afterAll(async () => t.close());

describe('compositions in a quote', () => {
  it('the project names each creation by its collection and luminaires, with a picture, never by its code', async () => {
    const detail = (await distributor.get(`${P1}/${projectId}?lang=es`)).json<Project>();
    const [crea, sticks] = detail.products;
    expect(crea?.description).toMatch(/^Composición .+, 3 luminarias$/);
    expect(sticks?.description).toMatch(/^Composición .+, \d+ luminarias?$/);
    for (const line of [crea, sticks]) {
      expect(line?.description).not.toBe(line?.model);
      // the composition's own picture (issue 35 §2), rendered from its space, in the project's scope
      expect(line?.image).toBe(`${P1}/${projectId}/products/${line?._id}/picture.webp`);
      const picture = await distributor.get(line?.image ?? '');
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
      expect((await distributor.get(line?.image ?? '', { 'if-none-match': String(picture.headers.etag) })).statusCode).toBe(304);
    }
    // the crea's clusters and the sticks square are two pictures; a visitor sees neither
    expect((await distributor.get(crea?.image ?? '')).headers.etag).not.toBe((await distributor.get(sticks?.image ?? '')).headers.etag);
    expect((await t.agent().get(crea?.image ?? '')).statusCode).toBe(401);
  });

  it('both enter the budget as one line each with their bill of materials, at the list price, with nothing excluded', async () => {
    const payload = await payloadOf(distributor, projectId);
    expect(payload.excluded).toEqual([]);
    expect(payload.products.map((line) => line.type)).toEqual(['CREATION', 'CREATION']);
    const own = (await distributor.get(`${P1}/${projectId}?prices=true`)).json<Project>().products;
    for (const [index, line] of payload.products.entries()) {
      expect(line.billOfMaterials?.length).toBeGreaterThan(0);
      expect(line.billOfMaterials?.some((sub) => sub.kind === 'luminaire')).toBe(true);
      for (const sub of line.billOfMaterials ?? []) expect(sub.description).not.toBe('');
      // The client's line is at the list price; the distributor's own price is their purchase price, below it.
      const price = own[index]?.price;
      expect(line.unitPvp).toBeGreaterThan(Number(price?.unitNet));
      expect(line.purchaseUnitNet).toBe(price?.unitNet);
      expect(line.netPrice).toBe(Number((line.unitPvp * line.quantity).toFixed(2)));
    }
    // The crea creation: three clusters, each with its luminaire; its luminaires add up to 3 per set.
    const luminaires = (payload.products[0]?.billOfMaterials ?? []).filter((sub) => sub.kind === 'luminaire').reduce((sum, sub) => sum + sub.quantity, 0);
    expect(luminaires).toBe(3);
  });

  it('a creation line\'s compositions carry their articles, each with its parts: the drivers that feed it, named (spec §3)', async () => {
    const payload = await payloadOf(distributor, projectId);
    const crea = payload.products[0]!;
    type Part = { kind: string; reference: string; quantity: number; description?: string };
    type Article = { referenceCode: string; accessoryCode: string | null; parts?: Part[] };
    const articles = crea.compositions.flatMap((composition) => (composition.articles ?? []) as Article[]);
    expect(articles.length).toBeGreaterThan(0);
    for (const article of articles) expect(Array.isArray(article.parts)).toBe(true);
    const luminaire = articles.find((article) => article.accessoryCode === null);
    expect(luminaire?.parts?.length).toBeGreaterThan(0);
    // The parts of every article add up to the drivers of the creation's bill, each named as the bill names it.
    const fromParts = new Map<string, number>();
    for (const part of articles.flatMap((article) => article.parts ?? [])) {
      expect(part.kind).toBe('driver');
      expect(part.description).toBe(crea.billOfMaterials?.find((sub) => sub.reference === part.reference)?.description);
      fromParts.set(part.reference, (fromParts.get(part.reference) ?? 0) + part.quantity);
    }
    const drivers = (crea.billOfMaterials ?? []).filter((sub) => sub.kind === 'driver');
    expect(drivers.length).toBeGreaterThan(0);
    expect(Object.fromEntries(fromParts)).toEqual(Object.fromEntries(drivers.map((sub) => [sub.reference, sub.quantity])));
  });

  it('the quote keeps the sub-lines; its PDF and XLSX print them under the line', async () => {
    const quote: Quote = await issue(distributor, { projectId, iva: 21, lang: 'en', clientName: 'Lobby client' });
    expect(quote.products).toHaveLength(2);
    const crea = quote.products[0]!;
    expect(crea.description).toMatch(/composition, 3 luminaires$/);
    const sub = crea.billOfMaterials![0]!;
    const pdf = (await distributor.get(`${B1}/quotes/${quote.id}/pdf`)).rawPayload;
    qpdfCheck(pdf);
    const text = words(pdfText(pdf));
    // The name (its cell wraps beside the figures in pdftotext's layout) and every sub-line.
    expect(text).toContain(crea.description.split(',')[0]);
    for (const line of quote.products) for (const item of line.billOfMaterials ?? []) expect(text).toContain(`${item.quantity} × ${item.reference}`);
    expect(text).not.toMatch(/DRRK04-0 DRRK04-0/);
    const cells = xlsxCells((await distributor.get(`${B1}/quotes/${quote.id}/xlsx`)).rawPayload);
    expect(JSON.stringify(cells)).toContain(`${sub.quantity} × ${sub.reference} ${sub.description}`);
    // In another language (issue 34 §5) the creation is named in that language's words, not the issuing English.
    const family = crea.description.replace(/ composition, 3 luminaires$/, '');
    const german = JSON.stringify(xlsxCells((await distributor.get(`${B1}/quotes/${quote.id}/xlsx?lang=de`)).rawPayload));
    expect(german).toContain(`${family}-Komposition, 3 Leuchten`);
    expect(german).not.toContain(crea.description);
  });
});
