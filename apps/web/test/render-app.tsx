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

/** Renders the whole app on a memory router at `path`, against a fake api, as the app's start renders it. */
export async function renderApp(path = '/', api: FakeApi = createFakeApi()) {
  const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: [path] });
  const started = startApp(environment);
  // As the app's start does (app/start.tsx): the first render once its screen is ready (texts,
  // modules, login state, flags, first data), so that the screen takes what the start loaded for it.
  await act(async () => {
    await started.screen;
  });
  const view = render(<AppRoot environment={environment} />);
  return { ...view, ...environment, fakeApi: api, session: started.session };
}
