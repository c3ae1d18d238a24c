import type { Lang } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { Dropdown, Select } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { UserMenuLabel } from './header-placeholders';

/**
 * The header's two overlay widgets (a list box and a menu carry the kit's popover machinery), a
 * chunk of their own that header.tsx fetches at start; header-placeholders.tsx stands in until then.
 */

export function LanguageSelect({ lang, defaultOpen, onChange }: { lang: Lang; defaultOpen: boolean; onChange: (lang: Lang) => void }) {
  const { t } = useTranslation();
  return (
    <Select<Lang>
      className="app-header__language"
      label={<span className="lm-visually-hidden">{t('header.language')}</span>}
      options={LANGS.map((code) => ({ value: code, label: t(`language.${code}`) }))}
      value={lang}
      defaultOpen={defaultOpen}
      onChange={onChange}
    />
  );
}

/** `flags` (the backoffice flags screen) and `flagsPanel` (this browser's overrides) are for backoffice users; `desk` for sales staff and admins. */
export type UserAction = 'profile' | 'orders' | 'invoices' | 'downloads' | 'usersManagement' | 'desk' | 'acting' | 'flags' | 'audit' | 'flagsPanel' | 'logout';

export interface UserDropdownProps {
  name: string;
  /** The trigger's accessible name (it shows only an icon on small screens). */
  label: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onAction: (action: UserAction) => void;
  /** The user holds `backoffice`: the menu offers the flags screen and the flags panel. */
  backoffice: boolean;
  /** The user answers requests (sales staff, admins): the menu offers the support desk. */
  desk: boolean;
  /** The user may see orders (order.view): the menu offers orders. */
  orders?: boolean;
  /** The user may see invoices (order.view and price.view, apps/api README "Invoices and price.view"): the menu offers them. */
  invoices?: boolean;
  /** The user manages their company's users (company.manage.user): the menu offers users management. */
  usersManagement?: boolean;
}

export function UserDropdown({ name, label, isOpen, onOpenChange, onAction, backoffice, desk, orders = false, invoices = false, usersManagement = false }: UserDropdownProps) {
  const { t } = useTranslation();
  return (
    <Dropdown<UserAction>
      className="app-header__user-trigger"
      aria-label={label}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      trigger={<UserMenuLabel name={name} />}
      items={[
        { id: 'profile', label: t('header.profile'), icon: 'user' },
        ...(orders ? [{ id: 'orders' as const, label: t('menu.orders'), icon: 'postbox' as const }] : []),
        // An invoice is a price document (issue 29 §2): without price.view the entry would lead to a refusal.
        ...(invoices ? [{ id: 'invoices' as const, label: t('menu.invoices'), icon: 'zip' as const }] : []),
        // The documents asked for in this session and before (spec §2 /services/download), for every account.
        { id: 'downloads' as const, label: t('menu.downloads'), icon: 'zip' as const },
        ...(usersManagement ? [{ id: 'usersManagement' as const, label: t('menu.usersManagement'), icon: 'user' as const }] : []),
        ...(desk ? [{ id: 'desk' as const, label: t('desk.title'), icon: 'postbox' as const }] : []),
        // Acting for a customer (issue 17 §3): sales staff and admins, never from an acted session (the customer holds no staff role).
        ...(desk ? [{ id: 'acting' as const, label: t('header.acting'), icon: 'user' as const }] : []),
        ...(backoffice
          ? [
              { id: 'flags' as const, label: t('header.flagsAdmin'), icon: 'toolAdd' as const },
              { id: 'audit' as const, label: t('header.auditTrail'), icon: 'visibility' as const },
              { id: 'flagsPanel' as const, label: t('header.flagsPanel'), icon: 'visibility' as const },
            ]
          : []),
        { id: 'logout', label: t('header.logout'), icon: 'logout' },
      ]}
      onAction={onAction}
    />
  );
}

/** The internal tools (spec §2 tool routes; issue 31: the product administration). */
export type ToolAction = 'productAdmin' | 'editRule' | 'compose';

/** The Tools menu of internal users (decided by e-mail on the server; the account says so). */
export function ToolsDropdown({ onAction }: { onAction: (action: ToolAction) => void }) {
  const { t } = useTranslation();
  return (
    <Dropdown<ToolAction>
      className="app-header__tools-trigger"
      placement="bottom end"
      trigger={<span>{t('header.tools')}</span>}
      items={[
        { id: 'productAdmin', label: t('header.tools.productAdmin'), icon: 'toolAdd' },
        { id: 'editRule', label: t('header.tools.editRule'), icon: 'toolAdd' },
        { id: 'compose', label: t('header.tools.compose'), icon: 'toolAdd' },
      ]}
      onAction={onAction}
    />
  );
}
