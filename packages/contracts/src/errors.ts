import { z } from 'zod';

/**
 * Machine codes of the one error type (DESIGN.md). The HTTP status is fixed per code so that the
 * api maps errors in one place and the web can react to `code` without parsing text.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  INVALID_RESET_TOKEN: 400,
  /** A company invitation link that is unknown, altered, expired or used already. */
  INVALID_INVITATION: 400,
  /** The current password given to change it is wrong (400, not 401: the session is fine). */
  WRONG_PASSWORD: 400,
  NO_CLIENT_CODE: 400,
  /** An upload without a file, or with an empty one. */
  FILE_EMPTY: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_QUALIFIED: 403,
  /** A staff member may not act as this user (not a customer of a company they serve). */
  ACTING_NOT_ALLOWED: 403,
  /** What an acted session may not do: act again, change the user's password, the backoffice. */
  ACTED_SESSION_REFUSED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  /** Stop acting, from a session that acts for no one. */
  NOT_ACTING: 409,
  /** A request with the same Idempotency-Key is still being answered. */
  IDEMPOTENCY_KEY_IN_FLIGHT: 409,
  /** A quote the client already accepted or declined: the first answer stands. */
  QUOTE_ANSWERED: 409,
  /** A public quote link past the quote's validation date. */
  QUOTE_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  /** An upload over MAX_UPLOAD_BYTES (refused before the rest of it is read). */
  FILE_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An upload whose extension is not one of UPLOAD_EXTENSIONS. */
  FILE_TYPE_NOT_ALLOWED: 415,
  /** An upload whose content is not what its extension says (a renamed executable, a lying file). */
  FILE_CONTENT_MISMATCH: 415,
  /** The Idempotency-Key was used before for another request (another body, method or path). */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCodeName = keyof typeof ERROR_STATUS;

export const FieldError = z.object({
  /** Dotted path of the field at fault, e.g. `body.email`. */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

/** Every error answer of the api: ErrorCode = HTTP status, `code` = machine code. */
export const ErrorBody = z.object({
  ErrorCode: z.number().int(),
  ErrorDescription: z.string(),
  code: z.string(),
  fields: z.array(FieldError).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An error answer as a client reads it: what it holds of ErrorBody, whatever else is missing (a proxy's 502, say). */
export const PartialErrorBody = ErrorBody.partial();
