import { SocialErrorReason, SocialProvider, SocialResult, type SocialLinkPending } from '@lumen/contracts';
import { Button, PasswordField } from '@lumen/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { required, useFormState } from '../../shared/forms';
import { loadAccount } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { useFormSubmit } from '../../shared/use-form-submit';
import { linkSocialAccount, loadPendingSocialLink } from './auth-calls';
import { FormAlert, FormSuccess } from './form-parts';
import { announceSocialResult, socialPopupMessage } from './frame/frame-messenger';
import { PROVIDER_NAMES } from './social-buttons';
import { useFieldProps } from '../../shared/use-field-props';

/** What the callback put in the result page's address; anything unreadable reads as a failed check. */
export function readSocialResult(params: URLSearchParams): { result: SocialResult; provider: SocialProvider | null; reason: SocialErrorReason | null } {
  const result = SocialResult.safeParse(params.get('result'));
  const provider = SocialProvider.safeParse(params.get('provider'));
  const reason = SocialErrorReason.safeParse(params.get('reason'));
  if (!result.success) return { result: 'error', provider: provider.success ? provider.data : null, reason: 'state' };
  return { result: result.data, provider: provider.success ? provider.data : null, reason: result.data === 'error' ? (reason.success ? reason.data : 'state') : null };
}

/** The spec's social sign-up error, with why. */
export function SocialErrorMessage({ provider, reason }: { provider: SocialProvider | null; reason: SocialErrorReason | null }) {
  const { t } = useTranslation();
  const name = provider ? PROVIDER_NAMES[provider] : t('auth.social.theProvider');
  return (
    <FormAlert>
      {t('auth.socialResult.error', { provider: name })} {t(`auth.socialResult.reason.${reason ?? 'state'}`, { provider: name })}
    </FormAlert>
  );
}

/**
 * The account's password for a social identity whose verified e-mail is already an account's
 * (issue 17 §4): linked only once the password is proven. `onLinked` after the link (logged in).
 */
export function SocialLinkForm({ onLinked }: { onLinked: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [pendingLink, setPendingLink] = useState<SocialLinkPending | 'missing' | null>(null);
  const form = useFormState({ password: '' }, { password: required });
  const { field } = useFieldProps(form);
  const { pending, failure, onSubmit } = useFormSubmit(form.validateAll, async () => {
    await dispatch(linkSocialAccount({ password: form.values.password })).unwrap();
    onLinked();
  });

  useEffect(() => {
    void dispatch(loadPendingSocialLink()).then((answer) => setPendingLink(loadPendingSocialLink.fulfilled.match(answer) ? answer.payload : 'missing'));
  }, [dispatch]);

  if (pendingLink === null) return null;
  if (pendingLink === 'missing') return <FormAlert>{t('auth.socialLink.missing')}</FormAlert>;
  const name = PROVIDER_NAMES[pendingLink.provider];
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.socialLink.title', { provider: name })}>
      <p className="auth-form__intro">{t('auth.socialLink.intro', { provider: name, email: pendingLink.email })}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <PasswordField label={t('auth.field.password')} autoComplete="current-password" autoFocus {...field('password')} />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.socialLink.submit')}
      </Button>
    </form>
  );
}

/**
 * /social-sign-up: where the provider's answer lands (issue 17 §4). The spec's social sign-up success
 * (a new account, or a linked one logged in), its error with the reason, or the password that links
 * an existing account.
 */
export function SocialSignUpPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { result, provider, reason } = readSocialResult(params);
  const [linked, setLinked] = useState(false);
  const logged = useAppSelector((state) => state.session.logged);
  const name = provider ? PROVIDER_NAMES[provider] : t('auth.social.theProvider');

  useEffect(() => {
    // The callback opened the session (cookies): the account is read when start did not already.
    if ((result === 'signed-up' || result === 'logged') && !logged) void dispatch(loadAccount());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  const success = result === 'signed-up' || result === 'logged' || linked;
  return (
    <section className="page page--narrow" aria-labelledby="social-sign-up-title">
      <h1 id="social-sign-up-title">{result === 'link' && !linked ? t('auth.socialLink.title', { provider: name }) : t('auth.socialResult.title', { provider: name })}</h1>
      {success ? (
        <div className="auth-form">
          <FormSuccess>
            {linked ? t('auth.socialLink.done', { provider: name }) : result === 'signed-up' ? t('auth.socialResult.signedUp', { provider: name }) : t('auth.socialResult.logged', { provider: name })}
          </FormSuccess>
          <Link className="lm-button lm-focus-ring lm-button--primary lm-button--md" to="/">
            {t('auth.socialResult.continue')}
          </Link>
        </div>
      ) : result === 'link' ? (
        <SocialLinkForm onLinked={() => setLinked(true)} />
      ) : (
        <div className="auth-form">
          <SocialErrorMessage provider={provider} reason={reason} />
          <Button onPress={() => dispatch(authModalOpened({ view: 'login' }))}>{t('auth.socialResult.tryAgain')}</Button>
        </div>
      )}
    </section>
  );
}

/**
 * /iframe/auth/social-sign-up: the end of a social sign-up started by the embedded auth views, in
 * their pop-up. It tells the frame that opened it (same origin only) how it ended and closes; the
 * frame shows the message and tells its host. A pending link asks for the password here first.
 */
export function SocialSignUpPopupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { result, provider, reason } = readSocialResult(params);
  const [finished, setFinished] = useState(false);
  const name = provider ? PROVIDER_NAMES[provider] : t('auth.social.theProvider');

  const finish = (final: SocialResult, why?: SocialErrorReason) => {
    announceSocialResult(socialPopupMessage(final, why), { opener: window.opener, origin: window.location.origin });
    setFinished(true);
    // The pop-up closes itself (browsers ignore this for a window no script opened, which then keeps its message).
    window.close();
  };

  useEffect(() => {
    if (result !== 'link') finish(result, reason ?? undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="page page--narrow auth-frame" aria-labelledby="social-popup-title">
      <h1 id="social-popup-title">{result === 'link' && !finished ? t('auth.socialLink.title', { provider: name }) : t('auth.socialResult.title', { provider: name })}</h1>
      {result === 'link' && !finished ? (
        <SocialLinkForm onLinked={() => finish('logged')} />
      ) : result === 'error' ? (
        <SocialErrorMessage provider={provider} reason={reason} />
      ) : (
        <FormSuccess>{t(result === 'signed-up' ? 'auth.socialResult.signedUp' : 'auth.socialResult.logged', { provider: name })}</FormSuccess>
      )}
    </section>
  );
}
