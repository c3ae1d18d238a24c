/** Validation shared by the kit's fields (configuration-domain §5 "Interface kit fields"). */

/** A practical e-mail shape: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Message keys of the kit's forms (namespace fr-widgets). */
export const FORM_ERRORS = { required: 'formError.required', email: 'formError.email' } as const;

/** A validator answers null when the value is fine, else a message key of fr-widgets or a ready text. */
export type FieldValidator = (value: string) => string | null | undefined;

export const validateEmail: FieldValidator = (value) => (EMAIL_PATTERN.test(value.trim()) ? null : FORM_ERRORS.email);

export interface FieldValidityInput {
  value: string;
  isRequired: boolean;
  validate?: FieldValidator | undefined;
}

/**
 * The error of a field that the user has left (blurred): required and blank after trimming gives
 * formError.required; otherwise the supplied validator decides. Null when valid.
 */
export function fieldError({ value, isRequired, validate }: FieldValidityInput): string | null {
  if (value.trim() === '') return isRequired ? FORM_ERRORS.required : null;
  return validate?.(value) ?? null;
}
