import type { Account } from '@lumen/contracts';
import type { AppStore } from '../store';
import type { FlagsClient } from './flags-client';

/**
 * Re-evaluates the flags when the session changes: once the login state is known, and after every
 * login, logout, expiry or account update. Answers the unsubscribe function.
 */
export function followSession(store: AppStore, flags: FlagsClient): () => void {
  let last: Account | null | undefined;
  return store.subscribe(() => {
    const { status, account } = store.getState().session;
    if (status !== 'ready' || account === last) return;
    last = account;
    void flags.identify(account);
  });
}
