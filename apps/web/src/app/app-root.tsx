import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { AppEnvironment } from './environment';

/** Providers around the router: the store and the i18next instance of this app. */
export function AppRoot({ environment }: { environment: AppEnvironment }) {
  return (
    <Provider store={environment.store}>
      <I18nextProvider i18n={environment.i18n}>
        <RouterProvider router={environment.router} />
      </I18nextProvider>
    </Provider>
  );
}
