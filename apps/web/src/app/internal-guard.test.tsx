import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api';
import { createI18n } from '../i18n/i18n';
import { makeAccount } from '../../test/fake-api';
import { makeRuntimeConfig } from '../../test/runtime-config';
import { RequireAuth } from './guards';
import { createFlagsClient } from '../shared/flags';
import { accountReceived } from '../shared/session';
import { createAppStore } from '../shared/store';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Spec §2 (issue 17 §6): the internal-only routes open to internal users only, whatever their privileges. */
async function setup(internal: boolean) {
  const api = createApiClient({ config: makeRuntimeConfig(), fetch: async () => new Response(null, { status: 204 }), getLanguage: () => 'en' });
  const flags = createFlagsClient({ flags: {}, fetchFlags: async () => ({}) });
  const store = createAppStore({ api, i18n: await createI18n('en'), flags });
  const router = createMemoryRouter(
    [
      { path: '/not-allowed', element: <Where /> },
      {
        path: '/technicalinfo',
        element: (
          <RequireAuth internal>
            <p>internal screen</p>
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: ['/technicalinfo'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  act(() => {
    store.dispatch(accountReceived(makeAccount({ role: 'admin', internal })));
  });
  return router;
}

describe('RequireAuth internal', () => {
  it('shows the route to an internal user', async () => {
    await setup(true);
    expect(await screen.findByText('internal screen')).toBeInTheDocument();
  });

  it('sends anyone else, even an admin, to the not-allowed page', async () => {
    const router = await setup(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-allowed'));
    expect(screen.queryByText('internal screen')).toBeNull();
  });
});
