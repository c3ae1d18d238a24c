import type { AvailabilityResponse, InvoiceListPage, Order, OrderDraft, OrderListPage, OrderSummary, ProcessOrderResult, ReorderResult } from '@lumen/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFonts, pdfText, qpdfCheck } from '../../../test/document-readers';
import { createTestApp, type Agent, type TestApp } from '../../../test/test-app';
import { auditEvents, erpReceivedOrders, invoices, orders, projects, quotes } from '../../db/schema';
import { createProject, REF16 } from '../projects/projects.test-support';

const NEW = '/api/orders/v2/orders/new';
const PROCESS = '/api/orders/v2/orders/process/';
const MOQ4 = '552023/02_10';
const STEP_MS = 60_000;

let t: TestApp;
let distributor: Agent;
let distributor2: Agent;
let specifier: Agent;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp({ env: { ERP_STEP_MS: String(STEP_MS), ERP_VAT_PERCENT: '21' }, startWorkers: false });
  [distributor, distributor2, specifier, admin] = [t.agent(), t.agent(), t.agent(), t.agent()];
  await Promise.all([distributor.login('distributor@demo.example'), distributor2.login('distributor2@demo.example'), specifier.login('specifier@demo.example'), admin.login('admin@demo.example')]);
});
afterAll(async () => t.close());

