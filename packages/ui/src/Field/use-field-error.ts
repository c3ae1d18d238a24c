import { useState, type ReactNode } from 'react';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';
import { fieldError, type FieldValidator } from './field-validation';

export interface FieldErrorOptions {
  value: string;
  isRequired: boolean;
  validate?: FieldValidator | undefined;
  isInvalid?: boolean | undefined;
  errorMessage?: ReactNode;
}

/**
 * The error a field shows: from outside when `isInvalid` is given; otherwise, once the field has
 * been left (blurred), required-and-blank or the validator's answer, translated. `undefined` when
 * there is none.
 */
export function useFieldError({ value, isRequired, validate, isInvalid, errorMessage }: FieldErrorOptions) {
  const { t } = useWidgetsTranslation();
  const [touched, setTouched] = useState(false);
  let error: ReactNode = undefined;
  if (isInvalid !== undefined) {
    error = isInvalid ? (errorMessage ?? t('formError.invalid')) : undefined;
  } else if (touched) {
    const key = fieldError({ value, isRequired, validate });
    if (key !== null) error = t(key, { defaultValue: key, nsSeparator: false });
  }
  return { error, markTouched: () => setTouched(true) };
}
