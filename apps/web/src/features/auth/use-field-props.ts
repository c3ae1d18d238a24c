import { useTranslation } from 'react-i18next';

/** The part of useFormState (shared/forms) that the fields are tied to. */
interface BoundForm<K extends string> {
  values: Readonly<Record<K, string>>;
  errors: Readonly<Partial<Record<K, string>>>;
  setValue: (field: K, value: string) => void;
  blur: (field: K) => void;
}

/** Props that tie the kit's fields to the fields of a useFormState. */
export function useFieldProps<K extends string>(form: BoundForm<K>) {
  const { t } = useTranslation();

  /** The field's invalid state and its translated message. */
  const invalid = (name: K) => {
    const error = form.errors[name];
    return { isInvalid: Boolean(error), errorMessage: error ? t(error) : undefined };
  };

  /**
   * A required text field: name, value, change, blur (which checks it) and invalid state. `hint`
   * (the field's rule, such as the password's length) shows until an error takes its place: the
   * error states the same rule, so the user does not read it twice (issue 10 §9).
   */
  const field = (name: K, options: { hint?: string } = {}) => ({
    name,
    isRequired: true,
    value: form.values[name],
    onChange: (value: string) => form.setValue(name, value),
    onBlur: () => form.blur(name),
    ...(options.hint !== undefined && !form.errors[name] ? { description: options.hint } : {}),
    ...invalid(name),
  });

  return { field, invalid };
}
