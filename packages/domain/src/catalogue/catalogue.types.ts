/**
 * The catalogue's entities (spec configuration-domain §3): articles, attributes, variations,
 * availability and price records. Pure data shapes, all readonly; the rules that read them live in
 * the reference, attributes, pricing and lead-time areas.
 */

/** Catalogue ids: 16 international (INT, EUR), 21 United States (USA, USD). Default 16. */
export type CatalogId = 16 | 21;

export const CATALOG = { INT: 16, USA: 21 } as const satisfies Record<string, CatalogId>;
export const DEFAULT_CATALOG_ID: CatalogId = CATALOG.INT;

/** Interface languages. `us` is American English (locale en-US). Default `en`. */
export type Lang = 'en' | 'us' | 'fr' | 'de' | 'it' | 'es';

export const LANGS: readonly Lang[] = ['en', 'us', 'fr', 'de', 'it', 'es'];
export const DEFAULT_LANG: Lang = 'en';

/** A text given per language; a language may be missing (see `describe` in the attributes area). */
export type LocalizedText = Readonly<Partial<Record<Lang, string>>>;

/** The five attributes an article carries (the keys of `Article.attributes`). */
export type AttributeKey = 'finish' | 'ledColourTemp' | 'control' | 'installation' | 'pendantHeight';

/** The five kinds of variation (the `type` of a `Variation`). `color` varies `finish`, `temperature` varies `ledColourTemp`. */
export type VariationType = 'color' | 'temperature' | 'control' | 'installation' | 'pendantHeight';

/** Attribute key → the variation type that varies it. */
export const VARIATION_TYPE_OF_ATTRIBUTE = {
  finish: 'color',
  ledColourTemp: 'temperature',
  control: 'control',
  installation: 'installation',
  pendantHeight: 'pendantHeight',
} as const satisfies Record<AttributeKey, VariationType>;

/**
 * The bov flag of an attribute value: B base (the default of the model), O optional,
 * V variation, T temporal (valid only between its validity dates).
 */
export type Bov = 'B' | 'O' | 'V' | 'T';

/** A selectable value of an attribute. Dates are `dd/mm/yyyy` or empty (= open ended). */
export interface AttributeOption {
  /** The modifier code that goes into the reference (colour 2 chars, control 1, temperature 1, installation 2). */
  readonly modifier: string;
  readonly description?: LocalizedText;
  /** `dd/mm/yyyy`, or '' / absent when the option has no start. */
  readonly fromValidityDate?: string;
  /** `dd/mm/yyyy`, or '' / absent when the option has no end. */
  readonly toValidityDate?: string;
  /** Minimum order quantity of this value. */
  readonly moq?: number;
  readonly bov?: Bov;
}

/**
 * One attribute of an article. `code` is the modifier; its default is '00', except temperature
 * (`ledColourTemp`) and control whose default is '0'.
 */
export interface Attribute {
  readonly code: string;
  readonly id?: number | string;
  readonly description: LocalizedText;
  readonly bov: Bov;
  readonly options?: readonly AttributeOption[];
  readonly fromValidityDate?: string;
  readonly toValidityDate?: string;
}

/** Finish (colour) adds a RAL code and a thumbnail image. */
export interface FinishAttribute extends Attribute {
  readonly ral?: string;
  readonly thumbnail?: string;
}

/** LED colour temperature adds its value (kelvin). */
export interface TemperatureAttribute extends Attribute {
  readonly value?: number;
}

/**
 * Pendant height. All lengths are stored in **centimetres** and shown in metres
 * (see `pendantHeightToMetres`). `min`..`max` is widened to include `standard` when validating.
 */
export interface PendantHeightAttribute extends Attribute {
  readonly value: number;
  readonly min: number;
  readonly standard: number;
  readonly max: number;
  /** Step between selectable heights, in centimetres. */
  readonly delta: number;
}

export interface ArticleAttributes {
  readonly finish: FinishAttribute;
  readonly ledColourTemp: TemperatureAttribute;
  readonly control: Attribute;
  readonly installation: Attribute;
  /** Only pendants have one. */
  readonly pendantHeight?: PendantHeightAttribute;
}

/** One level of the article type hierarchy (up to three levels). */
export interface ArticleTypeLevel {
  readonly id: number;
  readonly description: string;
}

export interface ArticleType {
  readonly level1?: ArticleTypeLevel;
  readonly level2?: ArticleTypeLevel;
  readonly level3?: ArticleTypeLevel;
}

/** A material of an article; it has an id, a description and a CRI value. */
export interface Material {
  readonly id?: number | string;
  readonly description: string;
  readonly cri?: string;
}

