import type { AdminCatalogue, AdminModelsPage, AdminRuleSpace, CatalogueDraft, RuleEffect } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
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
