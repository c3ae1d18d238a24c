import { Button, Modal } from '@lumen/ui';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ProjectFormModalProps {
  title: string;
  /** The form's id: the footer's submit button sits outside the form and submits it by this id. */
  formId: string;
  submitLabel: string;
  /** The submit button shows the spinner. */
  pending: boolean;
  isSubmitDisabled?: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** The form's class, e.g. `auth-form` to space several fields. */
  className?: string;
  children: ReactNode;
}

/**
 * A project dialog that is one form (create, rename, add by reference, add to project): the
 * fields in the body, Cancel and the submit button in the footer, full screen on small screens.
 * The form does its own validation (`noValidate`).
 */
export function ProjectFormModal({ title, formId, submitLabel, pending, isSubmitDisabled, onSubmit, onClose, className, children }: ProjectFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      fullScreenOnSmall
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={pending} isDisabled={isSubmitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={className} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
