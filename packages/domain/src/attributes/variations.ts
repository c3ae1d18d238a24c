/**
 * Variations: which new attribute values are allowed, the price-effect order and the filters on
 * control modifiers starting with M.
 */
import {
  VARIATION_TYPE_OF_ATTRIBUTE,
  type AttributeKey,
  type Variation,
  type VariationType,
} from '../catalogue/catalogue.types';
import { isPendantHeightInRange } from './pendant-height';

/** Price-effect order: A=1, B=2, C=3, D=4, F=5, anything else 9999. */
export const PRICE_EFFECT_ORDER: Readonly<Record<string, number>> = { A: 1, B: 2, C: 3, D: 4, F: 5 };
export const UNKNOWN_PRICE_EFFECT_ORDER = 9999;

export function priceEffectOrder(letter: string | null | undefined): number {
  if (typeof letter !== 'string' || !Object.hasOwn(PRICE_EFFECT_ORDER, letter)) return UNKNOWN_PRICE_EFFECT_ORDER;
  return PRICE_EFFECT_ORDER[letter] ?? UNKNOWN_PRICE_EFFECT_ORDER;
}

/** The variations in price-effect order (stable for equal orders). */
export function sortByPriceEffectOrder<V extends Pick<Variation, 'priceEffectOrder'>>(variations: readonly V[]): V[] {
  return variations
    .map((variation, index) => ({ variation, index, order: priceEffectOrder(variation.priceEffectOrder) }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ variation }) => variation);
}

export function variationsOfType<T extends VariationType>(variations: readonly Variation[], type: T): Extract<Variation, { type: T }>[] {
  return variations.filter((variation): variation is Extract<Variation, { type: T }> => variation.type === type);
}

/**
 * A new attribute value is valid only if it matches a listed variation of the product: same type
 * (and same model when given) and the same modifier (installation may also match modifier2). A
 * pendant height (cm) is valid when it lies within a pendantHeight variation's min–max widened to
 * include its standard.
 */
/**
 * The attribute codes of a reference that select variations (pendant height is chosen apart, by
 * value). A null code (an accessory has no colour temperature) selects nothing.
 */
export interface ReferenceCodes {
  readonly finish: string | null;
  readonly ledColourTemp: string | null;
  readonly control: string | null;
  readonly installation: string | null;
}

const CODED_ATTRIBUTES = ['finish', 'ledColourTemp', 'control', 'installation'] as const;

/**
 * The variations a reference's codes select among its model's: one per coded attribute whose code a
 * variation of that type lists. These, and only these, add to the reference's base price.
 */
export function variationsOfReference<V extends { readonly type: string; readonly modifier: string }>(variations: readonly V[], codes: ReferenceCodes): V[] {
  return variations.filter((variation) =>
    CODED_ATTRIBUTES.some((attribute) => variation.type === VARIATION_TYPE_OF_ATTRIBUTE[attribute] && variation.modifier === codes[attribute]),
  );
}

export function isValidAttributeValue(
  attribute: AttributeKey,
  value: string | number,
  variations: readonly Variation[],
  options: { readonly model?: string } = {},
): boolean {
  const type = VARIATION_TYPE_OF_ATTRIBUTE[attribute];
  return variations.some((variation) => {
    if (variation.type !== type) return false;
    if (options.model !== undefined && variation.model !== options.model) return false;
    if (variation.type === 'pendantHeight') {
      return typeof value === 'number' && isPendantHeightInRange(value, variation);
    }
    if (typeof value !== 'string') return false;
    return variation.modifier === value || (variation.type === 'installation' && variation.modifier2 === value);
  });
}

export interface ControlFilterFlags {
  /** Hide control modifiers starting with M on regular products. */
  readonly filterControlM?: boolean;
  /** Hide control modifiers starting with M on composing pendants (CP). */
  readonly filterControlMforCP?: boolean;
}

/** True for a control modifier starting with M (remote driver / no-driver controls). */
export const isControlM = (modifier: string): boolean => modifier.startsWith('M');

/**
 * Removes control variations whose modifier starts with M: on composing pendants under
 * `filterControlMforCP`, on every other product under `filterControlM`. Other variations pass.
 */
export function filterControlVariations<V extends Pick<Variation, 'type' | 'modifier'>>(
  variations: readonly V[],
  flags: ControlFilterFlags,
  context: { readonly composingPendant?: boolean } = {},
): V[] {
  const active = context.composingPendant ? flags.filterControlMforCP === true : flags.filterControlM === true;
  if (!active) return [...variations];
  return variations.filter((variation) => !(variation.type === 'control' && isControlM(variation.modifier)));
}
