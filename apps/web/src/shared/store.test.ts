import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api';
import { createI18n } from '../i18n/i18n';
import { createFakeApi, failure, makeAccount } from '../../test/fake-api';
import { makeRuntimeConfig } from '../../test/runtime-config';
import { createAsyncAction } from './async-action';
import { createFlagsClient } from './flags';
import { errorDismissed, retryDismissed, retryPending } from './error-state';
import { themeChanged } from './preferences';
import { accountReceived, loadAccount, logout, sessionExpired } from './session';
import { createAppStore, type AppDispatch } from './store';

async function setup(fakeApi = createFakeApi()) {
  const api = createApiClient({ config: makeRuntimeConfig(), fetch: fakeApi.fetch, getLanguage: () => 'en', sleep: async () => undefined });
  const i18n = await createI18n('en');
  const flags = createFlagsClient({ flags: {}, fetchFlags: async () => ({}) });
  const extra = { api, i18n, flags };
  const store = createAppStore(extra);
  return { store, api, fakeApi, extra };
}

describe('async actions', () => {
  it('go request, then success', async () => {
    const { store, extra } = await setup();
    const types: string[] = [];
    const action = createAsyncAction<number, number>('double', async (n) => n * 2);
    const recordingDispatch = ((a: UnknownAction) => {
      types.push(a.type);
      return store.dispatch(a);
    }) as AppDispatch;
    const result = await action(21)(recordingDispatch, store.getState, extra);
    expect(types).toEqual(['double/pending', 'double/fulfilled']);
    expect(result.payload).toBe(42);
  });

  it('go request, then failure with showError (default true) and allowRetry (default false); the error state records it', async () => {
    const fakeApi = createFakeApi();
    fakeApi.handle((call) => (call.path === '/api/projects/v1/projects' ? failure(500, 'INTERNAL', 'Boom') : undefined));
    const { store } = await setup(fakeApi);
    const loadProjects = createAsyncAction<unknown, void>('projectsList', (_arg, { extra }) => extra.api.get('projects', '/v1/projects'));
    const result = await store.dispatch(loadProjects());
    expect(result.type).toBe('projectsList/rejected');
    expect(result.payload).toMatchObject({ action: 'projectsList', showError: true, allowRetry: false, error: { ErrorCode: 500, code: 'INTERNAL' } });
    expect(store.getState().error.current).toEqual({ action: 'projectsList', status: 500, code: 'INTERNAL', description: 'Boom', url: '/api/projects/v1/projects?language=en' });
    store.dispatch(errorDismissed());
    expect(store.getState().error.current).toBeNull();
  });

  it('do not record the error when showError is false, nor for a call the client already handled (silent)', async () => {
    const fakeApi = createFakeApi();
    fakeApi.handle((call) => (call.path === '/api/projects/v1/forbidden' ? failure(403, 'FORBIDDEN') : call.path === '/api/projects/v1/quiet' ? failure(500, 'INTERNAL') : undefined));
    const { store } = await setup(fakeApi);
    const quiet = createAsyncAction('quiet', (_arg: void, { extra }) => extra.api.get('projects', '/v1/quiet'), { showError: false });
    const forbidden = createAsyncAction('forbidden', (_arg: void, { extra }) => extra.api.get('projects', '/v1/forbidden'));
    expect((await store.dispatch(quiet())).payload).toMatchObject({ showError: false });
    expect((await store.dispatch(forbidden())).payload).toMatchObject({ showError: false });
    expect(store.getState().error.current).toBeNull();
  });

  it('queue a timed-out action that allows retry, show the retry layer, and dispatch it again on Retry', async () => {
    const { store } = await setup();
    let attempts = 0;
    const slow = createAsyncAction<string, string>(
      'slowThing',
      async (arg) => {
        attempts += 1;
        if (attempts === 1) {
          const { ApiError } = await import('../api');
          throw new ApiError({ ErrorCode: 0, ErrorDescription: 'ETIMEDOUT', URL: '/api/x', code: 'ETIMEDOUT' });
        }
        return `done ${arg}`;
      },
      { allowRetry: true },
    );
    await store.dispatch(slow('A'));
    expect(store.getState().error).toMatchObject({ showLayer: true, retryQueue: [{ action: 'slowThing', arg: 'A' }], current: null });
    await store.dispatch(retryPending());
    expect(attempts).toBe(2);
    expect(store.getState().error).toMatchObject({ showLayer: false, retryQueue: [] });
  });

  it('clear pending retries when another failure arrives, and on Dismiss', async () => {
    const { store } = await setup();
    const { ApiError } = await import('../api');
    const timeout = createAsyncAction('t1', async () => {
      throw new ApiError({ ErrorCode: 0, ErrorDescription: 'ETIMEDOUT', URL: '', code: 'ETIMEDOUT' });
    }, { allowRetry: true });
    const broken = createAsyncAction('t2', async () => {
      throw new ApiError({ ErrorCode: 500, ErrorDescription: 'x', URL: '' });
    });
    await store.dispatch(timeout());
    expect(store.getState().error.retryQueue).toHaveLength(1);
    await store.dispatch(broken());
    expect(store.getState().error).toMatchObject({ retryQueue: [], showLayer: false, current: { action: 't2', status: 500 } });
    await store.dispatch(timeout());
    store.dispatch(retryDismissed());
    expect(store.getState().error).toMatchObject({ retryQueue: [], showLayer: false });
  });

  it('a timeout without allowRetry is an ordinary error', async () => {
    const { store } = await setup();
    const { ApiError } = await import('../api');
    const timeout = createAsyncAction('t3', async () => {
      throw new ApiError({ ErrorCode: 0, ErrorDescription: 'ETIMEDOUT', URL: '', code: 'ETIMEDOUT' });
    });
    await store.dispatch(timeout());
    expect(store.getState().error).toMatchObject({ showLayer: false, current: { action: 't3', status: 0, code: 'ETIMEDOUT' } });
  });
});

