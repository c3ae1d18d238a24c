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
  'compositor',
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
  'multiDownload',
  'projectListV3',
  'projectListWithoutCrm',
  'projectListFromApiv2',
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

// projects
/** Project status codes (spec §3): 0 DELETED, 1 EDITION, 2 ORDER. */
export const PROJECT_STATUS = { DELETED: 0, EDITION: 1, ORDER: 2 } as const;
export type ProjectStatusCode = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];
/** The actions a status offers (spec §4): DELETED none, EDITION rename and delete, ORDER none. */
export const PROJECT_STATUS_ACTIONS: Readonly<Record<ProjectStatusCode, readonly ('editName' | 'delete')[]>> = {
  0: [],
  1: ['editName', 'delete'],
  2: [],
};
export const PROJECT_SORTS = ['UPDATED_RECENT', 'UPDATED_OLDER', 'NAME_ASC', 'NAME_DESC'] as const;
/**
 * Where a project in the list comes from, relative to the caller (the list's projectType /
 * projectUserRole filter). OWN: created by the caller; COMPANY: by another user of the caller's
 * company; IMPORTER: owned by an importer; THIRDPARTY: imported by the caller from a third party's
 * project; ASSIGNED: assigned to the caller (or to a company the caller is assigned to).
 * ALL (the default) is every project the caller may see.
 */
export const PROJECT_ORIGINS = ['OWN', 'COMPANY', 'IMPORTER', 'THIRDPARTY', 'ASSIGNED'] as const;
export const PRODUCT_TYPES = ['REGULAR', 'CREATION'] as const;
/** The v3 list answers at most this many items whatever the caller asks (spec §9). */
export const PROJECT_LIST_V3_LIMIT = 5;
/** The page sizes the web's list offers (issue 10 §8); the v1/apiv2 list takes any size up to 100. */
export const PROJECT_LIST_PAGE_SIZES = [10, 25, 50] as const;
export type ProjectListPageSize = (typeof PROJECT_LIST_PAGE_SIZES)[number];
/** The longest search the list takes (characters); longer is a 400 on querystring.search. */
export const PROJECT_SEARCH_MAX_LENGTH = 100;
/** After duplicate or version the web reloads this many items (spec §9). */
export const PROJECT_LIST_RELOAD_ITEMS = 4;
/** Most products one add call may carry, and most products one project may hold. */
export const MAX_PRODUCTS_PER_CALL = 200;
export const MAX_PRODUCTS_PER_PROJECT = 1000;
export const MAX_PRODUCT_QUANTITY = 100_000;

// orders
/** The internal order number: the customer's own purchase-order reference. */
export const INTERNAL_ORDER_NUMBER_MAX = 35;
export const INVOICE_SORTS = ['ISSUE_DATE_DESC', 'ISSUE_DATE_ASC', 'DUE_DATE_ASC', 'DUE_DATE_DESC', 'TOTAL_DESC', 'TOTAL_ASC'] as const;

// support
/** Files a request may attach. */
export const MAX_REQUEST_FILES = 10;
export const SUPPORT_REQUEST_STATUSES = ['received', 'in_progress', 'answered', 'closed'] as const;
export const REQUEST_KINDS = ['support', 'project-budget', 'project-budget-usa', 'project-registration-usa'] as const;
/** How far a United States project is (a manufacturer's representative protects it from the bid on). */
export const PROJECT_STAGES = ['design', 'bidding', 'awarded', 'construction'] as const;

// masters
/** The environments a flag table has (FLAGS_ENV chooses one). */
export const FEATURE_ENVIRONMENTS = ['DEV', 'NEWPRO', 'PRO'] as const;

// audit
/** What the trail is about. */
export const AUDIT_ENTITIES = ['project', 'project_line', 'project_version', 'quote', 'order', 'user', 'privileges', 'flag', 'catalogue_draft', 'catalogue', 'company', 'studio_image'] as const;

// product administration (issue 31)
/** The kinds of entity a catalogue's draft holds, and the path segment of each one's save (draft/{segment}). */
export const DRAFT_KINDS = ['price', 'article', 'terms', 'finish', 'modelName', 'rule', 'preconfig', 'image'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
export const DRAFT_PATHS: Readonly<Record<DraftKind, string>> = { price: 'prices', article: 'articles', terms: 'article-terms', finish: 'finishes', modelName: 'model-names', rule: 'rules', preconfig: 'preconfigs', image: 'images' };

// creations
/** The files a drawn product exports: its 3D model (glTF binary, OBJ, STL) and its plan (DXF, SVG). */
export const CREATION_EXPORT_FORMATS = ['glb', 'obj', 'stl', 'dxf', 'svg'] as const;

// documents
/** The socket.io path of document downloads (spec §7; the runtime configuration's socketPath says the same). */
export const DOCS_SOCKET_PATH = '/v2/socketio/docs/download';

// auth-social
/** Every message between the frame and its host carries this source, so that other traffic on the window is told apart. */
export const AUTH_FRAME_SOURCE = 'lumen-auth';

/** The social providers of spec §3's registration types: 2 Facebook, 3 LinkedIn (issue 17 §4). */
export const SOCIAL_PROVIDERS = ['facebook', 'linkedin'] as const;

/**
 * Spec §2: the projects list and a project's pages open with any one of these (one's own projects,
 * the company's, or those assigned). The web's route guard and the server's first view of those
 * pages (apps/api first-view.ts) decide alike.
 */
export const PROJECT_PAGES_PRIVILEGES = ['project.view', 'project.view.company', 'project.view.assigned.company'] as const;
