import { TRANSLATIONS } from '@lumen/i18n';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, failure, json, makeAccount } from '../../test/fake-api';
import { fill } from '../../test/fill';
import { renderApp } from '../../test/render-app';
import { ApiError } from '../api';
import { createAsyncAction } from '../shared/async-action';
import { THEME_STORAGE_KEY } from '../shared/stored-theme';

const ep = TRANSLATIONS['fr-eproject'];
const wg = TRANSLATIONS['fr-widgets'].en;
const en = (key: string) => ep.en[key] ?? key;

describe('the app frame', () => {
  it('starts a visitor (no hasSession cookie) without asking for the account or a refresh', async () => {
    const { fakeApi, store } = await renderApp('/');
    expect((await screen.findAllByRole('button', { name: en('header.login') })).length).toBeGreaterThan(0);
    expect(store.getState().session).toMatchObject({ status: 'ready', account: null, logged: false });
    expect(fakeApi.callsTo('GET', '/api/users/v1/account')).toHaveLength(0);
    expect(fakeApi.callsTo('POST', '/api/users/v1/auth/refresh')).toHaveLength(0);
  });

  it('asks for the account when the browser holds a session (hasSession cookie)', async () => {
    const { fakeApi, store } = await renderApp('/', createFakeApi({ account: makeAccount({ role: 'distributor' }) }));
    expect(fakeApi.callsTo('GET', '/api/users/v1/account')).toHaveLength(1);
    expect(store.getState().session.logged).toBe(true);
  });

  it('sends a 403 to /error-403 without an error dialog', async () => {
    const api = createFakeApi({ account: makeAccount() });
    api.handle((call) => (call.path === '/api/projects/v1/projects/9' ? failure(403, 'FORBIDDEN') : undefined));
    const { store, history, session } = await renderApp('/', api);
    await session;
    const loadProject = createAsyncAction('loadProject', (_arg: void, { extra }) => extra.api.get('projects', '/v1/projects/9'));
    await act(() => store.dispatch(loadProject()));
    await waitFor(() => expect(history.location.pathname).toBe('/error-403'));
    expect(await screen.findByRole('heading', { level: 1, name: en('errors.forbidden.title') })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('logs a user out and goes to / when the session cannot be refreshed, without an error dialog', async () => {
    const api = createFakeApi({ account: makeAccount() });
    api.handle((call) => (call.path === '/api/orders/v1/orders/filter' ? (api.state.account ? json(200, []) : failure(401, 'UNAUTHENTICATED')) : undefined));
    const { store, history, session } = await renderApp('/my-profile', api);
    await session;
    expect(await screen.findByRole('heading', { level: 1, name: en('profile.title') })).toBeInTheDocument();
    api.state.account = null; // the server forgot the session: every call is 401, the refresh too
    const loadOrders = createAsyncAction('loadOrders', (_arg: void, { extra }) => extra.api.get('orders', '/v1/orders/filter'));
    await act(() => store.dispatch(loadOrders()));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(store.getState().session.account).toBeNull();
    expect(api.callsTo('POST', '/api/users/v1/auth/refresh')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('logs out from the user menu', async () => {
    const api = createFakeApi({ account: makeAccount() });
    const { session } = await renderApp('/my-profile', api);
    await session;
    await userEvent.click(await screen.findByRole('button', { name: 'Ann Example, account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: en('header.logout') }));
    expect(await screen.findByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/v1/auth/logout')).toHaveLength(1);
  });

  it('toggles the theme, sets it on <html> and keeps it; a stored value that is not a theme is ignored', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'neon');
    await renderApp('/');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    await userEvent.click(screen.getByRole('button', { name: wg['theme.toDark'] }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: wg['theme.toLight'] }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows a kit widget that switches the theme on <html> by itself', async () => {
    const { store } = await renderApp('/');
    act(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await waitFor(() => expect(store.getState().preferences.theme).toBe('dark'));
    expect(screen.getByRole('button', { name: wg['theme.toLight'] })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path, whose Back goes home when there is no history', async () => {
    const { history } = await renderApp('/nothing/here');
    expect(await screen.findByRole('heading', { level: 1, name: en('errors.notFound.title') })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en('errors.back') }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('the history helper goes back when there is history', async () => {
    const { history } = await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: en('home.visitor.title') });
    act(() => history.push('/professional-area'));
    act(() => history.push('/not-allowed'));
    await userEvent.click(await screen.findByRole('button', { name: en('errors.back') }));
    await waitFor(() => expect(history.location.pathname).toBe('/professional-area'));
  });

  it('keeps /sandbox to users with the backoffice privilege', async () => {
    const { history, session } = await renderApp('/sandbox', createFakeApi({ account: makeAccount({ role: 'webUser' }) }));
    await session;
    await waitFor(() => expect(history.location.pathname).toBe('/not-allowed'));
  });
});

describe('the retry overlay', () => {
  it('offers Retry and Dismiss for a timed-out action that allows a retry; Retry sends it again', async () => {
    const { store } = await renderApp('/');
    let attempts = 0;
    const slow = createAsyncAction(
      'slowCatalogue',
      async () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError({ ErrorCode: 0, ErrorDescription: 'ETIMEDOUT', URL: '/api/products/v1/catalogs/get-min', code: 'ETIMEDOUT' });
      },
      { allowRetry: true },
    );
    await act(() => store.dispatch(slow()));
    const overlay = await screen.findByRole('alertdialog', { name: TRANSLATIONS['common-front'].en['retry.title'] });
    expect(within(overlay).getByRole('button', { name: TRANSLATIONS['common-front'].en['retry.dismiss'] })).toBeInTheDocument();
    await userEvent.click(within(overlay).getByRole('button', { name: TRANSLATIONS['common-front'].en['retry.retry'] }));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});

describe('sign-up links', () => {
  it('/new-register goes to /en/new-register and opens the sign-up view', async () => {
    await renderApp('/new-register');
    expect(await screen.findByRole('dialog', { name: en('auth.signup.title') })).toBeInTheDocument();
  });

  it('/{language}/new-register opens the sign-up view in that language', async () => {
    const { history } = await renderApp('/es/new-register');
    expect(await screen.findByRole('dialog', { name: ep.es['auth.signup.title'] })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/');
  });
});

describe('the password reset page', () => {
  it('sets a new password with the token of the link', async () => {
    const api = createFakeApi();
    await renderApp('/password-reset?token=0123456789abcdef0123', api);
    const page = await screen.findByRole('main');
    // The page loads when first opened.
    await fill(await within(page).findByLabelText(new RegExp(en('auth.field.newPassword'))), 'brand-new-secret');
    await fill(within(page).getByLabelText(new RegExp(en('auth.field.passwordConfirm'))), 'brand-new-secret');
    await userEvent.click(within(page).getByRole('button', { name: en('auth.passwordResetPage.submit') }));
    expect(await within(page).findByRole('status')).toHaveTextContent(en('auth.passwordResetPage.done'));
    expect(api.callsTo('POST', '/api/users/v1/auth/password-reset/confirm')[0]?.body).toEqual({ token: '0123456789abcdef0123', password: 'brand-new-secret' });
  });

  it('says when the link has no token', async () => {
    await renderApp('/password-reset');
    expect(await screen.findByRole('alert')).toHaveTextContent(en('auth.passwordResetPage.invalidLink'));
  });

  it('says when the server refuses the token', async () => {
    const api = createFakeApi();
    api.handle((call) => (call.path.endsWith('/password-reset/confirm') ? failure(400, 'INVALID_RESET_TOKEN') : undefined));
    await renderApp('/password-reset?token=0123456789abcdef0123', api);
    const page = await screen.findByRole('main');
    // The page loads when first opened.
    await fill(await within(page).findByLabelText(new RegExp(en('auth.field.newPassword'))), 'brand-new-secret');
    await fill(within(page).getByLabelText(new RegExp(en('auth.field.passwordConfirm'))), 'brand-new-secret');
    await userEvent.click(within(page).getByRole('button', { name: en('auth.passwordResetPage.submit') }));
    expect(await within(page).findByRole('alert')).toHaveTextContent(en('error.passwordResetConfirm.400'));
  });
});

describe('the profile page', () => {
  it('saves name and profession', async () => {
    const api = createFakeApi({ account: makeAccount() });
    const { session } = await renderApp('/my-profile', api);
    await session;
    const name = await screen.findByLabelText(new RegExp(en('profile.field.name')));
    await userEvent.clear(name);
    await fill(name, 'Ann B. Example');
    await fill(screen.getByLabelText(new RegExp(en('profile.field.profession'))), 'Architect');
    await userEvent.click(screen.getByRole('button', { name: en('profile.details.save') }));
    expect(await screen.findByText(en('profile.details.saved'))).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/v1/user/7')[0]?.body).toEqual({ name: 'Ann B. Example', profesion: 'Architect' });
    expect(screen.getByRole('button', { name: 'Ann B. Example, account menu' })).toBeInTheDocument();
  });

  it('opens the password change view and checks its fields', async () => {
    const api = createFakeApi({ account: makeAccount() });
    const { session } = await renderApp('/my-profile', api);
    await session;
    await userEvent.click(await screen.findByRole('button', { name: en('profile.password.action') }));
    const dialog = await screen.findByRole('dialog', { name: en('auth.passwordChange.title') });
    await userEvent.click(within(dialog).getByRole('button', { name: en('auth.passwordChange.submit') }));
    expect(within(dialog).getAllByText(wg['formError.required'] ?? '')).toHaveLength(3);
    await fill(within(dialog).getByLabelText(new RegExp(en('auth.field.currentPassword'))), 'old-password');
    await fill(within(dialog).getByLabelText(new RegExp(en('auth.field.newPassword'))), 'new-password-1');
    await fill(within(dialog).getByLabelText(new RegExp(en('auth.field.passwordConfirm'))), 'new-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: en('auth.passwordChange.submit') }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(en('auth.passwordChange.done'));
    expect(api.callsTo('POST', '/api/users/v1/auth/password-change')[0]?.body).toEqual({ currentPassword: 'old-password', password: 'new-password-1' });
  });
});
