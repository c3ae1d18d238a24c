import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { Label, Text, TextArea as AriaTextArea, TextField as AriaTextField } from 'react-aria-components';
import type { FieldValidator } from '../Field/field-validation';
import { useFieldError } from '../Field/use-field-error';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { TEXTAREA_MAX_LENGTH } from '../tokens/tokens';

export interface TextAreaProps {
  label: ReactNode;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** Default 4000; the counter shows characters used of this. */
  maxLength?: number;
  rows?: number;
  name?: string;
  placeholder?: string;
  description?: ReactNode;
  isRequired?: boolean;
  validate?: FieldValidator;
  isInvalid?: boolean;
  errorMessage?: ReactNode;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  className?: string;
}

/** Multi-line text with a character counter; same required/validation rules as TextField. */
export function TextArea({
  label,
  value,
  defaultValue = '',
  onChange,
  onBlur,
  maxLength = TEXTAREA_MAX_LENGTH,
  rows = 4,
  placeholder,
  description,
  isRequired = false,
  validate,
  isInvalid,
  errorMessage,
  className,
  ...rest
}: TextAreaProps) {
  const { t } = useWidgetsTranslation();
  const [ownValue, setOwnValue] = useState(defaultValue);
  const current = value ?? ownValue;
  const { error, markTouched } = useFieldError({ value: current, isRequired, validate, isInvalid, errorMessage });
  return (
    <AriaTextField
      {...rest}
      value={current}
      onChange={(next) => {
        const capped = next.slice(0, maxLength);
        if (value === undefined) setOwnValue(capped);
        onChange?.(capped);
      }}
      onBlur={() => {
        markTouched();
        onBlur?.();
      }}
      maxLength={maxLength}
      isRequired={isRequired}
      isInvalid={error !== null}
      validationBehavior="aria"
      className={clsx('lm-field', 'lm-textarea', className)}
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
        <AriaTextArea className="lm-field__input lm-textarea__input" rows={rows} placeholder={placeholder} />
      </div>
      <Text slot="description" className="lm-field__description lm-textarea__footer">
        {description !== undefined && <span>{description} </span>}
        <span className="lm-textarea__counter" data-full={current.length >= maxLength || undefined}>
          {t('textarea.counter', { count: current.length, max: maxLength })}
        </span>
      </Text>
      {error !== null && (
        <Text slot="errorMessage" className="lm-field__error">
          {error}
        </Text>
      )}
    </AriaTextField>
  );
}
