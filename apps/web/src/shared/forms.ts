import { Email } from '@lumen/contracts';
import { useCallback, useState } from 'react';

/** Answers null when the value is fine, else a message key (formError.*). */
export type Validator<K extends string> = (value: string, values: Readonly<Record<K, string>>) => string | null;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const required = (value: string): string | null => (value.trim() === '' ? 'formError.required' : null);
export const email = (value: string): string | null => required(value) ?? (Email.safeParse(value).success ? null : 'formError.email');
export const password = (value: string): string | null =>
  required(value) ?? (value.length < PASSWORD_MIN ? 'formError.passwordTooShort' : value.length > PASSWORD_MAX ? 'formError.passwordTooLong' : null);
export const maxLength =
  (max: number) =>
  (value: string): string | null =>
    value.trim().length > max ? 'formError.tooLong' : null;

/**
 * Field values and their messages: a filled field is checked when the user leaves it, every field
 * on submit; after that a field is re-checked as the user types.
 */
export function useFormState<K extends string>(initial: Readonly<Record<K, string>>, validators: Readonly<Partial<Record<K, Validator<K>>>>) {
  const [values, setValues] = useState<Record<K, string>>({ ...initial });
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});

  const check = useCallback((field: K, all: Record<K, string>) => validators[field]?.(all[field], all) ?? null, [validators]);

  const setValue = useCallback(
    (field: K, value: string) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (touched[field]) setErrors((errs) => ({ ...errs, [field]: check(field, next) ?? undefined }));
    },
    [check, touched, values],
  );

  const blur = useCallback(
    (field: K) => {
      // Leaving an empty field says nothing yet: "required" waits for the submit. A message that
      // appeared on blur would push the submit button down under the pointer and swallow the click.
      if (values[field].trim() === '' && !touched[field]) return;
      setTouched((previous) => ({ ...previous, [field]: true }));
      setErrors((errs) => ({ ...errs, [field]: check(field, values) ?? undefined }));
    },
    [check, touched, values],
  );

  /** Checks every field; true when the form may be sent. */
  const validateAll = useCallback(() => {
    const next: Partial<Record<K, string>> = {};
    const allTouched: Partial<Record<K, boolean>> = {};
    for (const field of Object.keys(values) as K[]) {
      allTouched[field] = true;
      const error = check(field, values);
      if (error) next[field] = error;
    }
    setTouched(allTouched);
    setErrors(next);
    return Object.keys(next).length === 0;
  }, [check, values]);

  const setError = useCallback((field: K, error: string | null) => setErrors((errs) => ({ ...errs, [field]: error ?? undefined })), []);

  return { values, errors, setValue, blur, validateAll, setError };
}
