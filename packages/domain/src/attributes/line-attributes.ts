/**
 * The configuration a line was made with, as documents print it (issue 34 §3): finish, colour
 * temperature, control, installation and pendant height, in that order. Every attribute is
 * `{ code, description }` in the document's language; a pendant height's code is the line's height in
 * centimetres, printed with its value in the catalogue's units ("Pendant height 2.50 m", or feet and
 * inches in catalogue 21), never as the bare label.
 */
import { formatLocaleNumber } from '../locale/locale-format';
import { formatFeetAndInches, lengthSystemOf } from '../units/units';
import { pendantHeightToMetres } from './pendant-height';

export const LINE_ATTRIBUTE_KEYS = ['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight'] as const;
export type LineAttributeKey = (typeof LINE_ATTRIBUTE_KEYS)[number];
export type ConfiguredAttributes = Partial<Record<LineAttributeKey, { readonly code: string; readonly description: string } | undefined>>;

/** A length kept in centimetres, in the catalogue's units: `2,50 m` / `85 cm` (metric), `8' 2 7/16"` (catalogue 21). */
export function formatLengthCm(cm: number, catalogId: number, lang: string): string {
  if (lengthSystemOf(catalogId) === 'imperial') return formatFeetAndInches(cm).replace(/ /g, '\u00a0');
  if (cm < 100) return `${formatLocaleNumber(cm, lang, { maximumFractionDigits: 1 })}\u00a0cm`;
  return `${formatLocaleNumber(pendantHeightToMetres(cm), lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0m`;
}

/** The pendant height of a line in centimetres, when its attribute carries one. */
export function pendantHeightCmOf(attributes: ConfiguredAttributes | undefined): number | undefined {
  const code = attributes?.pendantHeight?.code.trim();
  if (!code) return undefined;
  const cm = Number(code);
  return Number.isFinite(cm) && cm > 0 ? cm : undefined;
}

/** Each attribute of a line as one printed text, in the fixed order; a pendant height with its value. */
export function lineAttributeTexts(attributes: ConfiguredAttributes | undefined, catalogId: number, lang: string): string[] {
  if (!attributes) return [];
  const texts: string[] = [];
  for (const key of LINE_ATTRIBUTE_KEYS) {
    const attribute = attributes[key];
    if (!attribute) continue;
    if (key === 'pendantHeight') {
      const cm = pendantHeightCmOf(attributes);
      const value = cm === undefined ? '' : formatLengthCm(cm, catalogId, lang);
      texts.push([attribute.description.trim(), value].filter(Boolean).join(' '));
    } else if (attribute.description.trim()) texts.push(attribute.description.trim());
    else if (attribute.code.trim()) texts.push(attribute.code.trim());
  }
  return texts.filter(Boolean);
}

/**
 * What differs between two configurations of a line (the reorder's summary): the keys whose code
 * changed, appeared or went away.
 */
export function changedLineAttributes(before: ConfiguredAttributes | undefined, after: ConfiguredAttributes | undefined): LineAttributeKey[] {
  return LINE_ATTRIBUTE_KEYS.filter((key) => (before?.[key]?.code ?? null) !== (after?.[key]?.code ?? null));
}
