import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, TIMEOUT_CODE } from './api-error';
import { makeRuntimeConfig } from '../../test/runtime-config';
import { createApiClient, INVALID_METHOD, newIdempotencyKey, PREFETCH_TTL_MS, REFRESH_POLL_MS, type ApiClientOptions } from './client';
import { SERVICE_NAMES, SERVICE_NOT_FOUND, type ServiceName } from './services';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const empty = (status = 204) => new Response(null, { status });
const unauthorized = () => json(401, { ErrorCode: 401, ErrorDescription: 'Unauthorized', code: 'UNAUTHENTICATED' });

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

const CONFIG = makeRuntimeConfig();
const TIMEOUT_MS = CONFIG.timeouts.clientMs;
const UPLOAD_TIMEOUT_MS = CONFIG.timeouts.uploadMs;

function client(fetchMock: FetchMock, extra: Partial<ApiClientOptions> = {}) {
  // A browser that holds a session unless a test says otherwise (the hasSession cookie, session-marker.ts).
  return createApiClient({ config: CONFIG, fetch: fetchMock, getLanguage: () => 'fr', hasSession: () => true, sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))), ...extra });
}
const urlOf = (call: Parameters<typeof fetch>) => String(call[0]);
const initOf = (call: Parameters<typeof fetch>) => call[1] ?? {};

afterEach(() => vi.useRealTimers());

