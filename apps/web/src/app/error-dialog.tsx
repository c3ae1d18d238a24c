import { Button, Modal } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { errorDismissed } from '../shared/error-state';
import { errorMessageKey, errorTitleKey } from '../shared/error-message';
import { useAppDispatch, useAppSelector } from '../shared/store';

/** The error dialog (spec §2, §8): a title, the message found by action and status, a contact line, a close button. */
export function ErrorDialog() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.error.current);
  const close = () => dispatch(errorDismissed());
  const key = current ? errorMessageKey((candidate) => i18n.exists(candidate), current.action, current.status) : 'error';
  return (
    <Modal
      isOpen={current !== null}
      onClose={close}
      title={t(current ? errorTitleKey(current.status) : 'error.title')}
      role="alertdialog"
      footer={<Button onPress={close}>{t('error.close')}</Button>}
    >
      <p className="error-dialog__message">{t(key)}</p>
      <p className="error-dialog__contact">{t('error.contact')}</p>
    </Modal>
  );
}
