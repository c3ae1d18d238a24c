import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { articleCollection, remoteDriverCollection, REMOTE_DRIVER_RULES, RULES } from './configurator.fixtures';

const en = TRANSLATIONS['fr-eproject'].en;
const de = TRANSLATIONS['fr-eproject'].de;
const tx = (key: string, file: Record<string, string> = en) => file[key] ?? key;

function configuratorApi(account: ReturnType<typeof makeAccount> | null, options: { pricing?: boolean; rules?: boolean; notMade?: string[]; variationsHeldBy?: Promise<void> } = {}) {
  const api = createFakeApi({ account });
  api.handle((call) => {
    if (call.path === '/api/products/v1/articles/references') {
      return options.notMade?.includes(call.query.get('reference') ?? '') ? failure(404, 'NOT_FOUND') : json(200, {});
    }
    if (call.path === '/api/apiv2/articles/variations') {
      if (call.query.get('model') === '4444') return failure(404, 'NOT_FOUND');
      const catalog = call.query.get('catalog') === '21' ? 21 : 16;
      if (options.variationsHeldBy) return options.variationsHeldBy.then(() => json(200, articleCollection(catalog, { pricing: options.pricing })));
      return json(200, articleCollection(catalog, { pricing: options.pricing }));
    }
    if (call.path === '/api/products/v1/articles/models') return json(200, [{ model: '0270', description: 'North wall', image: '/api/images/models/0270.svg' }]);
    if (call.path.startsWith('/api/products/v1/static/rules/')) return options.rules === false ? failure(404, 'NOT_FOUND') : json(200, RULES);
    return undefined;
  });
  return api;
}

const distributor = () => makeAccount({ role: 'distributor' });

async function openConfigurator(path: string, api: ReturnType<typeof configuratorApi>) {
  const app = await renderApp(path, api);
  const result = await screen.findByRole('region', { name: tx('configurator.result.title') });
  return { ...app, result };
}

