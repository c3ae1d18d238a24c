import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../test/fake-api';
import { createAppEnvironment, startApp } from './environment';
import type { RouteHandle } from './routes';

describe('the start', () => {
  it.each(['/projects', '/project/5'])('starts loading the screen of %s once the texts are in, while the account is still being asked for', async (path) => {
    const account = makeAccount({ role: 'distributor' });
    const api = createFakeApi({ account });
    let answer: (response: Response) => void = () => {};
    api.handle((call) => (call.path === '/api/users/v1/account' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: [path] });
    const handle = environment.router.state.matches.at(-1)?.route.handle as RouteHandle | undefined;
    expect(handle?.preload).toBeTypeOf('function');
    const preload = vi.spyOn(handle as Required<RouteHandle>, 'preload');

    const started = startApp(environment);
    expect(preload).not.toHaveBeenCalled(); // the texts come first
    await started.texts;
    await Promise.resolve();
    expect(preload).toHaveBeenCalledTimes(1);
    expect(environment.store.getState().session.status).toBe('unknown');

    answer(json(200, account));
    await started.session;
  });
});
