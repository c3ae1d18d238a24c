import { render } from '@testing-library/react';
import { AppRoot } from '../src/app/app-root';
import { createAppEnvironment, startApp } from '../src/app/environment';
import { createFakeApi, type FakeApi } from './fake-api';

/** Renders the whole app on a memory router at `path`, against a fake api. */
export async function renderApp(path = '/', api: FakeApi = createFakeApi()) {
  const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: [path] });
  const started = startApp(environment);
  await started.texts;
  const view = render(<AppRoot environment={environment} />);
  return { ...view, ...environment, fakeApi: api, session: started.session };
}
