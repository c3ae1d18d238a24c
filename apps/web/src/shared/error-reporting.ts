import type { ApiFailure } from '../api';

/**
 * Spec §8: the shared client logs the URL of every failed call to an error-reporting service. The
 * collecting side is the api's (issue 33); until it exists the reports go to this documented path,
 * which the api may serve at any time without a change here (apps/web README, "Errors").
 */
export const ERROR_REPORT_PATH = '/api/masters/v1/error-reports';

/** The report path under the masters service's base path of the runtime configuration. */
export function errorReportPath(mastersBase: string): string {
  return `${mastersBase.replace(/\/$/, '')}/v1/error-reports`;
}

/** What one report says: the failing call's URL and answer, where the user was, and when. */
export interface ErrorReport {
  url: string;
  status: number;
  code: string | null;
  description: string;
  /** The screen's path (no query: it may hold a token). */
  page: string;
  at: string;
}

export interface ErrorReporterOptions {
  /** Where reports go (default ERROR_REPORT_PATH; the app passes the masters service's base from its configuration). */
  path?: string;
  /** The fetch the report is POSTed with (the app's: tests pass their fake api's). */
  fetch?: typeof fetch;
  now?: () => number;
  page?: () => string;
  /** At most this many reports a minute (a dead network fails every call: the collector needs a few, not all). */
  perMinute?: number;
}

/** POSTs a report with `keepalive`, so that it survives leaving the page; a report that fails is dropped. */
function postReport(send: typeof fetch | undefined, path: string, report: ErrorReport): void {
  if (!send) return;
  void send(path, { method: 'POST', credentials: 'include', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(report) }).catch(
    () => undefined,
  );
}

/**
 * The client's `report`: a failed call becomes a report, except a 401 (the session's ordinary
 * course: refresh, logout) and a failure of the report itself (no loop). The same call failing the
 * same way within the minute is reported once.
 */
export function createErrorReporter(options: ErrorReporterOptions = {}): (failure: ApiFailure) => void {
  const path = options.path ?? ERROR_REPORT_PATH;
  const fetcher = options.fetch ?? (typeof fetch === 'undefined' ? undefined : fetch.bind(globalThis));
  const now = options.now ?? Date.now;
  const page = options.page ?? (() => (typeof window === 'undefined' ? '' : window.location.pathname));
  const perMinute = options.perMinute ?? 20;
  let windowStart = 0;
  let sent = 0;
  const recent = new Map<string, number>();

  return (failure) => {
    if (failure.ErrorCode === 401) return;
    if (failure.URL.includes(path)) return;
    const time = now();
    if (time - windowStart >= 60_000) {
      windowStart = time;
      sent = 0;
      recent.clear();
    }
    const key = `${failure.ErrorCode} ${failure.URL}`;
    if (recent.has(key) || sent >= perMinute) return;
    recent.set(key, time);
    sent += 1;
    postReport(fetcher, path, {
      url: failure.URL,
      status: failure.ErrorCode,
      code: failure.code ?? null,
      description: failure.ErrorDescription.slice(0, 500),
      page: page(),
      at: new Date(time).toISOString(),
    });
  };
}
