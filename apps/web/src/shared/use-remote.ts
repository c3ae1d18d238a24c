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
 * `start` is usually `() => dispatch(someAsyncAction(arg)).unwrap()`, so the call still goes through
 * the store's request / success / failure actions.
 */
export function useRemote<T>(key: string | null, start: () => Promise<T>): [Remote<T>, () => void] {
  const [state, setState] = useState<{ key: string; attempt: number; remote: Remote<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });

  useEffect(() => {
    if (key === null) return;
    let current = true;
    startRef.current().then(
      (data) => {
        if (current) setState({ key, attempt, remote: { status: 'ready', data } });
      },
      (failure: unknown) => {
        if (current) setState({ key, attempt, remote: { status: 'failed', httpStatus: httpStatusOf(failure) } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const remote: Remote<T> = state && state.key === key && state.attempt === attempt ? state.remote : { status: 'loading' };
  return [remote, reload];
}
