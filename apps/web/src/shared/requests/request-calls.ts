import { createAsyncAction } from '../async-action';
import { saveFile } from '../save-file';

/**
 * `GET support /v1/requests/{id}/files/{fileId}`: a file a request attached, for its requester or the
 * desk. Fetched by the HTTP client (an expired session is refreshed first, as for every call) and
 * handed to the browser to save under its name; a failure opens the error dialog.
 */
export const downloadRequestFile = createAsyncAction<void, { requestId: number; fileId: string; name: string }>('requestFileDownload', async ({ requestId, fileId, name }, { extra }) => {
  const file = await extra.api.request<Blob>('support', `/v1/requests/${requestId}/files/${fileId}`, { responseType: 'blob' });
  saveFile(file, name);
});
