import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../api';

/**
 * The Idempotency-Key of the user's attempt at processing: the same key while the body stays the same
 * (a double click or pressing again after a lost answer processes once), a new one when the body
 * changes or after the call succeeded (`done`). The body is built in a fixed key order, so its JSON
 * text identifies it.
 */
export function useAttemptKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown): string => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, done };
}
