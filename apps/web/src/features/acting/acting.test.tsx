import type { ActingCandidate, ActingState } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, failure, json, makeAccount } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { pageLoad } from './acting-calls';

const en = TRANSLATIONS['fr-eproject'].en;
const tx = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), en[key] ?? key);

const sales = makeAccount({ id: 5, role: 'sales', email: 'sales@demo.example', name: 'Samuel Ventas' });
const distributor = makeAccount({ id: 3, role: 'distributor', email: 'distributor@demo.example', name: 'Diego Norte' });
const acting: NonNullable<ActingState['acting']> = {
  actor: { id: 5, name: 'Samuel Ventas', email: 'sales@demo.example' },
  subject: { id: 3, name: 'Diego Norte', email: 'distributor@demo.example' },
  returnsToOwnSession: true,
};
const candidate = (id: number, name: string, companyName: string): ActingCandidate => ({ id, name, email: `${name.split(' ')[0]?.toLowerCase()}@demo.example`, companyId: id, companyName, roles: ['distributor'] });

let loads: string[];
beforeEach(() => {
  loads = [];
  vi.spyOn(pageLoad, 'assign').mockImplementation((path: string) => {
    loads.push(path);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'acting=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the acting banner', () => {
  it('says whom the staff member acts for and who they are, and stops with one click back to their own session', async () => {
    document.cookie = 'acting=1; path=/';
    const api = createFakeApi({ account: distributor });
    api.handle((call) => {
      if (call.method === 'GET' && call.path === '/api/users/v1/auth/acting') return json(200, { acting });
      if (call.method === 'POST' && call.path === '/api/users/v1/auth/acting/stop') return json(200, { returnedToOwnSession: true });
      return undefined;
    });
    await renderApp('/', api);
    const banner = await screen.findByRole('region', { name: tx('acting.banner.label') });
    expect(banner).toHaveTextContent(tx('acting.banner.text', { subject: 'Diego Norte', email: 'distributor@demo.example', actor: 'Samuel Ventas' }));
    await userEvent.click(within(banner).getByRole('button', { name: tx('acting.banner.stop') }));
    await waitFor(() => expect(loads).toEqual(['/acting']));
    expect(api.callsTo('POST', '/api/users/v1/auth/acting/stop')).toHaveLength(1);
  });

  it('goes to the home page logged out when the own session was not kept, and says so when stopping fails', async () => {
    document.cookie = 'acting=1; path=/';
    const api = createFakeApi({ account: distributor });
    let stops = 0;
    api.handle((call) => {
      if (call.method === 'GET' && call.path === '/api/users/v1/auth/acting') return json(200, { acting: { ...acting, returnsToOwnSession: false } });
      if (call.method === 'POST' && call.path === '/api/users/v1/auth/acting/stop') return (stops += 1) === 1 ? failure(503, 'UNAVAILABLE') : json(200, { returnedToOwnSession: false });
      return undefined;
    });
    await renderApp('/', api);
    const banner = await screen.findByRole('region', { name: tx('acting.banner.label') });
    await userEvent.click(within(banner).getByRole('button', { name: tx('acting.banner.stop') }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent(tx('acting.banner.stopFailed'));
    expect(loads).toEqual([]);
    await userEvent.click(within(banner).getByRole('button', { name: tx('acting.banner.stop') }));
    await waitFor(() => expect(loads).toEqual(['/']));
  });

  it('asks nothing and shows nothing in a session that does not act (no marker cookie)', async () => {
    const api = createFakeApi({ account: distributor });
    await renderApp('/', api);
    await screen.findAllByRole('link');
    expect(screen.queryByRole('region', { name: tx('acting.banner.label') })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/v1/auth/acting')).toHaveLength(0);
  });
});

describe('the customers a staff member may act for', () => {
  function candidatesApi() {
    const api = createFakeApi({ account: sales, flags: () => ({ impersonationWithoutLogout: false }) });
    const all = [candidate(3, 'Diego Norte', 'Luminotecnia Norte S.L.'), candidate(9, 'Nora Nieto', 'Luminotecnia Norte S.L.')];
    api.handle((call) => {
      if (call.method === 'GET' && call.path === '/api/users/v1/auth/acting/candidates') {
        const search = (call.query.get('search') ?? '').toLowerCase();
        const items = all.filter((item) => item.name.toLowerCase().includes(search));
        return json(200, { items, page: 1, limit: 20, total: items.length });
      }
      if (call.method === 'POST' && call.path === '/api/users/v1/auth/acting') {
        const { userId } = call.body as { userId: number };
        return userId === 9 ? failure(403, 'ACTING_NOT_ALLOWED') : json(200, { acting: { ...acting, returnsToOwnSession: false } });
      }
      return undefined;
    });
    return api;
  }

  it('lists them, searches, warns that the own session ends, and says when the server refuses', async () => {
    const api = candidatesApi();
    await renderApp('/acting', api);
    expect(await screen.findByRole('heading', { level: 1, name: tx('acting.page.title') })).toBeInTheDocument();
    expect(screen.getByText(tx('acting.page.logoutNotice'))).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: tx('acting.page.caption', { total: 2 }) });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.type(screen.getByRole('searchbox', { name: tx('acting.page.search') }), 'nora');
    await waitFor(() => expect(screen.getByRole('table', { name: tx('acting.page.caption', { total: 1 }) })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: tx('acting.page.actAs', { name: 'Nora Nieto' }) }));
    // A refusal from the server is said, nothing is loaded.
    expect(await screen.findByRole('alert')).toHaveTextContent(tx('acting.page.startFailed'));
    expect(loads).toEqual([]);
  });

  it('starts acting for the customer chosen, then loads the app afresh as them', async () => {
    const api = candidatesApi();
    await renderApp('/acting', api);
    await userEvent.click(await screen.findByRole('button', { name: tx('acting.page.actAs', { name: 'Diego Norte' }) }));
    await waitFor(() => expect(loads).toEqual(['/']));
    expect(api.callsTo('POST', '/api/users/v1/auth/acting').at(-1)?.body).toEqual({ userId: 3 });
  });

  it('is for sales staff and admins only; the menu offers it to them', async () => {
    await renderApp('/acting', createFakeApi({ account: distributor }));
    expect(screen.queryByRole('heading', { level: 1, name: tx('acting.page.title') })).not.toBeInTheDocument();
    const admin = makeAccount({ id: 1, role: 'admin', email: 'admin@demo.example', name: 'Ada Admin' });
    const { unmount } = await renderApp('/', createFakeApi({ account: admin }));
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(tx('header.userMenuFor', { name: 'Ada Admin' })) }));
    expect(await screen.findByRole('menuitem', { name: tx('header.acting') })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: tx('header.auditTrail') })).toBeInTheDocument();
    unmount();
  });
});
