/**
 * The one error type of packages/domain: catalogue rules (references, attributes, pricing, budgets,
 * lead time, units, codes, routing, documents) and the configuration engine (element tree, space,
 * rules, drivers, bill of materials). `message` is the exact text of the spec; `code` is the stable machine
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
  // element tree, space, rules, drivers, bill of materials
  'CLUSTERS_WITH_DIFFERENT_PARENTS',
  'ELEMENT_NOT_FOUND',
  'NO_BASE_ARTICLE',
  'INVALID_ATTRIBUTE_VALUES',
  'NO_LIGHT_OPTIONS',
  'INVALID_METHOD_FOR_ELEMENT',
  'BASE_CANNOT_BE_INSTANCED',
  'LIGHT_NOT_IN_COLLECTION',
  'UNDEFINED_ARTICLE_COLLECTION',
  'NO_ELEMENT_TO_MOVE',
  'CLUSTER_ALLOWS_ONE_LIGHT',
  'RULE_FAILED',
  'NO_ARTICLE_FOR_MODEL',
  'NO_ARTICLES_IN_SPACE',
  'NO_FAMILY_DATA',
  'INCORRECT_DOMAIN_JSON',
  'UNSUPPORTED_SCHEMA_VERSION',
  'REQUIRED_DOMAIN_DATA_MISSING',
  'INVALID_LIGHT_COUNT',
  'INVALID_TREE_OPERATION',
  'INVALID_RULE_BOOK',
  // saved spaces rebuilt from outside (issue 15)
  'TOO_MANY_ELEMENTS',
  'LIGHT_WITHOUT_CLUSTER',
  'INSTALLATION_REFUSED',
  'PENDANT_HEIGHT_OUT_OF_ROOM',
  /** A piece overlaps another or leaves the room (a failure of a rebuilt space; the api's 400 when a project is asked to store it). */
  'COLLIDES',
  /** A drawing (sticks, plusminus; issue 16) breaks a rule of its family: the first problem's message. */
  'DRAWING_INVALID',
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
