import { describe, expect, it } from 'vitest';
import { createFakeApi, json, makeAccount } from '../../test/fake-api';
import { configuratorKeys, forgetStartAnswers, startAnswers } from '../features/configurator/configurator-first-load';
import { createAppEnvironment, startApp } from './environment';
import { matchRoutes } from 'react-router';
import type { RouteHandle } from './routes';

// Issue 35 §5: a configurator page opened by its address sends the model's calls with the account,
// beside the page's modules, instead of once its modules have loaded and mounted, and its first render
// has their answers (the header the api painted, picture included).
const VARIATIONS = '/api/apiv2/articles/variations';
const RULES = '/api/products/v1/static/rules/225_16.json';
const MODELS = '/api/products/v1/articles/models';

describe("a configurator page's start", () => {
  it.each(['/add-product/225/15/5520', '/add-product-v2/225/15/5520'])('%s: sends the variations, the rules and the models once the account is known; the page\'s calls take those answers', async (path) => {
    const api = createFakeApi({ account: makeAccount({ role: 'distributor' }) });
    api.handle((call) => {
      if (call.path === VARIATIONS) return json(200, { catalogId: 16, articles: [], variations: [] });
      if (call.path === RULES) return json(200, {});
      if (call.path === MODELS) return json(200, [{ model: '5520', description: 'Plusminus' }]);
      return undefined;
    });
    const environment = await createAppEnvironment({ fetch: api.fetch, initialEntries: [path] });
    const started = startApp(environment);
    await started.session;
    // Sent before any screen has mounted, in the page's own spelling.
    expect(api.callsTo('GET', VARIATIONS).map((call) => [call.query.getAll('model'), call.query.get('catalog'), call.query.get('subfamily'), call.query.get('lang')])).toEqual([[['5520'], '16', '225', 'en']]);
    expect(api.callsTo('GET', RULES)).toHaveLength(1);
    expect(api.callsTo('GET', MODELS).map((call) => Object.fromEntries(call.query))).toEqual([{ catalog: '16', lang: 'en', subFamilyId: '225', applicationLocationId: '15', language: 'en' }]);

    // Before the first render the start loads the page's three answers through those calls (RouteHandle.ready),
    // under the keys the page loads them by, so that the page starts with them and asks for nothing more.
    await started.screen;
    for (const sent of [VARIATIONS, RULES, MODELS]) expect(api.callsTo('GET', sent), sent).toHaveLength(1);
    const answers = startAnswers();
    expect(answers.variations).toEqual({ key: configuratorKeys.variations('5520', 16, 225), data: { catalogId: 16, articles: [], variations: [] } });
    expect(answers.rules).toEqual({ key: configuratorKeys.rules(225, 16), data: [] });
    expect(answers.summary).toMatchObject({ key: configuratorKeys.summary('5520', 16, 225, 15), data: { description: 'Plusminus' } });
    forgetStartAnswers();
  });

  it('starts loading the page\'s modules with the texts, and sends nothing for a visitor or a malformed address', async () => {
    const environment = await createAppEnvironment({ fetch: createFakeApi({ account: makeAccount({ role: 'distributor' }) }).fetch, initialEntries: ['/add-product/225/15/5520'] });
    const handle = matchRoutes(environment.routes, environment.history.location)?.at(-1)?.route.handle as RouteHandle | undefined;
    expect(handle?.preload).toBeTypeOf('function');
    await handle?.preload?.();
    for (const [options, path] of [[{}, '/add-product/225/15/5520'], [{ account: makeAccount({ role: 'distributor' }) }, '/add-product/225/15/55-20'], [{ account: makeAccount({ role: 'distributor' }) }, '/add-product/x/15/5520']] as const) {
      const api = createFakeApi(options);
      const started = startApp(await createAppEnvironment({ fetch: api.fetch, initialEntries: [path] }));
      await started.session;
      expect(api.state.calls.filter((call) => [VARIATIONS, MODELS].includes(call.path) || call.path.startsWith('/api/products/v1/static/rules/')), path).toEqual([]);
      await started.screen;
      expect(startAnswers(), path).toEqual({});
      document.cookie = 'hasSession=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });
});
