import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Views of the auth modal (spec §2). */
export const AUTH_VIEWS = ['login', 'password-reset', 'password-change', 'qualification', 'new-register', 'support'] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export interface UiState {
  authModal: {
    view: AuthView | null;
    /** Where to go once the view succeeds (a guarded navigation that asked for login or qualification). */
    next: string | null;
  };
}

const initialState: UiState = { authModal: { view: null, next: null } };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    authModalOpened(state, action: PayloadAction<{ view: AuthView; next?: string | null }>) {
      state.authModal = { view: action.payload.view, next: action.payload.next ?? null };
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
