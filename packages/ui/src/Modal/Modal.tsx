import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { InModalContext } from '../overlay/layer-context';

export type ModalSize = 'default' | 'large';

export interface ModalProps {
  isOpen: boolean;
  /** Called when the modal asks to close: Escape, backdrop click (when dismissable) or the close button. */
  onClose: () => void;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  children?: ReactNode;
  /** Actions row under the body. */
  footer?: ReactNode;
  /** default: 36rem wide; large: 95% of the viewport. */
  size?: ModalSize;
  /** Escape and backdrop click close the modal. Default true; false keeps it open until an action closes it. */
  isDismissable?: boolean;
  /** Full-screen at 575 px and below (the auth modal). */
  fullScreenOnSmall?: boolean;
  /** alertdialog for confirmations and errors. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * Modal dialog: focus moves in and is trapped while open, then goes back to where it was; the page
 * behind is inert. 150 ms transition, z-index 13000.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  footer,
  size = 'default',
  isDismissable = true,
  fullScreenOnSmall = false,
  role = 'dialog',
  className,
}: ModalProps) {
  const { t } = useWidgetsTranslation();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className="lm-modal-overlay"
    >
      <AriaModal
        className={clsx('lm-modal', `lm-modal--${size}`, fullScreenOnSmall && 'lm-modal--fullscreen-small', className)}
      >
        <Dialog className="lm-modal__dialog" role={role}>
          <div className="lm-modal__header">
            <Heading slot="title" className="lm-modal__title">
              {title}
            </Heading>
            <Button variant="ghost" size="sm" className="lm-modal__close" onPress={onClose} aria-label={t('modal.close')}>
              <Icon name="close" />
            </Button>
          </div>
          <InModalContext.Provider value={true}>
            <div className="lm-modal__body">{children}</div>
            {footer !== undefined && <div className="lm-modal__footer">{footer}</div>}
          </InModalContext.Provider>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
