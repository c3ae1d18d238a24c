import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRuntimeConfig } from '../../test/runtime-config';
import { ConfigUnavailableError, loadRuntimeConfig, RUNTIME_CONFIG_PATH } from './runtime-config';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.useRealTimers());

describe('loadRuntimeConfig', () => {
  it('reads /config.json with the session cookies, never from a cache', async () => {
    const config = makeRuntimeConfig({ flags: { preconfigListWithCache: true } });
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, config));
    await expect(loadRuntimeConfig({ fetch: fetchMock })).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledWith(RUNTIME_CONFIG_PATH, expect.objectContaining({ credentials: 'include', cache: 'no-store' }));
  });

  it.each([
    ['an error answer', async () => json(503, { ErrorCode: 503 })],
    ['a body that is not JSON', async () => new Response('<html>', { status: 200 })],
    ['a body that is not a configuration', async () => json(200, { ...makeRuntimeConfig(), services: { products: '/api/products' } })],
    ['no answer at all', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('fails with ConfigUnavailableError on %s', async (_case, answer: () => Promise<Response>) => {
    await expect(loadRuntimeConfig({ fetch: vi.fn<typeof fetch>(answer) })).rejects.toBeInstanceOf(ConfigUnavailableError);
  });

  it('gives up after its timeout', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>((_url, init) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const pending = loadRuntimeConfig({ fetch: fetchMock, timeoutMs: 1_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await pending).toBeInstanceOf(ConfigUnavailableError);
  });
});
