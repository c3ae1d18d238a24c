import type { Order, OrderDraft, OrderDraftLine, ProcessOrderResult } from '@lumen/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@lumen/contracts/constants';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { bodyOf, checkLine, editOf, refusalsOf } from '../../features/orders/order-form';
import { followTiming } from '../../features/orders/order-screen';
import { orderByIdPath } from '../../features/orders/orders-calls';
import { selectOrders } from '../../features/orders/orders-slice';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), texts[key] ?? key);

const PROCESS = '/api/orders/v2/orders/process/';

const BILLING = ['Calle Gran Vía 21, 3º', '48001 Bilbao (Bizkaia)', 'España'];
const SITE = ['Hotel Arenal, obra', 'Paseo del Arenal 4', '48005 Bilbao'];

function line(overrides: Partial<OrderDraftLine> = {}): OrderDraftLine {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    type: 'REGULAR',
    model: '5520',
    referenceCode: '552023/02_10',
    description: 'Wall light',
    quantity: 2,
    articles: [{ reference: '552023/02_10', moq: 4, quantity: 1, description: 'Wall light' }],
    references: { '552023/02_10': { quantity: 2, moq: 4, valid: false } },
    valid: false,
    faults: ['moq'],
    minimumQuantity: 4,
    leadtime: [
      { from: 1, weeks: 2 },
      { from: 50, weeks: 4 },
    ],
    leadTimeWeeks: 2,
    availability: { state: 'toOrder', stock: 0, weeks: 2, expectedDate: '2026-03-16' },
    earliestShippingDate: '2026-03-16',
    price: { unitNet: 100, totalNet: 200, currency: 'EUR', unitGross: 125, discountPercent: 20 },
    attributes: {},
    ...overrides,
  };
}

function draft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    projectId: 5,
    projectName: 'Lobby',
    quoteId: null,
    catalogId: 16,
    currency: 'EUR',
    clientCode: 'C-1',
    today: '2026-03-02',
    lines: [line()],
    leadTimeWeeks: 2,
    existingOrderId: null,
    buyer: { name: 'Luminotecnia Norte S.L.', billingAddress: BILLING, vatId: 'ESB48123456' },
    deliveryAddresses: [BILLING, SITE],
    vatPercent: 21,
    ...overrides,
  };
}

