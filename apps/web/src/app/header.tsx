import { LANGS, type Lang } from '@lumen/contracts';
import { hasAnyPrivilege } from '@lumen/domain';
import { Button, Dropdown, Icon, Select, ThemeToggle } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changeLanguage, themeChanged } from '../shared/preferences';
import { logout } from '../shared/session';
import { useAppDispatch, useAppSelector } from '../shared/store';
import { authModalOpened } from '../shared/ui-state';

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
          <ProjectsLink />
          <LanguageSwitcher />
          <ThemeSwitch />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

/** The projects list (issue 6), for users who may see projects. */
function ProjectsLink() {
  const { t } = useTranslation();
  const privileges = useAppSelector((state) => state.session.account?.privileges);
  if (!privileges || !hasAnyPrivilege(privileges, ['project.view', 'project.view.company', 'project.view.assigned.company'])) return null;
  return (
    <Link to="/projects" className="app-header__projects">
      {t('projects.nav')}
    </Link>
  );
}

function LanguageSwitcher() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  return (
    <Select<Lang>
      className="app-header__language"
      label={<span className="lm-visually-hidden">{t('header.language')}</span>}
      options={LANGS.map((code) => ({ value: code, label: t(`language.${code}`) }))}
      value={lang}
      onChange={(next) => void dispatch(changeLanguage({ lang: next }))}
    />
  );
}

function ThemeSwitch() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.preferences.theme);
  return <ThemeToggle theme={theme} onThemeChange={(next) => dispatch(themeChanged(next))} />;
}

type UserAction = 'profile' | 'logout';

function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status, account } = useAppSelector((state) => state.session);
  if (status !== 'ready') return null;
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
    else void dispatch(logout()).then(() => navigate('/'));
  };
  return (
    <Dropdown<UserAction>
      className="app-header__user-trigger"
      aria-label={t('header.userMenuFor', { name: account.name })}
      placement="bottom end"
      trigger={
        <span className="app-header__name">
          <Icon name="user" aria-hidden="true" />
          <span className="app-header__name-text">{account.name}</span>
        </span>
      }
      items={[
        { id: 'profile', label: t('header.profile'), icon: 'user' },
        { id: 'logout', label: t('header.logout'), icon: 'logout' },
      ]}
      onAction={onAction}
    />
  );
}
