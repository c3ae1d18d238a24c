import { Button, PasswordField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../app/error-message';
import { password, required, useFormState } from '../../app/forms';
import { useAppDispatch } from '../../app/store';
import { changePassword } from './auth-calls';
import { FormAlert, FormSuccess } from './form-parts';

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
  const failureMessage = useFailureMessage();
  const form = useFormState<Field>({ currentPassword: '', password: '', confirm: '' }, validators);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      await dispatch(changePassword({ currentPassword: form.values.currentPassword, password: form.values.password })).unwrap();
      setDone(true);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (done)
    return (
      <div className="auth-form">
        <FormSuccess>{t('auth.passwordChange.done')}</FormSuccess>
        <Button fullWidth onPress={onDone}>
          {t('common.close')}
        </Button>
      </div>
    );

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
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && <FormAlert>{failure}</FormAlert>}
      <PasswordField label={t('auth.field.currentPassword')} autoComplete="current-password" autoFocus {...field('currentPassword')} />
      <PasswordField label={t('auth.field.newPassword')} autoComplete="new-password" description={t('auth.field.passwordHint')} {...field('password')} />
      <PasswordField label={t('auth.field.passwordConfirm')} autoComplete="new-password" {...field('confirm')} />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.passwordChange.submit')}
      </Button>
    </form>
  );
}
