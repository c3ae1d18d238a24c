import { createHash } from 'node:crypto';
import { LANGS, type Lang, type Language, type TranslationDomain, type TranslationFile } from '@lumen/contracts';
import { translationsFor } from '@lumen/i18n';
import { createMastersConfigurationsService, type FlagRolloutTables } from './masters.configurations.service';
import { createMastersGeoService } from './masters.geo.service';

/** Language ids are stable numbers (spec §3: id, isoCode, description). */
const LANGUAGE_IDS: Readonly<Record<Lang, number>> = { en: 1, es: 2, fr: 3, de: 4, it: 5, us: 6 };

/** The name of each language (column) written in each language (row). */
const LANGUAGE_NAMES: Readonly<Record<Lang, Readonly<Record<Lang, string>>>> = {
  en: { en: 'English', us: 'American English', fr: 'French', de: 'German', it: 'Italian', es: 'Spanish' },
  us: { en: 'British English', us: 'English (US)', fr: 'French', de: 'German', it: 'Italian', es: 'Spanish' },
  fr: { en: 'Anglais', us: 'Anglais américain', fr: 'Français', de: 'Allemand', it: 'Italien', es: 'Espagnol' },
  de: { en: 'Englisch', us: 'Amerikanisches Englisch', fr: 'Französisch', de: 'Deutsch', it: 'Italienisch', es: 'Spanisch' },
  it: { en: 'Inglese', us: 'Inglese americano', fr: 'Francese', de: 'Tedesco', it: 'Italiano', es: 'Spagnolo' },
  es: { en: 'Inglés', us: 'Inglés americano', fr: 'Francés', de: 'Alemán', it: 'Italiano', es: 'Español' },
};

export interface TranslationResource {
  file: TranslationFile;
  etag: string;
}

/** Masters: translation files and languages. Pure reads of packaged data; no database. */
export function createMastersService(deps: { flagRollouts: FlagRolloutTables }) {
  const cache = new Map<string, TranslationResource>();
  return {
    /** Countries, divisions and geo-IP defaults (masters.geo.service.ts). */
    geo: createMastersGeoService(),
    /** Menus and public configuration (masters.configurations.service.ts). */
    configurations: createMastersConfigurationsService(deps.flagRollouts),
    translations(domain: TranslationDomain, lang: Lang): TranslationResource {
      const key = `${domain}/${lang}`;
      let resource = cache.get(key);
      if (!resource) {
        const file = translationsFor(domain, lang);
        const etag = `"${createHash('sha256').update(JSON.stringify(file)).digest('base64url').slice(0, 27)}"`;
        resource = { file, etag };
        cache.set(key, resource);
      }
      return resource;
    },

    languages(lang: Lang): Language[] {
      return LANGS.map((isoCode) => ({ id: LANGUAGE_IDS[isoCode], isoCode, description: LANGUAGE_NAMES[lang][isoCode] })).sort((a, b) => a.id - b.id);
    },
  };
}

export type MastersService = ReturnType<typeof createMastersService>;
