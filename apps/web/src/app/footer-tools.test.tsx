import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, json, makeAccount, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { selectBrowsingCatalogId } from '../shared/session';
import { changeLanguage } from '../shared/preferences';
import { resetFirstVisitForTests } from './footer-tools';

const texts = TRANSLATIONS['fr-eproject'];
const en = (key: string) => texts.en[key] ?? key;

const CATALOGUES = [
  { id: 16, name: 'INT', currency: 'EUR', brandCodes: ['3VB', '4VT'], rates: [{ id: 1, name: 'PVP', currency: 'EUR' }], defaultRateId: 1, isDefault: true },
  { id: 21, name: 'USA', currency: 'USD', brandCodes: ['2US'], rates: [{ id: 2, name: 'LIST', currency: 'USD' }], defaultRateId: 2, isDefault: false },
];

function configuration(words: Record<string, string>) {
  return {
    catalogs: [],
    defaultCatalogId: 16,
    languages: Object.entries(words).map(([isoCode, searchWord]) => ({ isoCode, locale: isoCode, searchWord })),
    defaultLanguage: 'en',
    featureFlags: { keys: [], environments: { DEV: {}, NEWPRO: {}, PRO: {} } },
    limits: { clientTimeoutMs: 15000, uploadTimeoutMs: 60000, maxUploadBytes: 10485760, uploadExtensions: ['pdf'], cookieLifetimeMs: 2592000000 },
    defaults: { theme: 'light', catalogViewMode: 'grid' },
  };
}

/** A fake api answering the footer's calls: the catalogues, the configuration and a visitor from the United States. */
function footerApi(api: FakeApi = createFakeApi({ account: null }), options: { catalogues?: 'fail' } = {}) {
  api.handle((call) => {
    if (call.path === '/api/products/v1/catalogs/get-min') return options.catalogues === 'fail' ? json(503, { ErrorCode: 503, ErrorDescription: 'Service Unavailable' }) : json(200, CATALOGUES);
    if (call.path === '/api/masters/v1/configurations') return json(200, configuration({ en: 'search', us: 'search', fr: 'chercher', de: 'finden', it: 'cerca', es: 'buscar' }));
    if (call.path === '/api/masters/v1/common/ip') return json(200, { ip: '8.8.8.8' });
    if (call.path === '/api/masters/v1/common/default-values/by-ip/8.8.8.8')
      return json(200, { ip: '8.8.8.8', source: 'geoip', country: { geonameId: 6252001, isoCode: 'US', name: 'United States', currency: 'USD' }, catalogId: 21, lang: 'us', currency: 'USD' });
    return undefined;
  });
  return api;
}

beforeEach(() => resetFirstVisitForTests());
afterEach(() => vi.restoreAllMocks());

describe('a first visit takes its defaults by IP (spec §7 default-values/by-ip)', () => {
  it('asks for the caller’s address, then its defaults (site=private), and browses that catalogue in that language', async () => {
    const api = footerApi();
    const { store } = await renderApp('/', api);
    await waitFor(() => expect(store.getState().preferences.lang).toBe('us'));
    expect(api.callsTo('GET', '/api/masters/v1/common/default-values/by-ip/8.8.8.8')[0]?.query.get('site')).toBe('private');
    expect(selectBrowsingCatalogId(store.getState())).toBe(21);
    expect(Cookies.get('catalogId')).toBe('21');
    expect(Cookies.get('catalog')).toBe('usa');
    expect(Cookies.get('language')).toBe('us');
    // The footer's catalogue says so, with its currency.
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(within(footer).getByRole('button', { name: new RegExp(texts.us['footer.catalogue.label'] ?? '') })).toHaveTextContent('United States (USD)'));
  });

  it('asks nothing of a visitor who chose a language before, nor of a user', async () => {
    Cookies.set('language', 'fr');
    const visitor = footerApi();
    await renderApp('/', visitor);
    await screen.findByRole('search');
    expect(visitor.callsTo('GET', '/api/masters/v1/common/ip')).toHaveLength(0);

    resetFirstVisitForTests();
    Cookies.remove('language');
    const user = footerApi(createFakeApi({ account: makeAccount({ role: 'specifier' }) }));
    const { store } = await renderApp('/', user);
    await act(async () => {
      await Promise.resolve();
    });
    expect(user.callsTo('GET', '/api/masters/v1/common/ip')).toHaveLength(0);
    expect(store.getState().preferences.lang).toBe('en');
  });
});

describe('a visitor’s catalogue from the catalogue list (spec §7 get-min)', () => {
  it('offers the catalogues with their currencies; the choice is browsed and kept in the cookies', async () => {
    Cookies.set('language', 'en');
    const api = footerApi();
    const { store } = await renderApp('/', api);
    const footer = screen.getByRole('contentinfo');
    const trigger = await within(footer).findByRole('button', { name: new RegExp(en('footer.catalogue.label')) });
    expect(trigger).toHaveTextContent('International (EUR)');
    expect(selectBrowsingCatalogId(store.getState())).toBe(16);
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'United States (USD)' }));
    expect(selectBrowsingCatalogId(store.getState())).toBe(21);
    expect(Cookies.get('catalogId')).toBe('21');
  });

  it('browses catalogue 16 and offers no choice when the list cannot be loaded (spec §1)', async () => {
    Cookies.set('language', 'en');
    Cookies.set('catalogId', '21');
    const api = footerApi(createFakeApi({ account: null }), { catalogues: 'fail' });
    const { store } = await renderApp('/', api);
    await screen.findByRole('search');
    await waitFor(() => expect(api.callsTo('GET', '/api/products/v1/catalogs/get-min')).toHaveLength(1));
    await waitFor(() => expect(selectBrowsingCatalogId(store.getState())).toBe(16));
    expect(within(screen.getByRole('contentinfo')).queryByRole('button', { name: new RegExp(en('footer.catalogue.label')) })).not.toBeInTheDocument();
  });
});

describe('the website search (the search word per language of GET masters /v1/configurations)', () => {
  it('opens the website’s search page under the language’s prefix with the configuration’s word', async () => {
    Cookies.set('language', 'en');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const api = footerApi();
    const { store } = await renderApp('/', api);
    await act(async () => {
      await store.dispatch(changeLanguage({ lang: 'de', persist: false }));
    });
    const search = await screen.findByRole('search', { name: texts.de['footer.search.label'] });
    await userEvent.type(within(search).getByRole('searchbox', { name: texts.de['footer.search.label'] }), 'Pendelleuchte');
    await userEvent.click(within(search).getByRole('button', { name: texts.de['footer.search.submit'] }));
    // "finden" is this configuration's word for German: the page takes it from the call.
    expect(open).toHaveBeenCalledWith('https://www.lumenpro.example/de/finden?q=Pendelleuchte', '_blank', 'noopener');
  });
});
