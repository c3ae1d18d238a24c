import type { TechnicalInfoRow, TechnicalInfoTable, ToolBatch } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { visibleRows } from './technical-info-page';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const BASE = '/api/products/v1/tools';
/** An internal user (by e-mail) without product.admin: the tools of issue 32 only. */
const staff = makeAccount({ id: 21, role: 'sales', email: 'marketing@lumen.example', name: 'Marta Marketing', internal: true });

function row(model: string, description: string, collectionName: string, lumens: number, watts: number): TechnicalInfoRow {
  return {
    model,
    catalogId: 16,
    description,
    subFamilyId: 225,
    familyId: 3,
    familyName: 'Pendants',
    applicationLocationId: 1,
    technicalData: { lumens, watts, delivered_power: watts, consumed_power: watts, cri: 90, width: 15, height: 20, depth: 15, netWeight: 1.2, beamAngle: 60, ipRating: 'IP20', energyClass: 'D' },
    units: { length: 'cm', weight: 'kg' },
    finishes: [{ code: '05', description: 'Black' }],
    temperatures: [],
    controls: [],
    installations: [],
    pendantHeight: null,
    drivers: [],
    image: '/img.svg',
    collectionName,
    attachments: [{ type: 'specSheet', name: `${description} — spec sheet`, format: 'pdf', url: `/sr-documents/v1/docs-web/download?type=specSheet&model=${model}` }],
  };
}

const table: TechnicalInfoTable = {
  catalogId: 16,
  rows: [row('5520', 'Plusminus pendant Ø 15', 'Plusminus', 1200, 12), row('5521', 'Plusminus pendant Ø 30', 'Plusminus', 2400, 20), row('6010', 'Sticks wall light', 'Sticks', 800, 10)],
};

function batch(overrides: Partial<ToolBatch>): ToolBatch {
  return { id: 7, kind: 'preconfigPreviews', catalogId: 16, subFamilyId: null, status: 'pending', done: 0, total: 0, items: [], requestedBy: staff.email, createdAt: '2026-12-07T10:00:00Z', error: null, ...overrides };
}

function toolsApi() {
  const api = createFakeApi({ account: staff });
  api.handle((call) => {
    if (call.method === 'GET' && call.path === `${BASE}/technical-info`) return json(200, table);
    if (call.method === 'GET' && call.path === `${BASE}/batches`) return json(200, []);
    if (call.method === 'GET' && call.path === '/api/products/v1/categories/collections') return json(200, [{ id: 225, subFamilyId: 225, name: 'Plusminus' }]);
    return undefined;
  });
  return api;
}

const saved: Array<{ name: string }> = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:made');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function openTool(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: tx('header.tools') }));
  await userEvent.click(await screen.findByRole('menuitem', { name: tx(name) }));
}

