import type { Lang, TranslationDomain, TranslationFile } from '@lumen/contracts';
import commonDe from './locales/common-front/de.json';
import commonEn from './locales/common-front/en.json';
import commonEs from './locales/common-front/es.json';
import commonFr from './locales/common-front/fr.json';
import commonIt from './locales/common-front/it.json';
import commonUs from './locales/common-front/us.json';
import eprojectDe from './locales/fr-eproject/de.json';
import eprojectEn from './locales/fr-eproject/en.json';
import eprojectEs from './locales/fr-eproject/es.json';
import eprojectFr from './locales/fr-eproject/fr.json';
import eprojectIt from './locales/fr-eproject/it.json';
import eprojectUs from './locales/fr-eproject/us.json';
import widgetsDe from './locales/fr-widgets/de.json';
import widgetsEn from './locales/fr-widgets/en.json';
import widgetsEs from './locales/fr-widgets/es.json';
import widgetsFr from './locales/fr-widgets/fr.json';
import widgetsIt from './locales/fr-widgets/it.json';
import widgetsUs from './locales/fr-widgets/us.json';

/**
 * Every visible string of the platform, per translation domain and language. The masters service
 * serves these files (GET /api/masters/v1/keys/domains/{domain}/files?lang=…); tests load them directly.
 */
export const TRANSLATIONS: Readonly<Record<TranslationDomain, Readonly<Record<Lang, TranslationFile>>>> = {
  'common-front': { en: commonEn, us: commonUs, fr: commonFr, de: commonDe, it: commonIt, es: commonEs },
  'fr-eproject': { en: eprojectEn, us: eprojectUs, fr: eprojectFr, de: eprojectDe, it: eprojectIt, es: eprojectEs },
  'fr-widgets': { en: widgetsEn, us: widgetsUs, fr: widgetsFr, de: widgetsDe, it: widgetsIt, es: widgetsEs },
};

export function translationsFor(domain: TranslationDomain, lang: Lang): TranslationFile {
  return TRANSLATIONS[domain][lang];
}
