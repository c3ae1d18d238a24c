import type { CreationExportFormat, CreationShareCreated, JsonObject, Lang, ShareCreationBody, SharedCreation } from '@lumen/contracts';
import { CREATION_EXPORT_FORMATS } from '@lumen/contracts/constants';
import { createAsyncAction } from '../../shared/async-action';
import { saveFile } from '../../shared/save-file';

/**
 * The shared view and the exports of a drawing (issue 16 §4–§6): the api's calls, as the screens of
 * drawing-share*, drawing-export* and drawing-frame* make them. Every screen shows its own failures in
 * place (showError false).
 *
 * - POST products /v1/creations/shared {space, subFamilyId} → 201 {hash, path} (visitors too; Idempotency-Key by the client)
 * - GET  products /v1/creations/shared/{hash} → the snapshot and its evaluation for the viewer (prices only with price.view)
 * - GET  products /v1/creations/shared/{hash}/export/{format}
 * - GET  projects /v1/projects/{projectId}/products/{productId}/export/{format}
 * - POST products /v1/creations/export/{format} {space, subFamilyId} (the unsaved configurator)
 */

/** The files a drawing exports to: its 3D model (glTF binary, OBJ, STL) and its plan (DXF, SVG). */
export const EXPORT_FORMATS = CREATION_EXPORT_FORMATS;
export type ExportFormat = CreationExportFormat;
export const isExportFormat = (value: unknown): value is ExportFormat => typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);

/** A snapshot id as the api makes them: 16 random bytes in base64url (22 characters). */
export const isShareHash = (value: string | undefined | null): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value);

/** What an export is made from. */
export type ExportSource =
  | { kind: 'shared'; hash: string }
  | { kind: 'line'; projectId: number; productId: string }
  | { kind: 'space'; space: JsonObject; subFamilyId: number };

/** The api's address of an export (a GET source's; an unsaved space's is a POST). */
export function exportPath(source: ExportSource, format: ExportFormat): { service: 'products' | 'projects'; path: string } {
  if (source.kind === 'shared') return { service: 'products', path: `/v1/creations/shared/${encodeURIComponent(source.hash)}/export/${format}` };
  if (source.kind === 'line') return { service: 'projects', path: `/v1/projects/${source.projectId}/products/${encodeURIComponent(source.productId)}/export/${format}` };
  return { service: 'products', path: `/v1/creations/export/${format}` };
}

/** The name a downloaded export is saved under: `{name}.{format}`, the name kept to safe characters. */
export function exportFileName(name: string, format: ExportFormat): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${safe || 'drawing'}.${format}`;
}

export const shareCreation = createAsyncAction<CreationShareCreated, ShareCreationBody>(
  'shareCreation',
  (body, { extra }) => extra.api.post<CreationShareCreated>('products', '/v1/creations/shared', body),
  { showError: false },
);

export const loadSharedCreation = createAsyncAction<SharedCreation, { hash: string; lang: Lang }>(
  'sharedCreation',
  ({ hash, lang }, { extra }) => extra.api.get<SharedCreation>('products', `/v1/creations/shared/${encodeURIComponent(hash)}`, { lang }),
  { showError: false },
);

/** Downloads an export through the HTTP client (an expired session is refreshed first) and saves it as `fileName`. */
export const downloadExport = createAsyncAction<void, { source: ExportSource; format: ExportFormat; lang: Lang; fileName: string }>(
  'drawingExport',
  async ({ source, format, lang, fileName }, { extra }) => {
    const { service, path } = exportPath(source, format);
    const options = { query: { lang }, responseType: 'blob' as const, timeoutMs: 60_000 };
    const file =
      source.kind === 'space'
        ? await extra.api.request<Blob>(service, path, { ...options, method: 'POST', body: { space: source.space, subFamilyId: source.subFamilyId } })
        : await extra.api.request<Blob>(service, path, options);
    saveFile(file, fileName);
  },
  { showError: false },
);