describe('the order being edited (order-form)', () => {
  it('re-checks MOQ per reference and the lead time as the quantity changes; the shipping date not before today plus it', () => {
    const subject = line();
    expect(checkLine(subject, { quantity: '2', shippingDate: '2026-03-16' }, '2026-03-02')).toMatchObject({ quantityError: 'formError.belowMoq', references: { '552023/02_10': { quantity: 2, moq: 4, valid: false } } });
    const fixed = checkLine(subject, { quantity: '4', shippingDate: '2026-03-16' }, '2026-03-02');
    expect(fixed).toMatchObject({ quantityError: null, shippingError: null, leadTimeWeeks: 2, earliestShippingDate: '2026-03-16' });
    // 50 units take 4 weeks: the date chosen for 4 is now too early.
    expect(checkLine(subject, { quantity: '50', shippingDate: '2026-03-16' }, '2026-03-02')).toMatchObject({ leadTimeWeeks: 4, earliestShippingDate: '2026-03-30', shippingError: 'formError.shippingDateTooEarly' });
    expect(checkLine(subject, { quantity: '4.5', shippingDate: '2026-03-16' }, '2026-03-02').quantityError).toBe('formError.wholeUnits');
    expect(checkLine(subject, { quantity: '0', shippingDate: '2026-03-16' }, '2026-03-02').quantityError).toBe('formError.quantityMin');
  });

  it('a quantity the stock covers ships today with no lead time, as the server checks it; one more waits for the lead time (issue 34 §4)', () => {
    const stocked = line({ availability: { state: 'inStock', stock: 10, weeks: 0, expectedDate: '2026-03-02' }, earliestShippingDate: '2026-03-02', leadTimeWeeks: 0 });
    expect(checkLine(stocked, { quantity: '10', shippingDate: '2026-03-02' }, '2026-03-02')).toMatchObject({ quantityError: null, shippingError: null, leadTimeWeeks: 0, earliestShippingDate: '2026-03-02' });
    expect(checkLine(stocked, { quantity: '11', shippingDate: '2026-03-02' }, '2026-03-02')).toMatchObject({ leadTimeWeeks: 2, earliestShippingDate: '2026-03-16', shippingError: 'formError.shippingDateTooEarly' });
  });

  it('keeps out the lines that cannot be ordered, builds the body and places the api’s refusals beside their fields', () => {
    const gone = line({ _id: '22222222-2222-4222-8222-222222222222', faults: ['discontinued'] });
    const subject = draft({ lines: [line(), gone] });
    const edit = editOf(subject);
    expect(Object.keys(edit.lines)).toEqual([line()._id]);
    const body = bodyOf(subject, { ...edit, internalOrderNumber: ' PO-1 ' }, 'en');
    expect(body).toMatchObject({ projectId: 5, internalOrderNumber: 'PO-1', sendTogether: true, products: [{ _id: line()._id, quantity: 2, shippingDate: '2026-03-16' }] });
    expect(refusalsOf([{ path: 'body.products.0.quantity', message: 'formError.belowMoq' }, { path: 'body.comments', message: 'formError.maxLength' }, { path: 'body.products', message: 'formError.emptyOrder' }], body)).toEqual({
      byField: { [`${line()._id}.quantity`]: 'formError.belowMoq', comments: 'formError.maxLength' },
      rest: ['formError.emptyOrder'],
    });
  });

  it('reads an order at v3 with unifiedCodeVersion, v2 with accessoryPriceInOrderView, else v1', () => {
    const flags = (on: string[]) => ({ isEnabled: (key: string) => on.includes(key) });
    expect(orderByIdPath(flags(['unifiedCodeVersion', 'accessoryPriceInOrderView']), 3)).toBe('/v3/orders/3');
    expect(orderByIdPath(flags(['accessoryPriceInOrderView']), 3)).toBe('/v2/orders/3');
    expect(orderByIdPath(flags([]), 3)).toBe('/v1/orders/3');
  });
});

function orderApi(answer: (api: FakeApi) => Response, account = makeAccount({ role: 'distributor', clientCode: 'C-1' })): FakeApi {
  const api = createFakeApi({ account });
  api.handle((call) => (call.method === 'GET' && call.path === '/api/orders/v2/orders/new/5' ? json(200, draft()) : undefined));
  api.handle((call) => (call.method === 'POST' && call.path === PROCESS ? answer(api) : undefined));
  return api;
}

/** The confirmation takes its own press, a moment after the review opened (a double click on Review places nothing). */
const pauseAfterReview = () => new Promise((resolve) => setTimeout(resolve, 650));

async function processFixed(api: FakeApi) {
  const app = await renderApp('/project/5/new-order', api);
  const main = await screen.findByRole('main');
  await within(main).findByText(tx('orders.moq.change', { quantity: 4 }));
  const user = userEvent.setup();
  const quantity = within(main).getByRole('textbox', { name: new RegExp(`^${tx('orders.field.quantityOf', { name: 'Wall light' }).replace(/[/.]/g, '\\$&')}`) });
  await user.clear(quantity);
  await user.type(quantity, '4');
  // First the review, then the confirmation places the order (issue 34 §4).
  await user.click(within(main).getByRole('button', { name: tx('orders.review.open') }));
  await within(main).findByRole('heading', { name: tx('orders.review.title') });
  await pauseAfterReview();
  await user.click(within(main).getByRole('button', { name: tx('orders.review.confirm') }));
  return { app, main, user };
}

