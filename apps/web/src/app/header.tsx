import { hasAnyPrivilege } from '@lumen/domain';
import { Button, ThemeToggle } from '@lumen/ui';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changeLanguage, themeChanged } from '../shared/preferences';
import { logout } from '../shared/session';
import { useAppDispatch, useAppSelector } from '../shared/store';
import { authModalOpened } from '../shared/ui-state';
import type { UserAction } from './header-menus';
import { LanguageTriggerPlaceholder, UserMenuPlaceholder } from './header-placeholders';
import { HeaderNav } from './header-nav';

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
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/" className="app-header__brand" aria-label={t('header.home')}>
          <span className="app-header__logo" aria-hidden="true" />
          <span>{t('app.name')}</span>
        </Link>
        <div className="app-header__tools">
          <HeaderNav>
            <CatalogueLink />
            <ProjectsLink />
            <SupportLink />
            <ToolsMenu />
            <LanguageSwitcher />
            <ThemeSwitch />
          </HeaderNav>
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

/** The internal tools (issue 31): only internal users holding product.admin see the menu (the api and the routes check both again). */
function ToolsMenu() {
  const navigate = useNavigate();
  const account = useAppSelector((state) => state.session.account);
  if (!account?.internal || !hasAnyPrivilege(account.privileges, ['product.admin'])) return null;
  const paths = { productAdmin: '/product-admin', editRule: '/product-admin/EditRule', compose: '/product-admin/compose' } as const;
  return (
    <Suspense fallback={null}>
      <div className="app-header__menu">
        <ToolsDropdown onAction={(action) => void navigate(paths[action])} />
      </div>
    </Suspense>
  );
}

/** The catalogue (issue 10 §1): open to visitors and every user, browsing afresh for no project. */
function CatalogueLink() {
  const { t } = useTranslation();
  return (
    <Link to="/create-project" className="app-header__catalogue">
      {t('header.catalogue')}
    </Link>
  );
}

/** The projects list (issue 6), for users who may see projects. */
function ProjectsLink() {
  const { t } = useTranslation();
  const status = useAppSelector((state) => state.session.status);
  const privileges = useAppSelector((state) => state.session.account?.privileges);
  // While the account loads, the link's place is kept (a user with a session usually may see
  // projects), so the header does not reflow when it comes.
  if (status !== 'ready')
    return (
      <span className="app-header__projects app-header__pending" aria-hidden="true">
        {t('projects.nav')}
      </span>
    );
  if (!privileges || !hasAnyPrivilege(privileges, ['project.view', 'project.view.company', 'project.view.assigned.company'])) return null;
  return (
    <Link to="/projects" className="app-header__projects">
      {t('projects.nav')}
    </Link>
  );
}

/**
 * The support page (issue 11 §2), for visitors and for users who may ask (support.request). It is
 * there while the account loads: nearly everyone keeps it, so the header does not reflow. At 575 px
 * and below the header has no room left on its tools' row: the footer's link and the login view's
 * "Contact support" lead there instead.
 */
function SupportLink() {
  const { t } = useTranslation();
  const privileges = useAppSelector((state) => state.session.account?.privileges);
  if (privileges && !hasAnyPrivilege(privileges, ['support.request'])) return null;
  return (
    <Link to="/support" className="app-header__support">
      {t('header.support')}
    </Link>
  );
}

function LanguageSwitcher() {
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
}

function ThemeSwitch() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.preferences.theme);
  return <ThemeToggle theme={theme} onThemeChange={(next) => dispatch(themeChanged(next))} />;
}

function UserMenu() {
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
  const onAction = (action: UserAction) => {
    if (action === 'profile') void navigate('/my-profile');
    else if (action === 'desk') void navigate('/desk');
    else if (action === 'usersManagement') void navigate('/users-management');
    else if (action === 'orders') void navigate('/orders');
    else if (action === 'invoices') void navigate('/invoices');
    else if (action === 'downloads') void navigate('/services/download');
    else if (action === 'flags') void navigate('/backoffice/flags');
    else if (action === 'acting') void navigate('/acting');
    else if (action === 'audit') void navigate('/backoffice/audit');
    else if (action === 'flagsPanel') setFlagsPanel(true);
    else void dispatch(logout()).then(() => navigate('/'));
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
          <UserDropdown name={account.name} label={label} isOpen={open} onOpenChange={setOpen} onAction={onAction} backoffice={backoffice} desk={desk} orders={hasAnyPrivilege(account.privileges, ['order.view'])} invoices={hasAnyPrivilege(account.privileges, ['order.view']) && hasAnyPrivilege(account.privileges, ['price.view'])} usersManagement={hasAnyPrivilege(account.privileges, ['company.manage.user'])} />
        </FocusOnMount>
      </Suspense>
      {flagsPanel && backoffice && (
        <Suspense fallback={null}>
          <FlagsPanel onClose={() => setFlagsPanel(false)} />
        </Suspense>
      )}
    </>
  );
}
