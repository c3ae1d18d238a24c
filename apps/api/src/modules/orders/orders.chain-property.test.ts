import type { BudgetPayload, InvoiceListPage, OrderDraft, ProcessOrderResult, Project, ProjectProduct, Quote, ReorderResult } from '@lumen/contracts';
import { drawingToSpace, type Drawing } from '@lumen/domain';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../../test/test-app';
import { catalogueArticles, catalogueVariations, invoices, orders } from '../../db/schema';
import { linkToken } from '../budgets/budgets.test-support';
import { cluster, space, type LightSpec } from '../products/products.creations.test-support';
import { plusminusV, ROOM, sticksSquare } from '../products/products.drawings.test-support';
import { P1 } from '../projects/projects.test-support';
import { creationConfiguration } from './orders.configuration';

/**
 * Every configured detail survives the chain (issue 34 §3), as a property: projects made of any line
 * types of the demo catalogue — a catalogue reference (any active article of catalogue 16, a pendant
 * at any height its wire allows), a crea creation (1–3 clusters of the Multiple collection at any
 * finish, colour temperature, control and pendant height the catalogue offers), drawn and no-drawing
 * sticks and plusminus compositions — go project → quote (sent, accepted by the client) → order from
 * the quote → invoice → order again, and at each step each line's configuration is the project's:
 * finish, colour temperature, control, installation and pendant height by code; a creation's element
 * tree or drawing (its canonical text) and its bill of materials.
 */
const STEP_MS = 60_000;
const ATTRIBUTES = ['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight'] as const;
type Codes = Partial<Record<(typeof ATTRIBUTES)[number], string>>;

let t: TestApp;
let distributor: Agent;
let articles: Array<{ reference: string; model: string; moq: number }>;
let pendants: Map<string, { min: number; max: number }>;
let creaLights: LightSpec[];
let runs = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { ERP_STEP_MS: String(STEP_MS) }, startWorkers: false });
  distributor = t.agent();
  await distributor.login('distributor@demo.example');
  const db = t.database.db;
  const rows = await db.select().from(catalogueArticles).where(and(eq(catalogueArticles.catalogId, 16), eq(catalogueArticles.active, true)));
  // References with no order quirk of their own (a discontinued model or an availability window are the orders tests' cases).
  articles = rows.filter((row) => row.moq <= 4).map((row) => ({ reference: row.reference, model: row.model, moq: row.moq }));
  const wires = await db.select().from(catalogueVariations).where(and(eq(catalogueVariations.catalogId, 16), eq(catalogueVariations.type, 'pendantHeight')));
  pendants = new Map(
    wires.map((wire) => {
      const data = wire.data as { min: number; max: number; standard: number };
      return [wire.model, { min: Math.min(data.min, data.standard), max: Math.max(data.max, data.standard) }];
    }),
  );
  // The Multiple collection's lights as the catalogue sells them (each combination an active article).
  creaLights = rows
    .filter((row) => ['5770', '5772', '5774'].includes(row.model) && row.installation === '10')
    .map((row) => ({ model: row.model, finish: row.finish, ledColourTemp: row.ledColourTemp ?? '2', control: row.control ?? '0', installation: '10' }));
  expect(articles.length).toBeGreaterThan(20);
  expect(pendants.size).toBeGreaterThan(0);
  expect(creaLights.length).toBeGreaterThan(0);
});
afterAll(async () => t.close());

type LineInput = Record<string, unknown> & { quantity: number };

const quantity = fc.integer({ min: 1, max: 4 });

/** A catalogue reference: any active article; a pendant at a height its wire allows (cm). */
const regular = (): fc.Arbitrary<LineInput> =>
  fc.constantFrom(...articles).chain((article) => {
    const wire = pendants.get(article.model);
    return fc.record({
      type: fc.constant('REGULAR'),
      referenceCode: fc.constant(article.reference),
      quantity: quantity.map((units) => Math.max(units, article.moq)),
      ...(wire ? { pendantHeight: fc.integer({ min: wire.min, max: wire.max }) } : {}),
    });
  });

/** A crea creation of 1–3 clusters, each light any the catalogue sells, hung 0.5–2.5 m. */
const crea = (): fc.Arbitrary<LineInput> =>
  fc.array(fc.record({ light: fc.constantFrom(...creaLights), height: fc.constantFrom(0.5, 1, 1.5, 2, 2.5) }), { minLength: 1, maxLength: 3 }).chain((lights) =>
    quantity.map((units) => ({
      type: 'CREATION',
      subFamily: { id: 259 },
      configuratorType: { id: 1 },
      model: lights[0]!.light.model,
      quantity: units,
      space: space(lights.map(({ light, height }, index) => cluster(String(index), { ...light, pendantHeight: height, x: -1 + index })), {}),
    })),
  );

