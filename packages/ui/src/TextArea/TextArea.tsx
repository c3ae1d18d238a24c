import clsx from 'clsx';
import { Text, TextArea as AriaTextArea, TextField as AriaTextField } from 'react-aria-components';
import { FieldErrorMessage, FieldLabel } from '../Field/field-chrome';
import { useTextFieldState, type TextEntryProps } from '../Field/use-text-field-state';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { TEXTAREA_MAX_LENGTH } from '../tokens/tokens';

export interface TextAreaProps extends TextEntryProps {
  /** Default 4000; the counter shows characters used of this. */
  maxLength?: number;
  rows?: number;
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
  const { current, error, fieldProps } = useTextFieldState({
    value,
    defaultValue,
    onChange,
    onBlur,
    isRequired,
    validate,
    isInvalid,
    errorMessage,
    normalize: (typed) => typed.slice(0, maxLength),
  });
  return (
    <AriaTextField {...rest} {...fieldProps} maxLength={maxLength} className={clsx('lm-field', 'lm-textarea', className)}>
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className="lm-field__control">
        <AriaTextArea className="lm-field__input lm-textarea__input" rows={rows} placeholder={placeholder} />
      </div>
      {/* The description always carries the character counter. */}
      <Text slot="description" className="lm-field__description lm-textarea__footer">
        {description !== undefined && <span>{description} </span>}
        <span className="lm-textarea__counter" data-full={current.length >= maxLength || undefined}>
          {t('textarea.counter', { count: current.length, max: maxLength })}
        </span>
      </Text>
      <FieldErrorMessage error={error} />
    </AriaTextField>
  );
}
