import type { Lang, RuntimeConfig } from '@lumen/contracts';
import type { i18n as I18n } from 'i18next';
import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { createApiClient, loadRuntimeConfig, loadStartSchemas, type ApiClient } from '../api';
import { createI18n, loadLanguage } from '../i18n/i18n';
import { parseLang, readLanguageCookie, resolveLanguage } from '../i18n/language';
import { FORBIDDEN_PATH } from './guards';
import { createFlagsClient, followSession, type FlagsClient } from '../shared/flags';
import { nextTask } from '../shared/next-task';
import { changeLanguage } from '../shared/preferences';
import { readStoredTheme } from '../shared/stored-theme';
import { createRoutes, type RouteHandle } from './routes';
import { sessionExpired, startSession } from '../shared/session';
import { createAppStore, type AppStore } from '../shared/store';
import { authModalOpened } from '../shared/ui-state';

export interface AppEnvironment {
  /** The runtime configuration loaded at start (GET /config.json). */
  config: RuntimeConfig;
  api: ApiClient;
  flags: FlagsClient;
  i18n: I18n;
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}

export interface AppEnvironmentOptions {
  /** The fetch the HTTP client uses (tests pass a fake). */
  fetch?: typeof fetch;
  /** A memory router at these entries (tests); the browser router otherwise. */
  initialEntries?: string[];
}

/**
 * Loads the runtime configuration, then wires the one HTTP client, the flags, i18next, the store and
 * the router together. The client's session callbacks need the store and the router, which need the
 * client: they are bound once all exist. Rejects with ConfigUnavailableError when `/config.json`
 * cannot be loaded (the entry then shows 'NO CONFIG AVAILABLE').
 */
export async function createAppEnvironment(options: AppEnvironmentOptions = {}): Promise<AppEnvironment> {
  const startLang: Lang = resolveLanguage(null, readLanguageCookie());
  const [config, i18n] = await Promise.all([loadRuntimeConfig(options.fetch ? { fetch: options.fetch } : {}), createI18n(startLang)]);
  // The start's work comes in tasks of its own (shared/next-task.ts): the configuration's check, the
  // client and the store, then the router (which matches the address against every route).
  await nextTask();
  // Bound below, once everything exists; the client only calls these after start.
  const late: { store?: AppStore; router?: AppEnvironment['router']; i18n?: I18n } = {};

  const api = createApiClient({
    config,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    getLanguage: () => parseLang(late.i18n?.language) ?? startLang,
    onSessionExpired: () => {
      if (!late.store) return;
      const wasLogged = late.store.getState().session.logged;
      late.store.dispatch(sessionExpired());
      // After a forced logout the user goes to `/` (spec §2); a visitor just stays a visitor.
      if (wasLogged) void late.router?.navigate('/');
    },
    onForbidden: (error) => {
      if (error.code === 'NOT_QUALIFIED') late.store?.dispatch(authModalOpened({ view: 'qualification' }));
      else void late.router?.navigate(FORBIDDEN_PATH);
    },
    report: (error) => {
      if (error.ErrorCode >= 500 || error.ErrorCode === 0) console.warn(`[api] ${error.ErrorCode} ${error.URL}`);
    },
  });

  const flags = createFlagsClient({
    flags: config.flags,
    fetchFlags: async () => (await loadStartSchemas()).EvaluatedFlagsResponse.parse(await api.get<unknown>('masters', '/v1/flags/evaluated')).flags,
    warn: (message) => console.warn(message),
  });
  const store = createAppStore({ api, i18n, flags }, { preferences: { lang: startLang, theme: readStoredTheme() } });
  followSession(store, flags);
  await nextTask();
  const routes = createRoutes();
  const router = options.initialEntries ? createMemoryRouter(routes, { initialEntries: options.initialEntries }) : createBrowserRouter(routes);
  Object.assign(late, { store, router, i18n });
  return { config, api, flags, i18n, store, router };
}

/**
 * Start: the texts of the starting language, then the module of the screen the address opens
 * (RouteHandle.preload), and the account details when the browser holds a session; then the
 * account's language if it differs. `screen` settles when the first render may happen (below).
 */
export function startApp({ api, i18n, store, router, flags }: AppEnvironment): { texts: Promise<void>; screen: Promise<void>; session: Promise<void> } {
  const texts = loadLanguage(i18n, api, store.getState().preferences.lang, { tolerant: true });
  // The screen the address opens starts loading once the texts are in (the first paint waits for
  // them: they do not share the line with it), beside the account, not once the login state is known.
  const preloadScreen = () =>
    Promise.allSettled(router.state.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.())).then(() => undefined);
  const modules = texts.then(preloadScreen, preloadScreen);
  // Once the account is known, the screen's own first call (RouteHandle.prefetch) goes out beside its
  // modules rather than after them; the screen's call takes that answer. Not when the language is
  // about to change (the call would be asked again in the account's language).
  const prefetchScreenData = () => {
    const { session, preferences } = store.getState();
    if (!session.account || session.account.lang !== preferences.lang) return;
    for (const match of router.state.matches) (match.route.handle as RouteHandle | undefined)?.prefetch?.({ api, account: session.account, lang: preferences.lang, params: match.params });
  };
  const account = store.dispatch(startSession()).then(prefetchScreenData);
  const session = Promise.all([texts, account]).then(async () => {
    const account = store.getState().session.account;
    if (account && account.lang !== store.getState().preferences.lang) await store.dispatch(changeLanguage({ lang: account.lang, persist: false }));
  });
  // What the first render waits for: the screen's modules (in, or failed: the screen's own render
  // then shows the error), the login state, the user's flags and the screen's first data
  // (RouteHandle.ready), so that the first render is the screen itself rather than a loading state
  // in the place of the top the server painted (apps/api first-view.ts), and is not rendered again
  // at once, in one long task, when the flags or the data come.
  const screen = Promise.all([modules, session]).then(async () => {
    const { session: state, preferences } = store.getState();
    const account = state.account;
    if (!account) return;
    await Promise.allSettled([
      flags.settled(),
      ...router.state.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.ready?.({ dispatch: store.dispatch, account, lang: preferences.lang, params: match.params })),
    ]);
  });
  return { texts, screen, session };
}
