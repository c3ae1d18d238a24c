import { Button, PasswordField } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { password, required, useFormState } from '../../shared/forms';
import { useAppDispatch } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { useFormSubmit } from '../../shared/use-form-submit';
import { confirmPasswordReset } from './auth-calls';
import { FormAlert, FormSuccess } from './form-parts';
import { useFieldProps } from '../../shared/use-field-props';

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
  const form = useFormState<Field>({ password: '', confirm: '' }, validators);
  const { field } = useFieldProps(form);
  const [done, setDone] = useState(false);
  const { pending, failure, onSubmit } = useFormSubmit(form.validateAll, async () => {
    await dispatch(confirmPasswordReset({ token, password: form.values.password })).unwrap();
    setDone(true);
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
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <p>{t('auth.passwordResetPage.intro')}</p>
          {failure && <FormAlert>{failure}</FormAlert>}
          <PasswordField label={t('auth.field.newPassword')} autoComplete="new-password" autoFocus {...field('password', { hint: t('auth.field.passwordHint') })} />
          <PasswordField label={t('auth.field.passwordConfirm')} autoComplete="new-password" {...field('confirm')} />
          <Button type="submit" isLoading={pending}>
            {t('auth.passwordResetPage.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
