import { readFileSync } from 'node:fs';
import type { Invoice, InvoiceListPage, Order, OrderDraft, ProcessOrderResult, Project, Quote, ReorderResult } from '@lumen/contracts';
import { formatCurrency, formatLocaleDate } from '@lumen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfImages, pdfText, qpdfCheck } from '../../../test/document-readers';
import { createTestApp, type Agent, type TestApp } from '../../../test/test-app';
import { invoices } from '../../db/schema';
import { threeClusters } from '../products/products.creations.test-support';
import { createProject, P1, REF16 } from '../projects/projects.test-support';

/**
 * The chain a distributor runs (issue 34 §3, §5): a pendant set to 2.50 m goes project → quote →
 * order → invoice → reorder, and its configuration is the same at every step; the invoice carries
 * the legal content of VAT directive 2006/112/EC art. 226, read back with pdftotext and checked
 * against a hand computation.
 */
const PENDANT = REF16[3];
const HEIGHT_CM = 250;
const STEP_MS = 60_000;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const eur = (value: number) => plain(formatCurrency(value, 'EUR'));

let t: TestApp;
let distributor: Agent;

beforeAll(async () => {
  t = await createTestApp({ env: { ERP_STEP_MS: String(STEP_MS), ERP_VAT_PERCENT: '21' }, startWorkers: false });
  distributor = t.agent();
  await distributor.login('distributor@demo.example');
});
afterAll(async () => t.close());

