import type { ErrorBody, RouteIO, RouteName, RuntimeConfig } from '@lumen/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@lumen/contracts/constants';
import { fillPath, ROUTES } from '@lumen/contracts/routes';
import { ABORTED_CODE, ApiError, NETWORK_CODE, TIMEOUT_CODE } from './api-error';
import { startChecks } from './start-checks';
import { hasSessionMarker } from './session-marker';
import { serviceBase, type ServiceMap, type ServiceName } from './services';
import { xhrFetch, type UploadProgressListener } from './xhr-fetch';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof METHODS)[number];
export const INVALID_METHOD = 'Invalid method';

/** Calls that hit a 401 while a token refresh runs wait for it, polling this often (spec §4). */
export const REFRESH_POLL_MS = 300;

export const REFRESH_PATH = '/v1/auth/refresh';
export const LOGOUT_PATH = '/v1/auth/logout';

/**
 * Users-service calls whose 401 means "wrong credentials" or "no session", never "token expired":
 * they do not trigger a refresh. The logout call fails outright too (spec §4).
 */
const NO_REFRESH_PATHS = new Set([
  '/v1/auth/login',
  '/v1/auth/signup',
  REFRESH_PATH,
  LOGOUT_PATH,
  '/v1/auth/password-reset',
  '/v1/auth/password-reset/confirm',
]);

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: string;
  query?: Readonly<Record<string, QueryValue>>;
  /** JSON-serialisable value, or FormData for a file upload (which gets the 60 s timeout). */
  body?: unknown;
  /** Overrides the timeout (ms). */
  timeoutMs?: number;
  /** Lets the caller cancel the call. */
  signal?: AbortSignal;
  /** A POST's Idempotency-Key; one is made per call when not given (a caller retrying an action itself passes the first). */
  idempotencyKey?: string;
  /** Reports how much of the body has been sent (an upload's progress bar): the call then goes over XMLHttpRequest. */
  onUploadProgress?: UploadProgressListener;
  /** `blob`: the answer is a file (a download), given as a Blob instead of being read as JSON or text. */
  responseType?: 'json' | 'blob';
  /**
   * `caller`: a 403 is only returned to the caller (no forbidden page), for a call whose 403 is an
   * answer the screen shows (spec §4: processing an order resolves a 403 with processOrderSuccess false).
   */
  forbidden?: 'navigate' | 'caller';
}

/** What the client takes from `/config.json`: the services' base paths and the timeouts (spec §7, §9). */
export type ApiClientConfig = Pick<RuntimeConfig, 'services' | 'timeouts'>;

export interface ApiClientOptions {
  /** Base paths and timeouts (ordinary calls; uploads, i.e. FormData bodies), from the runtime configuration. */
  config: ApiClientConfig;
  /** The fetch to use (tests pass a vi.fn()). Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Makes the XMLHttpRequest of a call that reports upload progress. Defaults to the global constructor. */
  createXhr?: () => XMLHttpRequest;
  /** The current interface language, sent as `language` on every call. */
  getLanguage: () => string;
  /** The session could not be refreshed: log the user out and go to `/` (no error dialog). */
  onSessionExpired?: () => void;
  /** Whether the browser holds a session worth refreshing (default: the `hasSession` cookie, session-marker.ts). */
  hasSession?: () => boolean;
  /** A 403 answer: go to the forbidden page. */
  onForbidden?: (error: ApiError) => void;
  /** Every failed call, for an error-reporting service (spec §8 logs the URL). */
  report?: (error: ApiError) => void;
  /** Waiting between polls; tests may pass a fake. */
  sleep?: (ms: number) => Promise<void>;
}

/** What a call of route N of the route table takes: its path parameters, query and body, each only where the route has them. */
export type RouteCallInput<N extends RouteName> = (keyof RouteIO<N>['params'] extends never ? { params?: undefined } : { params: RouteIO<N>['params'] }) &
  (RouteIO<N>['query'] extends undefined ? { query?: undefined } : { query?: RouteIO<N>['query'] }) &
  (RouteIO<N>['body'] extends undefined ? { body?: RouteIO<N>['body'] } : { body: RouteIO<N>['body'] });

