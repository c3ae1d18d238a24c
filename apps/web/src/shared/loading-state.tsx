import { useTranslation } from 'react-i18next';

/** Shown while a guarded route waits for the login state, and while a lazy screen loads. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <div className="app-loading" role="status" aria-live="polite">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
