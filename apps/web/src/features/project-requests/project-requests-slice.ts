import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { isSessionEnded } from '../../shared/session';
import { rootReducer } from '../../shared/store';
import { loadRegistration, registerProject } from './project-requests-calls';

/**
 * Spec §4: "a project registration has a completed flag that can be reset". Per project: true once
 * it is registered (sent now, or found at the api), false when it has none or the user chose to
 * register it again; unknown (absent) until asked.
 */
export interface ProjectRequestsState {
  registrationCompleted: Record<number, boolean>;
}

const initialState: ProjectRequestsState = { registrationCompleted: {} };

export const projectRequestsSlice = createSlice({
  name: 'projectRequests',
  initialState,
  reducers: {
    /** "Register again": the form opens over the completed registration. */
    registrationReset(state, action: PayloadAction<number>) {
      state.registrationCompleted[action.payload] = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(registerProject.fulfilled, (state, action) => {
      state.registrationCompleted[action.meta.arg.project] = true;
    });
    // Opening the page asks the api again: a reset lasts until the user leaves the form.
    builder.addCase(loadRegistration.fulfilled, (state, action) => {
      state.registrationCompleted[action.meta.arg.projectId] = action.payload !== null;
    });
    builder.addMatcher(isSessionEnded, () => initialState);
  },
});

export const { registrationReset } = projectRequestsSlice.actions;

declare module '../../shared/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the store learns the slice's type
  export interface LazyLoadedSlices extends WithSlice<typeof projectRequestsSlice> {}
}
/** The slice joins the store when this module loads. */
export const selectProjectRequests = projectRequestsSlice.injectInto(rootReducer).selectSlice;
