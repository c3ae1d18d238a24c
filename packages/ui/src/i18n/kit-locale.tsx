import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';

/**
 * The kit's widgets in the user's language, not the browser's: react-aria's own texts (the
 * screen-reader "Dismiss" of popovers and dialogs, date segments, number formats) follow `locale`
 * (a BCP 47 tag such as de-DE). The app wraps its screens in it once, with the interface language.
 */
export function KitLocale({ locale, children }: { locale: string; children: ReactNode }) {
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}