const reference = () => screen.getByTestId('configured-reference');

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the express configurator', () => {
  it('shows the base configuration, then the reference, price, MOQ and lead time as options change', async () => {
    const api = configuratorApi(distributor());
    const { result } = await openConfigurator('/add-product/302/2/0270', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('configurator.title').replace('{{name}}', 'North wall').replace('{{model}}', '0270') })).toBeInTheDocument();
    expect(reference()).toHaveTextContent('027001/03_10');
    const variations = api.callsTo('GET', '/api/apiv2/articles/variations')[0];
    expect(variations?.query.getAll('model')).toEqual(['0270']);
    expect(variations?.query.get('catalog')).toBe('16');
    expect(variations?.query.get('subfamily')).toBe('302');
    // 100 € list, 25 % discount for the sublevel: EUR in the de-DE form.
    expect(within(result).getByText('100,00 €')).toBeInTheDocument();
    // Unit net and total for one luminaire.
    expect(within(result).getAllByText('75,00 €')).toHaveLength(2);

    await choose(tx('configurator.attribute.finish'), 'Black');
    expect(reference()).toHaveTextContent('027005/03_10');
    expect(within(result).getByText('110,00 €')).toBeInTheDocument();
    expect(within(result).getAllByText('82,50 €')).toHaveLength(2);
    // Black has an MOQ of 10: one luminaire is below it.
    expect(within(result).getByText(tx('configurator.result.belowMoq').replace('{{moq}}', '10'))).toBeInTheDocument();

    await choose(tx('configurator.attribute.ledColourTemp'), '4000 K neutral white');
    expect(reference()).toHaveTextContent('027005/04_10');
    // 4000 K takes 6 weeks.
    expect(within(result).getByText(tx('configurator.result.weeks').replace('{{weeks}}', '6'))).toBeInTheDocument();
    expect(within(result).getByText('1,200 lm')).toBeInTheDocument();
    expect(within(result).getByText('12 W')).toBeInTheDocument();
  });

  it('shows the model’s picture in the chosen finish (issue 10 §11)', async () => {
    await openConfigurator('/add-product/302/2/0270', configuratorApi(distributor()));
    const picture = () => document.querySelector<HTMLImageElement>('img.configurator-page__image')?.getAttribute('src');
    expect(picture()).toBe('/api/images/models/0270.svg');
    // The page's largest paint goes first (issue 35 §5).
    expect(document.querySelector('img.configurator-page__image')).toHaveAttribute('fetchpriority', 'high');
    await choose(tx('configurator.attribute.finish'), 'Black');
    expect(picture()).toBe('/api/images/models/0270.svg?finish=05');
    await choose(tx('configurator.attribute.finish'), 'Sand white');
    expect(picture()).toBe('/api/images/models/0270.svg');
  });

  it('keeps the picture’s place while the model loads, so the title does not move when it comes (issue 35 §5)', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    // Reached from another page: a page opened by its address renders once its first answers are in (configurator-first-load.ts).
    const { history } = await renderApp('/', configuratorApi(distributor(), { variationsHeldBy: held }));
    act(() => history.push('/add-product/302/2/0270'));
    expect(await screen.findByTestId('configurator-image-placeholder')).toHaveClass('configurator-page__image');
    answer();
    await waitFor(() => expect(document.querySelector('img.configurator-page__image')).not.toBeNull());
    expect(screen.queryByTestId('configurator-image-placeholder')).not.toBeInTheDocument();
  });

  it('opened by its address, renders first the header the api painted: the title and the picture, each call sent once (issue 35 §5)', async () => {
    const api = configuratorApi(distributor());
    await renderApp('/add-product/302/2/0270', api);
    // The first render, before any answer more: the header whole, no placeholder in the picture's place.
    expect(document.querySelector('img.configurator-page__image')).toHaveAttribute('src', '/api/images/models/0270.svg');
    expect(screen.queryByTestId('configurator-image-placeholder')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent(tx('configurator.titleModel').replace('{{model}}', '0270'));
    expect(await screen.findByRole('region', { name: tx('configurator.result.title') })).toBeInTheDocument();
    for (const path of ['/api/apiv2/articles/variations', '/api/products/v1/articles/models']) expect(api.callsTo('GET', path), path).toHaveLength(1);
  });

  it('offers only valid variations and sets single options itself', async () => {
    await openConfigurator('/add-product/302/2/0270', configuratorApi(distributor()));
    // The installation has one option: it is set and cannot be changed.
    const installation = screen.getByRole('button', { name: new RegExp(tx('configurator.attribute.installation')) });
    expect(installation).toHaveTextContent('Surface');
    expect(installation).toBeDisabled();
    // Gold is no longer available.
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tx('configurator.attribute.finish')) }));
    expect(await screen.findByRole('option', { name: 'Gold' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a conflicting option as such, with the rule’s reason, and choosing it moves the others to a valid combination and says what moved (issue 10 §3)', async () => {
    await openConfigurator('/add-product/302/2/0270', configuratorApi(distributor()));
    await choose(tx('configurator.attribute.finish'), 'Black');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tx('configurator.attribute.control')) }));
    const dali = await screen.findByRole('option', { name: 'DALI' });
    // Offered, not refused: marked beside the option with what it changes and why.
    expect(dali).not.toHaveAttribute('aria-disabled', 'true');
    expect(dali).toHaveAccessibleDescription(
      tx('configurator.conflict.changes').replace('{{reason}}', 'black is not made with DALI').replace('{{attributes}}', tx('configurator.attribute.finish')),
    );
    await userEvent.click(dali);
    // DALI is kept and the finish moved to the nearest combination that is made.
    expect(reference()).toHaveTextContent('027001/23_10');
    const moved = tx('configurator.moved').replace('{{changes}}', `${tx('configurator.attribute.finish')}: Black → Sand white`);
    expect(screen.getByText(moved)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(new RegExp(tx('configurator.incompatible').replace('.', '\\.')))).not.toBeInTheDocument();
    // A choice that fits moves nothing and clears the note.
    await choose(tx('configurator.attribute.ledColourTemp'), '4000 K neutral white');
    expect(reference()).toHaveTextContent('027001/24_10');
    expect(screen.queryByText(moved)).not.toBeInTheDocument();
  });

  it('does not offer an option no valid combination holds', async () => {
    const api = configuratorApi(distributor());
    // Black is never made with a 4000 K LED nor with on/off: with this model's other options, never at all.
    api.state.handlers.unshift((call) =>
      call.path.startsWith('/api/products/v1/static/rules/')
        ? json(200, { ...RULES, ruleSets: [{ ...RULES.ruleSets[0], rules: [{ kind: 'exclusion', id: 'no-black', reason: 'Black is not made any more', combinations: [{ Acabado: '05' }] }] }] })
        : undefined,
    );
    await openConfigurator('/add-product/302/2/0270', api);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tx('configurator.attribute.finish')) }));
    expect(await screen.findByRole('option', { name: 'Sand white' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Black' })).not.toBeInTheDocument();
  });

  it('says when the catalogue does not make an accepted combination', async () => {
    const api = configuratorApi(distributor(), { notMade: ['027005/03_10'] });
    const { result } = await openConfigurator('/add-product/302/2/0270', api);
    await choose(tx('configurator.attribute.finish'), 'Black');
    expect(await within(result).findByRole('alert')).toHaveTextContent(tx('configurator.notMade'));
    expect(within(result).getByRole('button', { name: tx('configurator.result.copy') })).toBeDisabled();
    const call = api.callsTo('GET', '/api/products/v1/articles/references').at(-1);
    expect(call?.query.get('reference')).toBe('027005/03_10');
    expect(call?.query.get('catalogId')).toBe('16');
    await choose(tx('configurator.attribute.finish'), 'Sand white');
    await waitFor(() => expect(within(result).queryByText(tx('configurator.notMade'))).not.toBeInTheDocument());
    expect(within(result).getByRole('button', { name: tx('configurator.result.copy') })).toBeEnabled();
  });

  it('hides prices from a user without price.view', async () => {
    const { result } = await openConfigurator('/add-product/302/2/0270', configuratorApi(makeAccount({ role: 'webUser' }), { pricing: true }));
    expect(reference()).toHaveTextContent('027001/03_10');
    expect(within(result).queryByText(tx('configurator.result.unitPrice'))).not.toBeInTheDocument();
    expect(within(result).queryByText(/€/)).not.toBeInTheDocument();
  });

  it('follows the quantity: lead time and drivers', async () => {
    const { result } = await openConfigurator('/add-product/302/2/0270', configuratorApi(distributor()));
    const quantity = within(result).getByRole('spinbutton', { name: tx('configurator.result.quantity') });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '60{Enter}');
    await waitFor(() => expect(within(result).getByText(tx('configurator.result.weeks').replace('{{weeks}}', '4'))).toBeInTheDocument());
    const drivers = within(result).getByRole('list');
    expect(within(drivers).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(drivers).getAllByRole('listitem')[0]).toHaveTextContent(/^\d+ × DRR/);
  });

  it('copies the reference', async () => {
    const user = userEvent.setup();
    const api = configuratorApi(distributor());
    const { result } = await openConfigurator('/add-product/302/2/0270', api);
    await user.click(within(result).getByRole('button', { name: tx('configurator.result.copy') }));
    expect(await within(result).findByText(tx('configurator.result.copied'))).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('027001/03_10');
  });

  it('uses the dash form and dollars (en-US) in the United States catalogue, in the user’s language', async () => {
    const importer = makeAccount({ role: 'importer', catalogId: 21, catalog: 'USA', lang: 'de', language: { isoCode: 'de' } });
    const { result } = await renderApp('/add-product/302/2/0270', configuratorApi(importer)).then(async (app) => ({
      ...app,
      result: await screen.findByRole('region', { name: tx('configurator.result.title', de) }),
    }));
    expect(reference()).toHaveTextContent('0270-01/03_10');
    expect(within(result).getByText('$120.00')).toBeInTheDocument();
    await choose(tx('configurator.attribute.finish', de), 'Schwarz');
    expect(reference()).toHaveTextContent('0270-05/03_10');
    expect(within(result).getByText('$132.00')).toBeInTheDocument();
  });

  it('works without a rules file', async () => {
    const api = configuratorApi(distributor(), { rules: false });
    await openConfigurator('/add-product/302/2/0270', api);
    expect(reference()).toHaveTextContent('027001/03_10');
  });

  it('says when the model is not in the catalogue', async () => {
    const first = await renderApp('/add-product/302/2/9999', configuratorApi(distributor()));
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('configurator.notFound').replace('{{model}}', '9999'));
    first.unmount();
    // The api answers 404 for a model outside the collection.
    await renderApp('/add-product/302/2/4444', configuratorApi(distributor()));
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('configurator.notFound').replace('{{model}}', '4444'));
  });
});

