import type { Lang, RuntimeConfig } from '@lumen/contracts';
import type { i18n as I18n } from 'i18next';
import { matchRoutes, UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory, type HistoryRouterProps, type RouteObject } from 'react-router';
import { createApiClient, loadRuntimeConfig, startChecks, type ApiClient } from '../api';
import { createI18n, loadLanguage } from '../i18n/i18n';
import { parseLang, readLanguageCookie, resolveLanguage } from '../i18n/language';
import { FORBIDDEN_PATH } from './guards';
import { createFlagsClient, followSession, type FlagsClient } from '../shared/flags';
import { nextTask } from '../shared/next-task';
import { guardHistory } from '../shared/navigation-guard';
import { changeLanguage } from '../shared/preferences';
import { readCatalogueCookie } from '../shared/catalogue-choice';
import { createErrorReporter, errorReportPath } from '../shared/error-reporting';
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
  /** The route tree (routes.tsx), rendered by app-root.tsx. */
  routes: RouteObject[];
  /** The address the app follows: the browser's history, or a memory history in tests. */
  history: AppHistory;
}

/**
 * The router is react-router's declarative one over a history of ours, not its data router: the app
 * loads no data through the router (screens call the api; RouteHandle below starts their modules and
 * first calls), and the data router is half of the library's code, 15 KB compressed of a first load
 * (issue 9 §4). Code outside React navigates through this history, as the router does.
 */
export type AppHistory = HistoryRouterProps['history'];

export interface AppEnvironmentOptions {
  /** The fetch the HTTP client uses (tests pass a fake). */
  fetch?: typeof fetch;
  /** A memory history at these entries (tests); the browser's otherwise. */
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
  // client and the store, then the routes and the history.
  await nextTask();
  // Bound below, once everything exists; the client only calls these after start.
  const late: { store?: AppStore; history?: AppHistory; i18n?: I18n } = {};

  // Spec §8: every failed call is reported with its URL (shared/error-reporting.ts).
  const reportError = createErrorReporter({ path: errorReportPath(config.services.masters), ...(options.fetch ? { fetch: options.fetch } : {}) });
  const api = createApiClient({
    config,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    getLanguage: () => parseLang(late.i18n?.language) ?? startLang,
    onSessionExpired: () => {
      if (!late.store) return;
      const wasLogged = late.store.getState().session.logged;
      late.store.dispatch(sessionExpired());
      // After a forced logout the user goes to `/` (spec §2); a visitor just stays a visitor.
      if (wasLogged) late.history?.push('/');
    },
    onForbidden: (error) => {
      if (error.code === 'NOT_QUALIFIED') late.store?.dispatch(authModalOpened({ view: 'qualification' }));
      else late.history?.push(FORBIDDEN_PATH);
    },
    report: (error) => {
      if (error.ErrorCode >= 500 || error.ErrorCode === 0) console.warn(`[api] ${error.ErrorCode} ${error.URL}`);
      reportError(error);
    },
  });

  const flags = createFlagsClient({
    flags: config.flags,
    fetchFlags: async () => {
      const parsed = startChecks.EvaluatedFlagsResponse.safeParse(await api.get<unknown>('masters', '/v1/flags/evaluated'));
      if (!parsed.success) throw new Error(`the evaluated flags are not the contract's: ${parsed.paths.join(', ')}`);
      return parsed.data.flags;
    },
    warn: (message) => console.warn(message),
  });
  const store = createAppStore({ api, i18n, flags }, { preferences: { lang: startLang, theme: readStoredTheme(), ...withCatalogue(readCatalogueCookie()) } });
  followSession(store, flags);
  await nextTask();
  const routes = createRoutes();
  // Guarded: a configurator with unsaved changes holds a navigation until the user says leave (shared/navigation-guard.ts).
  const history = guardHistory(options.initialEntries ? UNSAFE_createMemoryHistory({ initialEntries: options.initialEntries, v5Compat: true }) : UNSAFE_createBrowserHistory({ v5Compat: true }));
  Object.assign(late, { store, history, i18n });
  return { config, api, flags, i18n, store, routes, history };
}

/**
 * Start: the texts of the starting language, then the module of the screen the address opens
 * (RouteHandle.preload), and the account details when the browser holds a session; then the
 * account's language if it differs. `screen` settles when the first render may happen (below).
 */
export function startApp({ api, i18n, store, routes, history, flags }: AppEnvironment): { texts: Promise<void>; screen: Promise<void>; session: Promise<void> } {
  // The routes the address opens, matched once: the start's address is the first screen's.
  const matches = matchRoutes(routes, history.location) ?? [];
  const texts = loadLanguage(i18n, api, store.getState().preferences.lang, { tolerant: true });
  // The screen the address opens starts loading once the texts are in (the first paint waits for
  // them: they do not share the line with it), beside the account, not once the login state is known.
  const preloadScreen = () =>
    Promise.allSettled(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.())).then(() => undefined);
  const modules = texts.then(preloadScreen, preloadScreen);
  // Once the account is known, the screen's own first call (RouteHandle.prefetch) goes out beside its
  // modules rather than after them; the screen's call takes that answer. Not when the language is
  // about to change (the call would be asked again in the account's language).
  const prefetchScreenData = () => {
    const { session, preferences } = store.getState();
    if (!session.account || session.account.lang !== preferences.lang) return;
    for (const match of matches) (match.route.handle as RouteHandle | undefined)?.prefetch?.({ api, flags, account: session.account, lang: preferences.lang, params: match.params });
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
      ...matches.map((match) => (match.route.handle as RouteHandle | undefined)?.ready?.({ dispatch: store.dispatch, account, lang: preferences.lang, params: match.params, flags })),
    ]);
  });
  return { texts, screen, session };
}

/** A visitor's catalogue from its cookie, when there is one (preferences keep no key for the default). */
function withCatalogue(catalogId: 16 | 21 | undefined): { catalogId?: 16 | 21 } {
  return catalogId === undefined ? {} : { catalogId };
}
