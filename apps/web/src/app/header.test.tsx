import { TRANSLATIONS } from '@lumen/i18n';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../test/fake-api';
import { AppRoot } from './app-root';
import { createAppEnvironment, startApp } from './environment';

const en = (key: string) => TRANSLATIONS['fr-eproject'].en[key] ?? key;

/** The app's header (a screen may have a banner of its own). */
function appHeader(): HTMLElement {
  const header = document.querySelector<HTMLElement>('header.app-header');
  if (!header) throw new Error('no app header');
  return header;
}

describe('the header while the account loads', () => {
  it('keeps the places of the projects link and the user menu, invisible to every user, until the account comes', async () => {
    const account = makeAccount({ role: 'distributor' });
    const api = createFakeApi({ account });
    let answer: (response: Response) => void = () => {};
    api.handle((call) => (call.path === '/api/users/v1/account' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/'] });
    const started = startApp(environment);
    await started.texts;
    render(<AppRoot environment={environment} />);

    const banner = appHeader();
    const kept = banner.querySelectorAll('.app-header__pending');
    expect(kept).toHaveLength(2);
    for (const place of kept) expect(place).toHaveAttribute('aria-hidden', 'true');
    expect(kept[0]).toHaveTextContent(en('projects.nav'));
    // Neither is offered yet: no link, no menu, no login.
    expect(within(banner).queryByRole('link', { name: en('projects.nav') })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: en('header.login') })).not.toBeInTheDocument();

    await act(async () => {
      answer(json(200, account));
      await started.session;
    });
    expect(within(banner).getByRole('link', { name: en('projects.nav') })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: en('header.userMenuFor').replace('{{name}}', account.name) })).toBeInTheDocument();
    expect(banner.querySelectorAll('.app-header__pending')).toHaveLength(0);
  });
});

describe('the user menu', () => {
  async function menuItems(privileges: ReturnType<typeof makeAccount>['privileges']) {
    const account = makeAccount({ role: 'distributor', privileges });
    const api = createFakeApi({ account });
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/'] });
    const started = startApp(environment);
    await started.texts;
    render(<AppRoot environment={environment} />);
    await act(async () => {
      await started.session;
    });
    const banner = appHeader();
    await userEvent.click(await within(banner).findByRole('button', { name: en('header.userMenuFor').replace('{{name}}', account.name) }));
    const menu = await screen.findByRole('menu');
    return within(menu).getAllByRole('menuitem').map((item) => item.textContent?.trim() ?? '');
  }

  it('offers invoices only with order.view and price.view (issue 29 §2: an invoice is a price document)', async () => {
    const withoutPrices = await menuItems(['order.view']);
    expect(withoutPrices).toContain(en('menu.orders'));
    expect(withoutPrices).not.toContain(en('menu.invoices'));
    cleanup();
    const withPrices = await menuItems(['order.view', 'price.view']);
    expect(withPrices).toContain(en('menu.orders'));
    expect(withPrices).toContain(en('menu.invoices'));
  });
});

describe('the header drawn from the menus call (spec §7 GET masters /v1/configurations/menus)', () => {
  it('shows the bar’s links and the account menu’s entries the call answers, filtered by the user’s privileges', async () => {
    const account = makeAccount({ role: 'distributor', privileges: ['order.view', 'project.view'] });
    const api = createFakeApi({ account });
    const entry = (id: string, path: string, labelKey: string, area: 'brand' | 'header' | 'account', privileges: string[] = [], order = 10) => ({
      id,
      path,
      labelKey,
      privileges,
      allPrivileges: [],
      requiresLogin: area !== 'brand',
      area,
      order,
    });
    // Orders moved to the bar, support gone, the account menu has the profile and users management only.
    api.handle((call) =>
      call.path === '/api/masters/v1/configurations/menus'
        ? json(200, [
            entry('home', '/professional-area', 'menu.home', 'brand'),
            entry('orders', '/orders', 'menu.orders', 'header', ['order.view'], 20),
            entry('create-project', '/create-project', 'menu.catalogue', 'header', [], 10),
            entry('my-profile', '/my-profile', 'menu.myProfile', 'account', [], 30),
            entry('users-management', '/users-management', 'menu.usersManagement', 'account', ['company.manage.user'], 40),
          ])
        : undefined,
    );
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/'] });
    const started = startApp(environment);
    await started.texts;
    render(<AppRoot environment={environment} />);
    await act(async () => {
      await started.session;
    });
    const banner = appHeader();
    const orders = await within(banner).findByRole('link', { name: en('menu.orders') });
    expect(orders).toHaveAttribute('href', '/orders');
    expect(within(banner).getByRole('link', { name: en('header.home') })).toHaveAttribute('href', '/professional-area');
    // In the answer's order: the catalogue first.
    expect(within(banner).getAllByRole('link').map((link) => link.textContent)).toEqual([en('app.name'), en('menu.catalogue'), en('menu.orders')]);
    expect(within(banner).queryByRole('link', { name: en('menu.support') })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: en('menu.projects') })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/masters/v1/configurations/menus')).toHaveLength(1);

    await userEvent.click(within(banner).getByRole('button', { name: en('header.userMenuFor').replace('{{name}}', account.name) }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent?.trim() ?? '');
    // users management needs company.manage.user, which this user lacks.
    expect(items).toEqual([en('menu.myProfile'), en('header.logout')]);
  });

  it('keeps the api’s menu when the call fails: a visitor has the catalogue and support, not the projects', async () => {
    const api = createFakeApi({ account: null });
    api.handle((call) => (call.path === '/api/masters/v1/configurations/menus' ? json(503, { ErrorCode: 503, ErrorDescription: 'Service Unavailable', code: 'UNAVAILABLE' }) : undefined));
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/'] });
    const started = startApp(environment);
    await started.texts;
    render(<AppRoot environment={environment} />);
    await act(async () => {
      await started.session;
    });
    const banner = appHeader();
    await waitFor(() => expect(api.callsTo('GET', '/api/masters/v1/configurations/menus')).toHaveLength(1));
    expect(within(banner).getByRole('link', { name: en('menu.catalogue') })).toHaveAttribute('href', '/create-project');
    expect(within(banner).getByRole('link', { name: en('menu.support') })).toHaveAttribute('href', '/support');
    expect(within(banner).queryByRole('link', { name: en('menu.projects') })).not.toBeInTheDocument();
  });
});
