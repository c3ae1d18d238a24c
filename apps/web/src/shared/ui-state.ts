import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Views of the auth modal (spec §2). */
export const AUTH_VIEWS = ['login', 'password-reset', 'password-change', 'qualification', 'new-register', 'support'] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

/**
 * What the modal was opened for, when more than "log in, then go to `next`" (spec §4 auth-modal
 * messages): `project-budget` — a visitor or a web user starting a budget request logs in and, when
 * the account may not ask for budgets yet, qualifies; the account is then reloaded and `next` (the
 * request page) opened.
 */
export type AuthFlow = 'project-budget';

export interface UiState {
  authModal: {
    view: AuthView | null;
    /** Where to go once the view succeeds (a guarded navigation that asked for login or qualification). */
    next: string | null;
    flow?: AuthFlow;
  };
}

const initialState: UiState = { authModal: { view: null, next: null } };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    authModalOpened(state, action: PayloadAction<{ view: AuthView; next?: string | null; flow?: AuthFlow }>) {
      const { view, next = null, flow } = action.payload;
      state.authModal = { view, next, ...(flow ? { flow } : {}) };
    },
    authModalViewChanged(state, action: PayloadAction<AuthView>) {
      state.authModal.view = action.payload;
    },
    authModalClosed(state) {
      state.authModal = { view: null, next: null };
    },
  },
});

export const { authModalOpened, authModalViewChanged, authModalClosed } = uiSlice.actions;
