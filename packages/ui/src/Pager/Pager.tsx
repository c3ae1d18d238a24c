import clsx from 'clsx';
import { Button } from '../Button/Button';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation, saying what is paged ("Pages of projects"). */
  'aria-label': string;
  className?: string;
}

/** Previous and next buttons around "Page 2 of 5"; nothing when everything fits on one page. */
export function Pager({ page, pageCount, onPageChange, 'aria-label': ariaLabel, className }: PagerProps) {
  const { t } = useWidgetsTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className={clsx('lm-pager', className)} aria-label={ariaLabel}>
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onPageChange(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.position', { page, pages: pageCount })}</span>
      <Button variant="secondary" size="sm" isDisabled={page >= pageCount} onPress={() => onPageChange(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