describe('internal tools (issue 32)', () => {
  it('offers the Tools menu to an internal user (without the product administration when not holding product.admin)', async () => {
    await renderApp('/', toolsApi());
    await userEvent.click(await screen.findByRole('button', { name: tx('header.tools') }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual([
      tx('header.tools.compositor'),
      tx('header.tools.compositorV2'),
      tx('header.tools.compositorDemo'),
      tx('header.tools.technicalInfo'),
      tx('header.tools.productSheet'),
      tx('header.tools.generatePreviews'),
      tx('header.tools.generatePdf'),
    ]);
  });

  it('shows no Tools menu to a user whose e-mail is not internal, and sends them to the forbidden page on every tool route', async () => {
    for (const path of ['/technicalinfo', '/productsheet', '/compositor/generatePreviews', '/compositor/generatePdf', '/preview/compose', '/compositor', '/compositor/v2', '/compositor/_demo', '/minicompositor']) {
      const api = createFakeApi({ account: makeAccount({ role: 'admin', internal: false }) });
      const view = await renderApp(path, api);
      await waitFor(() => expect(view.history.location.pathname).toBe('/error-403'));
      expect(screen.queryByRole('button', { name: tx('header.tools') })).toBeNull();
      expect(api.callsTo('GET', `${BASE}/technical-info`)).toHaveLength(0);
      view.unmount();
    }
  });

  it('compositor: each application says whether the flags let the user compose there, and saving is offered only where they do', async () => {
    const api = toolsApi();
    api.handle((call) =>
      call.method === 'GET' && call.path === `${BASE}/compositor/collections`
        ? json(200, {
            catalogId: 16,
            collections: [
              {
                subFamilyId: 259,
                name: 'Multiple',
                configuratorTypeId: 5,
                models: ['5770'],
                applications: [
                  { applicationLocationId: 15, description: 'Indoor · suspended', allowed: false },
                  { applicationLocationId: 16, description: 'Indoor · ceiling', allowed: true },
                ],
              },
            ],
          })
        : undefined,
    );
    await renderApp('/compositor', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('tools.compositor.title') })).toBeTruthy();
    expect(screen.getByText(tx('tools.compositor.choose'))).toBeTruthy();
    const choice = screen.getByRole('group', { name: tx('tools.compositor.choice') });
    await waitFor(() => expect(within(choice).getByRole('button', { name: new RegExp(tx('tools.collection')) }).hasAttribute('disabled')).toBe(false));
    await userEvent.click(within(choice).getByRole('button', { name: new RegExp(tx('tools.collection')) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Multiple' }));
    // The first application is off for this user: the page says so.
    expect(await screen.findByText(tx('tools.compositor.off', { collection: 'Multiple' }))).toBeTruthy();
    await userEvent.click(within(choice).getByRole('button', { name: new RegExp(tx('tools.compositor.application')) }));
    expect(screen.getByRole('option', { name: tx('tools.compositor.applicationOff', { application: 'Indoor · suspended' }) })).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: 'Indoor · ceiling' }));
    await waitFor(() => expect(screen.queryByText(tx('tools.compositor.off', { collection: 'Multiple' }))).toBeNull());
  });

  it('minicompositor: opened outside a partner’s frame, it refuses (the host must be a FRAME_ANCESTORS page that embeds it) and asks nothing of the api', async () => {
    const api = toolsApi();
    await renderApp('/minicompositor?host=https%3A%2F%2Fpartner.example', api);
    expect(await screen.findByText(tx('drawingShare.frame.notFramed'))).toBeTruthy();
    expect(api.callsTo('GET', `${BASE}/compositor/collections`)).toHaveLength(0);
  });

  it('technical information: search, sort, compare two models side by side and export the comparison', async () => {
    const api = toolsApi();
    api.handle((call) =>
      call.method === 'GET' && call.path === `${BASE}/technical-info/export`
        ? new Response('xlsx', { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })
        : undefined,
    );
    await renderApp('/', api);
    await openTool('header.tools.technicalInfo');
    expect(await screen.findByRole('heading', { level: 1, name: tx('tools.technicalInfo.title') })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: tx('tools.technicalInfo.table') });
    const models = () => within(region).getAllByRole('row').slice(1).map((item) => within(item).getAllByRole('cell')[1]?.textContent);
    expect(models()).toEqual(['5520', '5521', '6010']);

    await userEvent.click(within(region).getByRole('button', { name: tx('tools.technicalInfo.column.lumens') }));
    await userEvent.click(within(region).getByRole('button', { name: tx('tools.technicalInfo.column.lumens') }));
    expect(within(region).getByRole('columnheader', { name: tx('tools.technicalInfo.column.lumens') })).toHaveAttribute('aria-sort', 'descending');
    expect(models()).toEqual(['5521', '5520', '6010']);

    await userEvent.type(screen.getByRole('searchbox', { name: tx('tools.technicalInfo.search') }), 'plusminus');
    expect(models()).toEqual(['5521', '5520']);
    expect(screen.getByText(tx('tools.technicalInfo.count', { count: 2 }))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: tx('tools.technicalInfo.compareModel', { model: '5520' }) }));
    await userEvent.click(screen.getByRole('checkbox', { name: tx('tools.technicalInfo.compareModel', { model: '5521' }) }));
    const comparison = screen.getByRole('region', { name: tx('tools.technicalInfo.comparison') });
    expect(within(comparison).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['5520', '5521']);
    expect(within(comparison).getByRole('row', { name: new RegExp(tx('tools.technicalInfo.column.lumens').replace(/[()]/g, '\\$&')) })).toHaveTextContent('1,2002,400');

    await userEvent.click(screen.getByRole('button', { name: tx('tools.technicalInfo.exportSelected') }));
    await waitFor(() => expect(saved).toEqual([{ name: 'technical-info-16-5520-5521.xlsx' }]));
    const exported = api.callsTo('GET', `${BASE}/technical-info/export`)[0];
    expect(Object.fromEntries(exported?.query ?? [])).toEqual({ catalog: '16', lang: 'en', models: '5520,5521', language: 'en' });
    // The attachments of each model link to the platform's documents.
    expect(within(region).getAllByRole('link', { name: tx('tools.attachment.specSheet') })[0]).toHaveAttribute('href', expect.stringContaining('type=specSheet'));
  });

  it('sorts numbers as numbers and text naturally', () => {
    expect(visibleRows(table.rows, '', { key: 'watts', direction: 'ascending' }).map((item) => item.model)).toEqual(['6010', '5520', '5521']);
    expect(visibleRows(table.rows, 'sticks wall', { key: 'model', direction: 'ascending' }).map((item) => item.model)).toEqual(['6010']);
  });

  it('product sheet: picks a model and a language, previews the PDF’s own pages and downloads the PDF', async () => {
    const api = toolsApi();
    api.handle((call) => {
      if (call.path === `${BASE}/product-sheet/preview`) return json(200, { fileName: 'spec-sheet-5520-de.pdf', pages: 2 });
      if (call.path === `${BASE}/product-sheet/page`) return new Response('png', { status: 200, headers: { 'content-type': 'image/png' } });
      if (call.path === `${BASE}/product-sheet`) return new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } });
      return undefined;
    });
    await renderApp('/', api);
    await openTool('header.tools.productSheet');
    const page0 = await screen.findByRole('region', { name: tx('tools.productSheet.title') });
    await userEvent.click(await within(page0).findByRole('button', { name: new RegExp(tx('tools.productSheet.model')) }));
    await userEvent.click(await screen.findByRole('option', { name: '5520 · Plusminus pendant Ø 15' }));
    await userEvent.click(within(page0).getByRole('button', { name: new RegExp(tx('tools.productSheet.language')) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await userEvent.click(screen.getByRole('button', { name: tx('tools.productSheet.show') }));
    const page = await screen.findByRole('img', { name: tx('tools.productSheet.page', { page: 1, pages: 2, name: 'spec-sheet-5520-de.pdf' }) });
    expect(page).toHaveAttribute('src', 'blob:made');
    expect(await screen.findByRole('img', { name: tx('tools.productSheet.page', { page: 2, pages: 2, name: 'spec-sheet-5520-de.pdf' }) })).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET', `${BASE}/product-sheet/page`)[1]?.query ?? [])).toEqual({ catalog: '16', lang: 'de', model: '5520', page: '2', language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: tx('tools.productSheet.download') }));
    await waitFor(() => expect(saved).toEqual([{ name: 'spec-sheet-5520-de.pdf' }]));
  });

  it('product sheet: a malformed reference is refused in place; the api’s reason shows when the sheet cannot be made', async () => {
    const api = toolsApi();
    api.handle((call) => (call.path === `${BASE}/product-sheet/preview` ? json(404, { ErrorCode: 404, ErrorDescription: 'No reference 552099/02_10', code: 'NOT_FOUND' }) : undefined));
    await renderApp('/productsheet', api);
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(tx('tools.productSheet.model')) }));
    await userEvent.click(await screen.findByRole('option', { name: '5520 · Plusminus pendant Ø 15' }));
    const reference = screen.getByRole('textbox', { name: tx('tools.productSheet.reference') });
    await userEvent.type(reference, '../etc');
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: tx('tools.productSheet.show') }));
    expect(api.callsTo('GET', `${BASE}/product-sheet/preview`)).toHaveLength(0);
    await userEvent.clear(reference);
    await userEvent.type(reference, '552099/02_10');
    await userEvent.click(screen.getByRole('button', { name: tx('tools.productSheet.show') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('tools.productSheet.previewFailed', { reason: 'No reference 552099/02_10' }));
  });

  it('generatePreviews: starts the batch, follows its progress, lists failures with their reasons and cancels', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = toolsApi();
      const items = [
        { label: '101 · Trio', status: 'done' as const, file: 0, fileName: 'preconfig-101-Trio.png' },
        { label: '102 · Duo', status: 'failed' as const, reason: 'The preconfiguration holds no luminaire' },
        { label: '103 · Solo', status: 'pending' as const },
      ];
      let polls = 0;
      api.handle((call) => {
        if (call.method === 'POST' && call.path === `${BASE}/batches`) return json(201, batch({}));
        if (call.method === 'GET' && call.path === `${BASE}/batches/7`) {
          polls += 1;
          return json(200, batch({ status: 'running', done: 2, total: 3, items }));
        }
        if (call.method === 'POST' && call.path === `${BASE}/batches/7/cancel`) return json(200, batch({ status: 'cancelled', done: 2, total: 3, items }));
        return undefined;
      });
      await renderApp('/', api);
      await openTool('header.tools.generatePreviews');
      expect(await screen.findByRole('heading', { level: 1, name: tx('tools.previews.title') })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: tx('tools.batch.start') }));
      expect(api.callsTo('POST', `${BASE}/batches`)[0]?.body).toEqual({ kind: 'preconfigPreviews', catalogId: 16 });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1100);
      });
      expect(await screen.findByText(tx('tools.batch.progress', { done: 2, total: 3 }), { selector: '[role=status]' })).toBeInTheDocument();
      expect(polls).toBeGreaterThan(0);
      expect(screen.getByRole('progressbar', { name: tx('tools.batch.progressLabel') })).toHaveAttribute('aria-valuenow', '2');
      expect(screen.getByText(tx('tools.batch.itemFailed', { reason: 'The preconfiguration holds no luminaire' }))).toBeInTheDocument();
      expect(screen.getByText(tx('tools.batch.failures', { count: 1 }))).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: tx('tools.batch.cancel') }));
      expect(await screen.findByText(tx('tools.batch.status.cancelled'))).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: tx('tools.batch.cancel') })).toBeNull();
      expect(screen.getByRole('button', { name: tx('tools.batch.download', { name: '101 · Trio (preconfig-101-Trio.png)' }) })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('/preview/compose: with the flag on, draws the composition given in the address and gives the image’s address', async () => {
    const api = createFakeApi({ account: staff, flags: () => ({ composeUrlPreview: true }) });
    api.handle((call) => {
      if (call.path === '/api/products/v1/categories/collections') return json(200, [{ id: 225, subFamilyId: 225, name: 'Plusminus' }]);
      if (call.path === '/api/images/v1/preview/compose') return new Response('png', { status: 200, headers: { 'content-type': 'image/png' } });
      return undefined;
    });
    await renderApp('/', api);
    await openTool('header.tools.composePreview');
    const page0 = await screen.findByRole('region', { name: tx('tools.compose.title') });
    await userEvent.click(await within(page0).findByRole('button', { name: new RegExp(tx('tools.collection')) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Plusminus' }));
    await userEvent.type(screen.getByRole('textbox', { name: tx('tools.compose.elements') }), '5520,5521');
    await userEvent.type(screen.getByRole('textbox', { name: tx('tools.compose.finishes') }), '05,x');
    expect(screen.getByRole('textbox', { name: tx('tools.compose.finishes') })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByRole('textbox', { name: tx('tools.compose.finishes') }));
    await userEvent.type(screen.getByRole('textbox', { name: tx('tools.compose.finishes') }), '05,10');
    await userEvent.click(screen.getByRole('button', { name: tx('tools.compose.show') }));
    expect(await screen.findByRole('img', { name: tx('tools.compose.alt', { elements: '5520, 5521' }) })).toHaveAttribute('src', 'blob:made');
    const call = api.callsTo('GET', '/api/images/v1/preview/compose')[0];
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({ catalog: '16', collection: '225', elements: '5520,5521', finishes: '05,10' });
    expect(screen.getByRole('link', { name: /\/api\/images\/v1\/preview\/compose\?catalog=16&collection=225&elements=5520%2C5521&finishes=05%2C10$/ })).toBeInTheDocument();
  });

  it('/preview/compose: with the flag off, no menu entry and the not-found page', async () => {
    const api = createFakeApi({ account: staff, flags: () => ({ composeUrlPreview: false }) });
    await renderApp('/preview/compose?collection=225&elements=5520', api);
    expect(await screen.findByRole('heading', { name: tx('errors.notFound.title') })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/images/v1/preview/compose')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: tx('header.tools') }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).not.toContain(tx('header.tools.composePreview'));
  });
});