describe('the HTTP client', () => {
  it('maps every service name to /api/<service>', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { ok: true }));
    const api = client(fetchMock);
    for (const service of SERVICE_NAMES) await api.get(service, '/v1/ping');
    expect(fetchMock.mock.calls.map((call) => new URL(urlOf(call), 'http://x').pathname)).toEqual([
      '/api/products/v1/ping',
      '/api/masters/v1/ping',
      '/api/orders/v1/ping',
      '/api/projects/v1/ping',
      '/api/support/v1/ping',
      '/api/images/v1/ping',
      '/api/sr-erp/v1/ping',
      '/api/apiv2/v1/ping',
      '/api/users/v1/ping',
      '/api/documents/v1/ping',
    ]);
  });

  it('calls an operation of the route table by name: its method, service and path, the query and the JSON body', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { acting: null }));
    const api = client(fetchMock);
    await api.call('acting.start', { body: { userId: 12 } });
    await api.call('acting.candidates', { query: { search: 'Lumen & Co', page: 2, limit: 20 } });
    const [start, candidates] = fetchMock.mock.calls;
    expect(new URL(urlOf(start!), 'http://x').pathname).toBe('/api/users/v1/auth/acting');
    expect(initOf(start!).method).toBe('POST');
    expect(initOf(start!).body).toBe(JSON.stringify({ userId: 12 }));
    const url = new URL(urlOf(candidates!), 'http://x');
    expect([url.pathname, initOf(candidates!).method, url.searchParams.get('search'), url.searchParams.get('page')]).toEqual(['/api/users/v1/auth/acting/candidates', 'GET', 'Lumen & Co', '2']);
  });

  it('takes the base paths and the timeouts from the runtime configuration', async () => {
    vi.useFakeTimers();
    const fetchMock = hanging();
    const config = makeRuntimeConfig({
      services: { ...CONFIG.services, products: 'https://catalogue.example/edge/products/', users: '/gateway/users' },
      timeouts: { clientMs: 2_000, uploadMs: 5_000 },
    });
    const api = createApiClient({ config, fetch: fetchMock, getLanguage: () => 'en' });
    const ordinary = api.get('products', '/v1/catalogs/get-min').catch((e: unknown) => e);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    const upload = api.post('images', '/v1/files/temp', form).catch((e: unknown) => e);
    const users = api.get('users', '/v1/account').catch((e: unknown) => e);
    expect(fetchMock.mock.calls.map((call) => urlOf(call).split('?')[0])).toEqual([
      'https://catalogue.example/edge/products/v1/catalogs/get-min',
      '/api/images/v1/files/temp',
      '/gateway/users/v1/account',
    ]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await ordinary).toMatchObject({ code: TIMEOUT_CODE });
    expect(await users).toMatchObject({ code: TIMEOUT_CODE });
    expect(fetchMock.mock.calls[1]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await upload).toMatchObject({ code: TIMEOUT_CODE });
  });

  it('rejects an unknown service name and a method it does not know', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    const api = client(fetchMock);
    await expect(api.get('nope' as ServiceName, '/x')).rejects.toThrow(SERVICE_NOT_FOUND);
    await expect(api.request('users', '/x', { method: 'HEAD' })).rejects.toThrow(INVALID_METHOD);
    await expect(api.request('users', '/x', { method: 'OPTIONS' })).rejects.toThrow(INVALID_METHOD);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts GET, POST, PUT, PATCH and DELETE', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, {}));
    const api = client(fetchMock);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'delete']) await api.request('projects', '/v1/p', { method });
    expect(fetchMock.mock.calls.map((call) => initOf(call).method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('sends credentials, JSON bodies and the language parameter on every call (en-US as us)', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { id: 1 }));
    let language = 'de';
    const api = client(fetchMock, { getLanguage: () => language });
    await expect(api.post('projects', '/v1/projects', { name: 'A' }, { catalogId: 16, files: ['a', 'b'], skip: undefined })).resolves.toEqual({ id: 1 });
    language = 'en-US';
    await api.get('masters', '/v1/languages');
    const [first, second] = fetchMock.mock.calls;
    const url = new URL(urlOf(first!), 'http://x');
    expect(url.searchParams.get('language')).toBe('de');
    expect(url.searchParams.get('catalogId')).toBe('16');
    expect(url.searchParams.getAll('files')).toEqual(['a', 'b']);
    expect(url.searchParams.has('skip')).toBe(false);
    expect(initOf(first!)).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"A"}' });
    expect((initOf(first!).headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(new URL(urlOf(second!), 'http://x').searchParams.get('language')).toBe('us');
    expect(initOf(second!).body).toBeUndefined();
  });

  it('reads a 204 as an empty result', async () => {
    const api = client(vi.fn<typeof fetch>(async () => empty()));
    await expect(api.post('users', '/v1/auth/logout')).resolves.toBeUndefined();
  });

  it('gives a download (responseType blob) as a Blob, whatever its content type', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{"not":"parsed"}', { status: 200, headers: { 'content-type': 'application/json' } }));
    const file = await client(fetchMock).request<Blob>('support', '/v1/requests/1/files/x', { responseType: 'blob' });
    // Node's Blob (the Response's), not jsdom's: compared by what it holds.
    expect(file.type).toBe('application/json');
    expect(await file.text()).toBe('{"not":"parsed"}');
  });

  it('rejects a failure with ErrorCode, ErrorDescription, URL and the api code', async () => {
    const report = vi.fn();
    const api = client(vi.fn<typeof fetch>(async () => json(409, { ErrorCode: 409, ErrorDescription: 'E-mail taken', code: 'EMAIL_TAKEN' })), { report });
    const error = await api.post('users', '/v1/auth/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toJSON()).toEqual({ ErrorCode: 409, ErrorDescription: 'E-mail taken', code: 'EMAIL_TAKEN', URL: '/api/users/v1/auth/signup?language=fr' });
    expect(report).toHaveBeenCalledWith(error);
  });

  it('falls back to the status text when the answer is not an error body', async () => {
    const api = client(vi.fn<typeof fetch>(async () => new Response('oops', { status: 502, statusText: 'Bad Gateway' })));
    await expect(api.get('products', '/v1/catalogs/get-min')).rejects.toMatchObject({ ErrorCode: 502, ErrorDescription: 'Bad Gateway' });
  });

  function hanging(): FetchMock {
    return vi.fn<typeof fetch>((_url, init) => new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    }));
  }

  it('aborts an ordinary call after 15 000 ms as a timeout', async () => {
    vi.useFakeTimers();
    const api = client(hanging());
    const pending = api.get('products', '/v1/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ ErrorCode: 0, code: TIMEOUT_CODE });
  });

  it('gives an upload (form data) 60 000 ms', async () => {
    vi.useFakeTimers();
    const fetchMock = hanging();
    const api = client(fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    const pending = api.post('images', '/v1/files/temp', form).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS + 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - TIMEOUT_MS);
    expect(await pending).toMatchObject({ code: TIMEOUT_CODE });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
  });

  it('reports a network failure without a status', async () => {
    const api = client(vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('users', '/v1/account')).rejects.toMatchObject({ ErrorCode: 0, code: 'ENETWORK' });
  });
});

