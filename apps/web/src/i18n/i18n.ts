import type { Lang, TranslationDomain, TranslationFile } from '@lumen/contracts';
import { DEFAULT_LANG, LANGS, TRANSLATION_DOMAINS } from '@lumen/contracts/constants';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ApiClient } from '../api';

export const DEFAULT_NS: TranslationDomain = 'fr-eproject';
export const FALLBACK_NS: readonly TranslationDomain[] = ['common-front', 'fr-widgets'];

/**
 * One i18next instance per app: flat dotted keys (keySeparator false), the three masters domains as
 * namespaces, default fr-eproject with common-front then fr-widgets as fallbacks.
 */
export async function createI18n(lang: Lang = DEFAULT_LANG): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: lang,
    supportedLngs: [...LANGS],
    fallbackLng: false,
    ns: [...TRANSLATION_DOMAINS],
    defaultNS: DEFAULT_NS,
    fallbackNS: [...FALLBACK_NS],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    resources: {},
    returnNull: false,
    // Screens follow 'languageChanged' only (react-i18next's default), which every load of texts ends
    // with (loadLanguage). Bound to the store's 'added' too, each bundle added re-rendered every
    // screen, at once and in one task (useSyncExternalStore): a long task after the first render.
    react: { bindI18nStore: '' },
  });
  return instance;
}

export interface LoadOptions {
  /**
   * At start a domain that fails to load leaves its keys visible rather than blocking the whole
   * interface; on a switch the failure is the action's (the user keeps the language they had).
   */
  tolerant?: boolean;
}

/** Fetches the three translation domains of a language from masters (spec §7). */
export async function fetchTranslations(api: ApiClient, lang: Lang, { tolerant = false }: LoadOptions = {}): Promise<Record<TranslationDomain, TranslationFile>> {
  const files = await Promise.all(
    TRANSLATION_DOMAINS.map(async (domain) => {
      try {
        return (await api.get<TranslationFile>('masters', `/v1/keys/domains/${domain}/files`, { lang, language: lang })) ?? {};
      } catch (error) {
        if (!tolerant) throw error;
        return {};
      }
    }),
  );
  return Object.fromEntries(TRANSLATION_DOMAINS.map((domain, index) => [domain, files[index] ?? {}])) as Record<TranslationDomain, TranslationFile>;
}

/** Loads (or reloads) a language's texts and makes it the current language. */
export async function loadLanguage(i18n: I18n, api: ApiClient, lang: Lang, options: LoadOptions = {}): Promise<void> {
  const files = await fetchTranslations(api, lang, options);
  // Flat files: a shallow merge gives what a deep one does, without walking every key at start.
  for (const domain of TRANSLATION_DOMAINS) i18n.addResourceBundle(lang, domain, files[domain], false, true);
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'us' ? 'en-US' : lang;
}
