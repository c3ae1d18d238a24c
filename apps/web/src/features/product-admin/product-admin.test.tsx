import type { AdminCatalogue, AdminModelsPage, AdminRuleSpace, CatalogueDraft, PriceImportResult, RuleEffect } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { parseLeadtime } from './product-admin-home';
import { combinationPart } from './product-admin-rules';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const BASE = '/api/products/v1/product-admin';
const manager = makeAccount({ id: 12, role: 'productManager', email: 'product@lumen.example', name: 'Paula Catálogo', internal: true });
const catalogues: AdminCatalogue[] = [
  {
    id: 16,
    name: 'INT',
    currency: 'EUR',
    version: 3,
    publishedAt: null,
    publishedBy: null,
    rates: [{ id: 1, name: 'Tarifa general EUR', currency: 'EUR' }],
    collections: [{ subFamilyId: 225, name: 'Plusminus', configuratorType: 'DRAWING' }],
    draftChanges: 1,
    canRestore: false,
  },
];
const models: AdminModelsPage = {
  items: [
    {
      model: '5520',
      subFamilyId: 225,
      collectionName: 'Plusminus',
      name: { en: 'Plusminus pendant Ø 15' },
      nameState: { draft: null, revision: 0 },
      status: 'draft',
      priceReference: '552010/02_10',
      prices: [{ rateId: 1, salePrice: '750.00', state: { draft: '800.00', revision: 2 } }],
      finishes: [{ code: '05', name: 'Black', active: true, state: { draft: null, revision: 0 } }],
      articles: [],
    },
  ],
  total: 1,
  page: 1,
  limit: 20,
};
const draft: CatalogueDraft = {
  catalogId: 16,
  version: 3,
  changes: [{ kind: 'price', key: '552010/02_10|1', change: 'changed', before: { salePrice: '750.00' }, after: { salePrice: '800.00' }, revision: 2, updatedBy: 'Paula Catálogo', updatedAt: '2026-12-07T05:00:00Z' }],
  problems: [],
};

function adminApi() {
  const api = createFakeApi({ account: manager });
  api.handle((call) => {
    if (call.method === 'GET' && call.path === `${BASE}/catalogs`) return json(200, catalogues);
    if (call.method === 'GET' && call.path === `${BASE}/catalogs/16/models`) return json(200, models);
    if (call.method === 'GET' && call.path === `${BASE}/catalogs/16/draft`) return json(200, draft);
    if (call.method === 'GET' && call.path === `${BASE}/preview`) return json(200, { on: false });
    if (call.method === 'PUT' && call.path === `${BASE}/preview`) return json(200, call.body);
    return undefined;
  });
  return api;
}

