import type { CatalogueDraft, StudioBatch, StudioImage, StudioModel } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.split(`{{${name}}}`).join(String(value)), en[key] ?? key);

const BASE = '/api/products/v1/tools/studio';
const ADMIN = '/api/products/v1/product-admin/catalogs/16';
const manager = makeAccount({ id: 12, role: 'productManager', email: 'product@lumen.example', name: 'Paula Catálogo', internal: true });

const models: StudioModel[] = [
  { model: '2350', name: 'Wall light', finishes: [{ code: '05', name: 'Black' }, { code: '10', name: 'White' }], luminaire: { category: 17, locationId: 2, width: 12, height: 20, depth: 8 } },
  { model: '2351', name: 'Wall light large', finishes: [{ code: '05', name: 'Black' }, { code: '10', name: 'White' }], luminaire: { category: 17, locationId: 2, width: 16, height: 28, depth: 10 } },
];

function image(id: number, model: string, shot: 'product' | 'ambient', overrides: Partial<StudioImage> = {}): StudioImage {
  return { id, batchId: 9, catalogId: 16, model, finish: '05', shot, width: 2400, height: 2400, review: 'pending', reviewedBy: null, drafted: false, published: false, ...overrides };
}

function batch(overrides: Partial<StudioBatch>): StudioBatch {
  return { id: 9, catalogId: 16, subFamilyId: 302, status: 'pending', done: 0, total: 4, size: 2400, items: [], images: [], requestedBy: manager.email, createdAt: '2026-12-07T10:00:00Z', error: null, ...overrides };
}

const done = batch({ status: 'done', done: 4, images: [image(1, '2350', 'product'), image(2, '2350', 'ambient'), image(3, '2351', 'product'), image(4, '2351', 'ambient')] });
const draft = (images: number): CatalogueDraft => ({ catalogId: 16, version: 3, problems: [], changes: Array.from({ length: images }, (_, index) => ({ kind: 'image', key: `235${index}|05`, change: 'added', before: null, after: {}, revision: 1, updatedBy: 'Paula', updatedAt: '' })) });

