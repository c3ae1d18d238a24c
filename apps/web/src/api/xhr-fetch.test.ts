import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeXhr } from '../../test/fake-xhr';
import { makeRuntimeConfig } from '../../test/runtime-config';
import { ABORTED_CODE, ApiError, NETWORK_CODE, TIMEOUT_CODE } from './api-error';
import { createApiClient } from './client';
import type { UploadProgress } from './xhr-fetch';

const CONFIG = makeRuntimeConfig();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function form(size = 1000): FormData {
  const body = new FormData();
  body.append('file', new File(['x'.repeat(size)], 'plan.pdf', { type: 'application/pdf' }));
  return body;
}

/** A client whose plain calls go to `fetchMock` and whose uploads with progress go to a manual fake XHR. */
function setup(fetchMock = vi.fn<typeof fetch>(async () => json(200, {}))) {
  const xhr = createFakeXhr(async () => json(500, {}), { manual: true });
  const onSessionExpired = vi.fn();
  const api = createApiClient({
    config: CONFIG,
    fetch: fetchMock,
    createXhr: xhr.create,
    getLanguage: () => 'de',
    hasSession: () => true,
    onSessionExpired,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))),
  });
  return { api, xhr, fetchMock, onSessionExpired };
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('uploads with progress (XMLHttpRequest)', () => {
  it('reports the bytes sent and answers like any call', async () => {
    const { api, xhr, fetchMock } = setup();
    const seen: UploadProgress[] = [];
    const call = api.request<{ id: string }>('images', '/v1/files/temp', {
      method: 'POST',
      query: { domain: 'support', entity: 'support-request' },
      body: form(1000),
      onUploadProgress: (progress) => seen.push(progress),
    });
    await nextTick();
    const [request] = xhr.requests;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/images/v1/files/temp?domain=support&entity=support-request&language=de');
    expect(request?.withCredentials).toBe(true);
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(request?.body).toBeInstanceOf(FormData);
    request?.progress(300);
    request?.progress(1200);
    await request?.respond(json(201, { id: 'a1' }));
    await expect(call).resolves.toEqual({ id: 'a1' });
    expect(seen).toEqual([
      { loaded: 300, total: 1200 },
      { loaded: 1200, total: 1200 },
    ]);
  });

  it('turns a refusal into an ApiError with the api’s code and fields', async () => {
    const { api, xhr } = setup();
    const call = api.request('images', '/v1/files/temp', { method: 'POST', body: form(), onUploadProgress: () => {} }).catch((error: unknown) => error);
    await nextTick();
    await xhr.requests[0]?.respond(json(415, { ErrorCode: 415, ErrorDescription: 'Unsupported', code: 'FILE_CONTENT_MISMATCH', fields: [{ path: 'body.file', message: 'x' }] }));
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ ErrorCode: 415, code: 'FILE_CONTENT_MISMATCH', fields: [{ path: 'body.file', message: 'x' }] });
  });

  it('gives up after the upload timeout (60 s) with ETIMEDOUT and aborts the request', async () => {
    vi.useFakeTimers();
    const { api, xhr } = setup();
    const call = api.request('images', '/v1/files/temp', { method: 'POST', body: form(), onUploadProgress: () => {} }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CONFIG.timeouts.uploadMs - 1);
    expect(xhr.requests[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.requests[0]?.aborted).toBe(true);
    expect(await call).toMatchObject({ ErrorCode: 0, code: TIMEOUT_CODE });
  });

  it('stops when the caller aborts, and fails as a network error without an answer', async () => {
    const { api, xhr } = setup();
    const controller = new AbortController();
    const aborted = api.request('images', '/v1/files/temp', { method: 'POST', body: form(), signal: controller.signal, onUploadProgress: () => {} }).catch((error: unknown) => error);
    const broken = api.request('images', '/v1/files/temp', { method: 'POST', body: form(), onUploadProgress: () => {} }).catch((error: unknown) => error);
    await nextTick();
    controller.abort();
    xhr.requests[1]?.failNetwork();
    expect(xhr.requests[0]?.aborted).toBe(true);
    expect(await aborted).toMatchObject({ ErrorCode: 0, code: ABORTED_CODE });
    expect(await broken).toMatchObject({ ErrorCode: 0, code: NETWORK_CODE });
  });

  it('refreshes an expired session once and sends the upload again with the same key', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    const { api, xhr, onSessionExpired } = setup(fetchMock);
    const call = api.request<{ id: string }>('images', '/v1/files/temp', { method: 'POST', body: form(), onUploadProgress: () => {} });
    await nextTick();
    await xhr.requests[0]?.respond(json(401, { ErrorCode: 401, ErrorDescription: 'Unauthorized', code: 'UNAUTHENTICATED' }));
    await vi.waitFor(() => expect(xhr.requests).toHaveLength(2), { timeout: 10_000 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/users/v1/auth/refresh');
    expect(xhr.requests[1]?.headers['idempotency-key']).toBe(xhr.requests[0]?.headers['idempotency-key']);
    await xhr.requests[1]?.respond(json(201, { id: 'b2' }));
    await expect(call).resolves.toEqual({ id: 'b2' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('answers 204 as an empty result', async () => {
    const { api, xhr } = setup();
    const call = api.request('images', '/v1/files/temp', { method: 'POST', body: form(), onUploadProgress: () => {} });
    await nextTick();
    await xhr.requests[0]?.respond(new Response(null, { status: 204 }));
    await expect(call).resolves.toBeUndefined();
  });
});
