import { z } from 'zod';
import { UPLOAD_EXTENSIONS } from './constants';

export { MAX_UPLOAD_BYTES, TEMP_UPLOAD_TTL_MS, UPLOAD_EXTENSIONS, type UploadExtension } from './constants';

/**
 * What an upload is for (spec §3 "File upload: domain, entity, file"): the service that will take it
 * (`support`, …) and the kind of record it will be attached to (`support-request`, `project-budget`, …).
 * The consumer checks both when it attaches the file, so a file uploaded for one purpose cannot be
 * slipped into another.
 */
const UploadToken = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'formError.uploadPurpose');

/** `POST /api/images/v1/files/temp` query parameters (the multipart form may carry them as fields instead). */
export const UploadPurpose = z.object({ domain: UploadToken, entity: UploadToken });
export type UploadPurpose = z.infer<typeof UploadPurpose>;

/** A temporary upload as the api answers it: the id a request attaches, and what was stored. */
export const TempUpload = z.object({
  id: z.uuid(),
  /** The file name as sent, made safe (no path, no control characters, at most 120 characters). */
  name: z.string(),
  extension: z.enum(UPLOAD_EXTENSIONS),
  /** The media type read from the content (magic bytes), not the one the browser claimed. */
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** Removed at this time unless a request attaches it first. */
  expiresAt: z.iso.datetime(),
});
export type TempUpload = z.infer<typeof TempUpload>;
