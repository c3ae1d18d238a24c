import { Button, PasswordField } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { password, required, useFormState } from '../../shared/forms';
import { useAppDispatch } from '../../shared/store';
import { useFormSubmit } from '../../shared/use-form-submit';
import { changePassword } from './auth-calls';
import { FormAlert, FormSuccess } from './form-parts';
import { useFieldProps } from '../../shared/use-field-props';

type Field = 'currentPassword' | 'password' | 'confirm';
const validators = {
  currentPassword: required,
  password: (value: string, values: Readonly<Record<Field, string>>) =>
    password(value) ?? (value === values.currentPassword ? 'formError.passwordSame' : null),
  confirm: (value: string, values: Readonly<Record<Field, string>>) => required(value) ?? (value === values.password ? null : 'formError.passwordMismatch'),
};

export function PasswordChangeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useFormState<Field>({ currentPassword: '', password: '', confirm: '' }, validators);
  const { field } = useFieldProps(form);
  const [done, setDone] = useState(false);
  const { pending, failure, onSubmit } = useFormSubmit(form.validateAll, async () => {
    await dispatch(changePassword({ currentPassword: form.values.currentPassword, password: form.values.password })).unwrap();
    setDone(true);
  });

  if (done)
    return (
      <div className="auth-form">
        <FormSuccess>{t('auth.passwordChange.done')}</FormSuccess>
        <Button fullWidth onPress={onDone}>
          {t('common.close')}
        </Button>
      </div>
    );

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {failure && <FormAlert>{failure}</FormAlert>}
      <PasswordField label={t('auth.field.currentPassword')} autoComplete="current-password" autoFocus {...field('currentPassword')} />
      <PasswordField label={t('auth.field.newPassword')} autoComplete="new-password" {...field('password', { hint: t('auth.field.passwordHint') })} />
      <PasswordField label={t('auth.field.passwordConfirm')} autoComplete="new-password" {...field('confirm')} />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.passwordChange.submit')}
      </Button>
    </form>
  );
}