describe('/project/{id}/new-order: processing (spec §4)', () => {
  it('a 403 is a resolved result (processOrderSuccess false, status 403) that still counts as failed; the page stays', async () => {
    const api = orderApi(() => failure(403, 'FORBIDDEN'));
    const { app, main } = await processFixed(api);
    expect(await within(main).findByText(tx('orders.process.forbidden'))).toBeInTheDocument();
    expect(app.history.location.pathname).toBe('/project/5/new-order');
    expect(selectOrders(app.store.getState()).process).toEqual({ status: 'failed', result: { processOrderSuccess: false, status: 403, orderId: null, order: null }, errorStatus: null });
  });

  it('a 400 NO_CLIENT_CODE is a resolved result with status 200 and processOrderSuccess false, still failed', async () => {
    const api = orderApi(() => failure(400, 'NO_CLIENT_CODE'));
    const { app, main } = await processFixed(api);
    expect(await within(main).findByText(tx('orders.process.noClientCode'))).toBeInTheDocument();
    expect(selectOrders(app.store.getState()).process).toMatchObject({ status: 'failed', result: { processOrderSuccess: false, status: 200 } });
  });

  it('success: the order is processed once (one Idempotency-Key for the attempt), the page says so; leaving resets it', async () => {
    const result: ProcessOrderResult = { processOrderSuccess: true, status: 200, orderId: 42, order: null };
    const api = orderApi(() => json(200, result));
    const { app, main } = await processFixed(api);
    expect(await within(main).findByText(tx('orders.new.processed', { id: 42, project: 'Lobby' }))).toBeInTheDocument();
    const calls = api.callsTo('POST', PROCESS);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ projectId: 5, products: [{ quantity: 4, shippingDate: '2026-03-16' }] });
    const keys = api.fetch.mock.calls.filter(([input, init]) => String(input).includes(PROCESS) && init?.method === 'POST').map(([, init]) => (init?.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER]);
    expect(keys[0]).toBeTruthy();
    expect(selectOrders(app.store.getState()).process.status).toBe('completed');
    act(() => app.history.push('/'));
    await waitFor(() => expect(selectOrders(app.store.getState()).process.status).toBe('idle'));
  });
});

