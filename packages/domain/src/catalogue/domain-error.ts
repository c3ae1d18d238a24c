/**
 * The error type of the catalogue rules (references, attributes, pricing, budgets, lead time, units,
 * codes, routing, documents). `message` is the exact text of the spec; `code` is the stable machine
 * code the api maps to HTTP and the web reacts to (never parse the text).
 */
export const DOMAIN_ERROR_CODES = [
  'INVALID_REFERENCE',
  'REFERENCE_PART_UNREADABLE',
  'UNKNOWN_CATALOG_VALUE',
  'NOT_A_PENDANT_HEIGHT_VARIATION',
  'WRONG_UNIT',
  'INVALID_INPUT',
  'INVALID_AMOUNT',
  'NO_DRAWING_CONFIGURATOR',
  'NO_NODRAWING_CONFIGURATOR',
  'NO_CONFIGURATOR',
  'COUNTER_OUT_OF_RANGE',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