describe('login state', () => {
  it('loads the account details: logged in, or a visitor on 401 without an error', async () => {
    const account = makeAccount();
    const { store } = await setup(createFakeApi({ account }));
    expect(store.getState().session.status).toBe('unknown');
    await store.dispatch(loadAccount());
    expect(store.getState().session).toMatchObject({ status: 'ready', logged: true, account });

    const visitor = await setup(createFakeApi());
    await visitor.store.dispatch(loadAccount());
    expect(visitor.store.getState().session).toMatchObject({ status: 'ready', logged: false, account: null });
    expect(visitor.store.getState().error.current).toBeNull();
  });

  it('logout calls the server and clears the account; a failed logout clears it too, without an error dialog', async () => {
    const fakeApi = createFakeApi({ account: makeAccount() });
    const { store } = await setup(fakeApi);
    await store.dispatch(loadAccount());
    await store.dispatch(logout());
    expect(fakeApi.callsTo('POST', '/api/users/v1/auth/logout')).toHaveLength(1);
    expect(store.getState().session).toMatchObject({ logged: false, account: null });

    store.dispatch(accountReceived(makeAccount()));
    fakeApi.handle((call) => (call.path.endsWith('/auth/logout') ? failure(500, 'INTERNAL') : undefined));
    const result = await store.dispatch(logout());
    expect(result.type).toBe('logout/rejected');
    expect(store.getState().session).toMatchObject({ logged: false, account: null });
    expect(store.getState().error.current).toBeNull();
  });

  it('logout may skip the server and removes the session keys', async () => {
    const fakeApi = createFakeApi({ account: makeAccount() });
    const { store } = await setup(fakeApi);
    localStorage.setItem('onboarding-done', '1');
    // The navigation preference (the catalogue's grid or list) goes back to the default (spec §4).
    localStorage.setItem('lumen.catalogueViewMode', 'list');
    store.dispatch(accountReceived(makeAccount()));
    await store.dispatch(logout({ callServer: false }));
    expect(fakeApi.callsTo('POST', '/api/users/v1/auth/logout')).toHaveLength(0);
    expect(localStorage.getItem('onboarding-done')).toBeNull();
    expect(localStorage.getItem('lumen.catalogueViewMode')).toBeNull();
    expect(store.getState().session.account).toBeNull();
  });

  it('a failed token refresh clears the account', async () => {
    const { store } = await setup();
    store.dispatch(accountReceived(makeAccount()));
    store.dispatch(sessionExpired());
    expect(store.getState().session).toMatchObject({ logged: false, account: null, status: 'ready' });
  });
});

describe('theme', () => {
  it('is light or dark; any other value is ignored', async () => {
    const { store } = await setup();
    expect(store.getState().preferences.theme).toBe('light');
    store.dispatch(themeChanged('dark'));
    expect(store.getState().preferences.theme).toBe('dark');
    store.dispatch(themeChanged('sepia'));
    expect(store.getState().preferences.theme).toBe('dark');
    store.dispatch(themeChanged('light'));
    expect(store.getState().preferences.theme).toBe('light');
  });
});
