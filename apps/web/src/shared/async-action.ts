import { createAsyncThunk, type AsyncThunk, type GetThunkAPI } from '@reduxjs/toolkit';
import type { i18n as I18n } from 'i18next';
import { isApiError, type ApiClient, type ApiFailure } from '../api';
import type { FlagsClient } from './flags/flags-client';
import type { AppDispatch, RootState } from './store';

/** What every thunk receives besides its argument. */
export interface ThunkExtra {
  api: ApiClient;
  i18n: I18n;
  /** The current user's feature flags: a call picks its path with `flags.isEnabled(key)`. */
  flags: FlagsClient;
}

export interface AsyncActionFlags {
  /** Show the error dialog on failure (spec §4: default true; false for logout failure and token refresh). */
  showError?: boolean;
  /** A timeout failure offers Retry / Dismiss instead of the error dialog. */
  allowRetry?: boolean;
}

/** The failure payload of every async action: serialisable, kept in the error state. */
export interface ActionFailure {
  action: string;
  error: ApiFailure;
  showError: boolean;
  allowRetry: boolean;
  /** The action's argument, so that a retry can dispatch it again. */
  arg: unknown;
}

type ThunkConfig = { state: RootState; dispatch: AppDispatch; extra: ThunkExtra; rejectValue: ActionFailure };
export type AppThunkApi = GetThunkAPI<ThunkConfig>;
export type AppAsyncAction<Returned, Arg> = AsyncThunk<Returned, Arg, ThunkConfig>;

/** Action name → its thunk, so that a queued retry (a plain name and argument) can be dispatched again. */
const registry = new Map<string, AppAsyncAction<unknown, unknown>>();

export function retryableAction(name: string): AppAsyncAction<unknown, unknown> | undefined {
  return registry.get(name);
}

export function toFailure(name: string, error: unknown, flags: AsyncActionFlags, arg: unknown): ActionFailure {
  const plain: ApiFailure = isApiError(error)
    ? error.toJSON()
    : { ErrorCode: 0, ErrorDescription: error instanceof Error ? error.message : String(error), URL: '' };
  const silent = isApiError(error) && error.silent;
  return { action: name, error: plain, showError: (flags.showError ?? true) && !silent, allowRetry: flags.allowRetry ?? false, arg };
}

/**
 * An async action of spec §4: `name/pending` (request), then `name/fulfilled` (success) or
 * `name/rejected` (failure, carrying an ActionFailure with showError and allowRetry).
 */
export function createAsyncAction<Returned, Arg = void>(
  name: string,
  run: (arg: Arg, thunkApi: AppThunkApi) => Promise<Returned>,
  flags: AsyncActionFlags = {},
): AppAsyncAction<Returned, Arg> {
  const thunk = createAsyncThunk<Returned, Arg, ThunkConfig>(name, async (arg, thunkApi) => {
    try {
      return await run(arg, thunkApi);
    } catch (error) {
      return thunkApi.rejectWithValue(toFailure(name, error, flags, arg));
    }
  });
  registry.set(name, thunk as AppAsyncAction<unknown, unknown>);
  return thunk;
}
