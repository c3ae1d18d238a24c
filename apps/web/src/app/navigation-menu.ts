import type { Account, MenuEntry } from '@lumen/contracts';
import { createAsyncAction } from '../shared/async-action';
import { useAppDispatch } from '../shared/store';
import { useRemote } from '../shared/use-remote';
import { FALLBACK_MENU } from './navigation-menu-fallback';

/** GET masters /v1/configurations/menus; a failure keeps the copy (navigation-menu-fallback.ts) (no dialog: the header still works). */
export const loadMenus = createAsyncAction<MenuEntry[], void>('menus', (_arg, { extra }) => extra.api.get<MenuEntry[]>('masters', '/v1/configurations/menus'), {
  showError: false,
});

/** The menu the header draws: the call's answer once it came, else the copy. */
export function useNavigationMenu(): readonly MenuEntry[] {
  const dispatch = useAppDispatch();
  const [remote] = useRemote('menus', () => dispatch(loadMenus()).unwrap());
  return remote.status === 'ready' ? remote.data : FALLBACK_MENU;
}

/**
 * Whether a user may see an entry: a visitor (null) sees the entries that need no login; a user, the
 * entries whose privileges they hold (any one of `privileges`, and each of `allPrivileges`).
 */
export function mayShow(entry: MenuEntry, account: Pick<Account, 'privileges'> | null): boolean {
  if (!account) return !entry.requiresLogin;
  const held = account.privileges;
  // The rule of hasAnyPrivilege (@lumen/domain), over the call's plain strings.
  if (entry.privileges.length > 0 && !entry.privileges.some((privilege) => held.includes(privilege))) return false;
  return entry.allPrivileges.every((privilege) => held.includes(privilege));
}

/** The entries of one area, in their order. */
export function entriesOf(menu: readonly MenuEntry[], area: MenuEntry['area']): MenuEntry[] {
  return menu.filter((entry) => entry.area === area).sort((a, b) => a.order - b.order);
}
