import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { applyTheme, currentTheme } from '@lumen/ui';
import { AuthModal } from '../features/auth';
import { ErrorDialog } from './error-dialog';
import { Header } from './header';
import { LoadingState } from '../shared/loading-state';
import { storeTheme, themeChanged } from '../shared/preferences';
import { useAppDispatch, useAppSelector } from '../shared/store';
import { RetryOverlay } from './retry-overlay';

/** The frame of every screen: header, the routed screen, and the app-wide dialogs. */
export function Layout() {
  const { t } = useTranslation();
  const theme = useAppSelector((state) => state.preferences.theme);
  useEffect(() => {
    applyTheme(theme);
    storeTheme(theme);
  }, [theme]);
  // A kit widget may switch the theme on <html> by itself (the gallery's own toggle): follow it.
  const dispatch = useAppDispatch();
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => dispatch(themeChanged(currentTheme(root))));
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [dispatch]);
  const appName = t('app.name');
  useEffect(() => {
    document.title = appName;
  }, [appName]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="app-footer">
        <p>{t('app.footer', { year: new Date().getFullYear() })}</p>
      </footer>
      <AuthModal />
      <ErrorDialog />
      <RetryOverlay />
    </div>
  );
}
