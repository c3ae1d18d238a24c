import type { EvaluatedFlags, PreconfigSummary } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string) => en[key] ?? key;

const PRECONFIG: PreconfigSummary = {
  id: 1039,
  catalogId: 16,
  name: 'Tessa Duo',
  description: '4 luminaires, ready to order',
  familyId: 23,
  subFamilyId: 306,
  applicationLocationId: 14,
  visibility: 'website',
  configuratorType: { id: 4, description: 'EXPRESS' },
  models: ['4010', '4015'],
  lightsCount: 4,
  image: '/api/images/v1/catalogue/model/4010.svg',
  price: { amount: 5406, currency: 'EUR' },
};

const PATHS = ['/api/products/v1/preconfigs/list', '/api/apiv2/products/preconfigs/list'];

function api(role: 'distributor' | 'webUser', list: PreconfigSummary[] = [PRECONFIG], flags: EvaluatedFlags = {}) {
  const fake = createFakeApi({ account: makeAccount({ role }), flags: () => flags });
  fake.handle((call) => (PATHS.includes(call.path) ? json(200, list) : undefined));
  return fake;
}

describe('the ready-made configurations of a collection', () => {
  it('lists those published on the website, with their price for price.view', async () => {
    const fake = api('distributor');
    await renderApp('/preconfigs-list/306/14', fake);
    const list = await screen.findByRole('list', { name: tx('catalogue.preconfigs.listLabel') });
    const card = within(list).getByRole('link', { name: /Tessa Duo/ });
    expect(card).toHaveAttribute('href', '/add-preconfig/1039');
    expect(within(card).getByText('5.406,00 €')).toBeInTheDocument();
    const call = fake.callsTo('GET', '/api/products/v1/preconfigs/list')[0];
    expect(call?.query.get('subFamilyId')).toBe('306');
    expect(call?.query.get('applicationLocationId')).toBe('14');
    expect(call?.query.get('visibility')).toBe('website');
    expect(screen.getByRole('link', { name: tx('catalogue.preconfigs.back') })).toHaveAttribute('href', '/add-product/306/14');
  });

  it('shows the preview image a tools batch made and offers the spec sheet download beside each card (issue 32 §3)', async () => {
    const generated = { ...PRECONFIG, image: '/api/products/v1/preconfigs/1039/preview.png?v=77' };
    const { container } = await renderApp('/preconfigs-list/306/14', api('webUser', [generated]));
    const list = await screen.findByRole('list', { name: tx('catalogue.preconfigs.listLabel') });
    const card = within(list).getByRole('link', { name: /^Tessa Duo/ });
    expect(card.querySelector('img')).toHaveAttribute('src', '/api/products/v1/preconfigs/1039/preview.png?v=77');
    const sheet = within(list).getByRole('link', { name: tx('catalogue.preconfigs.specSheet'), description: 'Tessa Duo' });
    expect(sheet).toHaveAttribute('href', '/api/products/v1/preconfigs/1039/spec-sheet?lang=en');
    expect(sheet).toHaveAttribute('download');
    expect(card).not.toContainElement(sheet);
    expect(within(list).getAllByRole('link', { name: /Tessa Duo/ })).toEqual([card]);
    expect(container.querySelectorAll('a a')).toHaveLength(0);
  });

  it('asks the cached apiv2 path when preconfigListWithCache is on for the user, products v1 otherwise', async () => {
    const on = api('distributor', [PRECONFIG], { preconfigListWithCache: true });
    const first = await renderApp('/preconfigs-list/306/14', on);
    expect(await screen.findByRole('link', { name: /^Tessa Duo/ })).toBeInTheDocument();
    expect(on.callsTo('GET', '/api/apiv2/products/preconfigs/list')).toHaveLength(1);
    expect(on.callsTo('GET', '/api/products/v1/preconfigs/list')).toHaveLength(0);
    first.unmount();

    const off = api('distributor', [PRECONFIG], { preconfigListWithCache: false });
    await renderApp('/preconfigs-list/306/14', off);
    expect(await screen.findByRole('link', { name: /^Tessa Duo/ })).toBeInTheDocument();
    expect(off.callsTo('GET', '/api/products/v1/preconfigs/list')).toHaveLength(1);
    expect(off.callsTo('GET', '/api/apiv2/products/preconfigs/list')).toHaveLength(0);
  });

  it('shows no price without price.view, and says when there is none', async () => {
    const first = await renderApp('/preconfigs-list/306', api('webUser'));
    const list = await screen.findByRole('list', { name: tx('catalogue.preconfigs.listLabel') });
    expect(within(list).queryByText(/€/)).not.toBeInTheDocument();
    first.unmount();
    await renderApp('/preconfigs-list/306', api('webUser', []));
    expect(await screen.findByText(tx('catalogue.preconfigs.none'))).toBeInTheDocument();
  });
});

describe('a preconfiguration opens in its own configurator (issue 27 §1)', () => {
  it('crea and composing pendants in the crea room, a drawn one in its drawing configurator, populated; the others in the express view', async () => {
    const crea = { ...PRECONFIG, id: 1025, name: 'Wireflow Cascade', subFamilyId: 302, configuratorType: { id: 1, description: 'CREA' } };
    const pendants = { ...PRECONFIG, id: 1009, name: 'Multiple Trio', subFamilyId: 259, configuratorType: { id: 5, description: 'COMPOSITOR' } };
    const drawn = { ...PRECONFIG, id: 1005, name: 'Plusminus Linea', subFamilyId: 225, configuratorType: { id: 2, description: 'DRAWING' } };
    await renderApp('/preconfigs-list/306', api('distributor', [crea, pendants, drawn, PRECONFIG]));
    const list = await screen.findByRole('list', { name: tx('catalogue.preconfigs.listLabel') });
    expect(within(list).getByRole('link', { name: /^Wireflow Cascade/ })).toHaveAttribute('href', '/new-product/crea-configurator?preconfigId=1025');
    expect(within(list).getByRole('link', { name: /^Multiple Trio/ })).toHaveAttribute('href', '/new-product/crea-configurator?preconfigId=1009');
    expect(within(list).getByRole('link', { name: /^Plusminus Linea/ })).toHaveAttribute('href', '/new-product/plusminus-drawing-configurator?preconfigId=1005');
    expect(within(list).getByRole('link', { name: /^Tessa Duo/ })).toHaveAttribute('href', '/add-preconfig/1039');
  });

  it('/add-preconfig/{id} of a crea preconfiguration (a link from before) goes to the crea room', async () => {
    const fake = api('distributor');
    fake.handle((call) =>
      call.path === '/api/products/v1/preconfigs/creation/1025'
        ? json(200, { ...PRECONFIG, id: 1025, name: 'Wireflow Cascade', subFamilyId: 302, configuratorType: { id: 1, description: 'CREA' }, lines: [], domainJSON: null })
        : undefined,
    );
    const { history } = await renderApp('/add-preconfig/1025', fake);
    await waitFor(() => expect(history.location.pathname).toBe('/new-product/crea-configurator'));
    expect(history.location.search).toBe('?preconfigId=1025');
  });
});
