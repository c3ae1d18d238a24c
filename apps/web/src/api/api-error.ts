import type { FieldError } from '@lumen/contracts';

/** `code` of a call that did not answer in time (spec §8: ETIMEDOUT on retryable actions offers a retry). */
export const TIMEOUT_CODE = 'ETIMEDOUT';
/** `code` of a call that never reached the server (offline, DNS, refused connection). */
export const NETWORK_CODE = 'ENETWORK';
/** `code` of a call cancelled by its caller. */
export const ABORTED_CODE = 'EABORTED';

/** The plain, serialisable shape of a failed call (spec §8), safe to keep in the store. */
export interface ApiFailure {
  /** The HTTP status; 0 when there was no answer (timeout, network). */
  ErrorCode: number;
  /** The api's description, else the status text. */
  ErrorDescription: string;
  URL: string;
  /** The api's machine code (e.g. INVALID_CREDENTIALS), or TIMEOUT_CODE / NETWORK_CODE / ABORTED_CODE. */
  code?: string;
  fields?: FieldError[];
}

/** The one error type the HTTP client rejects with. */
export class ApiError extends Error implements ApiFailure {
  readonly ErrorCode: number;
  readonly ErrorDescription: string;
  readonly URL: string;
  readonly code?: string;
  readonly fields?: FieldError[];
  /**
   * Already handled by the client (forced logout to `/`, redirect to the forbidden page): the
   * caller should not show an error dialog for it.
   */
  silent: boolean;

  constructor(failure: ApiFailure, silent = false) {
    super(failure.ErrorDescription || `HTTP ${failure.ErrorCode}`);
    this.name = 'ApiError';
    this.ErrorCode = failure.ErrorCode;
    this.ErrorDescription = failure.ErrorDescription;
    this.URL = failure.URL;
    if (failure.code !== undefined) this.code = failure.code;
    if (failure.fields !== undefined) this.fields = failure.fields;
    this.silent = silent;
  }

  toJSON(): ApiFailure {
    const plain: ApiFailure = { ErrorCode: this.ErrorCode, ErrorDescription: this.ErrorDescription, URL: this.URL };
    if (this.code !== undefined) plain.code = this.code;
    if (this.fields !== undefined) plain.fields = this.fields;
    return plain;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isTimeout(failure: Pick<ApiFailure, 'code'> | undefined): boolean {
  return failure?.code === TIMEOUT_CODE;
}
