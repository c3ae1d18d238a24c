import { Button, PasswordField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFailureMessage } from '../../app/error-message';
import { password, required, useFormState } from '../../app/forms';
import { useAppDispatch } from '../../app/store';
import { authModalOpened } from '../../app/ui-state';
import { confirmPasswordReset } from './auth-calls';
import { FormAlert, FormSuccess } from './form-parts';

type Field = 'password' | 'confirm';
const validators = {
  password,
  confirm: (value: string, values: Readonly<Record<Field, string>>) => required(value) ?? (value === values.password ? null : 'formError.passwordMismatch'),
};

/** /password-reset?token=…: the page the e-mailed link opens, to choose a new password. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const failureMessage = useFailureMessage();
  const form = useFormState<Field>({ password: '', confirm: '' }, validators);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      await dispatch(confirmPasswordReset({ token, password: form.values.password })).unwrap();
      setDone(true);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setPending(false);
    }
  }

  const field = (name: Field) => ({
    name,
    isRequired: true,
    value: form.values[name],
    onChange: (value: string) => form.setValue(name, value),
    onBlur: () => form.blur(name),
    isInvalid: Boolean(form.errors[name]),
    errorMessage: form.errors[name] ? t(form.errors[name]) : undefined,
  });

  return (
    <section className="page page--narrow" aria-labelledby="password-reset-title">
      <h1 id="password-reset-title">{t('auth.passwordResetPage.title')}</h1>
      {token.length < 16 ? (
        <div className="auth-form">
          <FormAlert>{t('auth.passwordResetPage.invalidLink')}</FormAlert>
          <Button onPress={() => dispatch(authModalOpened({ view: 'password-reset' }))}>{t('auth.passwordResetPage.askAgain')}</Button>
        </div>
      ) : done ? (
        <div className="auth-form">
          <FormSuccess>{t('auth.passwordResetPage.done')}</FormSuccess>
          <Button onPress={() => dispatch(authModalOpened({ view: 'login', next: '/' }))}>{t('auth.login.submit')}</Button>
        </div>
      ) : (
        <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
          <p>{t('auth.passwordResetPage.intro')}</p>
          {failure && <FormAlert>{failure}</FormAlert>}
          <PasswordField label={t('auth.field.newPassword')} autoComplete="new-password" autoFocus description={t('auth.field.passwordHint')} {...field('password')} />
          <PasswordField label={t('auth.field.passwordConfirm')} autoComplete="new-password" {...field('confirm')} />
          <Button type="submit" isLoading={pending}>
            {t('auth.passwordResetPage.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