const day = (offsetDays: number) => new Date(t.clock().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function projectWith(agent: Agent, lines: ReadonlyArray<{ referenceCode: string; quantity: number }>, name = 'Order project'): Promise<number> {
  return (await createProject(agent, { name, catalogId: 16, products: lines.map((line) => ({ type: 'REGULAR', ...line })) })).id;
}

async function draftOf(agent: Agent, projectId: number, query = ''): Promise<OrderDraft> {
  const response = await agent.get(`${NEW}/${projectId}${query}`);
  if (response.statusCode !== 200) throw new Error(`draft: ${response.statusCode} ${response.body}`);
  return response.json<OrderDraft>();
}

/** The body the order page sends: every line at its quantity (or the given one), shipped at its earliest date. */
function bodyOf(draft: OrderDraft, overrides: Record<string, Partial<{ quantity: number; shippingDate: string }>> = {}, extra: Record<string, unknown> = {}) {
  return {
    projectId: draft.projectId,
    comments: 'Deliver to the rear entrance',
    internalOrderNumber: 'PO-7781',
    sendTogether: true,
    ...extra,
    products: draft.lines.map((line) => ({ _id: line._id, quantity: line.quantity, shippingDate: line.earliestShippingDate, ...overrides[line._id] })),
  };
}

async function ordersOfProject(projectId: number) {
  return t.database.db.select().from(orders).where(eq(orders.projectId, projectId));
}

async function processed(agent: Agent, body: unknown, key = crypto.randomUUID()): Promise<ProcessOrderResult> {
  const response = await agent.post(PROCESS, body, { 'idempotency-key': key });
  if (response.statusCode !== 200) throw new Error(`process: ${response.statusCode} ${response.body}`);
  return response.json<ProcessOrderResult>();
}

describe('generating an order (new-order)', () => {
  it('checks each line by MOQ per reference and says what to change; lead time, availability and earliest shipping date per line', async () => {
    const id = await projectWith(distributor, [
      { referenceCode: REF16[0], quantity: 3 },
      { referenceCode: MOQ4, quantity: 2 },
    ]);
    const draft = await draftOf(distributor, id);
    expect(draft).toMatchObject({ projectId: id, catalogId: 16, currency: 'EUR', clientCode: 'C-100234', today: day(0), existingOrderId: null });
    const [first, second] = draft.lines;
    expect(first).toMatchObject({ referenceCode: REF16[0], quantity: 3, valid: true, faults: [], references: { [REF16[0]]: { quantity: 3, moq: 1, valid: true } } });
    expect(second).toMatchObject({ referenceCode: MOQ4, valid: false, faults: ['moq'], minimumQuantity: 4, references: { [MOQ4]: { quantity: 2, moq: 4, valid: false } } });
    // Not before today plus the line's lead time (the catalogue's breakpoints at the quantity); a line
    // the stock covers ships today with no lead time (issue 34 §4: never "in stock" beside "N weeks").
    for (const line of draft.lines) {
      expect(['inStock', 'toOrder']).toContain(line.availability.state);
      if (line.availability.state === 'inStock') expect(line).toMatchObject({ leadTimeWeeks: 0, earliestShippingDate: day(0) });
      else expect(line.leadTimeWeeks).toBeGreaterThan(0);
      expect(line.earliestShippingDate).toBe(day(line.leadTimeWeeks * 7));
      expect(line.price?.unitNet).toBeGreaterThan(0);
    }
    // The order's lead time is the maximum across the valid lines.
    expect(draft.leadTimeWeeks).toBe(first?.leadTimeWeeks);
    // Beyond the stock the line is made to order, with its lead time, and says how many are in stock.
    const beyond = await projectWith(distributor, [{ referenceCode: REF16[0], quantity: (first?.availability.stock ?? 0) + 1 }]);
    const over = (await draftOf(distributor, beyond)).lines[0];
    expect(over?.availability).toMatchObject({ state: 'toOrder', stock: first?.availability.stock });
    expect(over?.leadTimeWeeks).toBeGreaterThan(0);
  });

  it('the project page knows each line’s minimum order quantity, so it warns below it (issue 34 §4)', async () => {
    const id = await projectWith(distributor, [
      { referenceCode: MOQ4, quantity: 2 },
      { referenceCode: REF16[2], quantity: 1 },
    ]);
    const products = (await distributor.get(`/api/projects/v1/projects/${id}`)).json<{ products: Array<{ referenceCode: string; moq?: number }> }>().products;
    expect(products.find((line) => line.referenceCode === MOQ4)?.moq).toBe(4);
    expect(products.find((line) => line.referenceCode === REF16[2])?.moq).toBeUndefined();
  });

  it('answers 403 for another company’s project, without order.add, and 401 anonymously', async () => {
    const id = await projectWith(distributor, [{ referenceCode: REF16[0], quantity: 1 }]);
    expect((await distributor2.get(`${NEW}/${id}`)).statusCode).toBe(403);
    expect((await specifier.get(`${NEW}/${id}`)).statusCode).toBe(403);
    expect((await t.agent().get(`${NEW}/${id}`)).statusCode).toBe(401);
    expect((await distributor.get(`${NEW}/2147483648`)).statusCode).toBe(400);
  });
});

describe('processing an order', () => {
  it('refuses bad input with the field at fault and writes nothing', async () => {
    const id = await projectWith(distributor, [
      { referenceCode: REF16[0], quantity: 3 },
      { referenceCode: MOQ4, quantity: 2 },
    ]);
    const draft = await draftOf(distributor, id);
    const [first, second] = draft.lines;
    const cases: Array<[unknown, string, string]> = [
      [bodyOf(draft), 'body.products.1.quantity', 'formError.belowMoq'],
      [bodyOf(draft, { [second!._id]: { quantity: 4 }, [first!._id]: { shippingDate: day(-1) } }), 'body.products.0.shippingDate', 'formError.shippingDateTooEarly'],
      [bodyOf(draft, { [second!._id]: { quantity: 4 }, [first!._id]: { shippingDate: day(first!.leadTimeWeeks * 7 - 1) } }), 'body.products.0.shippingDate', 'formError.shippingDateTooEarly'],
      [bodyOf(draft, { [second!._id]: { quantity: 4, shippingDate: '2031-02-30' } }), 'body.products.1.shippingDate', 'formError.date'],
      [{ ...bodyOf(draft), products: [] }, 'body.products', 'formError.emptyOrder'],
      [bodyOf(draft, { [second!._id]: { quantity: 4 } }, { internalOrderNumber: 'X'.repeat(36) }), 'body.internalOrderNumber', 'formError.maxLength'],
      [bodyOf(draft, { [second!._id]: { quantity: 4 } }, { comments: 'a'.repeat(4001) }), 'body.comments', 'formError.maxLength'],
      [{ ...bodyOf(draft), products: [{ _id: 'not-a-line', quantity: 1, shippingDate: day(60) }] }, 'body.products.0._id', 'formError.productNotInProject'],
      [{ ...bodyOf(draft), products: [{ _id: first!._id, quantity: 0, shippingDate: day(60) }] }, 'body.products.0.quantity', 'formError.quantityMin'],
    ];
    for (const [body, path, message] of cases) {
      const response = await distributor.post(PROCESS, body, { 'idempotency-key': crypto.randomUUID() });
      expect(response.statusCode, path).toBe(400);
      expect(response.json<{ fields: Array<{ path: string; message: string }> }>().fields).toContainEqual({ path, message });
    }
    expect(await ordersOfProject(id)).toHaveLength(0);
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, id));
    expect(project?.status).toBe(1);
  });

  it('processes once: the order, project status ORDER and the outbox job in one go; a replayed key answers again, another attempt is 409', async () => {
    const id = await projectWith(distributor, [
      { referenceCode: REF16[0], quantity: 3 },
      { referenceCode: MOQ4, quantity: 2 },
    ]);
    const draft = await draftOf(distributor, id);
    const second = draft.lines[1]!;
    const body = bodyOf(draft, { [second._id]: { quantity: 4, shippingDate: day(second.leadTimeWeeks * 7 + 10) } }, { sendTogether: false });
    const key = crypto.randomUUID();
    const result = await processed(distributor, body, key);
    expect(result).toMatchObject({ processOrderSuccess: true, status: 200 });
    const order = result.order!;
    expect(order).toMatchObject({ projectId: id, status: 1, completed: false, clientCode: 'C-100234', internalOrderNumber: 'PO-7781', sendTogether: false, delivery: 'pending', comments: 'Deliver to the rear entrance' });
    expect(order.products).toEqual(draft.lines.map((line) => line._id));
    expect(order.productsById[second._id]).toMatchObject({ quantity: 4, moq: 4, shippingDate: day(second.leadTimeWeeks * 7 + 10), validation: { status: 'VALID' } });
    // The server's figures: net = Σ quantity × unit × (1 − discount).
    const lines = Object.values(order.productsById);
    expect(order.netTotal).toBe(Number(lines.reduce((sum, line) => sum + (line.price?.totalNet ?? 0), 0).toFixed(2)));
    expect(order.leadTimeWeeks).toBe(Math.max(...lines.map((line) => line.leadTimeWeeks)));

    const replay = await distributor.post(PROCESS, body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<ProcessOrderResult>().orderId).toBe(result.orderId);
    const again = await distributor.post(PROCESS, body, { 'idempotency-key': crypto.randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(await ordersOfProject(id)).toHaveLength(1);
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, id));
    expect(project?.status).toBe(2);
    // The project page shows it ordered (no actions) and the draft points at the order.
    expect((await draftOf(distributor, id)).existingOrderId).toBe(result.orderId);
  });

  it('two tabs processing the same project at once make one order', async () => {
    const id = await projectWith(distributor, [{ referenceCode: REF16[2], quantity: 2 }]);
    const body = bodyOf(await draftOf(distributor, id));
    const answers = await Promise.all(Array.from({ length: 4 }, () => distributor.post(PROCESS, body, { 'idempotency-key': crypto.randomUUID() })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await ordersOfProject(id)).toHaveLength(1);
  });

  it('review (issue 34 §4): the draft names the buyer and the addresses to choose from; the order keeps the delivery address chosen and the billing address, and the next review offers it', async () => {
    const first = await draftOf(distributor2, await projectWith(distributor2, [{ referenceCode: REF16[2], quantity: 2 }], 'Review one'));
    const billing = ['14 Canal Street', 'Manchester M1 3HE', 'United Kingdom'];
    expect(first.buyer).toEqual({ name: 'Brightline Distribution Ltd', billingAddress: billing, vatId: 'GB123456789' });
    expect(first.deliveryAddresses?.[0]).toEqual(billing);
    expect(first.vatPercent).toBe(21);

    // A delivery address must be 2 to 6 non-empty lines: refused on its field, nothing written.
    for (const bad of [['Only one line'], ['Site', ''], Array.from({ length: 7 }, (_, index) => `Line ${index}`), ['Site', 'x'.repeat(121)]]) {
      const refused = await distributor2.post(PROCESS, bodyOf(first, {}, { deliveryAddress: bad }), { 'idempotency-key': crypto.randomUUID() });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ fields: Array<{ path: string }> }>().fields[0]?.path).toMatch(/^body\.deliveryAddress/);
    }
    expect(await ordersOfProject(first.projectId)).toHaveLength(0);

    const site = ['Riverside Lofts, site gate B', '2 Water Lane', 'Salford M3 5AA', 'United Kingdom'];
    const order = (await processed(distributor2, bodyOf(first, {}, { deliveryAddress: site }))).order!;
    expect(order.addresses).toEqual({ delivery: site, billing });
    expect(order.vatPercent).toBe(21);
    expect((await distributor2.get(`/api/orders/v2/orders/${order.orderId}`)).json<Order>().addresses).toEqual({ delivery: site, billing });

    // Without a chosen address the order goes to the billing address; the next review offers both, newest first.
    const second = await draftOf(distributor2, await projectWith(distributor2, [{ referenceCode: REF16[2], quantity: 2 }], 'Review two'));
    expect(second.deliveryAddresses?.slice(0, 2)).toEqual([billing, site]);
    const plain = (await processed(distributor2, bodyOf(second))).order!;
    expect(plain.addresses).toEqual({ delivery: billing, billing });
  });

  it('NO_CLIENT_CODE for a user whose company has no client code; 403 for another company’s project and without order.add', async () => {
    const own = await projectWith(admin, [{ referenceCode: REF16[0], quantity: 1 }]);
    const draft = await draftOf(admin, own);
    expect(draft.clientCode).toBeNull();
    const noCode = await admin.post(PROCESS, bodyOf(draft), { 'idempotency-key': crypto.randomUUID() });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ ErrorCode: 400, code: 'NO_CLIENT_CODE' });

    const id = await projectWith(distributor, [{ referenceCode: REF16[0], quantity: 1 }]);
    const body = bodyOf(await draftOf(distributor, id));
    expect((await distributor2.post(PROCESS, body, { 'idempotency-key': crypto.randomUUID() })).statusCode).toBe(403);
    expect((await specifier.post(PROCESS, body, { 'idempotency-key': crypto.randomUUID() })).statusCode).toBe(403);
    expect(await ordersOfProject(id)).toHaveLength(0);
  });
});