describe('the 401 → refresh → replay flow', () => {
  it('refreshes once and replays the call', async () => {
    const fetchMock = vi.fn<typeof fetch>()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(empty())
      .mockResolvedValueOnce(json(200, { id: 7 }));
    const onSessionExpired = vi.fn();
    const api = client(fetchMock, { onSessionExpired });
    await expect(api.get('users', '/v1/account')).resolves.toEqual({ id: 7 });
    expect(fetchMock.mock.calls.map((call) => new URL(urlOf(call), 'http://x').pathname)).toEqual(['/api/users/v1/account', '/api/users/v1/auth/refresh', '/api/users/v1/account']);
    expect(initOf(fetchMock.mock.calls[1]!)).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(initOf(fetchMock.mock.calls[1]!).body).toBeUndefined();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('sends one Idempotency-Key per POST, the same on its replay after a refresh, none on other methods', async () => {
    let accountCalls = 0;
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path.endsWith('/auth/refresh')) return empty();
      accountCalls += 1;
      return accountCalls === 1 ? unauthorized() : json(201, { id: accountCalls });
    });
    const api = client(fetchMock);
    await api.post('projects', '/v1/projects', { name: 'A' });
    await api.post('projects', '/v1/projects', { name: 'A' });
    await api.put('projects', '/v1/projects/1', { name: 'B' });
    const keyOf = (call: Parameters<typeof fetch>) => (initOf(call).headers as Record<string, string>)['Idempotency-Key'];
    const [first, refresh, replay, second, put] = fetchMock.mock.calls;
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(replay!)).toBe(keyOf(first!));
    expect(keyOf(second!)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(second!)).not.toBe(keyOf(first!));
    expect(keyOf(refresh!)).toBeUndefined();
    expect(keyOf(put!)).toBeUndefined();
    // A caller repeating an action itself passes the key it used the first time.
    await api.request('projects', '/v1/projects', { method: 'POST', body: { name: 'A' }, idempotencyKey: 'my-key' });
    expect(keyOf(fetchMock.mock.calls.at(-1)!)).toBe('my-key');
  });

  it('makes a key without randomUUID (plain http away from localhost is no secure context)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('returns the second 401 of a replayed call as is, without another refresh', async () => {
    const fetchMock = vi.fn<typeof fetch>()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(empty())
      .mockResolvedValueOnce(unauthorized());
    const api = client(fetchMock);
    await expect(api.get('projects', '/v1/projects')).rejects.toMatchObject({ ErrorCode: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('logs out silently when the refresh fails', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized());
    const onSessionExpired = vi.fn();
    const api = client(fetchMock, { onSessionExpired });
    const error = await api.get('projects', '/v1/projects').catch((e: unknown) => e);
    expect(error).toMatchObject({ ErrorCode: 401, silent: true });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not refresh without a session in the browser: the 401 ends the session at once, with no refresh call', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(unauthorized());
    const onSessionExpired = vi.fn();
    const api = client(fetchMock, { onSessionExpired, hasSession: () => false });
    const error = await api.get('projects', '/v1/projects').catch((e: unknown) => e);
    expect(error).toMatchObject({ ErrorCode: 401, silent: true });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).not.toContain('/auth/refresh');
  });

  it('reads the session from the hasSession cookie by default', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValue(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    const api = client(fetchMock, { hasSession: undefined });
    await expect(api.get('projects', '/v1/projects')).rejects.toMatchObject({ ErrorCode: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    document.cookie = 'hasSession=1; path=/';
    await expect(api.get('projects', '/v1/projects')).resolves.toEqual([]);
    expect(fetchMock.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual(['/api/projects/v1/projects', '/api/projects/v1/projects', '/api/users/v1/auth/refresh', '/api/projects/v1/projects']);
  });

  it('never refreshes for the login call, the logout call or wrong credentials', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => unauthorized());
    const api = client(fetchMock);
    await expect(api.post('users', '/v1/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ ErrorCode: 401, silent: false });
    await expect(api.post('users', '/v1/auth/logout')).rejects.toMatchObject({ ErrorCode: 401 });
    fetchMock.mockResolvedValueOnce(json(401, { ErrorCode: 401, ErrorDescription: 'Wrong password', code: 'INVALID_CREDENTIALS' }));
    await expect(api.post('users', '/v1/auth/password-change', {})).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('three calls hitting 401 at once: one refresh, three replays', async () => {
    let refreshes = 0;
    const seen = new Map<string, number>();
    let releaseRefresh: () => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path.endsWith('/auth/refresh')) {
        refreshes += 1;
        await new Promise<void>((resolve) => (releaseRefresh = resolve));
        return empty();
      }
      const count = (seen.get(path) ?? 0) + 1;
      seen.set(path, count);
      return count === 1 ? unauthorized() : json(200, { path });
    });
    const sleep = vi.fn((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 100)));
    const api = client(fetchMock, { sleep });
    const calls = Promise.all([api.get('projects', '/v1/a'), api.get('orders', '/v1/b'), api.get('users', '/v1/c')]);
    await vi.waitFor(() => expect(refreshes).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(sleep).toHaveBeenCalled(), { timeout: 10_000 });
    expect(sleep).toHaveBeenCalledWith(REFRESH_POLL_MS);
    releaseRefresh();
    await expect(calls).resolves.toEqual([{ path: '/api/projects/v1/a' }, { path: '/api/orders/v1/b' }, { path: '/api/users/v1/c' }]);
    expect(refreshes).toBe(1);
    expect([...seen.values()]).toEqual([2, 2, 2]);
  });

  it('three calls hitting 401 while the refresh fails: one refresh, one logout, three silent failures', async () => {
    let refreshes = 0;
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (String(input).includes('/auth/refresh')) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return unauthorized();
      }
      return unauthorized();
    });
    const onSessionExpired = vi.fn();
    const api = client(fetchMock, { onSessionExpired });
    const results = await Promise.allSettled([api.get('projects', '/v1/a'), api.get('projects', '/v1/b'), api.get('projects', '/v1/c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toMatchObject({ ErrorCode: 401, silent: true });
    expect(refreshes).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a 403 goes to the forbidden page and is not shown as an error', async () => {
    const onForbidden = vi.fn();
    const api = client(vi.fn<typeof fetch>(async () => json(403, { ErrorCode: 403, ErrorDescription: 'Forbidden', code: 'FORBIDDEN' })), { onForbidden });
    const error = await api.get('projects', '/v1/projects/9').catch((e: unknown) => e);
    expect(error).toMatchObject({ ErrorCode: 403, silent: true, code: 'FORBIDDEN' });
    expect(onForbidden).toHaveBeenCalledWith(error);
  });

  describe('prefetch', () => {
    it('sends the GET at once; the first call for the same URL takes its answer, the next one asks again', async () => {
      let served = 0;
      const fetchMock = vi.fn<typeof fetch>(async () => json(200, { n: (served += 1) }));
      const api = client(fetchMock);
      api.prefetch('projects', '/v1/projects/5', { lang: 'fr', prices: true, parseProducts: true });
      api.prefetch('projects', '/v1/projects/5', { lang: 'fr', prices: true, parseProducts: true });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(urlOf(fetchMock.mock.calls[0] as Parameters<typeof fetch>)).toBe('/api/projects/v1/projects/5?lang=fr&prices=true&parseProducts=true&language=fr');
      // Another URL (prices=false) is not the prefetched one.
      await expect(api.get('projects', '/v1/projects/5', { lang: 'fr', prices: false, parseProducts: true })).resolves.toEqual({ n: 2 });
      await expect(api.get('projects', '/v1/projects/5', { lang: 'fr', prices: true, parseProducts: true })).resolves.toEqual({ n: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await expect(api.get('projects', '/v1/projects/5', { lang: 'fr', prices: true, parseProducts: true })).resolves.toEqual({ n: 3 });
    });

    it('asks again once the prefetched answer is older than PREFETCH_TTL_MS', async () => {
      vi.useFakeTimers();
      let served = 0;
      const fetchMock = vi.fn<typeof fetch>(async () => json(200, { n: (served += 1) }));
      const api = client(fetchMock);
      api.prefetch('projects', '/v1/projects/5');
      vi.advanceTimersByTime(PREFETCH_TTL_MS + 1);
      await expect(api.get('projects', '/v1/projects/5')).resolves.toEqual({ n: 2 });
    });

    it('drops prefetched answers on a write, and does not prefetch what a call is already asking for', async () => {
      let served = 0;
      const fetchMock = vi.fn<typeof fetch>(async () => json(200, { n: (served += 1) }));
      const api = client(fetchMock);
      api.prefetch('projects', '/v1/projects/5');
      await api.post('projects', '/v1/projects/5/products', [{ referenceCode: 'X' }]);
      await expect(api.get('projects', '/v1/projects/5')).resolves.toEqual({ n: 3 });

      const asking = api.get('projects', '/v1/projects/6');
      api.prefetch('projects', '/v1/projects/6');
      await expect(asking).resolves.toEqual({ n: 4 });
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });

    it("gives a prefetched failure to the call that takes it, which handles it as its own (a 401 refreshes and replays)", async () => {
      const answers = [unauthorized(), json(200, { refreshed: true }), json(200, { id: 5 })];
      const fetchMock = vi.fn<typeof fetch>(async () => answers.shift() ?? json(500, {}));
      const api = client(fetchMock);
      api.prefetch('projects', '/v1/projects/5');
      await expect(api.get('projects', '/v1/projects/5')).resolves.toEqual({ id: 5 });
      expect(fetchMock.mock.calls.map((call) => urlOf(call).split('?')[0])).toEqual(['/api/projects/v1/projects/5', '/api/users/v1/auth/refresh', '/api/projects/v1/projects/5']);
    });
  });
});
