import { Button, PasswordField, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../app/error-message';
import { email, required, useFormState } from '../../app/forms';
import { useAppDispatch } from '../../app/store';
import { authModalViewChanged } from '../../app/ui-state';
import { login } from './auth-calls';
import { FormAlert } from './form-parts';

const validators = { email, password: required };

export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const form = useFormState({ email: '', password: '' }, validators);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      await dispatch(login({ email: form.values.email.trim(), password: form.values.password })).unwrap();
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
      setPending(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="auth-form__intro">{t('auth.login.intro')}</p>
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
      <PasswordField
        label={t('auth.field.password')}
        name="password"
        autoComplete="current-password"
        isRequired
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        onBlur={() => form.blur('password')}
        isInvalid={Boolean(form.errors.password)}
        errorMessage={form.errors.password ? t(form.errors.password) : undefined}
      />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.login.submit')}
      </Button>
      <div className="auth-form__links">
        <Button variant="link" onPress={() => dispatch(authModalViewChanged('password-reset'))}>
          {t('auth.login.forgot')}
        </Button>
        <span className="auth-form__switch">
          {t('auth.login.noAccount')}{' '}
          <Button variant="link" onPress={() => dispatch(authModalViewChanged('new-register'))}>
            {t('auth.login.toSignup')}
          </Button>
        </span>
      </div>
    </form>
  );
}
