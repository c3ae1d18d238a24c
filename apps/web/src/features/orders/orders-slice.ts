import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { ProcessOrderResult } from '@lumen/contracts';
import { isSessionEnded } from '../../shared/session';
import { rootReducer } from '../../shared/store';
import { processOrder } from './orders-calls';

/**
 * Processing an order (spec §4): request, then completed (processOrderSuccess true) or failed — a
 * resolved answer with processOrderSuccess false (403, or NO_CLIENT_CODE as status 200) counts as
 * failed too ("both still reject afterwards"). Reset-completed and reset-error go back to idle.
 */
export interface OrdersState {
  process: {
    status: 'idle' | 'pending' | 'completed' | 'failed';
    result: ProcessOrderResult | null;
    /** The HTTP status of a refusal that was not resolved (400 fields, 409 …). */
    errorStatus: number | null;
  };
}

const initialState: OrdersState = { process: { status: 'idle', result: null, errorStatus: null } };

export const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    resetCompleted(state) {
      if (state.process.status === 'completed') state.process = initialState.process;
    },
    resetError(state) {
      if (state.process.status === 'failed') state.process = initialState.process;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(processOrder.pending, (state) => {
      state.process = { status: 'pending', result: null, errorStatus: null };
    });
    builder.addCase(processOrder.fulfilled, (state, action) => {
      state.process = { status: action.payload.processOrderSuccess ? 'completed' : 'failed', result: action.payload, errorStatus: null };
    });
    builder.addCase(processOrder.rejected, (state, action) => {
      state.process = { status: 'failed', result: null, errorStatus: action.payload?.error.ErrorCode ?? 0 };
    });
    builder.addMatcher(isSessionEnded, () => initialState);
  },
});

export const { resetCompleted, resetError } = ordersSlice.actions;

declare module '../../shared/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the store learns the slice's type
  export interface LazyLoadedSlices extends WithSlice<typeof ordersSlice> {}
}
export const selectOrders = ordersSlice.injectInto(rootReducer).selectSlice;