describe('/project/{id}/new-order: the review before the order goes (issue 34 §4)', () => {
  it('shows the lines with their nets, the net, VAT and total, the addresses and the delivery; nothing is sent until confirmed, and the address chosen goes with it', async () => {
    const result: ProcessOrderResult = { processOrderSuccess: true, status: 200, orderId: 42, order: null };
    const api = orderApi(() => json(200, result));
    await renderApp('/project/5/new-order', api);
    const main = await screen.findByRole('main');
    await within(main).findByText(tx('orders.moq.change', { quantity: 4 }));
    const user = userEvent.setup();
    const quantity = within(main).getByRole('textbox', { name: new RegExp(`^${tx('orders.field.quantityOf', { name: 'Wall light' })}`) });
    await user.clear(quantity);
    await user.type(quantity, '5');
    // Hand computation: 5 × 125.00 × (1 − 20 %) = 500.00; VAT 21 % of 500.00 = 105.00; total 605.00.
    expect(within(main).getByText(tx('orders.field.lineNet', { price: '500,00 €' }))).toBeInTheDocument();
    // The company's addresses: billing first, then an earlier delivery; the second is chosen.
    const addresses = within(main).getByRole('group', { name: tx('orders.address.legend') });
    expect(within(addresses).getByRole('radio', { name: new RegExp(tx('orders.address.billing')) })).toBeChecked();
    await user.click(within(addresses).getByRole('radio', { name: new RegExp(tx('orders.address.earlier')) }));

    // A double click on "Review" opens the review and places nothing.
    await user.dblClick(within(main).getByRole('button', { name: tx('orders.review.open') }));
    const review = await within(main).findByRole('region', { name: tx('orders.review.title') });
    await pauseAfterReview();
    expect(api.callsTo('POST', PROCESS)).toHaveLength(0);
    const row = within(within(review).getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Wall light');
    expect(row).toHaveTextContent('552023/02_10');
    expect(row).toHaveTextContent('100,00 €');
    expect(row).toHaveTextContent('500,00 €');
    expect(review).toHaveTextContent(`${tx('orders.review.net')}500,00 €`);
    expect(review).toHaveTextContent(`${tx('orders.review.tax', { percent: '21%', base: '500,00 €' })}105,00 €`);
    expect(review).toHaveTextContent(`${tx('orders.review.total')}605,00 €`);
    expect(review).toHaveTextContent(SITE.join(''));
    expect(review).toHaveTextContent(['Luminotecnia Norte S.L.', ...BILLING].join(''));
    expect(review).toHaveTextContent(tx('orders.address.vatId', { id: 'ESB48123456' }));

    // Back to change the address to one typed; a one-line address is refused before anything is sent.
    await user.click(within(review).getByRole('button', { name: tx('orders.review.edit') }));
    await user.click(within(addresses).getByRole('radio', { name: tx('orders.address.other') }));
    const typed = within(addresses).getByRole('textbox', { name: new RegExp(`^${tx('orders.address.otherLabel')}`) });
    await user.type(typed, 'Only one line');
    await user.click(within(main).getByRole('button', { name: tx('orders.review.open') }));
    expect(await within(addresses).findByText(tx('formError.addressLines'))).toBeInTheDocument();
    expect(within(main).queryByRole('region', { name: tx('orders.review.title') })).toBeNull();
    await user.type(typed, '{Enter}Muelle 3{Enter}48950 Erandio');
    await user.click(within(main).getByRole('button', { name: tx('orders.review.open') }));
    await within(main).findByRole('region', { name: tx('orders.review.title') });
    await pauseAfterReview();
    await user.click(within(main).getByRole('button', { name: tx('orders.review.confirm') }));
    expect(await within(main).findByText(tx('orders.new.processed', { id: 42, project: 'Lobby' }))).toBeInTheDocument();
    expect(api.callsTo('POST', PROCESS)[0]?.body).toMatchObject({ deliveryAddress: ['Only one line', 'Muelle 3', '48950 Erandio'], products: [{ quantity: 5 }] });
  });
});

function processedOrder(overrides: Partial<Order> = {}): Order {
  const id = '11111111-1111-4111-8111-111111111111';
  return {
    orderId: 42,
    projectId: 5,
    projectName: 'Lobby',
    quoteId: 31,
    quoteNumber: 'Q-2026-000123',
    status: 1,
    completed: false,
    clientCode: 'C-1',
    catalogId: 16,
    currency: 'EUR',
    comments: '',
    internalOrderNumber: 'PO-1',
    sendTogether: true,
    leadTimeWeeks: 2,
    createdBy: 'Diego Norte',
    processedAt: '2026-03-02T10:00:00.000Z',
    plannedShippingDate: null,
    delivery: 'sent',
    erpReference: 'ERP-42',
    timeline: [
      { status: 1, at: '2026-03-02T10:00:00.000Z' },
      { status: 2, at: null },
      { status: 3, at: null },
      { status: 4, at: null },
    ],
    products: [id],
    productsById: {
      [id]: {
        _id: id,
        type: 'REGULAR',
        model: '5520',
        referenceCode: '552023/02_10',
        unifiedCode: null,
        description: 'Wall light',
        quantity: 5,
        moq: 4,
        references: {},
        availability: { state: 'toOrder', stock: 0, weeks: 2, expectedDate: '2026-03-16' },
        leadTimeWeeks: 2,
        shippingDate: '2026-03-16',
        validation: { status: 'VALID' },
        price: { unitNet: 100, totalNet: 500, currency: 'EUR' },
        accessories: [],
        attributes: {},
      },
    },
    netTotal: 500,
    invoice: null,
    addresses: { delivery: SITE, billing: BILLING },
    vatPercent: 21,
    ...overrides,
  };
}

describe('/order/{id}: the processed order (issue 34 §2, §4)', () => {
  it('shows the same figures and addresses as the review, links to its quote, and follows its status without a reload', async () => {
    followTiming.firstMs = 40;
    followTiming.maxMs = 80;
    try {
      let status: 1 | 2 = 1;
      const api = createFakeApi({ account: makeAccount({ role: 'distributor', clientCode: 'C-1' }) });
      api.handle((call) => (call.method === 'GET' && /\/orders\/42$/.test(call.path) ? json(200, processedOrder(status === 2 ? { status: 2, timeline: [{ status: 1, at: '2026-03-02T10:00:00.000Z' }, { status: 2, at: '2026-03-02T10:02:00.000Z' }, { status: 3, at: null }, { status: 4, at: null }] } : {})) : undefined));
      await renderApp('/order/42', api);
      const main = await screen.findByRole('main');
      await within(main).findByRole('heading', { level: 1, name: new RegExp(tx('orders.number', { id: 42 })) });
      // Hand computation: net 500.00, VAT 21 % = 105.00, total 605.00.
      const foot = within(main).getByRole('table').querySelector('tfoot') as HTMLElement;
      expect(foot).toHaveTextContent(`${tx('orders.field.netTotal')}500,00 €`);
      expect(foot).toHaveTextContent(`${tx('orders.review.tax', { percent: '21%', base: '500,00 €' })}105,00 €`);
      expect(foot).toHaveTextContent(`${tx('orders.review.total')}605,00 €`);
      const addresses = within(main).getByRole('region', { name: tx('orders.address.title') });
      expect(addresses).toHaveTextContent(SITE.join(''));
      expect(addresses).toHaveTextContent(BILLING.join(''));
      expect(within(main).getByRole('link', { name: tx('orders.order.fromQuote', { number: 'Q-2026-000123' }) })).toHaveAttribute('href', '/project/5/generate-budget');
      const reads = api.callsTo('GET', '/api/orders/v1/orders/42').length;
      // The ERP confirms it: the page reads the order again by itself and shows the new status.
      status = 2;
      const timeline = within(main).getByRole('region', { name: tx('orders.timeline.title') });
      await waitFor(() => expect(within(timeline).getByText(tx('orders.status.2')).closest('li')).toHaveAttribute('aria-current', 'step'), { timeout: 3000 });
      expect(api.callsTo('GET', '/api/orders/v1/orders/42').length).toBeGreaterThan(reads);
    } finally {
      followTiming.firstMs = 15_000;
      followTiming.maxMs = 120_000;
    }
  });
});

describe('/orders: the list in the kit’s data table (issue 35 §1)', () => {
  const summary = { orderId: 42, projectId: 5, projectName: 'Lobby', internalOrderNumber: 'PO-FARO', status: 2, completed: false, processedAt: '2026-03-02T10:00:00.000Z', plannedShippingDate: '2026-03-16', linesCount: 1, netTotal: 500, currency: 'EUR', delivery: null };
  it('shows skeleton rows while loading, an error row with a retry, the rows with their links, and an empty row for a search without match', async () => {
    let answer: 'fail' | 'rows' | 'none' = 'fail';
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = createFakeApi({ account: makeAccount({ role: 'distributor', clientCode: 'C-1' }) });
    api.handle((call) => {
      if (call.method !== 'GET' || call.path !== '/api/orders/v3/orders') return undefined;
      if (answer === 'fail') return held.then(() => failure(500, 'INTERNAL'));
      if (answer === 'none') return json(200, { items: [], meta: { page: 1, itemsPerPage: 10, totalItems: 0, totalPages: 0 } });
      return json(200, { items: [summary], meta: { page: 1, itemsPerPage: 10, totalItems: 11, totalPages: 2 } });
    });
    await renderApp('/orders', api);
    const main = await screen.findByRole('main');
    const table = await within(main).findByRole('table', { name: tx('orders.list.title') });
    expect(table).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await within(table).findByRole('alert')).toHaveTextContent(tx('orders.load.failed'));
    answer = 'rows';
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: tx('dataTable.retry') }));
    const row = await within(table).findByRole('row', { name: new RegExp(tx('orders.number', { id: 42 })) });
    expect(within(row).getByRole('link', { name: tx('orders.number', { id: 42 }) })).toHaveAttribute('href', '/order/42');
    expect(row).toHaveTextContent('PO-FARO');
    expect(within(main).getByRole('navigation', { name: tx('dataTable.pages', { name: tx('orders.list.title') }) })).toBeInTheDocument();
    answer = 'none';
    await user.type(within(main).getByRole('textbox', { name: new RegExp(`^${tx('orders.list.search')}`) }), 'nothing');
    await user.click(within(main).getByRole('button', { name: tx('orders.list.searchButton') }));
    expect(await within(table).findByText(tx('orders.list.noMatch'))).toBeInTheDocument();
  });
});

