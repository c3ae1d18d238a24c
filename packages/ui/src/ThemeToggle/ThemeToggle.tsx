import { useEffect, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { applyTheme, currentTheme, type Theme } from '../theme/theme';

export interface ThemeToggleProps {
  /** Controlled theme; without it the toggle reads and writes data-theme on the html element. */
  theme?: Theme;
  onThemeChange?: (theme: Theme) => void;
  className?: string;
}

/** Switches between the light and dark themes (sun/moon). */
export function ThemeToggle({ theme, onThemeChange, className }: ThemeToggleProps) {
  const { t } = useWidgetsTranslation();
  const [own, setOwn] = useState<Theme>(() => currentTheme());
  // Uncontrolled: follow changes that others make to the html element (e.g. the app's own toggle).
  useEffect(() => {
    if (theme !== undefined || typeof MutationObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const observer = new MutationObserver(() => setOwn(currentTheme(root)));
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [theme]);
  const active = theme ?? own;
  const next: Theme = active === 'dark' ? 'light' : 'dark';
  return (
    <AriaButton
      className={['lm-button', 'lm-button--ghost', 'lm-button--sm', 'lm-theme-toggle', className].filter(Boolean).join(' ')}
      aria-label={next === 'dark' ? t('theme.toDark') : t('theme.toLight')}
      onPress={() => {
        if (theme === undefined) setOwn(applyTheme(next));
        onThemeChange?.(next);
      }}
    >
      <Icon name={next === 'dark' ? 'moon' : 'sun'} />
    </AriaButton>
  );
}