describe('a configured pendant through project → quote → order → invoice → reorder', () => {
  let project: Project;
  let quote: Quote;
  let order: Order;
  let invoice: Invoice;

  it('the project keeps the pendant at 2.50 m; the quote prints the height with its value', async () => {
    project = await createProject(distributor, { name: 'Chain lobby', catalogId: 16, products: [{ type: 'REGULAR', referenceCode: PENDANT, quantity: 4, pendantHeight: HEIGHT_CM }] });
    const detail = (await distributor.get(`${P1}/${project.id}?prices=true&lang=es`)).json<Project>();
    expect(detail.products[0]?.attributes?.pendantHeight?.code).toBe(String(HEIGHT_CM));
    const issued = await distributor.post('/api/projects/v1/budget', { projectId: project.id, iva: 21, lang: 'es', clientName: 'Hotel Cadena' });
    expect(issued.statusCode, issued.body).toBe(201);
    quote = issued.json<Quote>();
    expect(quote.products[0]?.attributes.pendantHeight?.code).toBe(String(HEIGHT_CM));
    const text = plain(pdfText((await distributor.get(`/api/projects/v1/budget/quotes/${quote.id}/pdf`)).rawPayload));
    expect(text).toMatch(/2,50 m/);
  });

  it('the order draft and the processed order carry the configuration', async () => {
    const draft = (await distributor.get(`/api/orders/v2/orders/new/${project.id}?lang=es`)).json<OrderDraft>();
    const line = draft.lines[0]!;
    expect(line.attributes.pendantHeight?.code).toBe(String(HEIGHT_CM));
    expect(line.attributes.finish?.code).toBe(detailCode(PENDANT));
    const body = { projectId: project.id, comments: '', internalOrderNumber: 'PO-CHAIN', sendTogether: true, products: [{ _id: line._id, quantity: Math.max(line.quantity, line.minimumQuantity), shippingDate: line.earliestShippingDate }] };
    const processed = await distributor.post('/api/orders/v2/orders/process/', body, { 'idempotency-key': crypto.randomUUID() });
    expect(processed.statusCode, processed.body).toBe(200);
    order = processed.json<ProcessOrderResult>().order!;
    expect(order.productsById[line._id]?.attributes.pendantHeight?.code).toBe(String(HEIGHT_CM));
  });

  it('the invoice has the legal content: seller and buyer with addresses and VAT numbers, date of supply, lines with description and configuration, per-rate base and tax, payment terms and due date', async () => {
    await t.app.jobs.drain();
    for (let step = 0; step < 3; step += 1) {
      t.clock.advance(STEP_MS);
      await t.app.jobs.drain();
    }
    const page = (await distributor.get('/api/sr-erp/v1/invoices/C-100234?search=PO-CHAIN')).json<InvoiceListPage>();
    invoice = page.items.find((item) => item.orderId === order.orderId)!;
    expect(invoice).toBeTruthy();
    // Hand computation: the line's net is the order's; VAT 21 % of it, rounded half away from zero once on the base.
    const lineNet = Number(order.productsById[order.products[0]!]?.price?.totalNet);
    const vat = Math.round(lineNet * 21) / 100;
    expect(invoice).toMatchObject({ net: lineNet, vatPercent: 21, vat, total: Number((lineNet + vat).toFixed(2)) });

    const pdf = (await distributor.get(invoice.pdf)).rawPayload;
    qpdfCheck(pdf);
    // The line with its picture (issue 34 §3): the catalogue's picture of the pendant, as a thumbnail beside its reference.
    expect(pdfImages(pdf)).toEqual([{ page: 1, width: 96, height: 96 }]);
    const text = plain(pdfText(pdf));
    const date = (day: string) => plain(formatLocaleDate(day, 'es', { dateStyle: 'long' }));
    // Seller (configuration) and buyer (company profile): names, addresses, VAT identification numbers.
    for (const expected of ['Lumen Lighting S.L.', 'Carrer de la Llum 12', '08005 Barcelona', 'NIF-IVA ESB12345674', 'Luminotecnia Norte S.L.', 'Calle Gran Vía 21, 3º', '48001 Bilbao (Bizkaia)', 'NIF-IVA ESB48123456']) expect(text).toContain(expected);
    // Date of issue, sequential number, date of supply, due date and payment terms, in the buyer's language (es).
    expect(text).toContain(`Factura ${invoice.number}`);
    expect(text).toMatch(/Fecha de entrega/);
    expect(text).toContain(date(invoice.issueDate));
    expect(text).toContain(date(invoice.dueDate));
    expect(text).toContain(`Condiciones de pago: 30 días netos desde la fecha de emisión. Paga antes del ${date(invoice.dueDate)}.`);
    // The line: reference, description (the model's name, not its number), configuration with the height, quantity, unit net, rate, amount.
    expect(text).toContain(PENDANT);
    const orderLine = order.productsById[order.products[0]!]!;
    expect(text).toContain(orderLine.description);
    expect(orderLine.description).not.toBe(orderLine.model);
    expect(text).toMatch(/2,50 m/);
    expect(text).toContain(eur(Number(orderLine.price?.unitNet)));
    // Per rate: base and tax; the total with tax.
    expect(text).toMatch(new RegExp(`IVA 21 % sobre ${eur(lineNet).replace(/[.$]/g, '\\$&')}\\s+${eur(vat).replace(/[.$]/g, '\\$&')}`));
    expect(text).toMatch(new RegExp(`Total con IVA\\s+${eur(invoice.total).replace(/[.$]/g, '\\$&')}`));
  });

  it('the invoice asked in German describes its line in German (art. 226: in the buyer’s language), not in the order’s Spanish', async () => {
    const orderLine = order.productsById[order.products[0]!]!;
    const catalogue = JSON.parse(readFileSync(new URL('../../db/seed/catalogue/data/catalogue.json', import.meta.url), 'utf8')) as { models: Array<{ model: string; description: Record<string, string> }> };
    const german = catalogue.models.find((model) => model.model === orderLine.model)?.description.de ?? '';
    expect(german).not.toBe('');
    expect(german).not.toBe(orderLine.description);
    const text = plain(pdfText((await distributor.get(`${invoice.pdf}?lang=de`)).rawPayload));
    expect(text).toContain(`Rechnung ${invoice.number}`);
    expect(text).toContain(german);
    expect(text).not.toContain(orderLine.description);
  });

  it('order again brings the pendant back at 2.50 m and says the configuration came back whole', async () => {
    const answer = await distributor.post(`/api/orders/v2/orders/${order.orderId}/reorder`, { name: 'Chain again' }, { 'idempotency-key': crypto.randomUUID() });
    expect(answer.statusCode, answer.body).toBe(201);
    const result = answer.json<ReorderResult>();
    expect(result.changes[0]?.changedAttributes).toEqual([]);
    const again = (await distributor.get(`${P1}/${result.projectId}?lang=es`)).json<Project>();
    expect(again.products[0]?.attributes?.pendantHeight?.code).toBe(String(HEIGHT_CM));
  });
});

