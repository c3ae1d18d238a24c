import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, ERROR_REPORT_PATH } from './error-reporting';

const failure = (status: number, url = '/api/products/v1/catalogs/get-min') => ({ ErrorCode: status, ErrorDescription: 'Internal Server Error', URL: url, code: 'INTERNAL' });

describe('the error reports of spec §8', () => {
  it('POSTs each failed call with its URL, status, code and the screen it happened on', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 204 }));
    const report = createErrorReporter({ fetch, now: () => Date.UTC(2026, 0, 2, 10), page: () => '/projects' });
    report(failure(500));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe(ERROR_REPORT_PATH);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual({
      url: '/api/products/v1/catalogs/get-min',
      status: 500,
      code: 'INTERNAL',
      description: 'Internal Server Error',
      page: '/projects',
      at: '2026-01-02T10:00:00.000Z',
    });
  });

  it('leaves out 401s and its own failures, says one repeated failure once a minute, and sends at most 20 a minute', () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 204 }));
    let time = 0;
    const report = createErrorReporter({ fetch, now: () => time, page: () => '/' });
    report(failure(401));
    report(failure(404, ERROR_REPORT_PATH));
    report(failure(0));
    report(failure(0));
    expect(fetch).toHaveBeenCalledTimes(1);
    for (let index = 0; index < 30; index += 1) report(failure(500, `/api/x/${index}`));
    expect(fetch).toHaveBeenCalledTimes(20);
    time = 61_000;
    report(failure(0));
    expect(fetch).toHaveBeenCalledTimes(21);
  });

  it('is what the app’s client does with a failed call', async () => {
    const { renderApp } = await import('../../test/render-app');
    const { createFakeApi } = await import('../../test/fake-api');
    const api = createFakeApi();
    const app = await renderApp('/', api);
    // A call the fake api does not answer (404), as an api without that route would.
    await app.api.get('products', '/v1/catalogs/no-such-call').catch(() => undefined);
    const reports = api.callsTo('POST', ERROR_REPORT_PATH).filter((call) => JSON.stringify(call.body).includes('no-such-call'));
    expect(reports).toHaveLength(1);
    expect(reports[0]?.body).toMatchObject({ url: expect.stringContaining('/api/products/v1/catalogs/no-such-call'), status: 404 });
  });
});
