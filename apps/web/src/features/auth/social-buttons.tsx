import type { SocialProvider } from '@lumen/contracts';
import { Button } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { usePlatformConfig } from '../../shared/platform-config';
import './auth-social.css';

/** Brand names: not translated. */
export const PROVIDER_NAMES: Readonly<Record<SocialProvider, string>> = { facebook: 'Facebook', linkedin: 'LinkedIn' };

/** Where a social sign-up starts (the api redirects to the provider); `frame` ends it on the embedded views' result page. */
export function socialStartUrl(usersService: string, provider: SocialProvider, frame: boolean): string {
  return `${usersService}/v1/auth/social/${provider}/start${frame ? '?frame=1' : ''}`;
}

export interface SocialButtonsProps {
  /**
   * In the embedded frame the providers' pages cannot be framed: the flow runs in a pop-up, and
   * `onOpenPopup` receives its window (null when the browser blocked it). Without it the whole page
   * goes to the provider.
   */
  onOpenPopup?: (popup: Window | null, provider: SocialProvider) => void;
}

/**
 * "Continue with Facebook / LinkedIn" (issue 17 §4): one button per provider the server has
 * configured (config.json), nothing at all when none is.
 */
export function SocialButtons({ onOpenPopup }: SocialButtonsProps) {
  const { t } = useTranslation();
  const { socialProviders, services } = usePlatformConfig();
  if (socialProviders.length === 0) return null;
  return (
    <div className="auth-social">
      <p className="auth-social__or">{t('auth.social.or')}</p>
      {socialProviders.map((provider) => {
        const label = t('auth.social.continueWith', { provider: PROVIDER_NAMES[provider] });
        return onOpenPopup ? (
          <Button
            key={provider}
            variant="secondary"
            fullWidth
            onPress={() => onOpenPopup(window.open(socialStartUrl(services.users, provider, true), `lumen-social-${provider}`, 'popup,width=520,height=680'), provider)}
          >
            {label}
          </Button>
        ) : (
          <a key={provider} className="lm-button lm-focus-ring lm-button--secondary lm-button--md lm-button--full" href={socialStartUrl(services.users, provider, false)}>
            {label}
          </a>
        );
      })}
    </div>
  );
}
