import { ERROR_STATUS, type ErrorCodeName, type FieldError } from '@lumen/contracts';
import type { DomainErrorCode, DrawingProblemCode } from '@lumen/domain';

/** An api machine code, or a packages/domain rule code (the caller's input broke a domain rule; a drawing's problem, issue 16). */
export type AppErrorCode = ErrorCodeName | DomainErrorCode | DrawingProblemCode;

function statusOf(code: AppErrorCode): number {
  return code in ERROR_STATUS ? ERROR_STATUS[code as ErrorCodeName] : 400;
}

/**
 * The one coded error type (DESIGN.md). Services and repositories throw it; http/error-handler.ts
 * turns it into `{ ErrorCode, ErrorDescription, code, fields? }` with the status fixed by the code.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string = defaultMessage(code),
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusOf(code);
  }
}

/** 429 RATE_LIMITED with the whole seconds to wait, which every 429 answer carries as `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super('RATE_LIMITED', message);
    this.name = 'RateLimitedError';
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

const MESSAGES: Partial<Record<ErrorCodeName, string>> = {
  VALIDATION_FAILED: 'The request is not valid',
  MALFORMED_JSON: 'The request body is not valid JSON',
  UNAUTHENTICATED: 'Not logged in',
  INVALID_CREDENTIALS: 'Wrong e-mail or password',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  URI_TOO_LONG: 'The address is too long',
  RATE_LIMITED: 'Too many attempts, try again later',
  IDEMPOTENCY_KEY_IN_FLIGHT: 'A request with this Idempotency-Key is still being answered; retry in a moment',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for another request',
  INTERNAL: 'Something wrong happened',
  UNAVAILABLE: 'Service unavailable',
};

export function defaultMessage(code: AppErrorCode): string {
  return MESSAGES[code as ErrorCodeName] ?? code.toLowerCase().replaceAll('_', ' ');
}
