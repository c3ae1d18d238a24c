// The contracts' plain values, free of zod: the web's first load imports them from
// '@lumen/contracts/constants' so that the schema library loads only where a schema is used
// (apps/web/README.md, "A light first load"). The schema files re-export them; define them here once.

/** Interface languages (spec §1). `us` is American English, locale en-US. Default en. */
export const LANGS = ['en', 'us', 'fr', 'de', 'it', 'es'] as const;
export type LangCode = (typeof LANGS)[number];
export const DEFAULT_LANG: LangCode = 'en';

/** Whether a value is one of the interface languages (the same answer as `Lang.safeParse`). */
export function isLang(value: unknown): value is LangCode {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** BCP 47 locale of each interface language, for Intl formatting. */
export const LOCALE_OF: Readonly<Record<LangCode, string>> = {
  en: 'en-GB',
  us: 'en-US',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  es: 'es-ES',
};

/** Translation domains served by masters keys/domains (spec §7). Keys are flat, dotted strings. */
export const TRANSLATION_DOMAINS = ['fr-eproject', 'fr-widgets', 'common-front'] as const;

/** The services of the api (DESIGN.md): each one lives at `/api/<service>`. */
export const SERVICE_NAMES = ['products', 'masters', 'orders', 'projects', 'support', 'images', 'sr-erp', 'apiv2', 'users', 'documents'] as const;

/**
 * The flag keys the platform knows today. The table may hold more (later issues add theirs, the remote
 * service may answer others), so wire shapes take any `FlagKeyParam`; this list types the callers.
 */
export const FLAG_KEYS = [
  'upsertVersionD365',
  'unifiedCodeVersion',
  'preconfigListWithCache',
  'accessoryPriceInOrderView',
  'getArticlesByReferenceV2',
  'editLanguagesFromApiHub',
  'projectRequestBudgetV2',
  'sendOfferWithDownloadBudget',
  'validateComposingPendantsProduct',
  'composeUrlPreview',
  'showQualifiedUserDataFromDynamics',
  'hideCloneProjectButton',
  'changePricesCalculation',
  'filterControlM',
  'filterControlMforCP',
  'RemoteDriverCP',
  'variationCatalog',
  'disableOrderSendingQA',
  'impersonationWithoutLogout',
  'preventCompanyPrivilegeUpdates',
] as const;

/** `Idempotency-Key` on the POST calls that create (idempotency.ts). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats the first answer of its key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** File extensions an upload may have (spec §5), lower case, without the dot. */
export const UPLOAD_EXTENSIONS = ['doc', 'docx', 'gif', 'jpg', 'jpeg', 'mpg', 'mpeg', 'avi', 'pdf', 'ppt', 'pptx', 'tif', 'tiff', 'txt', 'xls', 'xlsx'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];
/** The largest file an upload may carry (spec §5, §9): 10 MiB. */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** How long an uploaded file waits to be attached to a request before it is removed. */
export const TEMP_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Text areas (spec §5): letters (ASCII and Latin-1 À–ÿ), digits, whitespace and line breaks, - _ ' & ( ) +
 * and the punctuation . , : ; ! ? ¡ ¿ " / % € $ @ # * = [ ] º ª. Angle brackets, braces, backslash,
 * backtick, pipe, tilde and caret stay out (nothing that reads as markup or code).
 */
export const TEXTAREA_PATTERN = /^[A-Za-z0-9 \t\r\n\-_'&()+\u00C0-\u00FF.,:;!?¡¿"/%€$@#*=[\]ºª]*$/;
