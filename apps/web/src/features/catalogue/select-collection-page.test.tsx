import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { collection, COLLECTIONS, MODELS } from './catalogue.fixtures';
import { VIEW_MODE_STORAGE_KEY } from './view-mode';

const en = TRANSLATIONS['fr-eproject'].en;
const de = TRANSLATIONS['fr-eproject'].de;
const tx = (key: string, file: Record<string, string> = en) => file[key] ?? key;

function catalogueApi(options: { account?: ReturnType<typeof makeAccount> | null; failCollections?: () => boolean } = {}) {
  const api = createFakeApi({ account: options.account === undefined ? makeAccount({ role: 'distributor' }) : options.account });
  api.handle((call) => {
    if (call.path === '/api/products/v1/categories/collections') {
      if (options.failCollections?.()) return failure(500, 'INTERNAL');
      const sub = call.query.get('subFamilyId');
      return json(200, sub ? COLLECTIONS.filter((item) => String(item.subFamilyId) === sub) : COLLECTIONS);
    }
    if (call.path === '/api/products/v1/articles/models') return json(200, MODELS);
    return undefined;
  });
  return api;
}

async function collectionsList() {
  return screen.findByRole('list', { name: tx('catalogue.collections.listLabel') });
}

describe('choosing a collection', () => {
  it('sends /create-project to the collection step and lists the catalogue in the user’s language, as a grid', async () => {
    const api = catalogueApi({ account: makeAccount({ role: 'importer', catalogId: 21, catalog: 'USA', lang: 'de', language: { isoCode: 'de' } }) });
    await renderApp('/create-project', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('catalogue.collections.title', de) })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: tx('catalogue.collections.listLabel', de) });
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(list).toHaveClass('catalogue-collections--grid');
    // The list on screen is the one asked for in the account's language (a first call may go out before the account is known).
    const call = api.callsTo('GET', '/api/products/v1/categories/collections').at(-1);
    expect(call?.query.get('catalogId')).toBe('21');
    expect(call?.query.get('lang')).toBe('de');
    expect(call?.query.get('images')).toBe('1');
    // Pictures come from the api; the name next to them says what they show.
    const silo = within(list).getByRole('link', { name: /Silo/ });
    expect(silo.querySelector('img')).toHaveAttribute('src', '/api/images/collections/301.svg');
    expect(silo).toHaveAttribute('href', '/add-product/301');
    expect(within(silo).getByText(tx('catalogue.lampType.hanging', de))).toBeInTheDocument();
  });

  it('filters by lamp type, offering only the types the catalogue has', async () => {
    await renderApp('/create-project/select-collection', catalogueApi());
    const list = await collectionsList();
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tx('catalogue.filter.lampType')) }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      tx('catalogue.filter.all'),
      tx('catalogue.lampType.wall'),
      tx('catalogue.lampType.hanging'),
      tx('catalogue.lampType.ceiling'),
      tx('catalogue.lampType.outdoor'),
    ]);
    await userEvent.click(screen.getByRole('option', { name: tx('catalogue.lampType.wall') }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1));
    expect(within(list).getByRole('link', { name: /North/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(tx('catalogue.collections.count').replace('{{total}}', '1'));
  });

  it('switches between grid and list and keeps the choice for the next visit', async () => {
    const first = await renderApp('/create-project/select-collection', catalogueApi());
    const list = await collectionsList();
    // The filter and the view switch are one labelled line of controls, the kit's Toolbar (issue 35 §1).
    const toolbar = screen.getByRole('group', { name: tx('catalogue.filter.toolbar') });
    expect(within(toolbar).getByRole('group', { name: tx('catalogue.view.label') })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: new RegExp(tx('catalogue.filter.lampType')) })).toBeInTheDocument();
    const grid = screen.getByRole('button', { name: tx('catalogue.view.grid') });
    const asList = screen.getByRole('button', { name: tx('catalogue.view.list') });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(asList);
    expect(asList).toHaveAttribute('aria-pressed', 'true');
    expect(list).toHaveClass('catalogue-collections--list');
    expect(localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('list');
    first.unmount();

    await renderApp('/create-project/select-collection', catalogueApi());
    expect(await collectionsList()).toHaveClass('catalogue-collections--list');
  });

  it('marks the collection named in the address as the current one', async () => {
    await renderApp('/create-project/select-collection/302', catalogueApi());
    const list = await collectionsList();
    expect(within(list).getByRole('link', { name: /North/ })).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByRole('link', { name: /Silo/ })).not.toHaveAttribute('aria-current');
  });

  it('says when the collections cannot be loaded and tries again', async () => {
    let fail = true;
    const api = catalogueApi({ failCollections: () => fail });
    await renderApp('/create-project/select-collection', api);
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('catalogue.loadFailed'));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: tx('catalogue.retry') }));
    expect(await collectionsList()).toBeInTheDocument();
  });

  it('is open to visitors: catalogue 16, then the models without prices, no login asked (issue 10 §1)', async () => {
    const api = catalogueApi({ account: null });
    const { store } = await renderApp('/create-project/select-collection', api);
    const list = await collectionsList();
    expect(api.callsTo('GET', '/api/products/v1/categories/collections')[0]?.query.get('catalogId')).toBe('16');
    await userEvent.click(within(list).getByRole('link', { name: /Silo/ }));
    const models = await screen.findByRole('list', { name: tx('catalogue.models.listLabel') });
    expect(within(models).getAllByRole('link').length).toBeGreaterThan(0);
    expect(screen.queryByText(/€|\$/)).not.toBeInTheDocument();
    expect(store.getState().ui.authModal.view).toBeNull();
  });

  it('has a "Catalogue" entry in the header, for visitors too (issue 10 §1)', async () => {
    await renderApp('/', catalogueApi({ account: null }));
    await userEvent.click(await screen.findByRole('link', { name: tx('header.catalogue') }));
    expect(await collectionsList()).toBeInTheDocument();
  });
});

