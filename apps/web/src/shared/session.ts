import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { Account, Lang } from '@lumen/contracts';
import { hasSessionMarker } from '../api';
import { createAsyncAction } from './async-action';
import { changeLanguage } from './preferences';
import type { AppDispatch, RootState } from './store';

export interface SessionState {
  /** unknown until the account details have been asked for once at start. */
  status: 'unknown' | 'ready';
  account: Account | null;
  logged: boolean;
  /**
   * The session ended in this page's life (logout, or the refresh failed): a guarded page the user was
   * on then goes to `/` without asking for a login (spec §2, §4), unlike a guarded address opened
   * without a session, which asks for one and keeps its target (issue 10 §4).
   */
  ended?: boolean;
}

const initialState: SessionState = { status: 'unknown', account: null, logged: false };

/**
 * Local keys that belong to one user's session and go away with it (spec §4: logout resets the
 * navigation preference and removes the onboarding-done key). The navigation preference is how the
 * catalogue's collections are shown (grid or list, the catalogue's `VIEW_MODE_STORAGE_KEY`): the next
 * user of the browser starts from the default grid (spec §9).
 */
export const SESSION_LOCAL_KEYS = ['onboarding-done', 'lumen.catalogueViewMode'] as const;

/** The account of the visitor, if any (GET users /v1/account). A 401 just means "not logged in". */
export const loadAccount = createAsyncAction<Account, void>('accountDetails', async (_arg, { extra }) => extra.api.get<Account>('users', '/v1/account'), {
  showError: false,
});

/** Logout: optionally tells the server; success or failure both clear the session (spec §4). */
export const logout = createAsyncAction<void, { callServer?: boolean } | void>(
  'logout',
  async (arg, { extra }) => {
    for (const key of SESSION_LOCAL_KEYS) globalThis.localStorage?.removeItem(key);
    if (arg?.callServer !== false) await extra.api.post<void>('users', '/v1/auth/logout');
  },
  { showError: false },
);

function clear(state: SessionState) {
  state.account = null;
  state.logged = false;
  state.status = 'ready';
}

function end(state: SessionState) {
  clear(state);
  state.ended = true;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A login, sign-up, qualification or profile update answered with the account. */
    accountReceived(state, action: PayloadAction<Account>) {
      state.account = action.payload;
      state.logged = true;
      state.status = 'ready';
      state.ended = false;
    },
    /** The token refresh failed: the account is cleared (spec §4). */
    sessionExpired: end,
    /** The browser holds no session at start (no `hasSession` cookie): a visitor, known without a call. */
    visitorStarted: clear,
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadAccount.fulfilled, (state, action) => {
        state.account = action.payload;
        state.logged = true;
        state.status = 'ready';
        state.ended = false;
      })
      .addCase(loadAccount.rejected, clear)
      .addCase(logout.fulfilled, end)
      .addCase(logout.rejected, end);
  },
});

export const { accountReceived, sessionExpired, visitorStarted } = sessionSlice.actions;

/** At start: the account when the browser holds a session, else a visitor (no account call, no 401 in the console). */
export function startSession() {
  return async (dispatch: AppDispatch) => {
    if (hasSessionMarker()) await dispatch(loadAccount());
    else dispatch(visitorStarted());
  };
}

/**
 * The session ended (logout done or failed, refresh failed): a feature slice holding a user's data
 * (projects, orders…) resets on it, as spec §4 asks of logout. `builder.addMatcher(isSessionEnded, reset)`.
 */
export const isSessionEnded = isAnyOf(logout.fulfilled, logout.rejected, sessionExpired);

/** After login or sign-up: keep the account and speak the user's language. */
export function signedIn(account: Account) {
  return async (dispatch: AppDispatch, getState: () => RootState) => {
    dispatch(accountReceived(account));
    const lang: Lang = account.lang;
    if (getState().preferences.lang !== lang) await dispatch(changeLanguage({ lang, persist: false }));
  };
}

export const selectAccount = (state: RootState) => state.session.account;

/**
 * Who reads the catalogue, as a part of the catalogue loads' keys (issue 10 §1: visitors browse it
 * too): null until the login state is known, then the account's id or 'visitor', so that a login or
 * a logout loads the screen again with that user's catalogue and prices.
 */
export const selectCatalogueReader = (state: RootState): string | null =>
  state.session.status !== 'ready' ? null : state.session.account ? `user-${state.session.account.id}` : 'visitor';

/** The catalogue a user browses: the account's; a visitor's is the one they chose (or their first visit's by IP), else 16, the spec's default (§1). */
export const selectBrowsingCatalogId = (state: RootState): number => state.session.account?.catalogId ?? state.preferences.catalogId ?? 16;
export const selectSession = (state: RootState) => state.session;