function studioApi() {
  const api = createFakeApi({ account: manager });
  let polls = 0;
  let drafted = 0;
  api.handle((call) => {
    if (call.method === 'GET' && call.path === '/api/products/v1/categories/collections') return json(200, [{ id: 302, subFamilyId: 302, name: 'Cala' }]);
    if (call.method === 'GET' && call.path === `${BASE}/models`) return json(200, models);
    if (call.method === 'GET' && call.path === `${BASE}/batches`) return json(200, []);
    if (call.method === 'POST' && call.path === `${BASE}/batches`) return json(201, batch({}));
    if (call.method === 'GET' && call.path === `${BASE}/batches/9`) {
      polls += 1;
      return json(200, polls === 1 ? batch({ status: 'running', done: 2 }) : done);
    }
    if (call.method === 'GET' && call.path.startsWith(`${BASE}/images/`)) return new Response('png', { status: 200, headers: { 'content-type': 'image/png' } });
    if (call.method === 'POST' && call.path === `${BASE}/images/1/review`) {
      drafted = 1;
      return json(200, image(1, '2350', 'product', { review: 'approved', drafted: true, reviewedBy: 'Paula' }));
    }
    if (call.method === 'POST' && call.path === `${BASE}/images/2/review`) return json(200, image(2, '2350', 'ambient', { review: 'rejected', reviewedBy: 'Paula' }));
    if (call.method === 'GET' && call.path === `${ADMIN}/draft`) return json(200, draft(drafted));
    if (call.method === 'POST' && call.path === `${ADMIN}/publish`) return json(200, { version: 4, changes: 1 });
    return undefined;
  });
  return api;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:made');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('image studio (issue 32 §1)', () => {
  it('from the Tools menu: frames, renders a collection’s HD images with progress, reviews them and publishes the catalogue', async () => {
    const api = studioApi();
    await renderApp('/', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('header.tools') }));
    await userEvent.click(await screen.findByRole('menuitem', { name: tx('header.tools.studio') }));
    expect(await screen.findByRole('heading', { level: 1, name: tx('studio.title') })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: new RegExp(tx('studio.collection')) }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cala' }));
    // Every model and finish is chosen at first; white is left out.
    await userEvent.click(await screen.findByRole('checkbox', { name: '10 · White' }));
    await userEvent.click(screen.getByRole('checkbox', { name: tx('studio.shot.ambient') }));
    await userEvent.click(screen.getByRole('checkbox', { name: tx('studio.shot.ambient') }));
    // Without WebGL (jsdom) the stage shows the model's picture.
    expect(screen.getByRole('img', { name: tx('studio.stageLabel', { model: '2350', finish: 'Black', shot: tx('studio.shot.product') }) })).toHaveAttribute('src', '/api/images/v1/catalogue/model/2350.svg?finish=05');
    const framing = screen.getByRole('group', { name: tx('studio.framing') });
    const turn = within(framing).getByRole('slider', { name: tx('studio.azimuth') });
    // jsdom moves no range input by keys: the change event a browser sends after ArrowRight × 2.
    fireEvent.change(turn, { target: { value: '32' } });
    expect(within(framing).getByText('32°')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: tx('studio.render_other', { count: 4 }) }));
    expect(await screen.findByRole('heading', { name: tx('studio.batchTitle', { id: 9 }) })).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/batches`)[0]?.body).toEqual({ catalogId: 16, subFamilyId: 302, shots: ['product', 'ambient'], size: 2400, camera: { azimuth: 32, elevation: 15, zoom: 1, offsetX: 0, offsetY: 0 }, finishes: ['05'] });
    expect(await screen.findByText(tx('studio.progress', { done: 2, total: 4 }), { selector: '[role="status"]' })).toBeInTheDocument();
    expect(await screen.findByText(tx('studio.progress', { done: 4, total: 4 }), { selector: '[role="status"]' }, { timeout: 4000 })).toBeInTheDocument();

    const grid = screen.getByRole('list', { name: tx('studio.review') });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(4);
    const first = `2350 · 05 · ${tx('studio.shot.product')}`;
    await userEvent.click(within(grid).getByRole('button', { name: tx('studio.approveImage', { name: first }) }));
    const card = within(grid).getByRole('listitem', { name: first });
    await waitFor(() => expect(within(card).getByText(tx('studio.inDraft'))).toBeInTheDocument());
    expect(within(card).getByRole('button', { name: tx('studio.approveImage', { name: first }) })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(grid).getByRole('button', { name: tx('studio.rejectImage', { name: `2350 · 05 · ${tx('studio.shot.ambient')}` }) }));
    expect(await within(grid).findByText(tx('studio.review.rejected'))).toBeInTheDocument();

    const publish = await screen.findByRole('button', { name: tx('studio.publish') });
    await waitFor(() => expect(publish).toBeEnabled());
    await userEvent.click(publish);
    expect(await screen.findByText(tx('studio.publishedVersion_one', { version: 4, count: 1 }))).toBeInTheDocument();
    expect(api.callsTo('POST', `${ADMIN}/publish`)[0]?.body).toEqual({ expectedVersion: 3 });
  }, 45_000);

  it('sends an internal user without product.admin, and anyone not internal, to the forbidden page', async () => {
    for (const account of [makeAccount({ role: 'sales', internal: true, email: 'sales@lumen.example' }), makeAccount({ role: 'admin', internal: false })]) {
      const api = createFakeApi({ account });
      const view = await renderApp('/studio', api);
      await waitFor(() => expect(view.history.location.pathname).toBe('/error-403'));
      expect(api.callsTo('GET', `${BASE}/batches`)).toHaveLength(0);
      view.unmount();
    }
  });
});
