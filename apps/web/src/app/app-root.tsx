import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { FlagsProvider } from '../shared/flags';
import type { AppEnvironment } from './environment';

/** Providers around the router: the store, the i18next instance and the feature flags of this app. */
export function AppRoot({ environment }: { environment: AppEnvironment }) {
  return (
    <Provider store={environment.store}>
      <I18nextProvider i18n={environment.i18n}>
        <FlagsProvider flags={environment.flags}>
          <RouterProvider router={environment.router} />
        </FlagsProvider>
      </I18nextProvider>
    </Provider>
  );
}
