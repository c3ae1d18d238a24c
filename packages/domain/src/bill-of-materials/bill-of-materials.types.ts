/**
 * The bill of materials of a space (spec configuration-domain §3 "Bill of materials and
 * composition"): compositions with their article lines and accessory lines (drivers included).
 */
import type { Amount } from '../pricing/money';
import type { ArticlePrices, CatalogId } from '../catalogue/catalogue.types';
import type { DriverLine } from '../drivers/drivers';

/** What the product's family says about the configuration. */
export interface FamilyData {
  readonly familyId: number;
  readonly subFamily: { readonly id: number; readonly description: string };
  /** Product category id: REGULAR 1, SPECIFIC_PLAYER 2, MODULAR 3, LG2 4, VIRTUAL 5, TOOLKIT 6, COMPOSING_PENDANTS 7. */
  readonly category: number;
}

/** Attributes of an article line; pendantHeight in metres (the attribute's centimetres / 100). */
export interface LineAttributes {
  readonly finish: string;
  readonly ledColourTemp: string;
  readonly control: string;
  readonly installation: string;
  readonly pendantHeight: number | null;
}

export interface ArticleLine {
  readonly model: string;
  readonly referenceCode: string;
  readonly referenceBase: string;
  /** LW + model. */
  readonly articleCode: string;
  /** The reference of an accessory article (type Complement), else null. */
  readonly accessoryCode: string | null;
  readonly attributes: LineAttributes;
  /** Per unit. */
  readonly lumensLed: number;
  /** Per unit. */
  readonly watts: number;
  readonly sublevel: number | null;
  readonly familyId: number;
  readonly subFamily: number;
  readonly applicationLocation: number | null;
  readonly elementOrderValue: number;
  readonly quantity: number;
  readonly isAvailablePrice: boolean;
  /** 0 or 1. */
  readonly isPersonalized: 0 | 1;
  readonly priceReference: string;
  readonly prices: ArticlePrices;
}

export interface AccessoryLine {
  readonly accessoryCode: string;
  readonly quantity: number;
  readonly model: string;
}

/** The lights of one model and control in a composition and the drivers that feed them. */
export interface ElectricalGroup {
  readonly model: string;
  readonly control: string;
  readonly lights: number;
  readonly drivers: readonly DriverLine[];
}

export interface Packaging {
  /** Boxes: one per luminaire, plus one for the accessories when there are any. */
  readonly packages: number;
  /** Lead time of the composition in weeks: the longest of its references for their quantities. */
  readonly timing: number;
}

export interface AssemblyData {
  readonly lights: number;
  readonly clusters: number;
  readonly pendants: number;
  /** Sum of the pendants' wire lengths, metres (3 decimals). */
  readonly wireLength: number;
  /** Ids of the elements the composition was built from, in tree order. */
  readonly elementIds: readonly string[];
}

export interface CompositionBill {
  readonly compositionNumber: number;
  readonly subFamily: FamilyData['subFamily'];
  readonly familyId: number;
  /** The attribute values every light of the composition shares. */
  readonly attributes: Readonly<Partial<Record<'finish' | 'ledColourTemp' | 'control' | 'installation', string>>>;
  readonly totalLumensLed: number;
  readonly totalWatts: number;
  readonly category: number;
  readonly articles: readonly ArticleLine[];
  readonly accessories: readonly AccessoryLine[];
  readonly electricalGroups: readonly ElectricalGroup[];
  readonly packaging: Packaging;
  readonly assemblyData: AssemblyData;
}

export interface PriceQuery {
  readonly referenceCode: string;
  readonly priceReference: string;
  readonly model: string;
  readonly catalogId: CatalogId;
  readonly sublevel: number | null;
  readonly attributes: LineAttributes;
}

/** A unit gross price and the user's discount for it (pricing is part A's area; the caller resolves it). */
export interface UnitPrice {
  readonly unitGross: Amount;
  readonly discountPercent?: Amount;
}

export type PriceResolver = (query: PriceQuery) => UnitPrice | undefined;
