import type { OrderDraft, OrderDraftLine, ProcessOrderResult } from '@lumen/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@lumen/contracts/constants';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { bodyOf, checkLine, editOf, refusalsOf } from '../../features/orders/order-form';
import { orderByIdPath } from '../../features/orders/orders-calls';
import { selectOrders } from '../../features/orders/orders-slice';

const texts = { ...TRANSLATIONS['fr-widgets'].en, ...TRANSLATIONS['common-front'].en, ...TRANSLATIONS['fr-eproject'].en };
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), texts[key] ?? key);

const PROCESS = '/api/orders/v2/orders/process/';

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
    price: { unitNet: 100, totalNet: 200, currency: 'EUR' },
    attributes: {},
    ...overrides,
  };
}

function draft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return { projectId: 5, projectName: 'Lobby', quoteId: null, catalogId: 16, currency: 'EUR', clientCode: 'C-1', today: '2026-03-02', lines: [line()], leadTimeWeeks: 2, existingOrderId: null, ...overrides };
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

async function processFixed(api: FakeApi) {
  const app = await renderApp('/project/5/new-order', api);
  const main = await screen.findByRole('main');
  await within(main).findByText(tx('orders.moq.change', { quantity: 4 }));
  const user = userEvent.setup();
  const quantity = within(main).getByRole('textbox', { name: new RegExp(`^${tx('orders.field.quantityOf', { name: '552023/02_10' }).replace(/[/.]/g, '\\$&')}`) });
  await user.clear(quantity);
  await user.type(quantity, '4');
  await user.click(within(main).getByRole('button', { name: tx('orders.new.process') }));
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
