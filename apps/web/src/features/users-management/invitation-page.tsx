import { Button, PageHeader, PasswordField, TextField } from '@lumen/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useFailureMessage } from '../../shared/error-message';
import { maxLength, password, required, useFormState } from '../../shared/forms';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { acceptInvitation, loadInvitation } from './users-management-calls';

type Field = 'name' | 'password' | 'confirm';
const validators = {
  name: (value: string) => required(value) ?? maxLength(100)(value),
  password,
  confirm: (value: string, values: Readonly<Record<Field, string>>) => required(value) ?? (value === values.password ? null : 'formError.passwordMismatch'),
};

/**
 * /invitation?token=… (issue 17 §1): the page an invitation mail opens. The colleague chooses a name
 * and a password; the account is made in the inviting company with the privileges the manager chose,
 * then the page logs in and goes home. An unknown, used or expired link says so.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invitation] = useRemote(token.length >= 16 ? token : null, () => dispatch(loadInvitation({ token })).unwrap());
  return (
    <section className="page page--narrow" aria-labelledby="invitation-title">
      <PageHeader titleId="invitation-title" title={t('invitation.title')} />
      {(token.length < 16 || invitation.status === 'failed') && (
        <p className="form-error" role="alert">
          {t('invitation.invalid')}
        </p>
      )}
      {token.length >= 16 && invitation.status === 'loading' && <p role="status">{t('common.loading')}</p>}
      {invitation.status === 'ready' && <InvitationForm token={token} email={invitation.data.email} companyName={invitation.data.companyName} />}
    </section>
  );
}

function InvitationForm({ token, email, companyName }: { token: string; email: string; companyName: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lang = useAppSelector((state) => state.preferences.lang);
  const failureMessage = useFailureMessage();
  const form = useFormState<Field>({ name: '', password: '', confirm: '' }, validators);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      await dispatch(acceptInvitation({ token, email, name: form.values.name.trim(), password: form.values.password, lang })).unwrap();
      void navigate('/');
    } catch (error) {
      setFailure(failureMessage(error));
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
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('invitation.intro', { company: companyName, email })}</p>
      <TextField label={t('invitation.name')} autoComplete="name" autoFocus {...field('name')} />
      <PasswordField label={t('invitation.password')} autoComplete="new-password" description={t('auth.field.passwordHint')} {...field('password')} />
      <PasswordField label={t('auth.field.passwordConfirm')} autoComplete="new-password" {...field('confirm')} />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" isLoading={pending}>
        {t('invitation.submit')}
      </Button>
    </form>
  );
}
