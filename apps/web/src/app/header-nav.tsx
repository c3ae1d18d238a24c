import { Icon } from '@lumen/ui';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The id of the header's navigation, which the phone's menu button opens and closes. */
export const HEADER_NAV_ID = 'app-header-nav';

/**
 * The header's navigation (issue 35 §4): the bar's links, the tools menu, the language and the theme.
 * From 768 px they sit in the bar and the menu button is not shown; below, they are a panel under the
 * bar that the menu button (aria-expanded, aria-controls) opens and closes. Escape closes it and gives
 * the focus back to the button; a navigation closes it (it is open for the page it was opened on only).
 * The links are in the page in both cases, so they are found by their names at any width. The button
 * comes after the user menu in the bar (app.css `order`).
 */
export function HeaderNav({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpenOn(null);
    toggleRef.current?.focus();
  };
  return (
    <>
      <nav id={HEADER_NAV_ID} className="app-header__nav" aria-label={t('header.navigation')} data-open={open || undefined} onKeyDown={onKeyDown}>
        {children}
      </nav>
      <button
        ref={toggleRef}
        type="button"
        className="app-header__menu-toggle lm-focus-ring"
        aria-expanded={open}
        aria-controls={HEADER_NAV_ID}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <Icon name={open ? 'close' : 'menu'} size={22} />
        <span className="lm-visually-hidden">{t('header.menu')}</span>
      </button>
    </>
  );
}
