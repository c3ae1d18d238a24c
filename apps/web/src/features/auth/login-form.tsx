import { Button, PasswordField, TextField } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { email, required, useFormState } from '../../shared/forms';
import { useAppDispatch } from '../../shared/store';
import { authModalViewChanged } from '../../shared/ui-state';
import { useFormSubmit } from '../../shared/use-form-submit';
import { login } from './auth-calls';
import { SocialButtons, type SocialButtonsProps } from './social-buttons';
import { FormAlert } from './form-parts';
import { useFieldProps } from '../../shared/use-field-props';

const validators = { email, password: required };

export interface LoginFormProps {
  onDone: () => void;
  /** The failed call (what `unwrap()` rejected with): the embedded views tell their host of a login timeout. */
  onFailed?: (failure: unknown) => void;
  /** In the embedded views: social sign-up opens a pop-up (SocialButtons). */
  onOpenSocialPopup?: SocialButtonsProps['onOpenPopup'];
}

export function LoginForm({ onDone, onFailed, onOpenSocialPopup }: LoginFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useFormState({ email: '', password: '' }, validators);
  const { field } = useFieldProps(form);
  const { pending, failure, onSubmit } = useFormSubmit(form.validateAll, async () => {
    try {
      await dispatch(login({ email: form.values.email.trim(), password: form.values.password })).unwrap();
    } catch (failure) {
      onFailed?.(failure);
      throw failure;
    }
    onDone();
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="auth-form__intro">{t('auth.login.intro')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label={t('auth.field.email')} type="email" autoComplete="email" autoFocus {...field('email')} />
      <PasswordField label={t('auth.field.password')} autoComplete="current-password" {...field('password')} />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.login.submit')}
      </Button>
      <SocialButtons {...(onOpenSocialPopup ? { onOpenPopup: onOpenSocialPopup } : {})} />
      <div className="auth-form__links">
        <Button variant="link" onPress={() => dispatch(authModalViewChanged('password-reset'))}>
          {t('auth.login.forgot')}
        </Button>
        <span className="auth-form__switch">
          {t('auth.login.needHelp')}{' '}
          <Button variant="link" onPress={() => dispatch(authModalViewChanged('support'))}>
            {t('auth.login.toSupport')}
          </Button>
        </span>
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
