import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { isTimeout } from '../api';
import { createAsyncAction, retryableAction, type ActionFailure } from './async-action';

/** The failing action shown by the error dialog. */
export interface ShownError {
  action: string;
  status: number;
  code?: string;
  description: string;
  url: string;
}

export interface RetryItem {
  action: string;
  arg: unknown;
}

export interface ErrorState {
  current: ShownError | null;
  /** Actions that timed out with allowRetry, waiting for Retry or Dismiss. */
  retryQueue: RetryItem[];
  /** The retry overlay is shown. */
  showLayer: boolean;
}

const initialState: ErrorState = { current: null, retryQueue: [], showLayer: false };

function isFailedAction(action: UnknownAction): action is UnknownAction & { payload: ActionFailure } {
  if (!action.type.endsWith('/rejected')) return false;
  const payload = (action as { payload?: unknown }).payload;
  return typeof payload === 'object' && payload !== null && 'action' in payload && 'showError' in payload && 'allowRetry' in payload;
}

export const errorSlice = createSlice({
  name: 'error',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.current = null;
    },
    retryDismissed(state) {
      state.retryQueue = [];
      state.showLayer = false;
    },
    retryTaken(state) {
      state.retryQueue = [];
      state.showLayer = false;
    },
    /** Shows an error that did not come from a call (e.g. 'Something wrong happened'). */
    errorRaised(state, action: PayloadAction<ShownError>) {
      state.current = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(isFailedAction, (state, action) => {
      const failure = action.payload;
      if (failure.allowRetry && isTimeout(failure.error)) {
        state.retryQueue.push({ action: failure.action, arg: failure.arg });
        state.showLayer = true;
        return;
      }
      state.retryQueue = [];
      state.showLayer = false;
      if (failure.showError) {
        const shown: ShownError = { action: failure.action, status: failure.error.ErrorCode, description: failure.error.ErrorDescription, url: failure.error.URL };
        if (failure.error.code !== undefined) shown.code = failure.error.code;
        state.current = shown;
      }
    });
  },
});

export const { errorDismissed, retryDismissed, errorRaised } = errorSlice.actions;

/** Retry: dispatches every queued action again with its argument. */
export const retryPending = createAsyncAction<void, void>(
  'error/retry',
  async (_arg, { getState, dispatch }) => {
    const queue = getState().error.retryQueue;
    dispatch(errorSlice.actions.retryTaken());
    await Promise.all(
      queue.map(async (item) => {
        const thunk = retryableAction(item.action);
        if (thunk) await dispatch(thunk(item.arg));
      }),
    );
  },
  { showError: false },
);