describe('choosing an application location and a model', () => {
  it('asks where a collection with several locations goes, then lists its models with prices', async () => {
    const api = catalogueApi();
    await renderApp('/add-product/302', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('catalogue.locations.title') })).toBeInTheDocument();
    const locations = screen.getByRole('list', { name: tx('catalogue.locations.listLabel') });
    await userEvent.click(within(locations).getByRole('link', { name: 'Outdoor' }));

    const models = await screen.findByRole('list', { name: tx('catalogue.models.listLabel') });
    const call = api.callsTo('GET', '/api/products/v1/articles/models')[0];
    expect(call?.query.get('subFamilyId')).toBe('302');
    expect(call?.query.get('applicationLocationId')).toBe('2');
    expect(call?.query.get('catalog')).toBe('16');
    const wall = within(models).getByRole('link', { name: /North wall/ });
    expect(wall).toHaveAttribute('href', '/add-product/302/2/0270');
    // EUR amounts in the de-DE form (spec §9), for a user with price.view.
    expect(within(wall).getByText(/1\.234,50\s€/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: tx('catalogue.models.preconfigs') })).toHaveAttribute('href', '/preconfigs-list/302/2');
  });

  it('goes straight to the models of a collection with one location, and keeps the v2 flow', async () => {
    await renderApp('/add-product-v2/301', catalogueApi({ account: makeAccount({ role: 'webUser' }) }));
    const models = await screen.findByRole('list', { name: tx('catalogue.models.listLabel') });
    expect(within(models).getByRole('link', { name: /North wall/ })).toHaveAttribute('href', '/add-product-v2/301/1/0270');
    // No price without price.view.
    expect(within(models).queryByText(/€/)).not.toBeInTheDocument();
  });

  it('says so for a collection that is not in the catalogue', async () => {
    await renderApp('/add-product/999', catalogueApi());
    expect(await screen.findByRole('heading', { level: 1, name: tx('catalogue.notFound.title') })).toBeInTheDocument();
  });
});

