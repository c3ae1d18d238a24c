import { useCallback, useState, type FormEvent } from 'react';
import { useFailureMessage } from '../../app/error-message';

/**
 * The submit of an auth form. On submit the last failure is cleared and the fields are checked
 * (`isValid`, e.g. form.validateAll); when they pass, `send` runs while the form is pending (its
 * button shows the spinner). A failed call ends pending and its message becomes `failure` (shown in
 * a FormAlert). After a success the form stays pending: what comes next replaces it (the modal
 * closes, or a confirmation shows). `send` answers false to end pending without a message, when it
 * stopped before the call and a field already says why.
 */
export function useFormSubmit(isValid: () => boolean, send: () => Promise<void | false>) {
  const failureMessage = useFailureMessage();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** Shows the message of a failed call (what `unwrap()` rejects with) as the form's failure. */
  const showFailure = useCallback((error: unknown) => setFailure(failureMessage(error)), [failureMessage]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!isValid()) return;
    setPending(true);
    try {
      if ((await send()) === false) setPending(false);
    } catch (error) {
      showFailure(error);
      setPending(false);
    }
  }

  return { pending, failure, showFailure, onSubmit: (event: FormEvent) => void submit(event) };
}
