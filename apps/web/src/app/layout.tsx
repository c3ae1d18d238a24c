import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { applyTheme, currentTheme, KitLocale } from '@lumen/ui';
import { localeOf } from '../i18n/language';
import { loadAuthModal } from '../features/auth';
import { loadSupportModalView } from '../features/support';
import { ActingBanner } from '../features/acting';
import { Header } from './header';
import { FOOTER_WEBSITE_PAGES, websiteUrl } from './website-links';
import { LoadingState } from '../shared/loading-state';
import { themeChanged } from '../shared/preferences';
import { storeTheme } from '../shared/stored-theme';
import { useAppDispatch, useAppSelector } from '../shared/store';

/** The app-wide dialogs load the first time they are needed: none of them shows on a first visit. */
const AuthModal = lazy(loadAuthModal);
/** The auth modal's support view comes from the support feature, loaded when that view first opens. */
const SupportModalView = lazy(loadSupportModalView);
const renderSupport = (close: () => void) => (
  <Suspense fallback={<LoadingState />}>
    <SupportModalView onClose={close} />
  </Suspense>
);
const ErrorDialog = lazy(() => import('./error-dialog').then((module) => ({ default: module.ErrorDialog })));
const RetryOverlay = lazy(() => import('./retry-overlay').then((module) => ({ default: module.RetryOverlay })));
/** The footer's tools (a visitor's catalogue, the website search, a first visit's defaults by IP), after the first paint. */
const FooterTools = lazy(() => import('./footer-tools'));

/** Mounts its children from the first time `when` holds, and keeps them (a dialog closing keeps its fade-out). */
function OnceNeeded({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  if (when && !needed) setNeeded(true);
  return needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The frame of every screen: header, the routed screen, and the app-wide dialogs. */
export function Layout() {
  const { t } = useTranslation();
  const theme = useAppSelector((state) => state.preferences.theme);
  const lang = useAppSelector((state) => state.preferences.lang);
  const authView = useAppSelector((state) => state.ui.authModal.view);
  const shownError = useAppSelector((state) => state.error.current);
  const retryLayer = useAppSelector((state) => state.error.showLayer);
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

  // The kit's own screen-reader texts ("Dismiss" of popovers and dialogs) in the interface language (issue 10 §9).
  return (
    <KitLocale locale={localeOf(lang)}>
      <div className="app-shell">
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <ActingBanner />
        <Header />
        <main id="main" className="app-main" tabIndex={-1}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="app-footer">
          <nav className="app-footer__website" aria-label={t('footer.website')}>
            <ul>
              {FOOTER_WEBSITE_PAGES.map((page) => (
                <li key={page}>
                  <a href={websiteUrl(page, lang)} hrefLang={lang === 'us' ? 'en-US' : lang}>
                    {t(`footer.site.${page}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <Suspense fallback={null}>
            <FooterTools />
          </Suspense>
          <p>{t('app.footer', { year: new Date().getFullYear() })}</p>
          <Link to="/support" className="app-footer__link">
            {t('footer.support')}
          </Link>
        </footer>
        <OnceNeeded when={authView !== null}>
          <AuthModal renderSupport={renderSupport} />
        </OnceNeeded>
        <OnceNeeded when={shownError !== null}>
          <ErrorDialog />
        </OnceNeeded>
        <OnceNeeded when={retryLayer}>
          <RetryOverlay />
        </OnceNeeded>
      </div>
    </KitLocale>
  );
}
