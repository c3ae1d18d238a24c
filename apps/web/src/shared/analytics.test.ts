import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsMiddleware, clearRecordedEvents, recordedEvents, setAnalyticsProvider, type AnalyticsEvent } from './analytics';
import { uiSlice, authModalClosed, authModalOpened } from './ui-state';
import { sessionSlice } from './session';

function storeWith(middleware = analyticsMiddleware) {
  return configureStore({ reducer: { ui: uiSlice.reducer, session: sessionSlice.reducer }, middleware: (getDefault) => getDefault().concat(middleware) });
}

const rejected = (name: string, status: number) => ({ type: `${name}/rejected`, payload: { action: name, error: { ErrorCode: status, ErrorDescription: 'x', URL: '/api/x' } } });

// The web's test files share their modules: other files' failures are in the default provider's memory too.
beforeEach(() => clearRecordedEvents());
afterEach(() => {
  setAnalyticsProvider(null);
  clearRecordedEvents();
});

describe('the analytics events of spec §8', () => {
  it('records the failures of login, registration, qualification, support, a new project and adding a product', () => {
    const store = storeWith();
    for (const [name, status] of [['login', 401], ['signup', 409], ['qualification', 400], ['supportRequest', 500], ['createProject', 0], ['addProducts', 404], ['renameProject', 500]] as const) {
      store.dispatch(rejected(name, status));
    }
    expect(recordedEvents().map(({ name, action, status, reason }) => ({ name, action, status, reason }))).toEqual([
      { name: 'loginFailed', action: 'login', status: 401, reason: 'failed' },
      { name: 'registrationFailed', action: 'signup', status: 409, reason: 'failed' },
      { name: 'qualificationFailed', action: 'qualification', status: 400, reason: 'failed' },
      { name: 'supportRequestFailed', action: 'supportRequest', status: 500, reason: 'failed' },
      { name: 'newProjectFailed', action: 'createProject', status: 0, reason: 'failed' },
      { name: 'addProductFailed', action: 'addProducts', status: 404, reason: 'failed' },
    ]);
    // The default provider also hands them to a tag manager's data layer.
    expect((window as Window & { dataLayer?: Array<{ event: string }> }).dataLayer?.at(-1)).toMatchObject({ event: 'addProductFailed', status: 404 });
  });

  it('counts closing the auth modal before its view succeeded as a failure of that view (spec §4)', () => {
    const store = storeWith();
    store.dispatch(authModalOpened({ view: 'login' }));
    store.dispatch(authModalClosed());
    store.dispatch(authModalOpened({ view: 'support' }));
    store.dispatch({ type: 'supportRequest/fulfilled', payload: {} });
    store.dispatch(authModalClosed());
    expect(recordedEvents().map(({ name, reason, status }) => ({ name, reason, status }))).toEqual([{ name: 'loginFailed', reason: 'closed', status: null }]);
  });

  it('goes to the provider a real analytics service puts in place, and a provider that throws breaks nothing', () => {
    const track = vi.fn<(event: AnalyticsEvent) => void>();
    setAnalyticsProvider({ track });
    const store = storeWith();
    store.dispatch(rejected('login', 401));
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ name: 'loginFailed', status: 401 }));
    expect(recordedEvents()).toHaveLength(0);
    setAnalyticsProvider({
      track: () => {
        throw new Error('provider down');
      },
    });
    expect(() => store.dispatch(rejected('login', 401))).not.toThrow();
  });
});
