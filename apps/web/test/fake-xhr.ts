/**
 * A stand-in for XMLHttpRequest, the transport of calls that report upload progress
 * (src/api/xhr-fetch.ts). Each request the app sends is kept in `requests`; its answer comes from
 * `answer` (usually the fake api's fetch, so the call is recorded with the others). In the default
 * mode a request reports half its body sent, then all of it, then answers, on its own; with
 * `manual: true` the test drives it (`progress`, `respond`, `failNetwork`).
 */
export interface FakeXhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The body's size in bytes as the progress events count it. */
  total: number;
  withCredentials: boolean;
  aborted: boolean;
  /** Reports `loaded` bytes of the body sent. */
  progress(loaded: number): void;
  /** Answers with `response`, or with what `answer` gives for this request. */
  respond(response?: Response): Promise<void>;
  /** The connection fails without an answer. */
  failNetwork(): void;
}

export interface FakeXhrOptions {
  manual?: boolean;
}

type Answer = (input: string, init: RequestInit) => Promise<Response>;

/** The multipart body's size: its files and fields, plus a little for the boundaries. */
function bodySize(body: unknown): number {
  if (body instanceof FormData) {
    let size = 0;
    for (const [, value] of body.entries()) size += typeof value === 'string' ? value.length : value.size;
    return size + 200;
  }
  return typeof body === 'string' ? body.length : 0;
}

export function createFakeXhr(answer: Answer, { manual = false }: FakeXhrOptions = {}) {
  const requests: FakeXhrRequest[] = [];

  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    withCredentials = false;
    responseType: XMLHttpRequestResponseType = '';
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders = '';
    private done = false;
    private request: FakeXhrRequest | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    getAllResponseHeaders() {
      return this.responseHeaders;
    }

    abort() {
      if (this.done) return;
      this.done = true;
      if (this.request) this.request.aborted = true;
      this.dispatchEvent(new Event('abort'));
    }

    send(body: unknown) {
      const total = bodySize(body);
      const progress = (loaded: number) => {
        if (this.done) return;
        this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
      };
      const respond = async (given?: Response) => {
        if (this.done) return;
        const response = given ?? (await answer(this.url, { method: this.method, headers: this.headers, body: body as BodyInit }));
        if (this.done) return;
        this.done = true;
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        this.responseHeaders = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\r\n');
        this.dispatchEvent(new Event('load'));
      };
      const failNetwork = () => {
        if (this.done) return;
        this.done = true;
        this.dispatchEvent(new Event('error'));
      };
      this.request = { method: this.method, url: this.url, headers: this.headers, body, total, withCredentials: this.withCredentials, aborted: false, progress, respond, failNetwork };
      requests.push(this.request);
      if (!manual)
        setTimeout(() => {
          progress(Math.round(total / 2));
          progress(total);
          void respond();
        }, 0);
    }
  }

  return {
    requests,
    /** For `createApiClient({ createXhr })`. */
    create: () => new FakeXMLHttpRequest() as unknown as XMLHttpRequest,
    /** For `vi.stubGlobal('XMLHttpRequest', …)` when the app makes its own client. */
    XMLHttpRequest: FakeXMLHttpRequest as unknown as typeof XMLHttpRequest,
  };
}

export type FakeXhr = ReturnType<typeof createFakeXhr>;
