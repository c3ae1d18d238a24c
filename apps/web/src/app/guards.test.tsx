import { USER_STATUS } from '@lumen/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api';
import { createI18n } from '../i18n/i18n';
import { makeAccount } from '../../test/fake-api';
import { makeRuntimeConfig } from '../../test/runtime-config';
import { RequireAuth, useGuardedNavigate } from './guards';
import { createFlagsClient } from '../shared/flags';
import { accountReceived, logout, sessionExpired, visitorStarted } from '../shared/session';
import { createAppStore } from '../shared/store';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function Launcher() {
  const go = useGuardedNavigate();
  return (
    <button type="button" onClick={() => go('/quotes', { minStatus: USER_STATUS.QUALIFIED })}>
      go
    </button>
  );
}

async function setup(path: string) {
  const api = createApiClient({ config: makeRuntimeConfig(), fetch: async () => new Response(null, { status: 204 }), getLanguage: () => 'en' });
  const flags = createFlagsClient({ flags: {}, fetchFlags: async () => ({}) });
  const store = createAppStore({ api, i18n: await createI18n('en'), flags });
  const router = createMemoryRouter(
    [
      { path: '/', element: <><Where /><Launcher /></> },
      { path: '/not-allowed', element: <Where /> },
      { path: '/quotes', element: <Where /> },
      { path: '/profile', element: <RequireAuth><p>profile screen</p></RequireAuth> },
      { path: '/orders', element: <RequireAuth privileges={['order.add', 'order.view']}><p>orders screen</p></RequireAuth> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

describe('guarded routes', () => {
  it('wait for the login state, showing a loading state', async () => {
    const { store } = await setup('/profile');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('profile screen')).not.toBeInTheDocument();
    act(() => void store.dispatch(accountReceived(makeAccount())));
    expect(await screen.findByText('profile screen')).toBeInTheDocument();
  });

  it('send a logged-out visitor to /', async () => {
    const { store, router } = await setup('/profile');
    act(() => void store.dispatch(sessionExpired()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The session ended here: no login is asked for (spec §4, a forced logout goes to /).
    expect(store.getState().ui.authModal.view).toBeNull();
  });

  it('open the login view on / for an address opened without a session, keeping the target (issue 10 §4)', async () => {
    const { store, router } = await setup('/profile?tab=requests#latest');
    act(() => void store.dispatch(visitorStarted()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().ui.authModal).toEqual({ view: 'login', next: '/profile?tab=requests#latest' });
  });

  it('ask for no login after the user logged out on a guarded page', async () => {
    const { store, router } = await setup('/profile');
    act(() => void store.dispatch(accountReceived(makeAccount())));
    expect(await screen.findByText('profile screen')).toBeInTheDocument();
    await act(async () => void (await store.dispatch(logout({ callServer: false }))));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().ui.authModal.view).toBeNull();
  });

  it('send a user without the privilege to the not-allowed page', async () => {
    const { store, router } = await setup('/orders');
    act(() => void store.dispatch(accountReceived(makeAccount({ role: 'webUser' }))));
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-allowed'));
  });

  it('let in a user holding any one of several privileges', async () => {
    const { store } = await setup('/orders');
    act(() => void store.dispatch(accountReceived(makeAccount({ role: 'webUser', privileges: ['order.view'] }))));
    expect(await screen.findByText('orders screen')).toBeInTheDocument();
  });
});

describe('navigation needing a minimum user status', () => {
  it('opens the qualification view for a user below it, and the login view for a visitor', async () => {
    const { store, router } = await setup('/');
    act(() => void store.dispatch(accountReceived(makeAccount({ role: 'webUser', status: USER_STATUS.WEB_USER }))));
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(store.getState().ui.authModal).toEqual({ view: 'qualification', next: '/quotes' });
    expect(router.state.location.pathname).toBe('/');

    act(() => void store.dispatch(sessionExpired()));
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(store.getState().ui.authModal).toEqual({ view: 'login', next: '/quotes' });
  });

  it('goes straight on for a qualified user', async () => {
    const { store, router } = await setup('/');
    act(() => void store.dispatch(accountReceived(makeAccount({ role: 'specifier' }))));
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotes'));
    expect(store.getState().ui.authModal.view).toBeNull();
  });
});
