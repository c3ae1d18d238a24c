import { useCallback, useState, type FormEvent } from 'react';
import { useFailureMessage } from './error-message';

/**
 * The submit of a form (the auth forms, the project dialogs). On submit the last failure is cleared
 * and the fields are checked (`isValid`, e.g. form.validateAll); when they pass, `send` runs while
 * the form is pending (its button shows the spinner). A call that throws (e.g. `unwrap()`) ends
 * pending and its message becomes `failure` (shown inline, e.g. in the auth forms' FormAlert). After
 * a success the form stays pending: what comes next replaces it (the modal closes, the page changes,
 * or a confirmation shows). `send` answers false to end pending without a message: when it stopped
 * before the call and a field already says why, or when the failure is shown elsewhere (a call
 * dispatched without `unwrap()` opens the error dialog).
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