describe('the attributes configurator', () => {
  it('shows every option as a button and updates the reference', async () => {
    await openConfigurator('/add-product-v2/302/2/0270', configuratorApi(distributor()));
    const finish = screen.getByRole('group', { name: tx('configurator.attribute.finish') });
    expect(within(finish).getByRole('button', { name: 'Sand white' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(finish).getByRole('button', { name: 'Gold' })).toBeDisabled();
    await userEvent.click(within(finish).getByRole('button', { name: 'Black' }));
    expect(reference()).toHaveTextContent('027005/03_10');
    expect(within(finish).getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says beside a conflicting option why, in the user’s language, and what moved after choosing it', async () => {
    const german = makeAccount({ role: 'distributor', lang: 'de', language: { isoCode: 'de' } });
    const api = configuratorApi(german);
    const rule = { ...RULES.ruleSets[0]!.rules[0]!, reasons: { en: 'black is not made with DALI', de: 'Schwarz gibt es nicht mit DALI' } };
    api.state.handlers.unshift((call) => (call.path.startsWith('/api/products/v1/static/rules/') ? json(200, { ...RULES, ruleSets: [{ ...RULES.ruleSets[0], rules: [rule] }] }) : undefined));
    await renderApp('/add-product-v2/302/2/0270', api);
    await screen.findByRole('region', { name: tx('configurator.result.title', de) });
    const finish = screen.getByRole('group', { name: tx('configurator.attribute.finish', de) });
    await userEvent.click(within(finish).getByRole('button', { name: 'Schwarz' }));
    const control = screen.getByRole('group', { name: tx('configurator.attribute.control', de) });
    const dali = within(control).getByRole('button', { name: 'DALI' });
    const note = tx('configurator.conflict.changes', de).replace('{{reason}}', 'Schwarz gibt es nicht mit DALI').replace('{{attributes}}', tx('configurator.attribute.finish', de));
    expect(dali).toHaveAccessibleDescription(note);
    expect(within(control).getByText(note)).toBeVisible();
    await userEvent.click(dali);
    expect(reference()).toHaveTextContent('027001/23_10');
    // Said beside the group the user pressed, in a live region.
    expect(within(control).getByRole('status')).toHaveTextContent(tx('configurator.moved', de).replace('{{changes}}', `${tx('configurator.attribute.finish', de)}: Schwarz → Sandweiß`));
    expect(within(finish).getByRole('button', { name: 'Sandweiß' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('changePricesCalculation, as the api evaluates it for the user', () => {
  /** Catalogue 21 with a $40 driver on a $120 luminaire: over the old path's 1.2 × base cap. */
  function pricesApi(changePricesCalculation: boolean) {
    const importer = makeAccount({ role: 'importer', catalogId: 21, catalog: 'USA' });
    const api = configuratorApi(importer);
    api.state.flagsFor = () => ({ changePricesCalculation });
    api.state.handlers.unshift((call) => {
      if (call.path !== '/api/apiv2/articles/variations') return undefined;
      const data = articleCollection(21);
      data.variations.push({ type: 'control', model: '0270', modifier: '3', description: { en: 'Phase-cut' }, priceIncrementDollars: '40' });
      return json(200, data);
    });
    return api;
  }

  it('on: the percent is capped, not the price', async () => {
    const { result } = await openConfigurator('/add-product/302/2/0270', pricesApi(true));
    await choose(tx('configurator.attribute.control'), 'Phase-cut');
    expect(reference()).toHaveTextContent('0270-01/33_10');
    expect(within(result).getByText('$160.00')).toBeInTheDocument();
  });

  it('off: the price is capped at 1.2 × base', async () => {
    const { result } = await openConfigurator('/add-product/302/2/0270', pricesApi(false));
    await choose(tx('configurator.attribute.control'), 'Phase-cut');
    expect(within(result).getByText('$144.00')).toBeInTheDocument();
    expect(within(result).queryByText('$160.00')).not.toBeInTheDocument();
  });
});

describe('RemoteDriverCP, as the api evaluates it for the user', () => {
  /** The demo's Plusminus pendant Ø 15 (5520): RemoteDriverCP on or off for this user. */
  function remoteDriverApi(remoteDriverCP: boolean) {
    const api = createFakeApi({ account: distributor(), flags: () => ({ RemoteDriverCP: remoteDriverCP }) });
    api.handle((call) => {
      if (call.path === '/api/products/v1/articles/references') return json(200, {});
      if (call.path === '/api/apiv2/articles/variations') return json(200, remoteDriverCollection());
      if (call.path === '/api/products/v1/articles/models') return json(200, [{ model: '5520', description: 'Plusminus pendant Ø 15', image: '/api/images/models/5520.svg' }]);
      if (call.path.startsWith('/api/products/v1/static/rules/')) return json(200, REMOTE_DRIVER_RULES);
      return undefined;
    });
    return api;
  }
  const control = () => screen.getByRole('button', { name: new RegExp(tx('configurator.attribute.control')) });

  it('on: a micro canopy (a remote installation) switches the control to no driver', async () => {
    await openConfigurator('/add-product/225/15/5520', remoteDriverApi(true));
    expect(reference()).toHaveTextContent('552001/03_10');
    await choose(tx('configurator.attribute.installation'), 'Micro canopy');
    expect(reference()).toHaveTextContent('552001/M3_31');
    expect(control()).toHaveTextContent('No driver (remote driver)');
  });

  it('off: the control stays as chosen', async () => {
    await openConfigurator('/add-product/225/15/5520', remoteDriverApi(false));
    await choose(tx('configurator.attribute.installation'), 'Micro canopy');
    expect(reference()).toHaveTextContent('552001/03_31');
    expect(control()).toHaveTextContent('On/off');
  });
});

describe('the ERP’s availability on the configurator (spec §7 POST sr-erp /v1/availability)', () => {
  it('says what the ERP says of the configured reference at the chosen quantity, asked again when the quantity changes', async () => {
    const api = configuratorApi(distributor());
    api.handle((call) => {
      if (call.method !== 'POST' || call.path !== '/api/sr-erp/v1/availability') return undefined;
      const [asked] = (call.body as { products: { reference: string; quantity: number }[] }).products;
      const quantity = asked?.quantity ?? 1;
      return json(200, {
        data: [
          {
            reference: asked?.reference,
            quantity,
            availability: quantity > 10 ? { state: 'toOrder', stock: 10, weeks: 4, expectedDate: '2027-01-04' } : { state: 'inStock', stock: 10, weeks: 0, expectedDate: '2026-12-07' },
            leadTimeWeeks: 2,
          },
        ],
      });
    });
    const { result } = await openConfigurator('/add-product/302/2/0270', api);
    expect(await within(result).findByText('In stock (10 units)')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/sr-erp/v1/availability')[0]?.body).toEqual({ products: [{ reference: '027001/03_10', quantity: 1 }] });
    const field = within(result).getByRole('spinbutton', { name: tx('configurator.result.quantity') });
    await userEvent.clear(field);
    await userEvent.type(field, '12{Enter}');
    expect(await within(result).findByText('Only 10 in stock, fewer than ordered: made to order in 4 weeks')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/sr-erp/v1/availability').at(-1)?.body).toEqual({ products: [{ reference: '027001/03_10', quantity: 12 }] });
  });

  it('asks nothing for a visitor', async () => {
    const api = configuratorApi(null);
    await openConfigurator('/add-product/302/2/0270', api);
    expect(api.callsTo('POST', '/api/sr-erp/v1/availability')).toHaveLength(0);
  });
});
