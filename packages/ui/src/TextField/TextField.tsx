import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { Input, Label, Text, TextField as AriaTextField } from 'react-aria-components';
import { validateEmail, type FieldValidator } from '../Field/field-validation';
import { useFieldError } from '../Field/use-field-error';

export type TextFieldType = 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';

export interface TextFieldProps {
  label: ReactNode;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  type?: TextFieldType;
  name?: string;
  placeholder?: string;
  description?: ReactNode;
  autoComplete?: string;
  /** Blank (after trimming) on blur shows formError.required. */
  isRequired?: boolean;
  /** Runs on blur when the value is not blank; returns null or a message key (fr-widgets) or text. `type="email"` validates e-mail by default. */
  validate?: FieldValidator;
  /** Validity from outside: when given, the field's own checks do not run. */
  isInvalid?: boolean;
  /** Message shown when `isInvalid` is true. */
  errorMessage?: ReactNode;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  autoFocus?: boolean;
  className?: string;
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
  const [ownValue, setOwnValue] = useState(defaultValue);
  const current = value ?? ownValue;
  const { error, markTouched } = useFieldError({
    value: current,
    isRequired,
    validate: validate ?? (type === 'email' ? validateEmail : undefined),
    isInvalid,
    errorMessage,
  });

  return (
    <AriaTextField
      {...rest}
      type={type}
      value={current}
      onChange={(next) => {
        if (value === undefined) setOwnValue(next);
        onChange?.(next);
      }}
      onBlur={() => {
        markTouched();
        onBlur?.();
      }}
      isRequired={isRequired}
      isInvalid={error !== null}
      validationBehavior="aria"
      className={clsx('lm-field', className)}
    >
      <Label className="lm-field__label">
        {label}
        {isRequired && (
          <span className="lm-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </Label>
      <div className="lm-field__control">
        <Input className="lm-field__input" />
        {trailing}
      </div>
      {description !== undefined && (
        <Text slot="description" className="lm-field__description">
          {description}
        </Text>
      )}
      {error !== null && (
        <Text slot="errorMessage" className="lm-field__error">
          {error}
        </Text>
      )}
    </AriaTextField>
  );
}
