import { CATALOGS, DEFAULT_CATALOG_ID, DEFAULT_LANG, LANGS, type Lang, LOCALE_OF, type MenuEntry, type PublicConfiguration } from '@lumen/contracts';
import type { Privilege } from '@lumen/domain';

interface MenuDefinition {
  id: string;
  path: string;
  labelKey: string;
  /** Any one is needed (none: no privilege). */
  privileges: readonly Privilege[];
  /** Each is needed as well. */
  allPrivileges?: readonly Privilege[];
  requiresLogin: boolean;
  area: MenuEntry['area'];
}

const PROJECT_VIEW: readonly Privilege[] = ['project.view', 'project.view.company', 'project.view.assigned.company'];

/**
 * Main navigation of the professional area, from the routes of spec §2 and the privileges they need
 * (a route with several privileges needs any one; `allPrivileges` each). The web draws its header from
 * it (apps/web README "The header's menu"): the brand's link, the bar's links, the account menu. It
 * hides an entry whose privileges the user lacks (a visitor sees the entries that need no login); the
 * server still guards every call behind it.
 */
const MENU: readonly MenuDefinition[] = [
  { id: 'home', path: '/professional-area', labelKey: 'menu.home', privileges: [], requiresLogin: false, area: 'brand' },
  // The catalogue is open to visitors (issue 10 §1); adding to a project asks for project.add on the way.
  { id: 'create-project', path: '/create-project', labelKey: 'menu.catalogue', privileges: [], requiresLogin: false, area: 'header' },
  { id: 'projects', path: '/projects', labelKey: 'menu.projects', privileges: PROJECT_VIEW, requiresLogin: true, area: 'header' },
  { id: 'support', path: '/support', labelKey: 'menu.support', privileges: ['support.request'], requiresLogin: false, area: 'header' },
  { id: 'my-profile', path: '/my-profile', labelKey: 'menu.myProfile', privileges: [], requiresLogin: true, area: 'account' },
  { id: 'orders', path: '/orders', labelKey: 'menu.orders', privileges: ['order.view'], requiresLogin: true, area: 'account' },
  { id: 'invoices', path: '/invoices', labelKey: 'menu.invoices', privileges: ['order.view'], allPrivileges: ['price.view'], requiresLogin: true, area: 'account' },
  { id: 'downloads', path: '/services/download', labelKey: 'menu.downloads', privileges: [], requiresLogin: true, area: 'account' },
  { id: 'users-management', path: '/users-management', labelKey: 'menu.usersManagement', privileges: ['company.manage.user'], requiresLogin: true, area: 'account' },
];

/** Search word per language (spec §9). */
const SEARCH_WORD: Readonly<Record<Lang, string>> = { en: 'search', us: 'search', fr: 'chercher', de: 'suchen', it: 'cerca', es: 'buscar' };

/** Spec §5 and §9 limits the web needs before it can call anything else. */
const UPLOAD_EXTENSIONS = ['doc', 'docx', 'gif', 'jpg', 'jpeg', 'mpg', 'mpeg', 'avi', 'pdf', 'ppt', 'pptx', 'tif', 'tiff', 'txt', 'xls', 'xlsx'];

/** Feature-flag keys and rollout per environment, as the flag table holds them (src/modules/flags). */
export type FlagRolloutTables = () => PublicConfiguration['featureFlags'];

/** Masters: menus and public configuration. Constants of the spec, and the flag table's rollouts. */
export function createMastersConfigurationsService(flagRollouts: FlagRolloutTables) {
  const menus: MenuEntry[] = MENU.map((entry, index) => ({ ...entry, privileges: [...entry.privileges], allPrivileges: [...(entry.allPrivileges ?? [])], order: (index + 1) * 10 }));
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
