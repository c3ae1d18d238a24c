import { useState, type ReactNode } from 'react';
import type { FieldValidator } from './field-validation';
import type { FieldBaseProps } from './field-chrome';
import { useFieldError } from './use-field-error';

/** What the kit's text entries (TextField, PasswordField, TextArea) take besides FieldBaseProps. */
export interface TextEntryProps extends FieldBaseProps {
  /** Controlled value; omit it to let the field keep its own (starting at defaultValue). */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Blank (after trimming) on blur shows formError.required. */
  isRequired?: boolean;
  /** Runs on blur when the value is not blank; returns null or a message key (fr-widgets) or text. */
  validate?: FieldValidator;
  /** Validity from outside: when given, the field's own checks do not run. */
  isInvalid?: boolean;
  isReadOnly?: boolean;
}

export interface TextFieldStateOptions {
  value: string | undefined;
  defaultValue: string;
  onChange: ((value: string) => void) | undefined;
  onBlur: (() => void) | undefined;
  isRequired: boolean;
  validate: FieldValidator | undefined;
  isInvalid: boolean | undefined;
  errorMessage: ReactNode;
  /** Applied to every typed value before it is kept and reported (e.g. a length cap). */
  normalize?: (value: string) => string;
}

/**
 * The value (controlled or the field's own), the error to show (see useFieldError) and the props
 * that wire both into a react-aria-components TextField: the field is marked touched on blur, and
 * its validity is exposed through aria only (validationBehavior "aria": no native bubbles).
 */
export function useTextFieldState({
  value,
  defaultValue,
  onChange,
  onBlur,
  isRequired,
  validate,
  isInvalid,
  errorMessage,
  normalize = (next) => next,
}: TextFieldStateOptions) {
  const [ownValue, setOwnValue] = useState(defaultValue);
  const current = value ?? ownValue;
  const { error, markTouched } = useFieldError({ value: current, isRequired, validate, isInvalid, errorMessage });
  const fieldProps = {
    value: current,
    onChange: (typed: string) => {
      const next = normalize(typed);
      if (value === undefined) setOwnValue(next);
      onChange?.(next);
    },
    onBlur: () => {
      markTouched();
      onBlur?.();
    },
    isRequired,
    isInvalid: error !== undefined,
    validationBehavior: 'aria' as const,
  };
  return { current, error, fieldProps };
}
