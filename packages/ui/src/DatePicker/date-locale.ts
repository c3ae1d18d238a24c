import type { Lang } from '@lumen/contracts';
import { parseDate, type CalendarDate } from '@internationalized/date';

/** Locales of the date picker (configuration-domain §5): us is en-US; en is British English. */
export const DATE_PICKER_LOCALES: Readonly<Record<Lang, string>> = {
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  en: 'en-GB',
  es: 'es-ES',
  us: 'en-US',
};

const LANGS = Object.keys(DATE_PICKER_LOCALES) as Lang[];

/** The kit language for an i18next language code ('en-US' reads as us, unknown as en). */
export function toLang(language: string | undefined): Lang {
  if (language === 'en-US') return 'us';
  const short = (language ?? '').slice(0, 2).toLowerCase();
  return LANGS.find((lang) => lang === language || lang === short) ?? 'en';
}

/** The input mask of a language: dots for de, slashes otherwise (month first for us). */
export function dateMask(lang: Lang): string {
  if (lang === 'de') return 'dd.mm.yyyy';
  if (lang === 'us') return 'mm/dd/yyyy';
  return 'dd/mm/yyyy';
}

/** An ISO day (yyyy-mm-dd) as a calendar date; null when absent or malformed. */
export function toCalendarDate(iso: string | null | undefined): CalendarDate | null {
  if (!iso) return null;
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
}
