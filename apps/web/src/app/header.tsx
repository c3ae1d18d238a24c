import { hasAnyPrivilege } from '@lumen/domain';
import { Button, ThemeToggle } from '@lumen/ui';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changeLanguage, themeChanged } from '../shared/preferences';
import { logout } from '../shared/session';
import { useAppDispatch, useAppSelector } from '../shared/store';
import { authModalOpened } from '../shared/ui-state';
import { useFlag } from '../shared/flags';
import type { MenuEntry } from '@lumen/contracts';
import { LanguageTriggerPlaceholder, UserMenuPlaceholder } from './header-placeholders';
import { HeaderNav } from './header-nav';
import { entriesOf, mayShow, useNavigationMenu } from './navigation-menu';

/**
 * The language list and the user menu carry the kit's overlay machinery, which the entry chunk
 * should not: they are a chunk of their own, fetched at start (preloadHeaderMenus, beside the
 * texts) and usually there by the first render. Until then their triggers are look-alikes
 * (header-placeholders.tsx); one pressed early opens its menu as soon as it arrives.
 */
const loadHeaderMenus = () => import('./header-menus');
const LanguageSelect = lazy(() => loadHeaderMenus().then((module) => ({ default: module.LanguageSelect })));
const UserDropdown = lazy(() => loadHeaderMenus().then((module) => ({ default: module.UserDropdown })));
const ToolsDropdown = lazy(() => loadHeaderMenus().then((module) => ({ default: module.ToolsDropdown })));
/** The flags panel of backoffice users, loaded when first opened. */
const FlagsPanel = lazy(() => import('../shared/flags/flags-panel').then((module) => ({ default: module.FlagsPanel })));

/** Starts fetching the header menus (startApp calls it before the texts arrive). */
export function preloadHeaderMenus(): void {
  void loadHeaderMenus();
}

/** How a user reached a menu's placeholder before its widget loaded. */
function useEarlyIntent() {
  const [early, setEarly] = useState<{ focused: boolean; pressed: boolean }>({ focused: false, pressed: false });
  return {
    pressed: early.pressed,
    /** A focused placeholder gives the focus to the widget that replaces it (an opened one takes it itself). */
    refocus: early.focused && !early.pressed,
    onFocus: () => setEarly((current) => ({ ...current, focused: true })),
    onPress: () => setEarly((current) => ({ ...current, pressed: true })),
  };
}

/** Moves the focus to its content's first button when it mounts, if `when`. */
function FocusOnMount({ when, children }: { when: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (when) ref.current?.querySelector<HTMLElement>('button')?.focus();
    // Only on mount: the widget replaced the pressed placeholder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={ref} className="app-header__menu">
      {children}
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  // The brand's link, the bar's links and the account menu's entries (GET masters /v1/configurations/menus).
  const menu = useNavigationMenu();
  // The menu's answer comes after the first render: the tools that do not read it keep their render
  // (memo), and those that do get the same entries while the menu is the same.
  const { brand, header, account } = useMemo(() => ({ brand: entriesOf(menu, 'brand')[0], header: entriesOf(menu, 'header'), account: entriesOf(menu, 'account') }), [menu]);
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to={brand?.path ?? '/'} className="app-header__brand" aria-label={t('header.home')}>
          <span className="app-header__logo" aria-hidden="true" />
          <span>{t('app.name')}</span>
        </Link>
        <div className="app-header__tools">
          <HeaderNav>
            <MenuLinks entries={header} />
            <ToolsMenu />
            <LanguageSwitcher />
            <ThemeSwitch />
          </HeaderNav>
          <UserMenu entries={account} />
        </div>
      </div>
    </header>
  );
}

/**
 * The internal tools (spec §2; issues 31, 32): only internal users (by e-mail) see the menu; the product
 * administration's entries need product.admin too. The api and the routes check both again.
 */
const ToolsMenu = memo(function ToolsMenu() {
  const navigate = useNavigate();
  const account = useAppSelector((state) => state.session.account);
  const composePreview = useFlag('composeUrlPreview');
  if (!account?.internal) return null;
  const productAdmin = hasAnyPrivilege(account.privileges, ['product.admin']);
  const paths = {
    productAdmin: '/product-admin',
    editRule: '/product-admin/EditRule',
    compose: '/product-admin/compose',
    studio: '/studio',
    technicalInfo: '/technicalinfo',
    productSheet: '/productsheet',
    generatePreviews: '/compositor/generatePreviews',
    generatePdf: '/compositor/generatePdf',
    composePreview: '/preview/compose',
    compositor: '/compositor',
    compositorV2: '/compositor/v2',
    compositorDemo: '/compositor/_demo',
  } as const;
  return (
    <Suspense fallback={null}>
      <div className="app-header__menu">
        <ToolsDropdown productAdmin={productAdmin} composePreview={composePreview} onAction={(action) => void navigate(paths[action])} />
      </div>
    </Suspense>
  );
});

