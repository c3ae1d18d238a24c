import { CATALOGS, DEFAULT_CATALOG_ID, DEFAULT_LANG, LANGS, type Lang, LOCALE_OF, type MenuEntry, type PublicConfiguration } from '@lumen/contracts';
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

/** Search word per language (spec §9). */
const SEARCH_WORD: Readonly<Record<Lang, string>> = { en: 'search', us: 'search', fr: 'chercher', de: 'suchen', it: 'cerca', es: 'buscar' };

/** Spec §5 and §9 limits the web needs before it can call anything else. */
const UPLOAD_EXTENSIONS = ['doc', 'docx', 'gif', 'jpg', 'jpeg', 'mpg', 'mpeg', 'avi', 'pdf', 'ppt', 'pptx', 'tif', 'tiff', 'txt', 'xls', 'xlsx'];

/** Feature-flag keys and rollout per environment, as the flag table holds them (src/modules/flags). */
export type FlagRolloutTables = () => PublicConfiguration['featureFlags'];

/** Masters: menus and public configuration. Constants of the spec, and the flag table's rollouts. */
export function createMastersConfigurationsService(flagRollouts: FlagRolloutTables) {
  const menus: MenuEntry[] = MENU.map((entry, index) => ({ ...entry, privileges: [...entry.privileges], order: (index + 1) * 10 }));
  const configuration: Omit<PublicConfiguration, 'featureFlags'> = {
    catalogs: ([16, 21] as const).map((id) => ({ id, name: CATALOGS[id].name, currency: CATALOGS[id].currency, currencyLocale: CATALOGS[id].currency === 'EUR' ? 'de-DE' : 'en-US' })),
    defaultCatalogId: DEFAULT_CATALOG_ID,
    languages: LANGS.map((isoCode) => ({ isoCode, locale: LOCALE_OF[isoCode], searchWord: SEARCH_WORD[isoCode] })),
    defaultLanguage: DEFAULT_LANG,
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
      return { ...configuration, featureFlags: flagRollouts() };
    },
  };
}

export type MastersConfigurationsService = ReturnType<typeof createMastersConfigurationsService>;
