/**
 * Formats of money, dates and numbers per language (spec platform-core §9), shared by everything
 * that prints figures: the web, and the documents the api makes (quotes now; orders, invoices and
 * spec sheets later), so a figure reads the same on screen and on paper.
 *
 * - Money: `formatCurrency` of ../pricing (locale de-DE for EUR, en-US otherwise, spec §9, whatever
 *   the language).
 * - Dates and plain numbers: the language's locale (en en-GB, us en-US, fr fr-FR, de de-DE, it it-IT,
 *   es es-ES). Calendar dates given as `YYYY-MM-DD` are read as that day, not as a UTC instant.
 */
import { LOCALE_OF, type LangCode } from '@lumen/contracts/constants';

/** The BCP 47 locale of a language (en when unknown). */
export function localeOfLang(lang: string): string {
  return LOCALE_OF[lang as LangCode] ?? LOCALE_OF.en;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date in the language's locale (`24 Nov 2026`, `Nov 24, 2026`, `24.11.2026`…). A `YYYY-MM-DD`
 * text is that calendar day; an instant is shown in `timeZone` (UTC by default, so a server and a
 * test print the same day).
 */
export function formatLocaleDate(value: Date | string | number, lang: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, timeZone = 'UTC'): string {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : value instanceof Date ? value : new Date(value);
  const zone = day ? 'UTC' : timeZone;
  const key = `${localeOfLang(lang)}|${zone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOfLang(lang), { ...options, timeZone: zone });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/**
 * Formatters are costly to make (a document of 200 lines formats thousands of figures): each one is
 * made once per locale and options and kept.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A plain number (quantities, percentages, lumens) in the language's locale. */
export function formatLocaleNumber(value: number, lang: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(localeOfLang(lang), options).format(value);
}

/** A percentage given as 0–100 (`21 %` in fr, `21%` in en, `8.875%`), up to 3 decimals (tax rates). */
export function formatPercent(percent: number, lang: string): string {
  return numberFormat(localeOfLang(lang), { style: 'percent', maximumFractionDigits: 3 }).format(percent / 100);
}

/**
 * A catalogue name with its sizes kept whole (issue 10 §9): "Ø 15", "L 120" and "15 cm" never break
 * between the sign and its number, so a long heading (German) does not leave a lone "Ø" at a line end.
 * The web's headings and the server's first view of them (apps/api first-view.ts) write them alike.
 */
export function keepSizesTogether(text: string): string {
  return text.replace(/(^|\s)(Ø|⌀|L|H) (?=\d)/g, '$1$2\u00a0').replace(/(\d) (mm|cm|m|in|ft|W|lm|K)(?=$|[\s),.;])/g, '$1\u00a0$2');
}
