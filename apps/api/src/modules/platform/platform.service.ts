import { type CookieCategory, SOCIAL_PROVIDERS, type CookieNotice, type Lang, type RuntimeConfig, SERVICE_NAMES, type ServiceName } from '@lumen/contracts';
import { translationsFor } from '@lumen/i18n';
import type { Config } from '../../config';
import { type COOKIE, COOKIE_MAX_AGE_MS } from '../../http/sessions';
import type { FlagCaller, FlagsService } from '../flags/flags.service';
import { SOCIAL_COOKIE_MAX_AGE_MS } from '../auth/social/social.service';

type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

/**
 * Every cookie the platform sets (src/http/sessions.ts), for the cookie notice. All are first party
 * and either strictly necessary (the session) or a functional preference the user chose (language,
 * catalogue), which need no consent; so the platform shows a notice, never a consent banner. The
 * record is typed by the cookie names, so a new cookie cannot be set without being described here.
 */
const COOKIES: Readonly<Record<CookieName, { category: CookieCategory; httpOnly: boolean }>> = {
  token: { category: 'strictly-necessary', httpOnly: true },
  refreshToken: { category: 'strictly-necessary', httpOnly: true },
  actorRefreshToken: { category: 'strictly-necessary', httpOnly: true },
  acting: { category: 'strictly-necessary', httpOnly: false },
  hasSession: { category: 'strictly-necessary', httpOnly: false },
  language: { category: 'preference', httpOnly: false },
  catalogId: { category: 'preference', httpOnly: false },
  catalog: { category: 'preference', httpOnly: false },
};

/** Client timeouts (DESIGN.md): ordinary calls and uploads. */
const CLIENT_TIMEOUT_MS = 15_000;
const UPLOAD_TIMEOUT_MS = 60_000;

/** The runtime configuration the web loads at start (/config.json) and the cookie notice (/cookie). */
export function createPlatformService(config: Config, flags: FlagsService) {
  const services = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `/api/${name}`])) as Record<ServiceName, string>;
  const notices = new Map<Lang, CookieNotice>();

  return {
    async runtimeConfig(caller: FlagCaller): Promise<RuntimeConfig> {
      return {
        environment: config.env,
        flagsEnvironment: flags.environment,
        services,
        documentsDownloadPath: '/sr-documents/v1/docs-web/download',
        socketPath: '/v2/socketio/docs/download',
        timeouts: { clientMs: CLIENT_TIMEOUT_MS, uploadMs: UPLOAD_TIMEOUT_MS },
        flags: await flags.forCaller(caller).all(),
        socialProviders: SOCIAL_PROVIDERS.filter((provider) => config.social[provider] !== undefined),
        frameAncestors: [...config.frameAncestors],
      };
    },

    cookieNotice(lang: Lang): CookieNotice {
      let notice = notices.get(lang);
      if (!notice) {
        const texts = translationsFor('common-front', lang);
        notice = {
          lang,
          consentRequired: false,
          cookies: (Object.entries(COOKIES) as Array<[CookieName, (typeof COOKIES)[CookieName]]>).map(([name, cookie]) => {
            const purposeKey = `cookies.${name}.purpose`;
            return {
              name,
              category: cookie.category,
              purposeKey,
              purpose: texts[purposeKey] ?? purposeKey,
              maxAgeSeconds: COOKIE_MAX_AGE_MS / 1000,
              httpOnly: cookie.httpOnly,
              firstParty: true,
            };
          }),
        };
        // Social sign-up's own cookies (src/modules/auth/social): minutes, httpOnly, only on its routes.
        for (const [name, maxAgeMs] of Object.entries(SOCIAL_COOKIE_MAX_AGE_MS)) {
          const purposeKey = `cookies.${name}.purpose`;
          notice.cookies.push({ name, category: 'strictly-necessary', purposeKey, purpose: texts[purposeKey] ?? purposeKey, maxAgeSeconds: maxAgeMs / 1000, httpOnly: true, firstParty: true });
        }
        notices.set(lang, notice);
      }
      return notice;
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