export interface ApiClient {
  /**
   * Calls operation N of the route table (packages/contracts route-table.ts) by name: its method,
   * service and path come from the table, its input and answer are typed by the table's schemas.
   */
  call<N extends RouteName>(name: N, input: RouteCallInput<N>, options?: Pick<RequestOptions, 'signal' | 'idempotencyKey' | 'timeoutMs' | 'forbidden'>): Promise<RouteIO<N>['response']>;
  request<T>(service: ServiceName, path: string, options?: RequestOptions): Promise<T>;
  get<T>(service: ServiceName, path: string, query?: RequestOptions['query']): Promise<T>;
  post<T>(service: ServiceName, path: string, body?: unknown, query?: RequestOptions['query']): Promise<T>;
  put<T>(service: ServiceName, path: string, body?: unknown, query?: RequestOptions['query']): Promise<T>;
  patch<T>(service: ServiceName, path: string, body?: unknown, query?: RequestOptions['query']): Promise<T>;
  delete<T>(service: ServiceName, path: string, query?: RequestOptions['query']): Promise<T>;
  /**
   * Sends a GET now, so that the call a screen makes for the same URL once it has loaded takes this
   * answer instead of asking again (the start, issue 9 §4). Kept for PREFETCH_TTL_MS, for one call.
   */
  prefetch(service: ServiceName, path: string, query?: RequestOptions['query']): void;
}

/** How long a prefetched answer waits for the call that takes it. */
export const PREFETCH_TTL_MS = 10_000;

/** The short language code the services expect: en-US is sent as us (spec §1). */
export function toServiceLanguage(language: string): string {
  return language === 'en-US' ? 'us' : language;
}

