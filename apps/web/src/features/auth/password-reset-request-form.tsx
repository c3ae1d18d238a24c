import { Button, TextField } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { email, useFormState } from '../../shared/forms';
import { useAppDispatch } from '../../shared/store';
import { authModalViewChanged } from '../../shared/ui-state';
import { useFormSubmit } from '../../shared/use-form-submit';
import { requestPasswordReset } from './auth-calls';
import { FormAlert, FormSuccess } from './form-parts';
import { useFieldProps } from '../../shared/use-field-props';

const validators = { email };

/** Asks for a reset link by e-mail. The answer never says whether the address has an account. */
export function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useFormState({ email: '' }, validators);
  const { field } = useFieldProps(form);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, failure, onSubmit } = useFormSubmit(form.validateAll, async () => {
    const address = form.values.email.trim();
    await dispatch(requestPasswordReset({ email: address })).unwrap();
    setSentTo(address);
  });

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
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="auth-form__intro">{t('auth.passwordReset.intro')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label={t('auth.field.email')} type="email" autoComplete="email" autoFocus {...field('email')} />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.passwordReset.submit')}
      </Button>
      {backToLogin}
    </form>
  );
}
