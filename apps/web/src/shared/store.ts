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

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
