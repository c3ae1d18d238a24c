import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { FieldLabel, FieldMessages } from '../Field/field-chrome';
import { validateEmail, type FieldValidator } from '../Field/field-validation';
import { useTextFieldState, type TextEntryProps } from '../Field/use-text-field-state';

export type TextFieldType = 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';

export interface TextFieldProps extends TextEntryProps {
  type?: TextFieldType;
  autoComplete?: string;
  /** Runs on blur when the value is not blank; returns null or a message key (fr-widgets) or text. `type="email"` validates e-mail by default. */
  validate?: FieldValidator;
  autoFocus?: boolean;
  /** Content inside the field, after the input (e.g. the password toggle). */
  trailing?: ReactNode;
}

/** Text input with label, required and custom validation on blur, and its error message. */
export function TextField({
  label,
  value,
  defaultValue = '',
  onChange,
  onBlur,
  type = 'text',
  isRequired = false,
  validate,
  isInvalid,
  errorMessage,
  description,
  className,
  trailing,
  ...rest
}: TextFieldProps) {
  const { error, fieldProps } = useTextFieldState({
    value,
    defaultValue,
    onChange,
    onBlur,
    isRequired,
    validate: validate ?? (type === 'email' ? validateEmail : undefined),
    isInvalid,
    errorMessage,
  });

  return (
    <AriaTextField {...rest} type={type} {...fieldProps} className={clsx('lm-field', className)}>
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className="lm-field__control">
        <Input className="lm-field__input" />
        {trailing}
      </div>
      <FieldMessages description={description} error={error} />
    </AriaTextField>
  );
}
