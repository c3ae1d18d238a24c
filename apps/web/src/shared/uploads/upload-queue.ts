import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TempUpload } from '@lumen/contracts';
import type { UploadErrorReason } from './upload-errors';

/**
 * An upload queue item (spec §3: requestUuid, progress, id, loaded, error), plus what the list
 * shows: the file's name and size, and its place in the order the user added files.
 */
export interface UploadQueueItem {
  /** Made by the web for this file; stays the same through retries. */
  requestUuid: string;
  /** Position in the order files were added, so the list does not reshuffle as items move. */
  order: number;
  name: string;
  size: number;
  /** Percentage of the request body sent, 0 to 100. */
  progress: number;
  /** Bytes of the request body sent. */
  loaded: number;
  /** The temporary upload's id, once the api took the file. */
  id: string | null;
  error: UploadErrorReason | null;
}

/**
 * Spec §4 "Upload queue: item added, progress updated, removed on success or failure", with the
 * spec §3 "processed list of successes and failures": the queue holds the files being sent; an
 * item leaves it for `successes` (with its id: the files the form will send) or `failures` (with
 * its reason: shown until the user retries or removes it).
 */
export interface UploadQueueState {
  queue: UploadQueueItem[];
  processed: { successes: UploadQueueItem[]; failures: UploadQueueItem[] };
  nextOrder: number;
}

export const initialUploadQueueState: UploadQueueState = { queue: [], processed: { successes: [], failures: [] }, nextOrder: 0 };

function take(list: UploadQueueItem[], requestUuid: string): UploadQueueItem | undefined {
  const index = list.findIndex((item) => item.requestUuid === requestUuid);
  return index < 0 ? undefined : list.splice(index, 1)[0];
}

/** The queue's transitions. Each form owns its queue (useUploadQueue runs this reducer with useReducer). */
export const uploadQueueSlice = createSlice({
  name: 'uploadQueue',
  initialState: initialUploadQueueState,
  reducers: {
    itemAdded(state, action: PayloadAction<{ requestUuid: string; name: string; size: number }>) {
      state.queue.push({ ...action.payload, order: state.nextOrder, progress: 0, loaded: 0, id: null, error: null });
      state.nextOrder += 1;
    },
    progressUpdated(state, action: PayloadAction<{ requestUuid: string; loaded: number; total: number }>) {
      const item = state.queue.find((candidate) => candidate.requestUuid === action.payload.requestUuid);
      if (!item) return;
      const { loaded, total } = action.payload;
      item.loaded = loaded;
      item.progress = total > 0 ? Math.min(100, Math.max(0, Math.floor((loaded / total) * 100))) : 0;
    },
    uploadSucceeded(state, action: PayloadAction<{ requestUuid: string; upload: Pick<TempUpload, 'id' | 'name' | 'size'> }>) {
      const item = take(state.queue, action.payload.requestUuid);
      if (!item) return;
      const { id, name, size } = action.payload.upload;
      state.processed.successes.push({ ...item, id, name, size, progress: 100, loaded: item.loaded, error: null });
    },
    uploadFailed(state, action: PayloadAction<{ requestUuid: string; error: UploadErrorReason }>) {
      const item = take(state.queue, action.payload.requestUuid);
      if (!item) return;
      state.processed.failures.push({ ...item, error: action.payload.error });
    },
    /** A failed file goes back into the queue, from the start. */
    retried(state, action: PayloadAction<string>) {
      const item = take(state.processed.failures, action.payload);
      if (!item) return;
      state.queue.push({ ...item, progress: 0, loaded: 0, error: null });
    },
    /** The user took the file away, wherever it was (a file being sent is cancelled by the hook). */
    removed(state, action: PayloadAction<string>) {
      take(state.queue, action.payload);
      take(state.processed.successes, action.payload);
      take(state.processed.failures, action.payload);
    },
  },
});

export const { itemAdded, progressUpdated, uploadSucceeded, uploadFailed, retried, removed } = uploadQueueSlice.actions;

export type UploadStatus = 'uploading' | 'attached' | 'failed';
export type ListedUpload = UploadQueueItem & { status: UploadStatus };

/** Every file of the queue and its processed lists, in the order they were added. */
export function listUploads(state: UploadQueueState): ListedUpload[] {
  return [
    ...state.queue.map((item) => ({ ...item, status: 'uploading' as const })),
    ...state.processed.successes.map((item) => ({ ...item, status: 'attached' as const })),
    ...state.processed.failures.map((item) => ({ ...item, status: 'failed' as const })),
  ].sort((a, b) => a.order - b.order);
}

/** The temporary uploads' ids, for the request that attaches them. */
export function attachedIds(state: UploadQueueState): string[] {
  return state.processed.successes.flatMap((item) => (item.id === null ? [] : [item.id]));
}

/** Files that count against a request's limit: being sent, or attached. */
export function countTowardsLimit(state: UploadQueueState): number {
  return state.queue.length + state.processed.successes.length;
}
