import type { ActingCandidatesPage, ActingState, ActingStopResult } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

/** How many customers a page of the picker shows. */
export const CANDIDATES_PAGE_SIZE = 20;

/** acting.state: who acts for whom in this session (null: nobody). */
export const loadActingState = createAsyncAction<ActingState, void>('actingState', (_arg, { extra }) => extra.api.call('acting.state', {}), {
  showError: false,
});

/** acting.candidates: the customers the staff member may act for. */
export const loadActingCandidates = createAsyncAction<ActingCandidatesPage, { search: string; page: number }>(
  'actingCandidates',
  ({ search, page }, { extra }) =>
    extra.api.call('acting.candidates', { query: { ...(search ? { search } : {}), page, limit: CANDIDATES_PAGE_SIZE } }),
  { showError: false },
);

/** acting.start: start acting for a customer (the server decides whether the staff session is kept). */
export const startActing = createAsyncAction<ActingState, { userId: number }>('actingStart', ({ userId }, { extra }) => extra.api.call('acting.start', { body: { userId } }), {
  showError: false,
});

/** acting.stop: back to the staff member's own session, or logged out. */
export const stopActing = createAsyncAction<ActingStopResult, void>('actingStop', (_arg, { extra }) => extra.api.call('acting.stop', { body: {} }), {
  showError: false,
});

/**
 * After starting or stopping, the whole app becomes another user: the page loads afresh at the
 * home page, so that no screen or store keeps the previous user's data.
 */
export function reloadAs(path = '/'): void {
  pageLoad.assign(path);
}

/** The page load itself (tests watch it: jsdom does not navigate). */
export const pageLoad = { assign: (path: string) => window.location.assign(path) };