describe('delivery through the outbox and the built-in ERP', () => {
  it('sends the order once, then PENDING → CONFIRMED → PRODUCTION → FINISHED one step apart, and issues the invoice', async () => {
    const id = await projectWith(distributor, [{ referenceCode: REF16[0], quantity: 2 }], 'Hotel Miramar lobby');
    const { orderId } = await processed(distributor, bodyOf(await draftOf(distributor, id)));
    await t.app.jobs.drain();
    let order = (await distributor.get(`/api/orders/v1/orders/${orderId}`)).json<Order>();
    expect(order).toMatchObject({ status: 1, delivery: 'sent', erpReference: `SO-${String(orderId).padStart(8, '0')}` });
    const received = await t.database.db.select().from(erpReceivedOrders).where(eq(erpReceivedOrders.orderId, orderId!));
    expect(received).toHaveLength(1);
    expect(received[0]?.receipts).toBe(1);

    for (const status of [2, 3, 4] as const) {
      await t.app.jobs.drain();
      expect((await distributor.get(`/api/orders/v1/orders/${orderId}`)).json<Order>().status).toBe(status - 1);
      t.clock.advance(STEP_MS);
      await t.app.jobs.drain();
      order = (await distributor.get(`/api/orders/v1/orders/${orderId}`)).json<Order>();
      expect(order.status).toBe(status);
      expect(order.timeline.find((entry) => entry.status === status)?.at).toBe(t.clock().toISOString());
    }
    expect(order.completed).toBe(true);
    expect(order.plannedShippingDate).toBe(Object.values(order.productsById)[0]?.shippingDate);
    expect(order.invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);
    // A step run again changes nothing (at least once delivery, applied once).
    await t.app.jobs.drain();
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId!))).toHaveLength(1);
    // The trail holds each step once, made by the order system (no person), from the status before to the next.
    const steps = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'order'), eq(auditEvents.entityId, String(orderId)), eq(auditEvents.action, 'status')))
      .orderBy(auditEvents.id);
    const statusOf = (value: unknown) => (value as { status: number }).status;
    expect(steps.map((row) => [row.actorId, row.actorName, statusOf(row.before), statusOf(row.after), row.projectId])).toEqual([
      [null, 'system', 1, 2, id],
      [null, 'system', 2, 3, id],
      [null, 'system', 3, 4, id],
    ]);

    const page = (await distributor.get(`/api/sr-erp/v1/invoices/C-100234?search=${encodeURIComponent('miramar')}`)).json<InvoiceListPage>();
    const invoice = page.items.find((item) => item.orderId === orderId);
    expect(invoice).toMatchObject({ number: order.invoice?.number, status: 'unpaid', currency: 'EUR', net: order.netTotal, vatPercent: 21, projectName: 'Hotel Miramar lobby', issueDate: day(0), dueDate: day(30) });
    expect(invoice?.vat).toBe(Math.round((order.netTotal ?? 0) * 21) / 100);
    expect(invoice?.total).toBeCloseTo((invoice?.net ?? 0) + (invoice?.vat ?? 0), 2);

    for (const lang of ['de', 'fr'] as const) {
      const pdf = await distributor.get(`${invoice?.pdf}?lang=${lang}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(qpdfCheck(pdf.rawPayload).pages).toBeGreaterThanOrEqual(1);
      expect(pdfFonts(pdf.rawPayload).every((font) => font.embedded)).toBe(true);
      const text = pdfText(pdf.rawPayload).replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain(invoice?.number);
      expect(text).toContain('C-100234');
      // The billed lines as the ERP received them.
      expect(text).toContain(REF16[0]);
      expect(text).toContain(lang === 'de' ? 'Rechnung' : 'Facture');
      expect(text).toMatch(lang === 'de' ? /Seite 1 von 1/ : /Page 1 sur 1/);
      // Locale formats: 1.234,56 € in German and French spacing.
      expect(text).toContain(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(invoice?.total ?? 0).replace(/[\u00a0\u202f]/g, ' '));
    }
  });

  it('a QA user (flag disableOrderSendingQA) gets the order but nothing is sent, and the order says so', async () => {
    const flag = await admin.put('/api/masters/v1/flags/disableOrderSendingQA', {
      description: 'QA users do not send orders',
      defaultValue: false,
      rollout: { DEV: 0, NEWPRO: 0, PRO: null },
      emailToggles: [{ email: 'distributor2@demo.example', enabled: true }],
    });
    expect(flag.statusCode).toBe(200);
    const id = await projectWith(distributor2, [{ referenceCode: REF16[0], quantity: 1 }]);
    const result = await processed(distributor2, bodyOf(await draftOf(distributor2, id)));
    expect(result.order?.delivery).toBe('skipped');
    await t.app.jobs.drain();
    expect(await t.database.db.select().from(erpReceivedOrders).where(eq(erpReceivedOrders.orderId, result.orderId!))).toHaveLength(0);
    expect((await distributor2.get(`/api/orders/v1/orders/${result.orderId}`)).json<Order>().delivery).toBe('skipped');
  });
});

describe('following orders', () => {
  let orderId: number;
  let projectId: number;
  beforeAll(async () => {
    projectId = await projectWith(distributor, [{ referenceCode: REF16[2], quantity: 3 }], 'Café Sirena terrace');
    const draft = await draftOf(distributor, projectId);
    orderId = (await processed(distributor, bodyOf(draft, {}, { internalOrderNumber: 'PO-SIRENA-42' }))).orderId!;
  });

  it('reads an order at v1, v2 and v3: unified codes on v3 (unifiedCodeVersion), 403 for another company, 404 when missing', async () => {
    const v1 = (await distributor.get(`/api/orders/v1/orders/${orderId}`)).json<Order>();
    const v3 = (await distributor.get(`/api/orders/v3/orders/${orderId}`)).json<Order>();
    const v2 = await distributor.get(`/api/orders/v2/orders/${orderId}?lang=fr`);
    expect(v2.statusCode).toBe(200);
    const line = (order: Order) => Object.values(order.productsById)[0];
    expect(line(v1)?.unifiedCode).toBeNull();
    expect(line(v3)?.unifiedCode).toBe('LW5770');
    expect(line(v1)).toMatchObject({ quantity: 3, referenceCode: REF16[2] });
    expect((await distributor2.get(`/api/orders/v1/orders/${orderId}`)).statusCode).toBe(403);
    expect((await specifier.get(`/api/orders/v1/orders/${orderId}`)).statusCode).toBe(403);
    expect((await distributor.get('/api/orders/v1/orders/99999999')).statusCode).toBe(404);
    expect((await admin.get(`/api/orders/v3/orders/${orderId}`)).statusCode).toBe(200);
  });

  it('lists orders (v1 filter and v3) with search by id, internal number, project name and reference, status and completed', async () => {
    const find = async (query: string) => {
      const response = await distributor.get(`/api/orders/v1/orders/filter?limit=100&${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json<OrderListPage>().items.map((item) => item.orderId);
    };
    expect(await find(`search=${orderId}`)).toContain(orderId);
    expect(await find('search=po-sirena')).toEqual([orderId]);
    expect(await find(`search=${encodeURIComponent('cafe SIRENA')}`)).toEqual([orderId]);
    expect(await find(`search=${encodeURIComponent(REF16[2])}`)).toContain(orderId);
    expect(await find('status=1&search=sirena')).toEqual([orderId]);
    expect(await find('completed=true&search=sirena')).toEqual([]);
    expect(await find('completed=false&search=sirena')).toEqual([orderId]);
    expect(await find('completed=null&search=sirena')).toEqual([orderId]);
    const v3 = (await distributor.get('/api/orders/v3/orders?limit=5&page=1')).json<OrderListPage>();
    expect(v3.meta).toMatchObject({ page: 1, itemsPerPage: 5 });
    expect(v3.items.length).toBeLessThanOrEqual(5);
    // Another company sees none of these.
    expect((await distributor2.get('/api/orders/v3/orders?search=sirena')).json<OrderListPage>().items).toEqual([]);
    for (const bad of ['status=9', 'limit=0', 'limit=101', `search=${'x'.repeat(101)}`, 'completed=maybe', 'page=0']) {
      expect((await distributor.get(`/api/orders/v3/orders?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('lists a project’s orders (by-project), 403 for another company’s project', async () => {
    const list = (await distributor.get(`/api/orders/v2/orders/by-project/${projectId}`)).json<OrderSummary[]>();
    expect(list.map((item) => item.orderId)).toEqual([orderId]);
    expect((await distributor2.get(`/api/orders/v2/orders/by-project/${projectId}`)).statusCode).toBe(403);
  });

  it('orders again: the lines go into a new project, re-checked against today’s catalogue', async () => {
    const response = await distributor.post(`/api/orders/v2/orders/${orderId}/reorder`, { name: 'Sirena again' }, { 'idempotency-key': crypto.randomUUID() });
    expect(response.statusCode).toBe(201);
    const result = response.json<ReorderResult>();
    expect(result.added).toBe(1);
    expect(result.changes).toEqual([expect.objectContaining({ referenceCode: REF16[2], quantity: 3, change: 'same' })]);
    const project = (await distributor.get(`/api/projects/v1/projects/${result.projectId}`)).json<{ name: string; products: Array<{ referenceCode: string; quantity: number }> }>();
    expect(project.name).toBe('Sirena again');
    expect(project.products.map((product) => [product.referenceCode, product.quantity])).toEqual([[REF16[2], 3]]);
    expect((await distributor2.post(`/api/orders/v2/orders/${orderId}/reorder`, {}, { 'idempotency-key': crypto.randomUUID() })).statusCode).toBe(403);
  });
});

describe('an order from an accepted quote', () => {
  it('holds the quote’s lines and prices; a quote that is not accepted is a 400 on quoteId', async () => {
    const id = await projectWith(distributor, [
      { referenceCode: REF16[0], quantity: 3 },
      { referenceCode: REF16[2], quantity: 2 },
    ]);
    const issued = await distributor.post('/api/projects/v1/budget', { projectId: id, products: [{ _id: (await draftOf(distributor, id)).lines[0]!._id, quantity: 5, discount: 10 }] }, { 'idempotency-key': crypto.randomUUID() });
    expect(issued.statusCode).toBe(201);
    const quote = issued.json<{ id: number; products: Array<{ _id: string; quantity: number; netPrice: number; purchaseUnitNet: number }> }>();
    const refused = await distributor.get(`${NEW}/${id}?quoteId=${quote.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: unknown[] }>().fields).toContainEqual({ path: 'querystring.quoteId', message: 'formError.quoteNotAccepted' });
    await t.database.db.update(quotes).set({ status: 'accepted', answeredAt: t.clock(), answeredName: 'Client' }).where(eq(quotes.id, quote.id));
    const draft = await draftOf(distributor, id, `?quoteId=${quote.id}`);
    expect(draft.quoteId).toBe(quote.id);
    const first = draft.lines.find((line) => line._id === quote.products[0]?._id);
    expect(first?.quantity).toBe(5);
    // The order goes to the brand: at the distributor's purchase price frozen on the quote (issue 34 §1), not the client's price.
    expect(first?.price?.unitNet).toBe(quote.products[0]?.purchaseUnitNet);
    expect(first?.price?.totalNet).toBe(Number(((quote.products[0]?.purchaseUnitNet ?? 0) * 5).toFixed(2)));
    expect(first?.price?.totalNet).toBeLessThan(quote.products[0]?.netPrice ?? 0);
    const result = await processed(distributor, { ...bodyOf(draft), quoteId: quote.id });
    expect(result.order?.quoteId).toBe(quote.id);
    expect(result.order?.netTotal).toBe(draft.lines.reduce((sum, line) => sum + (line.price?.totalNet ?? 0), 0));
    // Quote and order link to each other (issue 34 §2): the order names its quote, the quote list its order.
    expect(result.order?.quoteNumber).toBe(issued.json<{ budgetNumber: string }>().budgetNumber);
    const list = (await distributor.get(`/api/projects/v1/budget/project/${id}`)).json<{ items: Array<{ id: number; orderId?: number | null }> }>();
    expect(list.items.find((item) => item.id === quote.id)?.orderId).toBe(result.orderId);
  });
});

describe('availability (sr-erp)', () => {
  it('answers per product: stock, weeks, expected date and lead time for the quantity; the single form too', async () => {
    const response = await distributor.post('/api/sr-erp/v1/availability?lang=en', { products: [{ reference: REF16[0], quantity: 1 }, { reference: REF16[0], quantity: 5000 }, { reference: 'ZZZZ99', quantity: 1 }] });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<AvailabilityResponse>();
    expect(data[0]?.availability.stock).toBeGreaterThanOrEqual(0);
    expect(data[1]).toMatchObject({ quantity: 5000, availability: { state: 'toOrder' } });
    expect(data[1]!.availability.weeks).toBe(data[1]!.leadTimeWeeks);
    expect(data[1]!.availability.expectedDate).toBe(day(data[1]!.leadTimeWeeks * 7));
    expect(data[2]).toMatchObject({ availability: { state: 'unknown', weeks: -1, expectedDate: null } });
    const single = await distributor.post('/api/sr-erp/v1/availability', { lang: 'fr', product: { reference: REF16[0], quantity: 5000 } });
    expect(single.json<AvailabilityResponse>().data[0]?.availability).toEqual(data[1]?.availability);
    expect((await distributor.post('/api/sr-erp/v1/availability', { products: [] })).statusCode).toBe(400);
    expect((await distributor.post('/api/sr-erp/v1/availability', {})).json<AvailabilityResponse>()).toEqual({ data: [] });
    expect((await t.agent().post('/api/sr-erp/v1/availability', { products: [{ reference: REF16[0], quantity: 1 }] })).statusCode).toBe(401);
  });

  it('a variation that is no longer made is expired (-1) and an upcoming one waits for its date', async () => {
    // 7475 in finish 10 has a window that ended (demo catalogue); the order page refuses it as expired.
    const response = await distributor.post('/api/sr-erp/v1/availability', { products: [{ reference: '747510/M3_31', quantity: 1 }] });
    expect(response.statusCode).toBe(200);
    const item = response.json<AvailabilityResponse>().data[0];
    expect(item?.availability.weeks === -1 || item?.availability.state === 'unknown').toBe(true);
  });
});

describe('invoices', () => {
  it('a user reads only their company’s client code (another: 403, admin any); search, sort, page; bad input 400', async () => {
    expect((await distributor.get('/api/sr-erp/v1/invoices/C-200871')).statusCode).toBe(403);
    expect((await admin.get('/api/sr-erp/v1/invoices/C-200871')).statusCode).toBe(200);
    expect((await specifier.get('/api/sr-erp/v1/invoices/C-100234')).statusCode).toBe(403);
    const page = (await distributor.get('/api/sr-erp/v1/invoices/c-100234?sortBy=TOTAL_DESC&limit=5&page=1')).json<InvoiceListPage>();
    expect(page.clientCode).toBe('C-100234');
    const totals = page.items.map((item) => item.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(page.meta.totalItems).toBeGreaterThan(5);
    for (const bad of ['sortBy=NOPE', 'limit=500', 'page=0']) expect((await distributor.get(`/api/sr-erp/v1/invoices/C-100234?${bad}`)).statusCode, bad).toBe(400);
    expect((await distributor.get('/api/sr-erp/v1/invoices/C-100234/INV-1999-000001/pdf')).statusCode).toBe(404);
    expect((await distributor.get('/api/sr-erp/v1/invoices/C%20100234')).statusCode).toBe(400);
  });

  it('demo history: a year of orders and invoices for the demo companies, with paid, unpaid and overdue invoices', async () => {
    const statuses = new Set((await admin.get('/api/sr-erp/v1/invoices/C-100234?limit=100')).json<InvoiceListPage>().items.map((item) => item.status));
    expect(statuses).toEqual(new Set(['paid', 'unpaid', 'overdue']));
    const [count] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(sql`${orders.projectId} is null`);
    expect(count?.n).toBeGreaterThanOrEqual(60);
  });
});
