import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router';
import { FlagsProvider } from '../shared/flags';
import { PlatformConfigProvider } from '../shared/platform-config';
import type { AppEnvironment } from './environment';
import { ScrollRestoration } from './scroll-restoration';

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Providers around the router: the store, the i18next instance, the feature flags and the runtime configuration of this app. */
export function AppRoot({ environment }: { environment: AppEnvironment }) {
  return (
    <Provider store={environment.store}>
      <I18nextProvider i18n={environment.i18n}>
        <FlagsProvider flags={environment.flags}>
          <PlatformConfigProvider config={environment.config}>
            <HistoryRouter history={environment.history}>
              <ScrollRestoration />
              <AppRoutes routes={environment.routes} />
            </HistoryRouter>
          </PlatformConfigProvider>
        </FlagsProvider>
      </I18nextProvider>
    </Provider>
  );
}
