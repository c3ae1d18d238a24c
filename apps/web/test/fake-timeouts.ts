import userEvent from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';

type WithJest = typeof globalThis & { jest?: { advanceTimersByTime: (ms: number) => void } };

/**
 * Puts setTimeout and clearTimeout (only those) on vitest's fake clock until `restore()` or the end
 * of the test, for a test about a debounce: on a loaded machine two keys of a real-time test can be
 * further apart than the debounce, which then fires between them. Testing Library only recognises
 * jest's fake timers (its async utilities, and user-event's wrapper, wait on a setTimeout(0) that a
 * fake clock never fires), so vitest's clock is lent to it as `jest` meanwhile: findBy/waitFor then
 * advance the fake clock by their interval, as they do under jest.
 */
export function fakeTimeouts() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const global = globalThis as WithJest;
  const previous = global.jest;
  global.jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    vi.useRealTimers();
    if (previous === undefined) delete global.jest;
    else global.jest = previous;
  };
  onTestFinished(restore);
  return restore;
}

/** A user-event user whose pauses between keys advance the fake clock while `fakeTimeouts()` holds it. */
export function setupUser() {
  return userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
}
