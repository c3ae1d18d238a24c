import { useTranslation } from 'react-i18next';

/** The part of useFormState (shared/forms) that the fields are tied to. */
interface BoundForm<K extends string> {
  values: Readonly<Record<K, string>>;
  errors: Readonly<Partial<Record<K, string>>>;
  setValue: (field: K, value: string) => void;
  blur: (field: K) => void;
}

interface FieldOptions {
  /** False for a field the user may leave empty (true by default). */
  required?: boolean;
  /**
   * The field's rule (such as the password's length), shown until an error takes its place: the
   * error states the same rule, so the user does not read it twice (issue 10 §9).
   */
  hint?: string;
}

/** Props that tie the kit's fields (TextField, TextArea) to the fields of a useFormState. */
export function useFieldProps<K extends string>(form: BoundForm<K>) {
  const { t } = useTranslation();

  /** The field's invalid state and its translated message. */
  const invalid = (name: K) => {
    const error = form.errors[name];
    return { isInvalid: Boolean(error), errorMessage: error ? t(error) : undefined };
  };

  /** Name, value, change, blur (which checks the field), required and invalid state. */
  const field = (name: K, { required = true, hint }: FieldOptions = {}) => ({
    name,
    isRequired: required,
    value: form.values[name],
    onChange: (value: string) => form.setValue(name, value),
    onBlur: () => form.blur(name),
    ...(hint !== undefined && !form.errors[name] ? { description: hint } : {}),
    ...invalid(name),
  });

  return { field, invalid };
}