/** A lead-time breakpoint: from `from` units ordered, delivery takes `weeks` weeks. */
export interface LeadTimeEntry {
  readonly from: number;
  readonly weeks: number;
}

/** `type` of an accessory article. */
export const COMPLEMENT_TYPE = 'Complement';

/** An article (a product variant) of the catalogue. */
export interface Article {
  /** Four-character model code (the first 4 characters of the reference). */
  readonly model: string;
  /** The full reference, international (`MMMMCC/LT_II`) or US (`MMMM-CC/LT_II`) form. */
  readonly reference: string;
  /** The reference of the base article (the model's defaults). */
  readonly referenceBase: string;
  /** The reference the price list is keyed by. */
  readonly priceReference: string;
  readonly catalog: { readonly id: CatalogId };
  /** 'Complement' for accessories; absent or another value for luminaires. */
  readonly type?: string;
  readonly articleType: ArticleType;
  readonly attributes: ArticleAttributes;
  readonly materials: readonly Material[];
  readonly cri?: { readonly description: string };
  /** Minimum order quantity. */
  readonly moq: number;
  /** Lead-time breakpoints by ordered quantity. */
  readonly leadtime: readonly LeadTimeEntry[];
  readonly hasAttributes: boolean;
  readonly count?: number;
  /** Net weight in kilograms. */
  readonly netWeight: number;
  readonly lumens: number;
  readonly watts: number;
  readonly delivered_power: number;
  readonly consumed_power: number;
  /** Height in centimetres. */
  readonly height: number;
}

/**
 * Availability window of a variation. Dates are ISO 8601 strings (or absent).
 * Available when now ≥ since and now < until.
 */
export interface Availability {
  readonly since?: string | null;
  readonly until?: string | null;
  /** When a not-yet-available variation is expected. */
  readonly expected?: string | null;
}

/** Price-effect order letter: A=1, B=2, C=3, D=4, F=5, anything else 9999. */
export type PriceEffectLetter = 'A' | 'B' | 'C' | 'D' | 'F';

/** Common fields of every variation. Amounts are decimal numbers or decimal strings. */
interface VariationBase {
  readonly modifier: string;
  /** Installation suffix (the `II` after the underscore of a reference). */
  readonly modifier2?: string;
  readonly description?: LocalizedText | string;
  readonly model: string;
  readonly moq?: number;
  readonly leadtime?: readonly LeadTimeEntry[];
  /** Fixed increment in the catalogue currency (EUR for catalogue 16). */
  readonly priceIncrement?: number | string;
  /** Fixed increment in USD, used for catalogue 21 with rate 12. */
  readonly priceIncrementDollars?: number | string;
  /** Percentage increment over the base price. */
  readonly priceIncrementPercent?: number | string;
  readonly priceEffectOrder?: string;
  readonly availability?: Availability;
}

export interface ColorVariation extends VariationBase {
  readonly type: 'color';
}
export interface TemperatureVariation extends VariationBase {
  readonly type: 'temperature';
}
export interface ControlVariation extends VariationBase {
  readonly type: 'control';
}
export interface InstallationVariation extends VariationBase {
  readonly type: 'installation';
}
/** Pendant height variation; lengths in centimetres. */
export interface PendantHeightVariation extends VariationBase {
  readonly type: 'pendantHeight';
  readonly value?: number;
  readonly min: number;
  readonly standard: number;
  readonly max: number;
  readonly delta?: number;
}

/** A variation of a model: one alternative value of one attribute, with its price and availability. */
export type Variation =
  | ColorVariation
  | TemperatureVariation
  | ControlVariation
  | InstallationVariation
  | PendantHeightVariation;

/** A price-list entry: the sale price of a reference in a catalogue for a price rate. */
export interface PriceRecord {
  readonly product: { readonly reference: string; readonly catalogId: CatalogId };
  readonly rate: { readonly id: number };
  /** Decimal amount in the catalogue currency. */
  readonly salePrice: number | string;
  /** The modifiers the price applies to, by variation type. */
  readonly modifiers?: Readonly<Partial<Record<VariationType, string>>>;
}

/** Price types and scopes: net or gross, per unit or total for the quantity. */
export type PriceKind = 'net' | 'gross';
export type PriceScope = 'unit' | 'total';

/** Prices of an article line (bill of materials): all amounts with 2 decimals. */
export interface ArticlePrices {
  readonly unitGross: number;
  readonly unitNet: number;
  readonly unitDiscount: number;
  readonly totalGross: number;
  readonly totalNet: number;
  readonly totalDiscount: number;
}