/** A drawn (configurator 2) or no-drawing (3) sticks or plusminus composition. */
const drawn = (): fc.Arbitrary<LineInput> =>
  fc.record({ drawing: fc.constantFrom<() => Drawing>(sticksSquare, plusminusV), configurator: fc.constantFrom<2 | 3>(2, 3), units: quantity }).map(({ drawing, configurator, units }) => {
    const plan = drawing();
    return {
      type: 'CREATION',
      subFamily: { id: plan.family === 'sticks' ? 219 : 225 },
      configuratorType: { id: configurator },
      model: plan.family === 'sticks' ? '7470' : '5520',
      quantity: units,
      space: drawingToSpace(plan, { room: ROOM, configurator, createdAt: Date.UTC(2026, 10, 1), applicationLocationId: 15 }),
    };
  });

/** A line's configuration as comparable data: attribute codes, a creation's canonical tree. */
function codesOf(attributes: Partial<Record<string, { code: string } | undefined>> | undefined): Codes {
  const codes: Codes = {};
  for (const key of ATTRIBUTES) {
    const code = attributes?.[key]?.code;
    if (code !== undefined) codes[key] = code;
  }
  return codes;
}

const billOf = (line: { billOfMaterials?: Array<{ kind: string; reference: string; quantity: number }> | undefined }) =>
  (line.billOfMaterials ?? []).map(({ kind, reference, quantity: units }) => ({ kind, reference, quantity: units }));

async function walk(lines: LineInput[]): Promise<void> {
  runs += 1;
  // Each walk moves the clock past the ERP's steps: a fresh session, as a distributor coming back.
  await distributor.login('distributor@demo.example');
  const created = await distributor.post(P1, { name: `Chain ${runs}`, catalogId: 16, products: lines });
  expect(created.statusCode, created.body.slice(0, 400)).toBe(201);
  const projectId = created.json<{ id: number }>().id;
  const project = (await distributor.get(`${P1}/${projectId}?prices=true&lang=en`)).json<Project>();
  const byId = new Map(project.products.map((line) => [line._id, line]));
  const payload = (await distributor.get(`/api/apiv2/project-to-budget?projectId=${projectId}&lang=en`)).json<BudgetPayload>();
  expect(payload.excluded).toEqual([]);

  // Quote with a client discount per line and the distributor's markup overall (the surcharge), sent, accepted by the client.
  // Quoted at quantities the brand will take (a creation's articles have minimum order quantities too).
  const minimum = new Map((await distributor.get(`/api/orders/v2/orders/new/${projectId}?lang=en`)).json<OrderDraft>().lines.map((line) => [line._id, line.minimumQuantity]));
  const products = project.products.map((line, index) => ({ _id: line._id, quantity: Math.max(line.quantity, minimum.get(line._id) ?? 1), discount: (index * 5) % 20 }));
  const issued = await distributor.post('/api/projects/v1/budget', { projectId, iva: 21, surcharge: 12, lang: 'en', clientName: 'Client', products }, { 'idempotency-key': crypto.randomUUID() });
  expect(issued.statusCode, issued.body.slice(0, 400)).toBe(201);
  const quote = issued.json<Quote>();
  const client = `client.${runs}@chain.example`;
  expect((await distributor.post(`/api/projects/v1/budget/quotes/${quote.id}/send`, { email: client, name: 'Client', lang: 'en' }, { 'idempotency-key': crypto.randomUUID() })).statusCode).toBe(200);
  expect((await t.agent().post(`/api/projects/v1/public-quotes/${linkToken(t.mailer.messages, client)}/accept`, { name: 'Client' })).statusCode).toBe(200);
  for (const line of quote.products) {
    const source = byId.get(line._id)!;
    expect(codesOf(line.attributes), `quote line ${line.description}`).toEqual(codesOf(source.attributes));
    if (source.type === 'CREATION') expect(billOf(line)).toEqual(billOf(payload.products.find((item) => item._id === line._id)!));
  }

  // The order from the accepted quote: the draft, the processed order and its stored lines.
  const draft = (await distributor.get(`/api/orders/v2/orders/new/${projectId}?lang=en&quoteId=${quote.id}`)).json<OrderDraft>();
  for (const line of draft.lines) expect(codesOf(line.attributes), `draft line ${line.description}`).toEqual(codesOf(byId.get(line._id)?.attributes));
  const body = { projectId, quoteId: quote.id, comments: '', internalOrderNumber: `PO-CHAIN-${runs}`, sendTogether: true, products: draft.lines.map((line) => ({ _id: line._id, quantity: line.quantity, shippingDate: line.earliestShippingDate })) };
  const processed = await distributor.post('/api/orders/v2/orders/process/', body, { 'idempotency-key': crypto.randomUUID() });
  expect(processed.statusCode, processed.body.slice(0, 400)).toBe(200);
  const order = processed.json<ProcessOrderResult>().order!;
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
  const stored = row!.lines as Array<{ _id: string; creation?: { space: unknown } }>;
  for (const line of Object.values(order.productsById)) {
    const source = byId.get(line._id)!;
    expect(codesOf(line.attributes), `order line ${line.description}`).toEqual(codesOf(source.attributes));
    expect(line.quantity).toBe(quote.products.find((item) => item._id === line._id)?.quantity);
    if (source.type === 'CREATION') expect(creationConfiguration(stored.find((item) => item._id === line._id)?.creation?.space)).toBe(creationConfiguration(source.space));
  }

  // The invoice the ERP issues when the order is finished.
  await t.app.jobs.drain();
  for (let step = 0; step < 3; step += 1) {
    t.clock.advance(STEP_MS);
    await t.app.jobs.drain();
  }
  const listed = await distributor.get(`/api/sr-erp/v1/invoices/C-100234?search=PO-CHAIN-${runs}`);
  expect(listed.statusCode, listed.body.slice(0, 300)).toBe(200);
  const page = listed.json<InvoiceListPage>();
  const invoice = page.items.find((item) => item.orderId === order.orderId);
  expect(invoice).toBeTruthy();
  const [invoiceRow] = await t.database.db.select().from(invoices).where(eq(invoices.number, invoice!.number));
  const invoiceLines = invoiceRow!.lines as Array<{ description: string; model: string; quantity: number; attributes: Record<string, { code: string }> }>;
  expect(invoiceLines).toHaveLength(lines.length);
  project.products.forEach((source, index) => {
    const line = invoiceLines[index]!;
    expect(codesOf(line.attributes), `invoice line ${line.description}`).toEqual(codesOf(source.attributes));
    expect(line.description).toBe(order.productsById[source._id]?.description);
  });

  // Order again: every line comes back with its configuration, and the summary says nothing changed.
  const again = await distributor.post(`/api/orders/v2/orders/${order.orderId}/reorder`, { name: `Chain ${runs} again` }, { 'idempotency-key': crypto.randomUUID() });
  expect(again.statusCode, again.body.slice(0, 400)).toBe(201);
  const result = again.json<ReorderResult>();
  expect(result.added).toBe(lines.length);
  for (const change of result.changes) {
    expect(change.changedAttributes).toEqual([]);
    // Named as people name it (issue 34 §3), never by its model number.
    expect(change.description).toBeTruthy();
    expect(change.description).not.toBe(change.model);
  }
  const reordered = (await distributor.get(`${P1}/${result.projectId}?prices=true&lang=en`)).json<Project>().products;
  const reorderedPayload = (await distributor.get(`/api/apiv2/project-to-budget?projectId=${result.projectId}&lang=en`)).json<BudgetPayload>();
  expect(reordered).toHaveLength(lines.length);
  project.products.forEach((source: ProjectProduct, index) => {
    const line = reordered[index]!;
    expect(line.type).toBe(source.type);
    expect(line.quantity).toBe(products[index]?.quantity);
    expect(codesOf(line.attributes), `reordered line ${line.description}`).toEqual(codesOf(source.attributes));
    if (source.type === 'CREATION') {
      expect(creationConfiguration(line.space)).toBe(creationConfiguration(source.space));
      expect(billOf(reorderedPayload.products[index]!)).toEqual(billOf(payload.products[index]!));
    } else expect(line.referenceCode).toBe(source.referenceCode);
  });
}

