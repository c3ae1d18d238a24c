import type { Download, DocumentRequestItem, DownloadList, Project } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

/*
 * The downloads' calls (apps/api README "Documents"). Starting a download goes over the socket
 * (use-download.ts); these read the project to choose from, list the session's downloads and cancel.
 */

/** GET projects /v1/projects/{id}: the project's lines to choose documents for (the api checks the scope). */
export const loadDownloadProject = createAsyncAction<Project, { projectId: number }>(
  'downloadProject',
  ({ projectId }, { extra }) => extra.api.get<Project>('projects', `/v1/projects/${projectId}`, { parseProducts: true }),
  { showError: false },
);

/** GET documents /v1/downloads: the caller's downloads, newest first. */
export const loadDownloads = createAsyncAction<DownloadList, void>('downloadsList', (_arg, { extra }) => extra.api.get<DownloadList>('documents', '/v1/downloads'), { showError: false });

/** DELETE documents /v1/downloads/{id}: cancel (the socket's cancel does the same while connected). */
export const cancelDownloadCall = createAsyncAction<Download, { id: string }>('cancelDownload', ({ id }, { extra }) => extra.api.delete<Download>('documents', `/v1/downloads/${id}`));

/**
 * POST documents /docs-web/global-generate?catalogId&lang (the multi-download flag, spec §7): a zip of
 * the bare list of {type, subType, params}; the socket follows the download it answers (resume).
 */
export const startGlobalGenerate = createAsyncAction<Download, { docs: DocumentRequestItem[]; catalogId: number; lang: string }>(
  'globalGenerate',
  ({ docs, catalogId, lang }, { extra }) => extra.api.post<Download>('documents', '/docs-web/global-generate', docs, { catalogId, lang }),
  { showError: false },
);
