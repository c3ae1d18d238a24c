import { Button, Modal } from '@lumen/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A question before a change that cannot be undone (delete a project, remove a line): Cancel or confirm. */
export function ConfirmModal({ title, confirmLabel, pending, onConfirm, onClose, children }: { title: string; confirmLabel: string; pending: boolean; onConfirm: () => void; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen
      role="alertdialog"
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
          <Button isLoading={pending} onPress={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