describe('/order/{id}: delivery facts agree (issue 34 §4)', () => {
  it('delivered together, every line shows the one planned date, the latest; a line beyond its stock says so, an in-stock line has no lead time beside it', async () => {
    const base = processedOrder();
    const first = Object.values(base.productsById)[0]!;
    const second = { ...first, _id: '22222222-2222-4222-8222-222222222222', referenceCode: '552010/02_10', description: 'Ceiling light', quantity: 9, availability: { state: 'toOrder' as const, stock: 3, weeks: 2, expectedDate: '2026-03-16' }, shippingDate: '2026-03-16' };
    const stocked = { ...first, availability: { state: 'inStock' as const, stock: 237, weeks: 0, expectedDate: '2026-03-02' }, leadTimeWeeks: 0, shippingDate: '2026-03-02' };
    const order = processedOrder({ products: [stocked._id, second._id], productsById: { [stocked._id]: stocked, [second._id]: second } });
    const api = createFakeApi({ account: makeAccount({ role: 'distributor', clientCode: 'C-1' }) });
    api.handle((call) => (call.method === 'GET' && /\/orders\/42$/.test(call.path) ? json(200, order) : undefined));
    await renderApp('/order/42', api);
    const main = await screen.findByRole('main');
    const table = await within(main).findByRole('table');
    const rows = within(table).getAllByRole('row').filter((row) => row.closest('tbody'));
    const dateOf = (row: HTMLElement) => row.querySelectorAll('td')[3]?.textContent ?? '';
    expect(rows).toHaveLength(2);
    // One planned date for the delivery together: the latest line's, on both lines and in the facts.
    expect(dateOf(rows[0]!)).toBe(dateOf(rows[1]!));
    expect(dateOf(rows[0]!)).toMatch(/16/);
    // The in-stock line says its stock and nothing of a lead time; the line beyond its stock says both, together.
    expect(rows[0]).toHaveTextContent(tx('orders.availability.inStock_other', { count: 237 }));
    expect(rows[0]).not.toHaveTextContent(/week/i);
    expect(rows[1]).toHaveTextContent(tx('orders.availability.beyondStock_other', { count: 2, stock: 3 }));
  });

  it('delivered separately, each line keeps its own date', async () => {
    const base = processedOrder({ sendTogether: false });
    const first = Object.values(base.productsById)[0]!;
    const second = { ...first, _id: '22222222-2222-4222-8222-222222222222', referenceCode: '552010/02_10', shippingDate: '2026-03-02' };
    const order = { ...base, products: [first._id, second._id], productsById: { [first._id]: first, [second._id]: second } };
    const api = createFakeApi({ account: makeAccount({ role: 'distributor', clientCode: 'C-1' }) });
    api.handle((call) => (call.method === 'GET' && /\/orders\/42$/.test(call.path) ? json(200, order) : undefined));
    await renderApp('/order/42', api);
    const table = await within(await screen.findByRole('main')).findByRole('table');
    const rows = within(table).getAllByRole('row').filter((row) => row.closest('tbody'));
    expect(rows[0]?.querySelectorAll('td')[3]?.textContent).not.toBe(rows[1]?.querySelectorAll('td')[3]?.textContent);
  });
});

