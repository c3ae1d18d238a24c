import { useCallback, useRef } from 'react';
import { canonicalJson } from '@lumen/domain';
import { newIdempotencyKey } from '../api';

/**
 * The Idempotency-Key of the user's attempt at a creating call (a quote, an order's processing): the same key while the body stays
 * the same (a double click, or pressing again after an answer was lost, gives one quote at the
 * api), a new one as soon as the body differs (the api refuses a known key with another body) or
 * after the call succeeded (`done`).
 */
export function useAttemptKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown): string => {
    const canonical = canonicalJson(body);
    if (last.current?.body !== canonical) last.current = { body: canonical, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
  const done = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, done };
}