describe('product administration screens (issue 31)', () => {
  it('shows the draft against the published catalogue and the models with their drafted prices, reached from the Tools menu', async () => {
    const api = adminApi();
    await renderApp('/', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('header.tools') }));
    await userEvent.click(await screen.findByRole('menuitem', { name: tx('header.tools.productAdmin') }));
    expect(await screen.findByRole('heading', { level: 1, name: tx('productAdmin.title') })).toBeInTheDocument();
    const draftTable = await screen.findByRole('table', { name: tx('productAdmin.draft.title') });
    expect(within(draftTable).getByRole('row', { name: /552010\/02_10\|1/ })).toHaveTextContent('750.00800.00Paula Catálogo');
    const modelsTable = await screen.findByRole('table', { name: tx('productAdmin.models.title') });
    expect(within(modelsTable).getByRole('rowheader', { name: /5520/ })).toBeInTheDocument();
    expect(within(modelsTable).getByText('800.00')).toBeInTheDocument();
  });

  it('saves a price with the revision it read and shows the other manager’s change on a 409', async () => {
    const api = adminApi();
    api.handle((call) =>
      call.method === 'PUT' && call.path === `${BASE}/catalogs/16/draft/prices`
        ? json(409, {
            ErrorCode: 409,
            ErrorDescription: 'Changed meanwhile by Pablo',
            code: 'CONFLICT',
            fields: [{ path: 'body.expectedRevision', message: JSON.stringify({ after: { salePrice: '820.00' }, revision: 3, updatedBy: 'Pablo' }) }],
          })
        : undefined,
    );
    await renderApp('/product-admin', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('productAdmin.models.editModel', { model: '5520' }) }));
    const price = await screen.findByRole('textbox', { name: tx('productAdmin.editor.priceFor', { rate: 'Tarifa general EUR', currency: 'EUR' }) });
    await userEvent.clear(price);
    await userEvent.type(price, '810,5');
    await userEvent.click(screen.getByRole('button', { name: tx('productAdmin.editor.savePrice', { rate: 'Tarifa general EUR' }) }));
    expect(await screen.findByText(tx('productAdmin.save.conflict', { name: 'Pablo', value: '820.00' }))).toBeInTheDocument();
    expect(api.callsTo('PUT', `${BASE}/catalogs/16/draft/prices`)[0]?.body).toEqual({ key: '552010/02_10|1', value: { salePrice: '810.5' }, expectedRevision: 2 });
  });

  it('turns "preview the draft" on and off from the tools', async () => {
    const api = adminApi();
    await renderApp('/product-admin', api);
    const preview = await screen.findByRole('switch', { name: tx('productAdmin.preview') });
    expect(preview).not.toBeChecked();
    expect(preview).toHaveAccessibleDescription(tx('productAdmin.preview.off'));
    await userEvent.click(preview);
    expect(await screen.findByRole('switch', { name: tx('productAdmin.preview'), checked: true })).toHaveAccessibleDescription(tx('productAdmin.preview.on'));
    expect(api.callsTo('PUT', `${BASE}/preview`).map((call) => call.body)).toEqual([{ on: true }]);
    await userEvent.click(screen.getByRole('switch', { name: tx('productAdmin.preview') }));
    expect(await screen.findByRole('switch', { name: tx('productAdmin.preview'), checked: false })).toBeInTheDocument();
    expect(api.callsTo('PUT', `${BASE}/preview`).map((call) => call.body)).toEqual([{ on: true }, { on: false }]);
  });

  it('imports prices from a spreadsheet: the preview lists changes and every wrong cell, and nothing is applied while one is wrong', async () => {
    const api = adminApi();
    const clean: PriceImportResult = { rows: 1, applied: false, unchanged: 0, errors: [], changes: [{ row: 2, key: '552010/02_10|1', reference: '552010/02_10', rateId: 1, before: '750.00', after: '812.50' }] };
    const wrong: PriceImportResult = { ...clean, rows: 2, errors: [{ row: 3, column: 'C', code: 'price', value: 'abc' }] };
    let answer = wrong;
    api.handle((call) => {
      if (call.method !== 'POST' || call.path !== `${BASE}/catalogs/16/draft/price-import`) return undefined;
      return json(200, (call.body as { apply: boolean }).apply ? { ...answer, applied: true } : answer);
    });
    await renderApp('/product-admin', api);
    const zone = await screen.findByRole('region', { name: tx('productAdmin.import.title') });
    const input = zone.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])], 'prices.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await userEvent.upload(input, file);
    const errors = await screen.findByRole('table', { name: tx('productAdmin.import.errors') });
    expect(within(errors).getByRole('row', { name: /^3 C/ })).toHaveTextContent(tx('productAdmin.import.error.price', { value: 'abc' }));
    expect(within(screen.getByRole('table', { name: tx('productAdmin.import.changes') })).getByRole('row', { name: /552010\/02_10/ })).toHaveTextContent('750.00812.50');
    expect(screen.getByRole('button', { name: tx('productAdmin.import.apply_one', { count: 1 }) })).toBeDisabled();
    expect(api.callsTo('POST', `${BASE}/catalogs/16/draft/price-import`).map((call) => (call.body as { apply: boolean; file: string }).file)).toEqual(['UEsDBAEC']);

    answer = clean;
    await userEvent.upload(input, new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 3])], 'prices-fixed.xlsx'));
    expect(await screen.findByText(/prices-fixed\.xlsx/)).toBeInTheDocument();
    const apply = await screen.findByRole('button', { name: tx('productAdmin.import.apply_one', { count: 1 }) });
    await vi.waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    expect(await screen.findByText(tx('productAdmin.import.applied_one', { count: 1 }))).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/catalogs/16/draft/price-import`).map((call) => (call.body as { apply: boolean }).apply)).toEqual([false, false, true]);
  });

  it('lists every problem of a refused publication', async () => {
    const api = adminApi();
    api.handle((call) =>
      call.method === 'POST' && call.path === `${BASE}/catalogs/16/publish`
        ? json(400, {
            ErrorCode: 400,
            ErrorDescription: 'The draft cannot be published',
            code: 'VALIDATION_FAILED',
            fields: [{ path: 'draft.finish.5520|10', message: 'productAdmin.problem.noActiveArticle|552010/02_10' }],
          })
        : undefined,
    );
    await renderApp('/product-admin', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('productAdmin.publish') }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(tx('productAdmin.publish.refused'));
    expect(alert).toHaveTextContent(tx('productAdmin.problem.noActiveArticle', { detail: '552010/02_10' }));
    expect(api.callsTo('POST', `${BASE}/catalogs/16/publish`)[0]?.body).toEqual({ expectedVersion: 3 });
  });

  it('tests a rule over the option space before it can be saved', async () => {
    const space: AdminRuleSpace = {
      subFamilyId: 225,
      rules: [],
      models: [{ model: '5520', options: { finish: [{ code: '10', name: 'White' }], ledColourTemp: [{ code: '2', name: '2700 K' }], control: [{ code: '2', name: 'DALI' }], installation: [{ code: '10', name: 'Ceiling' }] } }],
    };
    const effect: RuleEffect = {
      models: [{ model: '5520', combinations: 1, validBefore: 1, validAfter: 0, newlyInvalid: [{ finish: '10', ledColourTemp: '2', control: '2', installation: '10' }], unreachable: [{ attribute: 'finish', code: '10' }], articlesLosingPath: ['552010/22_10'] }],
      projectLines: 2,
      needsConfirmation: true,
    };
    const api = adminApi();
    api.handle((call) => {
      if (call.method === 'GET' && call.path === `${BASE}/catalogs/16/rules`) return json(200, space);
      if (call.method === 'POST' && call.path === `${BASE}/catalogs/16/rules/effect`) return json(200, effect);
      return undefined;
    });
    await renderApp('/product-admin/EditRule', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('productAdmin.rules.title') })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(tx('productAdmin.rules.value1')) }));
    await userEvent.click(await screen.findByRole('option', { name: 'White (10)' }));
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tx('productAdmin.rules.value2')) }));
    await userEvent.click(await screen.findByRole('option', { name: 'DALI (2)' }));
    await userEvent.click(screen.getByRole('button', { name: tx('productAdmin.rules.test') }));
    expect(await screen.findByText(tx('productAdmin.rules.projectLines_other', { count: 2 }))).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/catalogs/16/rules/effect`)[0]?.body).toMatchObject({ rule: { subFamilyId: 225, models: [], combinations: [{ Acabado: ['10'], Dim: ['2'] }] } });
    // Reasons missing and no confirmation: the rule cannot be saved yet.
    expect(screen.getByRole('button', { name: tx('productAdmin.rules.save') })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: tx('productAdmin.rules.confirm') })).not.toBeChecked();
  });

  it('reads lead time steps as "from quantity: weeks", the first from 1 and growing', () => {
    expect(parseLeadtime('1: 2, 50:4')).toEqual([
      { from: 1, weeks: 2 },
      { from: 50, weeks: 4 },
    ]);
    expect(parseLeadtime('2: 2')).toBeNull();
    expect(parseLeadtime('1: 2, 1: 3')).toBeNull();
    expect(parseLeadtime('1 weeks')).toBeNull();
    expect(parseLeadtime('')).toBeNull();
  });

  it('maps an installation to its two exclusion keys', () => {
    expect(combinationPart('installation', '31')).toEqual({ Instalacion1: ['3'], Instalacion2: ['1'] });
    expect(combinationPart('control', 'M')).toEqual({ Dim: ['M'] });
  });

  it('sends anyone else to the forbidden page and shows them no Tools menu', async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'admin' }) });
    await renderApp('/product-admin', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('errors.forbidden.title') })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: tx('productAdmin.title') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tx('header.tools') })).not.toBeInTheDocument();
  });
});
