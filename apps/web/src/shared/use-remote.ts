import { useCallback, useEffect, useRef, useState } from 'react';

/** `httpStatus`: the answer's status when the call was answered (404: nothing there), else 0. */
export type Remote<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; httpStatus: number };

/** The HTTP status inside a rejected async action's failure (ActionFailure), 0 when there is none. */
function httpStatusOf(failure: unknown): number {
  if (typeof failure !== 'object' || failure === null || !('error' in failure)) return 0;
  const error = (failure as { error: unknown }).error;
  if (typeof error !== 'object' || error === null || !('ErrorCode' in error)) return 0;
  const code = (error as { ErrorCode: unknown }).ErrorCode;
  return typeof code === 'number' ? code : 0;
}

/**
 * Loads something for the screen that asks: `start` runs again whenever `key` changes (and on
 * `reload`); a late answer for an older key is dropped. `key` null means "nothing to load yet".
 * `options.refresh`: when it changes, `start` runs again but what was loaded stays on screen until
 * the new answer comes (a login that adds prices to what a visitor configured: the screen, and what
 * the user chose on it, stay; issue 10 §1).
 * `options.answered`: the answer already in hand for a key (a start that loaded a page's first data
 * before its first render): when it is this key's as the screen mounts, the screen starts with it
 * and does not ask.
 * `start` is usually `() => dispatch(someAsyncAction(arg)).unwrap()`, so the call still goes through
 * the store's request / success / failure actions.
 */
export function useRemote<T>(key: string | null, start: () => Promise<T>, options: { refresh?: string | null; answered?: { key: string; data: T } | undefined } = {}): [Remote<T>, () => void] {
  const refresh = options.refresh ?? '';
  const [state, setState] = useState<{ key: string; attempt: number; refresh: string; remote: Remote<T> } | null>(() =>
    options.answered !== undefined && options.answered.key === key ? { key, attempt: 0, refresh, remote: { status: 'ready', data: options.answered.data } } : null,
  );
  const [attempt, setAttempt] = useState(0);
  const answeredOnMount = useRef(state !== null);
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });

  useEffect(() => {
    if (key === null) return;
    if (answeredOnMount.current) {
      answeredOnMount.current = false;
      return;
    }
    let current = true;
    startRef.current().then(
      (data) => {
        if (current) setState({ key, attempt, refresh, remote: { status: 'ready', data } });
      },
      (failure: unknown) => {
        if (current) setState({ key, attempt, refresh, remote: { status: 'failed', httpStatus: httpStatusOf(failure) } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt, refresh]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = state && state.key === key && state.attempt === attempt && (state.refresh === refresh || state.remote.status === 'ready');
  const remote: Remote<T> = current ? state.remote : { status: 'loading' };
  return [remote, reload];
}
