import type { Lang } from '@lumen/contracts';
import { formatCurrency, formatFeetAndInches, formatLocaleDate, formatLocaleNumber, lengthSystemOf, pendantHeightToMetres } from '@lumen/domain';


// The domain's formatters keep one Intl formatter per locale and options: making one per call cost
// a list of projects a tenth of its render (issue 9 §4).

/** Currency amounts (spec §9): locale de-DE for EUR, en-US for every other currency. */
export function formatMoney(amount: number, currency: string): string {
  return formatCurrency(amount, currency.toUpperCase());
}

/** The browser's time zone, where an instant is shown as the user's own day and hour. */
const LOCAL_TIME_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A calendar date in the interface language's locale (a `YYYY-MM-DD` day is that day everywhere). */
export function formatDate(value: Date | string | number, lang: Lang, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return formatLocaleDate(value, lang, options, LOCAL_TIME_ZONE);
}

/** A plain number (quantities, percentages) in the interface language's locale. */
export function formatNumber(value: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  return formatLocaleNumber(value, lang, options);
}

const KIB = 1024;
const MIB = 1024 * 1024;

/**
 * A file's size for people: bytes, kB or MB (binary multiples, so the 10,485,760-byte upload limit
 * reads "10 MB"), one decimal at most, with the locale's unit symbol (fr: "Mo").
 */
export function formatFileSize(bytes: number, lang: Lang): string {
  const [value, unit] = bytes < KIB ? [bytes, 'byte'] : bytes < MIB ? [bytes / KIB, 'kilobyte'] : [bytes / MIB, 'megabyte'];
  // Bytes in words ("5 bytes": the short form is "5 byte"), kB and MB as symbols.
  return formatNumber(value, lang, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 });
}

/**
 * A length stored in centimetres (a pendant height) as the catalogue's users read it (issue 10 §10,
 * configuration-domain units): feet and inches to the 1/16 in catalogue 21; elsewhere centimetres
 * below a metre and metres with two decimals from one metre, in the language's number format. Unit
 * symbols are not translated; the number and its unit never part at a line end.
 */
export function formatLength(cm: number, catalogId: number, lang: Lang): string {
  if (lengthSystemOf(catalogId) === 'imperial') return formatFeetAndInches(cm).replace(/ /g, '\u00a0');
  if (cm < 100) return `${formatNumber(cm, lang, { maximumFractionDigits: 1 })}\u00a0cm`;
  return `${formatNumber(pendantHeightToMetres(cm), lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0m`;
}