/** The bar's look per entry (the kit's restyle keys on these classes); another entry looks like the catalogue's. */
const LINK_CLASS: Readonly<Record<string, string>> = { 'create-project': 'app-header__catalogue', projects: 'app-header__projects', support: 'app-header__support' };

/**
 * The bar's links, as the menu gives them: the catalogue (visitors too, issue 10 §1), the projects
 * (issue 6) for users who may see projects, the support page (issue 11 §2) for visitors and users who
 * may ask. While the account loads, an entry that needs a login keeps its place, invisible to every
 * user (a user with a session usually has it), and the others show, so the header does not reflow.
 * At 575 px and below the support link has no room on the tools' row (app.css): the footer's link and
 * the login view's "Contact support" lead there instead.
 */
const MenuLinks = memo(function MenuLinks({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const status = useAppSelector((state) => state.session.status);
  const account = useAppSelector((state) => state.session.account);
  return (
    <>
      {entries.map((entry) => {
        const className = LINK_CLASS[entry.id] ?? 'app-header__catalogue';
        if (status !== 'ready')
          return entry.requiresLogin ? (
            <span key={entry.id} className={`${className} app-header__pending`} aria-hidden="true">
              {t(entry.labelKey)}
            </span>
          ) : (
            <Link key={entry.id} to={entry.path} className={className}>
              {t(entry.labelKey)}
            </Link>
          );
        if (!mayShow(entry, account)) return null;
        return (
          <Link key={entry.id} to={entry.path} className={className}>
            {t(entry.labelKey)}
          </Link>
        );
      })}
    </>
  );
});

const LanguageSwitcher = memo(function LanguageSwitcher() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const early = useEarlyIntent();
  const placeholder = (
    <LanguageTriggerPlaceholder label={t('header.language')} languageName={t(`language.${lang}`)} onFocus={early.onFocus} onPress={early.onPress} />
  );
  return (
    <Suspense fallback={placeholder}>
      <FocusOnMount when={early.refocus}>
        <LanguageSelect lang={lang} defaultOpen={early.pressed} onChange={(next) => void dispatch(changeLanguage({ lang: next }))} />
      </FocusOnMount>
    </Suspense>
  );
});

const ThemeSwitch = memo(function ThemeSwitch() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.preferences.theme);
  return <ThemeToggle theme={theme} onThemeChange={(next) => dispatch(themeChanged(next))} />;
});

const UserMenu = memo(function UserMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status, account } = useAppSelector((state) => state.session);
  const early = useEarlyIntent();
  const [open, setOpen] = useState(false);
  const [flagsPanel, setFlagsPanel] = useState(false);
  // While the account loads, an invisible trigger keeps the menu's place (nothing moves when it comes).
  if (status !== 'ready')
    return (
      <div className="app-header__user app-header__pending" aria-hidden="true">
        <UserMenuPlaceholder name="" label="" onFocus={() => {}} onPress={() => {}} />
      </div>
    );
  if (!account)
    return (
      <div className="app-header__user">
        <Button variant="ghost" size="sm" onPress={() => dispatch(authModalOpened({ view: 'login' }))}>
          {t('header.login')}
        </Button>
        <Button size="sm" onPress={() => dispatch(authModalOpened({ view: 'new-register' }))}>
          {t('header.signup')}
        </Button>
      </div>
    );
  const links = entries.filter((entry) => mayShow(entry, account));
  const onAction = (action: string) => {
    const link = action.startsWith('link:') ? links.find((entry) => `link:${entry.id}` === action) : undefined;
    if (link) void navigate(link.path);
    else if (action === 'desk') void navigate('/desk');
    else if (action === 'flags') void navigate('/backoffice/flags');
    else if (action === 'acting') void navigate('/acting');
    else if (action === 'audit') void navigate('/backoffice/audit');
    else if (action === 'flagsPanel') setFlagsPanel(true);
    else if (action === 'logout') void dispatch(logout()).then(() => navigate('/'));
  };
  const label = t('header.userMenuFor', { name: account.name });
  const placeholder = (
    <UserMenuPlaceholder
      name={account.name}
      label={label}
      onFocus={early.onFocus}
      onPress={() => {
        setOpen(true);
        early.onPress();
      }}
    />
  );
  const backoffice = hasAnyPrivilege(account.privileges, ['backoffice']);
  // The support desk's inbox (issue 11 §5); the api answers it for these roles only.
  const desk = account.roles.some((role) => role.name === 'sales' || role.name === 'admin');
  return (
    <>
      <Suspense fallback={placeholder}>
        <FocusOnMount when={early.refocus}>
          <UserDropdown
            name={account.name}
            label={label}
            isOpen={open}
            onOpenChange={setOpen}
            links={links.map((entry) => ({ id: entry.id, label: t(entry.labelKey) }))}
            onAction={onAction}
            backoffice={backoffice}
            desk={desk}
          />
        </FocusOnMount>
      </Suspense>
      {flagsPanel && backoffice && (
        <Suspense fallback={null}>
          <FlagsPanel onClose={() => setFlagsPanel(false)} />
        </Suspense>
      )}
    </>
  );
});
