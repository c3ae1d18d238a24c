import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { applyTheme, KitLocale } from '@lumen/ui';
import { localeOf } from '../i18n/language';
import { LoadingState } from '../shared/loading-state';
import { useAppSelector } from '../shared/store';

/**
 * The frame of the pages a partner site embeds (issue 17 §5, /iframe/auth/…) and of their pop-up:
 * the page alone, without the platform's header, footer or dialogs.
 */
export function FrameLayout() {
  const theme = useAppSelector((state) => state.preferences.theme);
  const lang = useAppSelector((state) => state.preferences.lang);
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
  return (
    <KitLocale locale={localeOf(lang)}>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </KitLocale>
  );
}
