import type { UploadPurpose } from '@lumen/contracts';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { newIdempotencyKey } from '../../api';
import { useAppDispatch } from '../store';
import { uploadTempFile } from './upload-calls';
import { checkBeforeUpload } from './upload-checks';
import { uploadErrorReason } from './upload-errors';
import {
  attachedIds,
  countTowardsLimit,
  initialUploadQueueState,
  itemAdded,
  listUploads,
  progressUpdated,
  removed,
  retried,
  uploadFailed,
  uploadQueueSlice,
  uploadSucceeded,
  type ListedUpload,
  type UploadQueueState,
} from './upload-queue';

export interface UploadQueueOptions {
  purpose: UploadPurpose;
  /** How many files the request may attach (the contracts' MAX_REQUEST_FILES for support and budget requests). */
  maxFiles: number;
}

export interface UploadQueue {
  /** Every file the user added, in that order, with its status. */
  uploads: ListedUpload[];
  /** The temporary uploads to send with the request. */
  attachedIds: string[];
  /** Some files are still being sent. */
  isUploading: boolean;
  maxFiles: number;
  add: (files: readonly File[]) => void;
  /** Takes a file away: cancels it while it is sent, drops it from the attached files or the failures. */
  remove: (requestUuid: string) => void;
  /** Sends a failed file again. */
  retry: (requestUuid: string) => void;
}

/**
 * The upload queue of one form (spec §3, §4; issue 11 §1): several files sent at once, each with
 * its real progress; each checked before sending; a failure per file with its reason; remove and
 * retry. The queue lives and dies with the form: its files cannot go into the store (a File is not
 * serialisable), and leaving the form cancels what is still being sent.
 */
export function useUploadQueue({ purpose, maxFiles }: UploadQueueOptions): UploadQueue {
  const dispatch = useAppDispatch();
  const [state, update] = useReducer(uploadQueueSlice.reducer, initialUploadQueueState);
  // What a retry needs again and what a removal cancels, by requestUuid.
  const files = useRef(new Map<string, { file: File; controller: AbortController | null }>());
  // The state as of the last render, for counting against the limit inside callbacks.
  const latest = useRef<UploadQueueState>(state);
  useEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    const entries = files.current;
    return () => {
      for (const entry of entries.values()) entry.controller?.abort();
      entries.clear();
    };
  }, []);

  const send = useCallback(
    (requestUuid: string, file: File) => {
      const entry = files.current.get(requestUuid);
      if (!entry) return;
      const controller = new AbortController();
      entry.controller = controller;
      dispatch(
        uploadTempFile({
          file,
          purpose,
          signal: controller.signal,
          onProgress: ({ loaded, total }) => update(progressUpdated({ requestUuid, loaded, total })),
        }),
      ).then(
        (upload) => {
          entry.controller = null;
          update(uploadSucceeded({ requestUuid, upload }));
        },
        (error: unknown) => {
          entry.controller = null;
          // A removed file was cancelled on purpose: it has already left the list.
          if (!controller.signal.aborted) update(uploadFailed({ requestUuid, error: uploadErrorReason(error) }));
        },
      );
    },
    [dispatch, purpose],
  );

  const add = useCallback(
    (added: readonly File[]) => {
      let counted = countTowardsLimit(latest.current);
      for (const file of added) {
        // A random id of the client's own making (the same generator as its Idempotency-Keys).
        const requestUuid = newIdempotencyKey();
        files.current.set(requestUuid, { file, controller: null });
        update(itemAdded({ requestUuid, name: file.name, size: file.size }));
        const refusal = checkBeforeUpload(file, { attached: counted, maxFiles });
        if (refusal) {
          update(uploadFailed({ requestUuid, error: refusal }));
          continue;
        }
        counted += 1;
        send(requestUuid, file);
      }
    },
    [maxFiles, send],
  );

  const retry = useCallback(
    (requestUuid: string) => {
      const entry = files.current.get(requestUuid);
      if (!entry) return;
      update(retried(requestUuid));
      const refusal = checkBeforeUpload(entry.file, { attached: countTowardsLimit(latest.current), maxFiles });
      if (refusal) update(uploadFailed({ requestUuid, error: refusal }));
      else send(requestUuid, entry.file);
    },
    [maxFiles, send],
  );

  const remove = useCallback((requestUuid: string) => {
    files.current.get(requestUuid)?.controller?.abort();
    files.current.delete(requestUuid);
    update(removed(requestUuid));
  }, []);

  return useMemo(
    () => ({
      uploads: listUploads(state),
      attachedIds: attachedIds(state),
      isUploading: state.queue.length > 0,
      maxFiles,
      add,
      remove,
      retry,
    }),
    [state, maxFiles, add, remove, retry],
  );
}
