import { isApiError, NETWORK_CODE, TIMEOUT_CODE } from '../../api';

/**
 * Why a file did not make it into the list of attached files: the api's refusals (apps/api README,
 * "Files (uploads)"), the checks made before sending, and a call that got no useful answer.
 */
export const UPLOAD_ERROR_REASONS = [
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_CONTENT_MISMATCH',
  'FILE_TOO_LARGE',
  'FILE_EMPTY',
  'TOO_MANY_FILES',
  'RATE_LIMITED',
  'TIMEOUT',
  'NETWORK',
  'FAILED',
] as const;
export type UploadErrorReason = (typeof UPLOAD_ERROR_REASONS)[number];

/** The same file sent again is refused the same way: no retry is offered for these. */
const FINAL_REASONS: ReadonlySet<UploadErrorReason> = new Set(['FILE_TYPE_NOT_ALLOWED', 'FILE_CONTENT_MISMATCH', 'FILE_TOO_LARGE', 'FILE_EMPTY']);

export function isRetryable(reason: UploadErrorReason): boolean {
  return !FINAL_REASONS.has(reason);
}

/** The translation key of a reason (one message per reason, in the user's language). */
export function uploadErrorKey(reason: UploadErrorReason): string {
  return `upload.error.${reason}`;
}

/** What an upload call's failure means for the user. */
export function uploadErrorReason(error: unknown): UploadErrorReason {
  if (!isApiError(error)) return 'FAILED';
  switch (error.code) {
    case 'FILE_TYPE_NOT_ALLOWED':
    case 'FILE_CONTENT_MISMATCH':
    case 'FILE_TOO_LARGE':
    case 'FILE_EMPTY':
    case 'RATE_LIMITED':
      return error.code;
    case 'PAYLOAD_TOO_LARGE':
      return 'FILE_TOO_LARGE';
    case TIMEOUT_CODE:
      return 'TIMEOUT';
    case NETWORK_CODE:
      return 'NETWORK';
  }
  if (error.ErrorCode === 413) return 'FILE_TOO_LARGE';
  if (error.ErrorCode === 429) return 'RATE_LIMITED';
  return 'FAILED';
}