/** Issue 27 §1: each collection leads to the configurator its configurator type and subfamily choose. */
describe('every way into the configurators', () => {
  const named = (id: number, description: string) => ({ id, description });
  const KINDS = [
    collection({ subFamilyId: 219, name: 'Sticks', configuratorType: named(2, 'DRAWING'), productType: named(3, 'MODULAR') }),
    collection({ subFamilyId: 225, name: 'Plusminus', configuratorType: named(3, 'NODRAWING'), productType: named(3, 'MODULAR') }),
    collection({ subFamilyId: 302, name: 'Wireflow', configuratorType: named(1, 'CREA') }),
    collection({ subFamilyId: 259, name: 'Multiple', configuratorType: named(5, 'COMPOSITOR'), productType: named(7, 'COMPOSING_PENDANTS') }),
    collection({ subFamilyId: 244, name: 'Algorithm', configuratorType: named(6, 'ATTRIBUTES') }),
    collection({ subFamilyId: 301, name: 'Silo' }),
  ];
  function kindsApi() {
    const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
    api.handle((call) => {
      if (call.path === '/api/products/v1/categories/collections') {
        const sub = call.query.get('subFamilyId');
        return json(200, sub ? KINDS.filter((item) => String(item.subFamilyId) === sub) : KINDS);
      }
      if (call.path === '/api/products/v1/articles/models') return json(200, MODELS);
      return undefined;
    });
    return api;
  }

  it('the attributes configurator’s collections go the v2 way, the others the v1 way', async () => {
    await renderApp('/create-project/select-collection', kindsApi());
    const list = await collectionsList();
    expect(within(list).getByRole('link', { name: /Algorithm/ })).toHaveAttribute('href', '/add-product-v2/244');
    expect(within(list).getByRole('link', { name: /Silo/ })).toHaveAttribute('href', '/add-product/301');
    expect(within(list).getByRole('link', { name: /Sticks/ })).toHaveAttribute('href', '/add-product/219');
  });

  it('sticks and plusminus: a clear choice between drawing and a layout, the collection’s own configurator first', async () => {
    const first = await renderApp('/add-product/219', kindsApi());
    expect(await screen.findByRole('heading', { level: 1, name: tx('catalogue.entry.title').replace('{{collection}}', 'Sticks') })).toBeInTheDocument();
    const ways = within(screen.getByRole('list', { name: tx('catalogue.entry.listLabel') })).getAllByRole('link');
    expect(ways.map((link) => link.getAttribute('href'))).toEqual(['/new-product/sticks-drawing-configurator', '/new-product/sticks-nodrawing-configurator']);
    expect(ways[0]).toHaveAccessibleName(new RegExp(tx('catalogue.entry.draw.title')));
    first.unmount();
    await renderApp('/add-product/225', kindsApi());
    const layouts = within(await screen.findByRole('list', { name: tx('catalogue.entry.listLabel') })).getAllByRole('link');
    expect(layouts.map((link) => link.getAttribute('href'))).toEqual(['/new-product/plusminus-nodrawing-configurator', '/new-product/plusminus-drawing-configurator']);
    // A single luminaire of the collection (a pendant on its own) is chosen by application, as in any collection.
    expect(screen.getByRole('heading', { level: 2, name: tx('catalogue.entry.single.title') })).toBeInTheDocument();
    const single = within(screen.getByRole('list', { name: tx('catalogue.locations.listLabel') })).getByRole('link', { name: 'Indoor' });
    expect(single).toHaveAttribute('href', '/add-product/225/1');
    await userEvent.click(single);
    expect(await screen.findByRole('list', { name: tx('catalogue.models.listLabel') })).toBeInTheDocument();
  });

  it('crea and composing pendants: a model opens the crea room with it; for a project, under the project', async () => {
    const first = await renderApp('/add-product/302/1', kindsApi());
    const models = await screen.findByRole('list', { name: tx('catalogue.models.listLabel') });
    expect(within(models).getByRole('link', { name: /North wall/ })).toHaveAttribute('href', '/new-product/crea-configurator/0270');
    expect(screen.getByText(tx('catalogue.models.creaLead'))).toBeInTheDocument();
    first.unmount();
    // Chosen for project 5 (its "Add product"): the configurators' paths carry the project.
    const { store } = await renderApp('/project/5/add-product/select-collection', kindsApi());
    await waitFor(() => expect(store.getState().projectTarget?.projectId).toBe(5));
    const list = await collectionsList();
    await userEvent.click(within(list).getByRole('link', { name: /Multiple/ }));
    const pendants = await screen.findByRole('list', { name: tx('catalogue.models.listLabel') });
    expect(within(pendants).getByRole('link', { name: /North wall/ })).toHaveAttribute('href', '/project/5/add-product/crea-configurator/0270');
  });
});
