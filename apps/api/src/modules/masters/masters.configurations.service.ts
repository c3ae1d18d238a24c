import { CATALOGS, DEFAULT_CATALOG_ID, DEFAULT_LANG, type FeatureEnvironment, LANGS, type Lang, LOCALE_OF, type MenuEntry, type PublicConfiguration } from '@lumen/contracts';
import type { Privilege } from '@lumen/domain';

interface MenuDefinition {
  id: string;
  path: string;
  labelKey: string;
  privileges: readonly Privilege[];
  requiresLogin: boolean;
}

/**
 * Main navigation of the professional area, from the routes of spec §2 and the privileges they need
 * (a route with several privileges needs any one). The web hides an entry whose privileges the user
 * lacks; the server still guards every call behind it.
 */
const MENU: readonly MenuDefinition[] = [
  { id: 'home', path: '/professional-area', labelKey: 'menu.home', privileges: [], requiresLogin: false },
  { id: 'create-project', path: '/create-project', labelKey: 'menu.createProject', privileges: ['project.add'], requiresLogin: true },
  { id: 'orders', path: '/orders', labelKey: 'menu.orders', privileges: ['order.view'], requiresLogin: true },
  { id: 'invoices', path: '/invoices', labelKey: 'menu.invoices', privileges: ['order.view'], requiresLogin: true },
  { id: 'downloads', path: '/services/download', labelKey: 'menu.downloads', privileges: [], requiresLogin: false },
  { id: 'users-management', path: '/users-management', labelKey: 'menu.usersManagement', privileges: ['company.manage.user'], requiresLogin: true },
  { id: 'my-profile', path: '/my-profile', labelKey: 'menu.myProfile', privileges: [], requiresLogin: true },
];

/** The feature-flag keys the spec names (§9); other keys may exist in the remote flag service. */
export const FEATURE_FLAG_KEYS = [
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
] as const;
type FeatureFlagKey = (typeof FEATURE_FLAG_KEYS)[number];

/**
 * Rollout probability (0 to 1) per flag and environment (spec §1). PRO is empty as the spec says: in
 * production every flag comes from the remote flag service. DEV turns everything on so that every
 * path is exercised; NEWPRO (pre-production) rolls the newer paths out to part of the users.
 */
const FEATURE_FLAGS: Readonly<Record<FeatureEnvironment, Readonly<Partial<Record<FeatureFlagKey, number>>>>> = {
  DEV: Object.fromEntries(FEATURE_FLAG_KEYS.map((key) => [key, 1])),
  NEWPRO: {
    upsertVersionD365: 1,
    unifiedCodeVersion: 1,
    preconfigListWithCache: 1,
    accessoryPriceInOrderView: 1,
    getArticlesByReferenceV2: 0.5,
    editLanguagesFromApiHub: 0,
    projectRequestBudgetV2: 0.5,
    sendOfferWithDownloadBudget: 0.25,
    validateComposingPendantsProduct: 1,
    composeUrlPreview: 0,
    showQualifiedUserDataFromDynamics: 0,
  },
  PRO: {},
};

/** Search word per language (spec §9). */
const SEARCH_WORD: Readonly<Record<Lang, string>> = { en: 'search', us: 'search', fr: 'chercher', de: 'suchen', it: 'cerca', es: 'buscar' };

/** Spec §5 and §9 limits the web needs before it can call anything else. */
const UPLOAD_EXTENSIONS = ['doc', 'docx', 'gif', 'jpg', 'jpeg', 'mpg', 'mpeg', 'avi', 'pdf', 'ppt', 'pptx', 'tif', 'tiff', 'txt', 'xls', 'xlsx'];

/** Masters: menus and public configuration. Constants of the spec; no database. */
export function createMastersConfigurationsService() {
  const menus: MenuEntry[] = MENU.map((entry, index) => ({ ...entry, privileges: [...entry.privileges], order: (index + 1) * 10 }));
  const configuration: PublicConfiguration = {
    catalogs: ([16, 21] as const).map((id) => ({ id, name: CATALOGS[id].name, currency: CATALOGS[id].currency, currencyLocale: CATALOGS[id].currency === 'EUR' ? 'de-DE' : 'en-US' })),
    defaultCatalogId: DEFAULT_CATALOG_ID,
    languages: LANGS.map((isoCode) => ({ isoCode, locale: LOCALE_OF[isoCode], searchWord: SEARCH_WORD[isoCode] })),
    defaultLanguage: DEFAULT_LANG,
    featureFlags: {
      keys: [...FEATURE_FLAG_KEYS],
      environments: { DEV: { ...FEATURE_FLAGS.DEV }, NEWPRO: { ...FEATURE_FLAGS.NEWPRO }, PRO: { ...FEATURE_FLAGS.PRO } },
    },
    limits: {
      clientTimeoutMs: 15_000,
      uploadTimeoutMs: 60_000,
      maxUploadBytes: 10_485_760,
      uploadExtensions: UPLOAD_EXTENSIONS,
      cookieLifetimeMs: 2_592_000_000,
    },
    defaults: { theme: 'light', catalogViewMode: 'grid' },
  };
  return {
    menus(): MenuEntry[] {
      return menus;
    },
    configuration(): PublicConfiguration {
      return configuration;
    },
  };
}

export type MastersConfigurationsService = ReturnType<typeof createMastersConfigurationsService>;
