import type { Lang } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { Dropdown, Select, type IconName } from '@lumen/ui';
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

/**
 * The account menu's own actions besides the menu's entries: `flags` (the backoffice flags screen)
 * and `flagsPanel` (this browser's overrides) are for backoffice users; `desk` and `acting` for sales
 * staff and admins.
 */
export type UserAction = 'desk' | 'acting' | 'flags' | 'audit' | 'flagsPanel' | 'logout';

/** One entry of the account menu from the header's menu (GET masters /v1/configurations/menus): its id, its label. */
export interface UserMenuLink {
  id: string;
  label: string;
}

/** The kit's icon per entry of the menu; another entry gets a chevron. */
const LINK_ICONS: Readonly<Record<string, IconName>> = {
  'my-profile': 'user',
  orders: 'postbox',
  invoices: 'zip',
  downloads: 'zip',
  'users-management': 'user',
};

export interface UserDropdownProps {
  name: string;
  /** The trigger's accessible name (it shows only an icon on small screens). */
  label: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The menu's entries this user may see (the header filters them by privilege), first. */
  links: readonly UserMenuLink[];
  /** An entry of `links` (its id) or one of the menu's own actions. */
  onAction: (action: string) => void;
  /** The user holds `backoffice`: the menu offers the flags screen and the flags panel. */
  backoffice: boolean;
  /** The user answers requests (sales staff, admins): the menu offers the support desk. */
  desk: boolean;
}

export function UserDropdown({ name, label, isOpen, onOpenChange, links, onAction, backoffice, desk }: UserDropdownProps) {
  const { t } = useTranslation();
  return (
    <Dropdown<string>
      className="app-header__user-trigger"
      aria-label={label}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      trigger={<UserMenuLabel name={name} />}
      items={[
        ...links.map((link) => ({ id: `link:${link.id}`, label: link.label, icon: LINK_ICONS[link.id] ?? ('chevronRight' as const) })),
        ...(desk ? [{ id: 'desk', label: t('desk.title'), icon: 'postbox' as const }] : []),
        // Acting for a customer (issue 17 §3): sales staff and admins, never from an acted session (the customer holds no staff role).
        ...(desk ? [{ id: 'acting', label: t('header.acting'), icon: 'user' as const }] : []),
        ...(backoffice
          ? [
              { id: 'flags', label: t('header.flagsAdmin'), icon: 'toolAdd' as const },
              { id: 'audit', label: t('header.auditTrail'), icon: 'visibility' as const },
              { id: 'flagsPanel', label: t('header.flagsPanel'), icon: 'visibility' as const },
            ]
          : []),
        { id: 'logout', label: t('header.logout'), icon: 'logout' as const },
      ]}
      onAction={onAction}
    />
  );
}

/** The internal tools (spec §2 tool routes; issue 31: the product administration). */
export type ToolAction = 'productAdmin' | 'editRule' | 'compose' | 'studio' | 'technicalInfo' | 'productSheet' | 'generatePreviews' | 'generatePdf' | 'composePreview' | 'compositor' | 'compositorV2' | 'compositorDemo';

/** The Tools menu of internal users (decided by e-mail on the server; the account says so). */
export function ToolsDropdown({
  onAction,
  productAdmin = true,
  composePreview = false,
}: {
  onAction: (action: ToolAction) => void;
  /** The user holds product.admin: the product administration's entries. */
  productAdmin?: boolean;
  /** The flag composeUrlPreview is on: /preview/compose. */
  composePreview?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dropdown<ToolAction>
      className="app-header__tools-trigger"
      placement="bottom end"
      trigger={<span>{t('header.tools')}</span>}
      items={[
        ...(productAdmin
          ? [
              { id: 'productAdmin' as const, label: t('header.tools.productAdmin'), icon: 'toolAdd' as const },
              { id: 'editRule' as const, label: t('header.tools.editRule'), icon: 'toolAdd' as const },
              { id: 'compose' as const, label: t('header.tools.compose'), icon: 'toolAdd' as const },
              { id: 'studio' as const, label: t('header.tools.studio'), icon: 'visibility' as const },
            ]
          : []),
        // Issue 32: every internal user's tools.
        { id: 'compositor', label: t('header.tools.compositor'), icon: 'toolAdd' },
        { id: 'compositorV2', label: t('header.tools.compositorV2'), icon: 'toolAdd' },
        { id: 'compositorDemo', label: t('header.tools.compositorDemo'), icon: 'visibility' },
        { id: 'technicalInfo', label: t('header.tools.technicalInfo'), icon: 'visibility' },
        { id: 'productSheet', label: t('header.tools.productSheet'), icon: 'zip' },
        { id: 'generatePreviews', label: t('header.tools.generatePreviews'), icon: 'zip' },
        { id: 'generatePdf', label: t('header.tools.generatePdf'), icon: 'zip' },
        ...(composePreview ? [{ id: 'composePreview' as const, label: t('header.tools.composePreview'), icon: 'visibility' as const }] : []),
      ]}
      onAction={onAction}
    />
  );
}
