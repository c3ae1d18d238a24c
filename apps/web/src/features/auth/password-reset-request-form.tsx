import { Button, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../app/error-message';
import { email, useFormState } from '../../app/forms';
import { useAppDispatch } from '../../app/store';
import { authModalViewChanged } from '../../app/ui-state';
import { requestPasswordReset } from './auth-calls';
import { FormAlert, FormSuccess } from './form-parts';

const validators = { email };

/** Asks for a reset link by e-mail. The answer never says whether the address has an account. */
export function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const form = useFormState({ email: '' }, validators);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      const address = form.values.email.trim();
      await dispatch(requestPasswordReset({ email: address })).unwrap();
      setSentTo(address);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setPending(false);
    }
  }

  const backToLogin = (
    <div className="auth-form__links">
      <Button variant="link" onPress={() => dispatch(authModalViewChanged('login'))}>
        {t('auth.passwordReset.backToLogin')}
      </Button>
    </div>
  );

  if (sentTo !== null)
    return (
      <div className="auth-form">
        <FormSuccess>{t('auth.passwordReset.sent', { email: sentTo })}</FormSuccess>
        {backToLogin}
      </div>
    );

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="auth-form__intro">{t('auth.passwordReset.intro')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label={t('auth.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        isRequired
        autoFocus
        value={form.values.email}
        onChange={(value) => form.setValue('email', value)}
        onBlur={() => form.blur('email')}
        isInvalid={Boolean(form.errors.email)}
        errorMessage={form.errors.email ? t(form.errors.email) : undefined}
      />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.passwordReset.submit')}
      </Button>
      {backToLogin}
    </form>
  );
}
