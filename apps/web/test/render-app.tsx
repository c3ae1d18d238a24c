import { act, render } from '@testing-library/react';
import { AppRoot } from '../src/app/app-root';
import { createAppEnvironment, startApp } from '../src/app/environment';
import { createFakeApi, type FakeApi } from './fake-api';

/**
 * The app's environment (client, i18next, store) against a fake api, started and with the login
 * state known, for a test that renders a piece of a feature on a router of its own.
 */
export async function startTestEnvironment(api: FakeApi = createFakeApi()) {
  const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/'] });
  const started = startApp(environment);
  await started.texts;
  await act(async () => {
    await started.session;
  });
  return environment;
}

/** Renders the whole app on a memory router at `path`, against a fake api, once the login state is known. */
export async function renderApp(path = '/', api: FakeApi = createFakeApi()) {
  const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: [path] });
  const started = startApp(environment);
  await started.texts;
  const view = render(<AppRoot environment={environment} />);
  // The account details (and the account's language) arrive inside act, as a user would wait for them.
  await act(async () => {
    await started.session;
  });
  return { ...view, ...environment, fakeApi: api, session: started.session };
}
