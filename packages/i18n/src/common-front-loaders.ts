import type { Lang, TranslationFile } from '@lumen/contracts';

/**
 * The common-front texts of each language as a lazy chunk of their own, for the one screen the web
 * shows when it cannot reach the api and so cannot fetch texts from masters: 'NO CONFIG AVAILABLE'
 * (platform-core §8). Nothing is loaded unless that screen is shown.
 */
export const COMMON_FRONT_LOADERS: Readonly<Record<Lang, () => Promise<TranslationFile>>> = {
  en: () => import('./locales/common-front/en.json').then((module) => module.default),
  us: () => import('./locales/common-front/us.json').then((module) => module.default),
  fr: () => import('./locales/common-front/fr.json').then((module) => module.default),
  de: () => import('./locales/common-front/de.json').then((module) => module.default),
  it: () => import('./locales/common-front/it.json').then((module) => module.default),
  es: () => import('./locales/common-front/es.json').then((module) => module.default),
};
