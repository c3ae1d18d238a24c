import { useState } from 'react';
import type { Remote } from '../../shared/use-remote';

/**
 * The last answer of a remote that reloads: while a reload runs (after a quote was issued or sent),
 * the list on screen stays, with what the user checked in it, until the new answer replaces it.
 */
export function useKept<T>(remote: Remote<T>): T | null {
  const [kept, setKept] = useState<T | null>(null);
  if (remote.status === 'ready' && remote.data !== kept) setKept(remote.data);
  return remote.status === 'ready' ? remote.data : kept;
}