describe('project → quote → order → invoice → order again keeps every line’s configuration', () => {
  it('for one line of each type: a pendant at its height, a crea creation, drawn and no-drawing sticks and plusminus', async () => {
    const one = <T>(arbitrary: fc.Arbitrary<T>, seed: number) => fc.sample(arbitrary, { numRuns: 1, seed })[0]!;
    const pendant = articles.find((article) => pendants.has(article.model))!;
    const wire = pendants.get(pendant.model)!;
    const plan = (drawing: () => Drawing, configurator: 2 | 3, subFamily: number, model: string): LineInput => ({
      type: 'CREATION',
      subFamily: { id: subFamily },
      configuratorType: { id: configurator },
      model,
      quantity: 1,
      space: drawingToSpace(drawing(), { room: ROOM, configurator, createdAt: Date.UTC(2026, 10, 1), applicationLocationId: 15 }),
    });
    await walk([
      { type: 'REGULAR', referenceCode: pendant.reference, quantity: Math.max(2, pendant.moq), pendantHeight: Math.min(wire.max, 250) },
      one(crea(), 1),
      plan(sticksSquare, 2, 219, '7470'),
      plan(sticksSquare, 3, 219, '7470'),
      plan(plusminusV, 2, 225, '5520'),
      plan(plusminusV, 3, 225, '5520'),
    ]);
  }, 60_000);

  it('for projects of any line types of the demo catalogue', async () => {
    const line = fc.oneof(regular(), crea(), drawn());
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 4 }), async (lines) => walk(lines)),
      { numRuns: 4, seed: 34, endOnFailure: true },
    );
  }, 180_000);
});
