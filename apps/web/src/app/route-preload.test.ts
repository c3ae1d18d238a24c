import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../test/fake-api';
import { loadProject } from '../features/projects/project-target';
import { takeListLoadedAtStart, takeProjectLoadedAtStart, takeTypesLoadedAtStart } from '../features/projects/project-start';
import { loadListPage } from '../features/projects/projects-slice';
import { selectProjects } from '../features/projects/projects-slice';
import { createAppEnvironment, startApp } from './environment';
import { matchRoutes } from 'react-router';
import type { RouteHandle } from './routes';

/** The routes the environment's start address matches. */
function startMatches(environment: Awaited<ReturnType<typeof createAppEnvironment>>) {
  return matchRoutes(environment.routes, environment.history.location) ?? [];
}

/** Waits for the screen modules the start began to load, so that none loads after the test's environment is gone. */
async function screensLoaded(environment: Awaited<ReturnType<typeof createAppEnvironment>>): Promise<void> {
  await Promise.all(startMatches(environment).map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.()));
}

describe('the start', () => {
  it.each(['/projects', '/project/5'])('starts loading the screen of %s once the texts are in, while the account is still being asked for', async (path) => {
    const account = makeAccount({ role: 'distributor' });
    const api = createFakeApi({ account });
    let answer: (response: Response) => void = () => {};
    api.handle((call) => (call.path === '/api/users/v1/account' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: [path] });
    const handle = startMatches(environment).at(-1)?.route.handle as RouteHandle | undefined;
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
    await screensLoaded(environment);
  });

  it("settles `screen` (what the first render waits for) once the screen's module is in, and also when it fails", async () => {
    for (const outcome of ['loaded', 'failed'] as const) {
      const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
      const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/projects'] });
      const handle = startMatches(environment).at(-1)?.route.handle as Required<RouteHandle>;
      let settle: () => void = () => {};
      vi.spyOn(handle, 'preload').mockImplementation(() => new Promise<void>((resolve, reject) => (settle = outcome === 'loaded' ? resolve : () => reject(new Error('offline')))));

      const started = startApp(environment);
      let ready = false;
      void started.screen.then(() => (ready = true));
      await started.session;
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(ready, outcome).toBe(false);
      settle();
      await started.screen;
      expect(ready, outcome).toBe(true);
    }
  });

  it.each([
    ['distributor', 'true'],
    ['webUser', 'false'],
  ] as const)("sends the project page's call once the account is known (%s: prices=%s), and the page's call takes that answer", async (role, prices) => {
    const account = makeAccount({ role });
    const api = createFakeApi({ account });
    api.handle((call) => (call.path === '/api/projects/v1/projects/5' ? json(200, { id: 5, name: 'Tower' }) : undefined));
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/project/5'] });

    await startApp(environment).session;
    const sent = api.callsTo('GET', '/api/projects/v1/projects/5');
    expect(sent.map((call) => Object.fromEntries(call.query))).toEqual([{ lang: 'en', prices, parseProducts: 'true', language: 'en' }]);

    // What the page dispatches as it mounts (project-page.tsx) asks for nothing more.
    const loaded = await environment.store.dispatch(loadProject({ projectId: 5, prices: prices === 'true', lang: 'en' }));
    expect(loaded.payload).toMatchObject({ id: 5 });
    expect(api.callsTo('GET', '/api/projects/v1/projects/5')).toHaveLength(1);
    await screensLoaded(environment);
  });

  it("holds the first render until the user's flags are in (a flag-hidden button never flashes), and not forever when they fail", async () => {
    for (const outcome of ['answered', 'failed'] as const) {
      const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
      let answer: (response: Response) => void = () => {};
      api.handle((call) => (call.path === '/api/masters/v1/flags/evaluated' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
      const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/projects'] });
      const started = startApp(environment);
      let ready = false;
      void started.screen.then(() => (ready = true));
      await started.session;
      await screensLoaded(environment);
      await vi.waitFor(() => expect(api.callsTo('GET', '/api/masters/v1/flags/evaluated')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(ready, outcome).toBe(false);
      answer(outcome === 'answered' ? json(200, { environment: 'DEV', flags: { hideCloneProjectButton: true } }) : json(500, { ErrorCode: 500, Message: 'down' }));
      await started.screen;
      if (outcome === 'answered') expect(environment.flags.isEnabled('hideCloneProjectButton')).toBe(true);
    }
  });

  it("holds the first render until the project is in the store, asked for once, and the page's first mount does not ask again", async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
    api.handle((call) => (call.path === '/api/projects/v1/projects/5' ? json(200, { id: 5, name: 'Tower' }) : undefined));
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/project/5'] });

    await startApp(environment).screen;
    expect(selectProjects(environment.store.getState()).project).toMatchObject({ id: 5, status: 'ready', data: { id: 5, name: 'Tower' } });
    expect(api.callsTo('GET', '/api/projects/v1/projects/5')).toHaveLength(1);
    // The page's mount takes it (once: a later visit of the page asks again).
    const { dispatch } = environment.store;
    expect(dispatch(takeProjectLoadedAtStart(4))).toBe(false);
    expect(dispatch(takeProjectLoadedAtStart(5))).toBe(false); // asked for another project first: the hand-over is gone
    await startApp(environment).screen;
    expect(dispatch(takeProjectLoadedAtStart(5))).toBe(true);
    expect(dispatch(takeProjectLoadedAtStart(5))).toBe(false);
  });

  it("sends the list's first call once the account is known, holds the first render until the list is in the store, and the page's first mount does not ask again", async () => {
    localStorage.setItem('lumen.projectsPageSize', '25');
    const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
    const listPath = '/api/projects/v1/projects/filter';
    api.handle((call) => (call.path === listPath ? json(200, { items: [], meta: { page: 1, itemsPerPage: 25, totalItems: 0, totalPages: 0, sortBy: 'UPDATED_RECENT', projectType: 'ALL' } }) : undefined));
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/projects'] });

    const started = startApp(environment);
    await started.session;
    // Sent with the account, before the page's modules ask for it: the browser's page size, first page.
    expect(api.callsTo('GET', listPath).map((call) => Object.fromEntries(call.query))).toEqual([{ page: '1', itemsPerPage: '25', sortBy: 'UPDATED_RECENT', language: 'en' }]);
    await started.screen;
    expect(selectProjects(environment.store.getState()).list).toMatchObject({ status: 'ready', items: [] });
    expect(api.callsTo('GET', listPath)).toHaveLength(1);
    const { dispatch } = environment.store;
    expect(dispatch(takeListLoadedAtStart())).toBe(true);
    expect(dispatch(takeListLoadedAtStart())).toBe(false); // once: a later visit of the list asks again
    await dispatch(loadListPage());
    expect(api.callsTo('GET', listPath)).toHaveLength(2);

    // The list asked for again (a user's sort, say) while the start's load is on its way: the store
    // then holds that other answer, and there is nothing to take.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holdNext = true;
    api.handle((call) => {
      if (call.path !== listPath || !holdNext) return undefined;
      holdNext = false;
      return held.then(() => json(200, { items: [], meta: { page: 1, itemsPerPage: 25, totalItems: 0, totalPages: 0, sortBy: 'UPDATED_RECENT', projectType: 'ALL' } }));
    });
    const before = selectProjects(environment.store.getState()).list.requestId;
    const again = startApp(environment).screen;
    await vi.waitFor(() => expect(selectProjects(environment.store.getState()).list.requestId).not.toBe(before));
    await dispatch(loadListPage());
    release();
    await again;
    expect(dispatch(takeListLoadedAtStart())).toBe(false);
    localStorage.removeItem('lumen.projectsPageSize');
  });

  it("holds the first render of /projects until the origin filters are in too, and the page's first mount takes them (issue 35 §5)", async () => {
    const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
    const typesPath = '/api/projects/v1/projects/types';
    api.handle((call) =>
      call.path === '/api/projects/v1/projects/filter'
        ? json(200, { items: [], meta: { page: 1, itemsPerPage: 10, totalItems: 0, totalPages: 0, sortBy: 'UPDATED_RECENT', projectType: 'ALL' } })
        : call.path === typesPath
          ? json(200, [{ code: 'ALL', description: 'All' }, { code: 'IMPORTER', description: 'Importer' }])
          : undefined,
    );
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: ['/projects'] });
    await startApp(environment).screen;
    expect(api.callsTo('GET', typesPath)).toHaveLength(1);
    expect(selectProjects(environment.store.getState()).types).toEqual([{ code: 'ALL', description: 'All' }, { code: 'IMPORTER', description: 'Importer' }]);
    expect(takeTypesLoadedAtStart('fr')).toBe(false); // another language asks again
    await startApp(environment).screen;
    expect(takeTypesLoadedAtStart('en')).toBe(true);
    expect(takeTypesLoadedAtStart('en')).toBe(false); // once: a later visit of the list asks again
  });

  it('sends no project call for a visitor, nor on a page without one', async () => {
    for (const [options, path] of [[{}, '/project/5'], [{}, '/projects'], [{ account: makeAccount({ role: 'distributor' }) }, '/my-profile']] as const) {
      const api = createFakeApi(options);
      const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: [path] });
      await startApp(environment).session;
      expect(api.state.calls.filter((call) => call.path.startsWith('/api/projects/')), path).toEqual([]);
      await screensLoaded(environment);
      document.cookie = 'hasSession=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });
});
