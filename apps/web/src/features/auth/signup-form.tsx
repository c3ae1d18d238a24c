import { Button, PasswordField, TextField } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { email, maxLength, password, required, useFormState } from '../../shared/forms';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalViewChanged } from '../../shared/ui-state';
import { useFormSubmit } from '../../shared/use-form-submit';
import { checkEmailTaken, signup } from './auth-calls';
import { SocialButtons, type SocialButtonsProps } from './social-buttons';
import { FormAlert } from './form-parts';
import { useFieldProps } from '../../shared/use-field-props';

const validators = {
  name: (value: string) => required(value) ?? maxLength(100)(value),
  email,
  password,
  confirm: (value: string, values: Readonly<Record<'name' | 'email' | 'password' | 'confirm', string>>) =>
    required(value) ?? (value === values.password ? null : 'formError.passwordMismatch'),
};

export function SignupForm({ onDone, onOpenSocialPopup }: { onDone: () => void; onOpenSocialPopup?: SocialButtonsProps['onOpenPopup'] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const form = useFormState({ name: '', email: '', password: '', confirm: '' }, validators);
  const { field } = useFieldProps(form);

  /** Availability is checked on the server when the address is well formed (spec §5). */
  async function checkAvailability(address: string): Promise<boolean> {
    if (email(address) !== null) return true;
    try {
      const taken = await dispatch(checkEmailTaken(address.trim())).unwrap();
      if (taken) form.setError('email', 'formError.emailTaken');
      return !taken;
    } catch {
      return true; // The sign-up call itself will say if the address is taken.
    }
  }

  const { pending, failure, onSubmit } = useFormSubmit(form.validateAll, async () => {
    if (!(await checkAvailability(form.values.email))) return false; // The e-mail field says it is taken.
    await dispatch(signup({ name: form.values.name.trim(), email: form.values.email.trim(), password: form.values.password, lang })).unwrap();
    onDone();
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="auth-form__intro">{t('auth.signup.intro')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label={t('auth.field.name')} autoComplete="name" autoFocus {...field('name')} />
      <TextField
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        {...field('email')}
        onBlur={() => {
          form.blur('email');
          void checkAvailability(form.values.email);
        }}
      />
      <PasswordField label={t('auth.field.password')} autoComplete="new-password" {...field('password', { hint: t('auth.field.passwordHint') })} />
      <PasswordField label={t('auth.field.passwordConfirm')} autoComplete="new-password" {...field('confirm')} />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.signup.submit')}
      </Button>
      <SocialButtons {...(onOpenSocialPopup ? { onOpenPopup: onOpenSocialPopup } : {})} />
      <div className="auth-form__links">
        <span className="auth-form__switch">
          {t('auth.signup.haveAccount')}{' '}
          <Button variant="link" onPress={() => dispatch(authModalViewChanged('login'))}>
            {t('auth.signup.toLogin')}
          </Button>
        </span>
      </div>
    </form>
  );
}
