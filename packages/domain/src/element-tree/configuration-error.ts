/**
 * The one error type of the configuration engine (element tree, space, rules, drivers, bill of
 * materials). `message` is the exact text of spec configuration-domain §8; `code` is the stable
 * machine code the api maps to HTTP and the web reacts to (never parse the text).
 */
export const CONFIGURATION_ERROR_CODES = [
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
] as const;

export type ConfigurationErrorCode = (typeof CONFIGURATION_ERROR_CODES)[number];

export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
  readonly code: ConfigurationErrorCode;

  constructor(code: ConfigurationErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isConfigurationError(error: unknown): error is ConfigurationError {
  return error instanceof ConfigurationError;
}
