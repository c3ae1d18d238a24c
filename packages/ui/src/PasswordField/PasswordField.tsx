import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import { TextField, type TextFieldProps } from '../TextField/TextField';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** Password input with a show/hide toggle (hidden by default). */
export function PasswordField({ autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  const { t } = useWidgetsTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      trailing={
        <AriaButton
          className="lm-field__icon-button"
          aria-label={visible ? t('password.hide') : t('password.show')}
          onPress={() => setVisible((v) => !v)}
          isDisabled={props.isDisabled}
        >
          <Icon name={visible ? 'visibilityOff' : 'visibility'} />
        </AriaButton>
      }
    />
  );
}
