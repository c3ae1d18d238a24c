import { Button, Card, Skeleton } from '@lumen/ui';
import { useTranslation } from 'react-i18next';

/** Placeholder cards while a list loads (announced once as loading). */
export function ListSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="catalogue-skeleton" role="status" aria-live="polite">
      <span className="lm-visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="catalogue-card catalogue-card--skeleton">
          <Skeleton variant="rect" height="9rem" />
          <Skeleton lines={2} />
        </div>
      ))}
    </div>
  );
}

/** A list that could not be loaded: says so where the list would be and offers to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="catalogue-message" role="alert">
      <p>{t('catalogue.loadFailed')}</p>
      <Button variant="secondary" onPress={onRetry}>
        {t('catalogue.retry')}
      </Button>
    </Card>
  );
}
