import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkExtra } from './async-action';
import { errorSlice } from './error-state';
import { preferencesSlice } from './preferences';
import { projectTargetSlice } from './project-target';
import { projectsSlice } from '../features/projects';
import { sessionSlice } from './session';
import { uiSlice } from './ui-state';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  preferences: preferencesSlice.reducer,
  error: errorSlice.reducer,
  ui: uiSlice.reducer,
  projectTarget: projectTargetSlice.reducer,
  projects: projectsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(extra: ThunkExtra, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
