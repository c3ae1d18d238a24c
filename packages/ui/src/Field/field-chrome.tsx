import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Label, Text } from 'react-aria-components';

/**
 * What every labelled field of the kit takes (TextField, PasswordField, TextArea, Select,
 * Autocomplete, DatePicker): its label and help, required and disabled, validity from outside.
 */
export interface FieldBaseProps {
  label: ReactNode;
  description?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Validity from outside. */
  isInvalid?: boolean;
  /** Message shown when `isInvalid` is true. */
  errorMessage?: ReactNode;
  name?: string;
  className?: string;
}

/**
 * The props of a react-aria-components field root (Select, ComboBox, DatePicker) whose validity
 * comes from outside: the field classes, required / disabled / invalid state and name. Validity is
 * exposed through aria only (validationBehavior "aria": no native bubbles, submit not blocked).
 */
export function fieldRootProps({ isRequired, isDisabled, isInvalid, name, className }: FieldBaseProps, widgetClass: string) {
  return { className: clsx('lm-field', widgetClass, className), isRequired, isDisabled, isInvalid, name, validationBehavior: 'aria' as const };
}

/**
 * The label of a field, inside a react-aria-components field (which ties it to the input). The
 * required marker is visual only: assistive technology learns "required" from the input itself.
 */
export function FieldLabel({ isRequired, children }: { isRequired?: boolean | undefined; children: ReactNode }) {
  return (
    <Label className="lm-field__label">
      {children}
      {isRequired && (
        <span className="lm-field__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </Label>
  );
}

/**
 * The error message of a field (`undefined`: none). The enclosing react-aria-components field adds it
 * to the input's aria-describedby.
 *
 * The element stays in the page, hidden and empty, when there is no error (and so does the
 * description's in FieldMessages). react-aria finds out whether a field has them in a layout effect:
 * when one is missing, it renders the field again at once, synchronously, and React must first run
 * every pending effect of the page. Mounting a page with a few fields then took one long task instead
 * of two short ones (issue 35 §5, packages/ui README, "Fields"). An empty, hidden element adds nothing
 * to what assistive technology reads.
 */
export function FieldErrorMessage({ error }: { error: ReactNode }) {
  return (
    <Text slot="errorMessage" className="lm-field__error" hidden={error === undefined}>
      {error}
    </Text>
  );
}

/**
 * The description and the error message under a field, both read with the input through its
 * aria-describedby; each is hidden while it has nothing to say (see FieldErrorMessage).
 */
export function FieldMessages({ description, error }: { description?: ReactNode; error: ReactNode }) {
  return (
    <>
      <Text slot="description" className="lm-field__description" hidden={description === undefined}>
        {description}
      </Text>
      <FieldErrorMessage error={error} />
    </>
  );
}
