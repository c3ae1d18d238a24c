import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, type UploadExtension } from '@lumen/contracts/constants';
import type { UploadErrorReason } from './upload-errors';

/** The extension of a file name, lower-cased ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(extension: string): extension is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** For the file picker's filter: `.pdf`, `.docx`… (dropped files are checked here instead). */
export const ACCEPTED_FILE_TYPES: readonly string[] = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`);

/**
 * What the web can tell before sending (spec §5: the extensions and 10,485,760 bytes; a request
 * takes at most `maxFiles`): a refusal that would only cost the user the wait. The api still
 * decides, content included.
 */
export function checkBeforeUpload(file: Pick<File, 'name' | 'size'>, { attached, maxFiles }: { attached: number; maxFiles: number }): UploadErrorReason | null {
  if (!isAllowedExtension(extensionOf(file.name))) return 'FILE_TYPE_NOT_ALLOWED';
  if (file.size > MAX_UPLOAD_BYTES) return 'FILE_TOO_LARGE';
  if (file.size === 0) return 'FILE_EMPTY';
  if (attached >= maxFiles) return 'TOO_MANY_FILES';
  return null;
}