describe('a crea creation ordered in Spanish, invoiced to a German reader (issue 34 §5: in the buyer’s language)', () => {
  it('the invoice PDF names the creation in German from its collection and luminaire count, not in the order’s Spanish', async () => {
    const made = await createProject(distributor, {
      name: 'Chain crea',
      catalogId: 16,
      products: [{ type: 'CREATION', subFamily: { id: 259 }, configuratorType: { id: 1 }, model: '5770', quantity: 1, space: threeClusters() }],
    });
    const draft = (await distributor.get(`/api/orders/v2/orders/new/${made.id}?lang=es`)).json<OrderDraft>();
    const line = draft.lines[0]!;
    expect(line.description).toBe('Composición Multiple, 3 luminarias');
    const body = { projectId: made.id, lang: 'es', comments: '', internalOrderNumber: 'PO-CREA', sendTogether: true, products: [{ _id: line._id, quantity: Math.max(line.quantity, line.minimumQuantity), shippingDate: line.earliestShippingDate }] };
    const processed = await distributor.post('/api/orders/v2/orders/process/', body, { 'idempotency-key': crypto.randomUUID() });
    expect(processed.statusCode, processed.body).toBe(200);
    const placed = processed.json<ProcessOrderResult>().order!;
    // The order page in the reader's language names the creation in it too.
    const asGerman = (await distributor.get(`/api/orders/v2/orders/${placed.orderId}?lang=de`)).json<Order>();
    expect(asGerman.productsById[line._id]?.description).toBe('Multiple-Komposition, 3 Leuchten');
    await t.app.jobs.drain();
    for (let step = 0; step < 3; step += 1) {
      t.clock.advance(STEP_MS);
      await t.app.jobs.drain();
    }
    const page = (await distributor.get('/api/sr-erp/v1/invoices/C-100234?search=PO-CREA')).json<InvoiceListPage>();
    const billed = page.items.find((item) => item.orderId === placed.orderId)!;
    expect(billed).toBeTruthy();
    const german = plain(pdfText((await distributor.get(`${billed.pdf}?lang=de`)).rawPayload));
    expect(german).toContain(`Rechnung ${billed.number}`);
    expect(german).toContain('Multiple-Komposition, 3 Leuchten');
    expect(german).not.toContain('Composición');
    // In the order's own language it reads as the order did.
    const spanish = plain(pdfText((await distributor.get(billed.pdf)).rawPayload));
    expect(spanish).toContain('Composición Multiple, 3 luminarias');
  });
});

describe('demo invoices (issue 34 §5: regenerated with their legal content)', () => {
  it('name the seller and the buyer with addresses and VAT numbers, and describe lines by the model’s name', async () => {
    const page = (await distributor.get('/api/sr-erp/v1/invoices/C-100234?sortBy=ISSUE_DATE_ASC&limit=1')).json<InvoiceListPage>();
    const oldest = page.items[0]!;
    const text = plain(pdfText((await distributor.get(oldest.pdf)).rawPayload));
    for (const expected of ['Lumen Lighting S.L.', 'NIF-IVA ESB12345674', 'Luminotecnia Norte S.L.', 'Calle Gran Vía 21, 3º', 'NIF-IVA ESB48123456', 'Fecha de entrega', 'Condiciones de pago: 30 días']) expect(text).toContain(expected);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.number, oldest.number));
    const lines = rows[0]?.lines as Array<{ model: string; description: string; vatPercent: number }>;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.description).not.toBe(line.model);
      expect(line.vatPercent).toBe(21);
    }
  });
});

/** The finish code of an international reference (MMMMCC…: CC). */
function detailCode(reference: string): string {
  return reference.slice(4, 6);
}
