import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { applyTheme, KitLocale } from '@lumen/ui';
import { localeOf } from '../i18n/language';
import { LoadingState } from '../shared/loading-state';
import { useAppSelector } from '../shared/store';

/**
 * The frame of the pages a person without an account opens from an e-mail (the public quote page):
 * the brand and the page, and nothing of the platform behind the login (no navigation, no menus, no
 * sign-in dialog).
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const theme = useAppSelector((state) => state.preferences.theme);
  const lang = useAppSelector((state) => state.preferences.lang);
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
  return (
    <KitLocale locale={localeOf(lang)}>
      <div className="app-shell">
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <header className="app-header">
          <div className="app-header__inner">
            <span className="app-header__brand">
              <span className="app-header__logo" aria-hidden="true" />
              <span>{t('app.name')}</span>
            </span>
          </div>
        </header>
        <main id="main" className="app-main" tabIndex={-1}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="app-footer">
          <p>{t('app.footer', { year: new Date().getFullYear() })}</p>
        </footer>
      </div>
    </KitLocale>
  );
}
