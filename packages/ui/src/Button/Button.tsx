import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Button as AriaButton, ProgressBar, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'md' | 'sm';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children' | 'isPending' | 'style'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The loading button: keeps its place and focus, ignores presses and announces that it is working. */
  isLoading?: boolean;
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
}

/** A button in the kit's variants; `isLoading` makes it the loading button (1.25 s spinner). */
export function Button({ variant = 'primary', size = 'md', isLoading = false, fullWidth = false, className, children, ...rest }: ButtonProps) {
  const { t } = useWidgetsTranslation();
  return (
    <AriaButton
      {...rest}
      isPending={isLoading}
      className={clsx('lm-button', 'lm-focus-ring', `lm-button--${variant}`, `lm-button--${size}`, fullWidth && 'lm-button--full', className)}
    >
      {({ isPending }) => (
        <>
          <span className="lm-button__content" aria-hidden={isPending || undefined}>
            {children}
          </span>
          {isPending && (
            <ProgressBar isIndeterminate aria-label={t('button.loading')} className="lm-button__spinner">
              <span className="lm-button__spinner-ring" aria-hidden="true" />
            </ProgressBar>
          )}
        </>
      )}
    </AriaButton>
  );
}
