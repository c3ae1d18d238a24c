import type { TempUpload, UploadPurpose } from '@lumen/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { loadContractSchemas, type UploadProgressListener } from '../../api';
import type { ThunkExtra } from '../async-action';
import type { RootState } from '../store';

export interface UploadTempFileArg {
  file: File;
  /** What the file is for (spec §3 "File upload: domain, entity, file"), e.g. support / support-request. */
  purpose: UploadPurpose;
  onProgress: UploadProgressListener;
  signal: AbortSignal;
}

/**
 * `POST images /v1/files/temp` (spec §7; 60 s, the client's upload timeout): one file, sent with its
 * progress reported, answered by the temporary upload a request attaches later. A plain thunk, not
 * an async action: its argument (a File, a listener) has no place in the store, and each failure
 * is shown on its own file, never in the error dialog.
 */
export function uploadTempFile({ file, purpose, onProgress, signal }: UploadTempFileArg): ThunkAction<Promise<TempUpload>, RootState, ThunkExtra, UnknownAction> {
  return async (_dispatch, _getState, { api }) => {
    const body = new FormData();
    body.append('file', file, file.name);
    const answer = await api.request<unknown>('images', '/v1/files/temp', { method: 'POST', query: purpose, body, signal, onUploadProgress: onProgress });
    return (await loadContractSchemas()).TempUpload.parse(answer);
  };
}
