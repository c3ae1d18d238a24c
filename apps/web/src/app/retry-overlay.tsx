import { Button, Modal } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { retryDismissed, retryPending } from '../shared/error-state';
import { useAppDispatch, useAppSelector } from '../shared/store';

/** Shown when actions that allow a retry timed out: Retry sends them again, Dismiss drops them. */
export function RetryOverlay() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const show = useAppSelector((state) => state.error.showLayer);
  const dismiss = () => dispatch(retryDismissed());
  return (
    <Modal
      isOpen={show}
      onClose={dismiss}
      title={t('retry.title')}
      role="alertdialog"
      isDismissable={false}
      footer={
        <>
          <Button variant="secondary" onPress={dismiss}>
            {t('retry.dismiss')}
          </Button>
          <Button onPress={() => void dispatch(retryPending())}>{t('retry.retry')}</Button>
        </>
      }
    >
      <p>{t('error.timeout')}</p>
    </Modal>
  );
}