describe('/order/{id}: order again (issue 34 §3)', () => {
  it('names each line of the summary as people name it, the reference beside it, and says nothing changed', async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'distributor', clientCode: 'C-1' }) });
    api.handle((call) => (call.method === 'GET' && /\/orders\/42$/.test(call.path) ? json(200, processedOrder()) : undefined));
    api.handle((call) =>
      call.method === 'POST' && call.path.endsWith('/orders/42/reorder')
        ? json(201, {
            projectId: 77,
            added: 2,
            changes: [
              { referenceCode: '552023/02_10', model: '5520', description: 'Wall light', quantity: 5, change: 'same', previousUnitNet: 100, unitNet: 100, changedAttributes: [] },
              { referenceCode: null, model: '5770', description: 'Multiple composition, 3 luminaires', quantity: 2, change: 'same', previousUnitNet: 2213.25, unitNet: 2213.25, changedAttributes: [] },
            ],
          })
        : undefined,
    );
    await renderApp('/order/42', api);
    const main = await screen.findByRole('main');
    const section = await within(main).findByRole('region', { name: tx('orders.reorder.title') });
    await userEvent.click(within(section).getByRole('button', { name: tx('orders.reorder.submit') }));
    const summary = await within(section).findByRole('status');
    const items = within(summary).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Wall light \(552023\/02_10\) × 5/);
    expect(items[1]).toHaveTextContent(/^Multiple composition, 3 luminaires × 2/);
    expect(summary).not.toHaveTextContent('5770');
  });
});
