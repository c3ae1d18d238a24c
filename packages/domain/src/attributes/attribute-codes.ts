/**
 * Attribute codes, defaults, bov flags, per-language descriptions and which attributes can be
 * deleted (spec configuration-domain §3, §5).
 */
import { DEFAULT_LANG, type AttributeKey, type Bov, type Lang, type LocalizedText, type VariationType } from '../catalogue/catalogue.types';

/** Default modifier code of each attribute: '00', except temperature and control: '0'. */
export const DEFAULT_ATTRIBUTE_CODE = {
  finish: '00',
  ledColourTemp: '0',
  control: '0',
  installation: '00',
  pendantHeight: '00',
} as const satisfies Record<AttributeKey, string>;

/** The default code of an attribute, by attribute key or variation type ('temperature' = ledColourTemp). */
export function defaultAttributeCode(attribute: AttributeKey | VariationType): string {
  if (attribute === 'temperature' || attribute === 'ledColourTemp' || attribute === 'control') return '0';
  return '00';
}

/** The bov flags: B base default, O optional, V variation, T temporal. */
export const BOV = { BASE: 'B', OPTIONAL: 'O', VARIATION: 'V', TEMPORAL: 'T' } as const satisfies Record<string, Bov>;

export function isBov(value: unknown): value is Bov {
  return value === 'B' || value === 'O' || value === 'V' || value === 'T';
}
/** The model's default value. */
export const isBaseDefault = (bov: Bov): boolean => bov === BOV.BASE;
export const isOptional = (bov: Bov): boolean => bov === BOV.OPTIONAL;
export const isVariation = (bov: Bov): boolean => bov === BOV.VARIATION;
/** Temporal values are offered only between their validity dates. */
export const isTemporal = (bov: Bov): boolean => bov === BOV.TEMPORAL;

/**
 * The description in a language. Falls back: `us` → `en`; then the default language `en`; then
 * the first description present; then ''.
 */
export function descriptionIn(description: LocalizedText | string | undefined, lang: Lang): string {
  if (description === undefined) return '';
  if (typeof description === 'string') return description;
  const chain: Lang[] = lang === 'us' ? ['us', 'en'] : [lang, DEFAULT_LANG];
  for (const candidate of chain) {
    const text = description[candidate];
    if (text) return text;
  }
  return Object.values(description).find((text): text is string => Boolean(text)) ?? '';
}

/** Only control, installation and temperature can be deleted (reset to their default). */
export const DELETABLE_ATTRIBUTES: readonly (AttributeKey | VariationType)[] = ['control', 'installation', 'ledColourTemp', 'temperature'];

export function canDeleteAttribute(attribute: AttributeKey | VariationType): boolean {
  return DELETABLE_ATTRIBUTES.includes(attribute);
}
