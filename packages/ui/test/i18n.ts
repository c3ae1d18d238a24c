import { LANGS, type Lang } from '@lumen/contracts';
import { TRANSLATIONS } from '@lumen/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The app's i18next set-up for tests: the real fr-widgets texts, flat keys, English by default. */
export async function initTestI18n(lng: Lang = 'en'): Promise<void> {
  if (i18next.isInitialized) {
    await i18next.changeLanguage(lng);
    return;
  }
  const resources = Object.fromEntries(LANGS.map((lang) => [lang, { 'fr-widgets': TRANSLATIONS['fr-widgets'][lang] }]));
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources,
    ns: ['fr-widgets'],
    defaultNS: 'fr-widgets',
    keySeparator: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
