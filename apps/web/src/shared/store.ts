import type { Account, Lang } from '@lumen/contracts';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { analyticsMiddleware } from './analytics';
import type { ThunkExtra } from './async-action';
import { errorSlice } from './error-state';
import { preferencesSlice } from './preferences';
import { sessionSlice } from './session';
import { uiSlice } from './ui-state';

/**
 * The slices that features add when they load: a feature declares its slice here by declaration
 * merging and injects it (`slice.injectInto(rootReducer)`), so that this file imports no feature.
 *
 * ```ts
 * declare module '../../shared/store' {
 *   export interface LazyLoadedSlices extends WithSlice<typeof projectsSlice> {}
 * }
 * export const selectProjects = projectsSlice.injectInto(rootReducer).selectSlice;
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declaration merging
export interface LazyLoadedSlices {}

/** The slices every screen needs; feature slices are injected into this reducer when their feature loads. */
export const rootReducer = combineSlices(sessionSlice, preferencesSlice, errorSlice, uiSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(extra: ThunkExtra, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(analyticsMiddleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * What a screen's first load gets at start (app/routes.tsx, RouteHandle.ready; features' ready…Page):
 * the store to fill, the session's account, the language, the route's parameters and the user's
 * flags (settled once `flags.settled()` resolves).
 */
export interface StartLoadContext {
  dispatch: AppDispatch;
  account: Account;
  lang: Lang;
  params: Readonly<Record<string, string | undefined>>;
  flags: ThunkExtra['flags'];
}

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
