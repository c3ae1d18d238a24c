import type { MenuEntry } from '@lumen/contracts';

/**
 * The header's menu comes from the masters' configurations call (spec §7 `GET masters
 * /v1/configurations/menus`): the brand's link, the bar's links and the account menu's entries, each
 * with the privileges it needs. Until the call answers (it goes out after the first paint, so the
 * first load waits for nothing) and if it fails, the header uses this copy of the api's menu
 * (apps/api masters.configurations.service.ts), so the header never stays empty.
 */
export const FALLBACK_MENU: readonly MenuEntry[] = [
  { id: 'home', path: '/professional-area', labelKey: 'menu.home', privileges: [], allPrivileges: [], requiresLogin: false, area: 'brand', order: 10 },
  { id: 'create-project', path: '/create-project', labelKey: 'menu.catalogue', privileges: [], allPrivileges: [], requiresLogin: false, area: 'header', order: 20 },
  { id: 'projects', path: '/projects', labelKey: 'menu.projects', privileges: ['project.view', 'project.view.company', 'project.view.assigned.company'], allPrivileges: [], requiresLogin: true, area: 'header', order: 30 },
  { id: 'support', path: '/support', labelKey: 'menu.support', privileges: ['support.request'], allPrivileges: [], requiresLogin: false, area: 'header', order: 40 },
  { id: 'my-profile', path: '/my-profile', labelKey: 'menu.myProfile', privileges: [], allPrivileges: [], requiresLogin: true, area: 'account', order: 50 },
  { id: 'orders', path: '/orders', labelKey: 'menu.orders', privileges: ['order.view'], allPrivileges: [], requiresLogin: true, area: 'account', order: 60 },
  { id: 'invoices', path: '/invoices', labelKey: 'menu.invoices', privileges: ['order.view'], allPrivileges: ['price.view'], requiresLogin: true, area: 'account', order: 70 },
  { id: 'downloads', path: '/services/download', labelKey: 'menu.downloads', privileges: [], allPrivileges: [], requiresLogin: true, area: 'account', order: 80 },
  { id: 'users-management', path: '/users-management', labelKey: 'menu.usersManagement', privileges: ['company.manage.user'], allPrivileges: [], requiresLogin: true, area: 'account', order: 90 },
];