export function buildUrl(services: ServiceMap, service: ServiceName, path: string, query: RequestOptions['query'], language: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  if (!params.has('language')) params.set('language', toServiceLanguage(language));
  const relative = path.startsWith('/') ? path : `/${path}`;
  return `${serviceBase(services, service)}${relative}?${params.toString()}`;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fresh Idempotency-Key: the server answers a repeated POST with its first answer instead of creating
 * twice. randomUUID needs a secure context; on plain http elsewhere than localhost, 128 random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isMethod(value: string): value is HttpMethod {
  return (METHODS as readonly string[]).includes(value);
}

/**
 * The one HTTP client of the web app (spec §7, §8): service map, credentials, the `language`
 * parameter, timeouts, error shape, and the single refresh-and-replay on a 401.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  const { services, timeouts } = options.config;

  /**
   * Prefetched GETs by URL, each taken by the first call for it (prefetch). Any other method drops
   * them all (a write may change what they answered), and a URL a call is already asking for is not
   * prefetched again.
   */
  const prefetched = new Map<string, { response: Promise<Response>; at: number }>();
  const asking = new Map<string, number>();
  const takePrefetched = (url: string): Promise<Response> | undefined => {
    const entry = prefetched.get(url);
    prefetched.delete(url);
    return entry && Date.now() - entry.at <= PREFETCH_TTL_MS ? entry.response : undefined;
  };

  // Refresh bookkeeping shared by every call of this client.
  let refreshing = false;
  /** Bumped when a refresh ends; a call sent before that can be replayed without refreshing again. */
  let refreshGeneration = 0;
  let lastRefreshOk = false;

  async function send(
    url: string,
    method: HttpMethod,
    body: unknown,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    idempotencyKey?: string,
    onUploadProgress?: UploadProgressListener,
  ): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    else signal?.addEventListener('abort', onCallerAbort);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    const init: RequestInit = { method, credentials: 'include', signal: controller.signal, headers };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
    try {
      return await (onUploadProgress ? xhrFetch(createXhr, url, init, onUploadProgress) : doFetch(url, init));
    } catch (cause) {
      const code = timedOut ? TIMEOUT_CODE : controller.signal.aborted ? ABORTED_CODE : NETWORK_CODE;
      throw new ApiError({ ErrorCode: 0, ErrorDescription: cause instanceof Error ? cause.message || code : code, URL: url, code });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function failureOf(response: Response, url: string): Promise<ApiError> {
    let description = response.statusText;
    let code: string | undefined;
    let fields: ErrorBody['fields'];
    try {
      const parsed = startChecks.PartialErrorBody.safeParse(await response.json());
      if (parsed.success) {
        if (parsed.data.ErrorDescription) description = parsed.data.ErrorDescription;
        code = parsed.data.code;
        fields = parsed.data.fields;
      }
    } catch {
      // Not a JSON error body: the status text is all we have.
    }
    return new ApiError({ ErrorCode: response.status, ErrorDescription: description, URL: url, ...(code === undefined ? {} : { code }), ...(fields === undefined ? {} : { fields }) });
  }

  async function readBody<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
    if (response.status === 204) return undefined as T;
    if (responseType === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    if (text === '') return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('json') ? JSON.parse(text) : text) as T;
  }

  /** Runs one refresh, or waits for the one running (polling), and says whether the session was renewed. */
  async function renewSession(sentAtGeneration: number): Promise<boolean> {
    if (refreshGeneration !== sentAtGeneration && !refreshing) return lastRefreshOk;
    if (refreshing) {
      while (refreshing) await sleep(REFRESH_POLL_MS);
      return lastRefreshOk;
    }
    refreshing = true;
    let ok = false;
    try {
      // No session in this browser: nothing to refresh (the call would only log a 401); it counts as failed.
      if ((options.hasSession ?? hasSessionMarker)()) {
        const url = buildUrl(services, 'users', REFRESH_PATH, undefined, options.getLanguage());
        const response = await send(url, 'POST', undefined, timeouts.clientMs, undefined);
        ok = response.ok;
      }
    } catch {
      ok = false;
    } finally {
      lastRefreshOk = ok;
      refreshGeneration += 1;
      refreshing = false;
    }
    if (!ok) options.onSessionExpired?.();
    return ok;
  }

  async function request<T>(service: ServiceName, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const asked = (requestOptions.method ?? 'GET').toUpperCase();
    if (!isMethod(asked)) throw new Error(INVALID_METHOD);
    // Typed here: the guard's narrowing does not reach the closures below.
    const method: HttpMethod = asked;
    const url = buildUrl(services, service, path, requestOptions.query, options.getLanguage());
    const isUpload = requestOptions.body instanceof FormData;
    const timeoutMs = requestOptions.timeoutMs ?? (isUpload ? timeouts.uploadMs : timeouts.clientMs);
    const mayRefresh = !(service === 'users' && NO_REFRESH_PATHS.has(path));
    // One key per call, kept for the replay after a refresh: a POST that creates never creates twice.
    const idempotencyKey = method === 'POST' ? (requestOptions.idempotencyKey ?? newIdempotencyKey()) : undefined;

    const fail = (error: ApiError): never => {
      options.report?.(error);
      throw error;
    };

    if (method !== 'GET') prefetched.clear();
    else asking.set(url, (asking.get(url) ?? 0) + 1);
    try {
      return await attempt();
    } finally {
      if (method === 'GET') {
        const left = (asking.get(url) ?? 1) - 1;
        if (left > 0) asking.set(url, left);
        else asking.delete(url);
      }
    }

    async function attempt(): Promise<T> {
      let retried = false;
      for (;;) {
        const generation = refreshGeneration;
        let response: Response;
        try {
          const early = method === 'GET' && !retried ? takePrefetched(url) : undefined;
          response = await (early ?? send(url, method, requestOptions.body, timeoutMs, requestOptions.signal, idempotencyKey, requestOptions.onUploadProgress));
        } catch (error) {
          return fail(error as ApiError);
        }
        if (response.ok) return readBody<T>(response, requestOptions.responseType);

        const error = await failureOf(response, url);
        if (response.status === 401 && mayRefresh && !retried && error.code !== 'INVALID_CREDENTIALS') {
          retried = true;
          if (await renewSession(generation)) continue;
          // The user has been logged out and sent to `/`: no error dialog.
          error.silent = true;
          return fail(error);
        }
        if (response.status === 403) {
          error.silent = true;
          if (requestOptions.forbidden !== 'caller') options.onForbidden?.(error);
        }
        return fail(error);
      }
    }
  }

  return {
    call: (name, input, callOptions) => {
      const { method, service, path } = ROUTES[name];
      const { params, query, body } = input as { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown };
      return request(service, fillPath(path, params), { ...callOptions, method, query, body });
    },
    request,
    get: (service, path, query) => request(service, path, { method: 'GET', query }),
    post: (service, path, body, query) => request(service, path, { method: 'POST', body, query }),
    put: (service, path, body, query) => request(service, path, { method: 'PUT', body, query }),
    patch: (service, path, body, query) => request(service, path, { method: 'PATCH', body, query }),
    delete: (service, path, query) => request(service, path, { method: 'DELETE', query }),
    prefetch: (service, path, query) => {
      const url = buildUrl(services, service, path, query, options.getLanguage());
      if (prefetched.has(url) || asking.has(url)) return;
      const response = send(url, 'GET', undefined, timeouts.clientMs, undefined);
      // A failure is the taking call's to report; an answer nobody takes is dropped.
      response.catch(() => undefined);
      prefetched.set(url, { response, at: Date.now() });
    },
  };
}
