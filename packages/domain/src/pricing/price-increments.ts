/**
 * Prices of configured articles (spec configuration-domain §9 "Pricing").
 *
 * price = ceil(base + Σ fixed increments + roundUpTo5(base × Σ percent / 100))
 *
 * - fixed increments are used as given (USD increments for catalogue 21 with rate 12);
 * - the amount produced by the percentages is rounded up to the next multiple of 5;
 * - the sum is then rounded up (ceiling) to a whole currency unit;
 * - catalogue 21: under `changePricesCalculation` the summed percent is capped at 20, otherwise
 *   (old path) the resulting price is capped at 1.2 × base;
 * - pendant height: rates 10 and 12 price it by percent, other rates by fixed amount, and only the
 *   steps above the standard height add price.
 */
import Decimal from 'decimal.js';
import { CATALOG, type CatalogId, type PriceRecord, type Variation } from '../catalogue/catalogue.types';
import { getSpecificPendantHeightVariation } from '../attributes/pendant-height';
import { Dec, toDecimal, toMoney, type Amount } from './money';

/** The price rate whose variations use USD increments in catalogue 21. */
export const USD_RATE_ID = 12;
/** Rates where a pendant height is priced by percent. */
export const PENDANT_PERCENT_RATE_IDS: readonly number[] = [10, 12];
/** Catalogue 21, flag changePricesCalculation: the summed percent never exceeds this. */
export const USA_PERCENT_CAP = 20;
/** Catalogue 21, old path: the price never exceeds base × this. */
export const USA_PRICE_CAP_FACTOR = '1.2';

export interface PricingContext {
  readonly catalogId: CatalogId;
  /** The user's price rate. */
  readonly rateId: number;
  /** Feature flag changePricesCalculation. */
  readonly changePricesCalculation?: boolean;
}

/** One price increase: a fixed amount plus a percentage of the base price. */
export interface PriceIncrement {
  readonly fixed?: Amount;
  readonly percent?: Amount;
}

/** Rounds up to the next multiple of 5 (a multiple of 5 stays as it is). */
export function roundUpToMultipleOf5(value: Amount | Dec): Dec {
  return toDecimal(value).dividedBy(5).toDecimalPlaces(0, Decimal.ROUND_CEIL).times(5);
}

/** Whether the variations of this context use USD increments (catalogue 21 with rate 12). */
export function usesDollarIncrements(context: Pick<PricingContext, 'catalogId' | 'rateId'>): boolean {
  return context.catalogId === CATALOG.USA && context.rateId === USD_RATE_ID;
}

/**
 * The increment a selected variation adds in a context. A pendant-height variation is first made
 * specific to its `value` (only steps above standard count); with rates 10 and 12 it contributes
 * its percent only, with other rates its fixed amount only.
 */
export function variationIncrement(variation: Variation, context: PricingContext): PriceIncrement {
  const selected = variation.type === 'pendantHeight' ? getSpecificPendantHeightVariation(variation, variation.value ?? variation.standard) : variation;
  const fixed = usesDollarIncrements(context) ? selected.priceIncrementDollars : selected.priceIncrement;
  const percent = selected.priceIncrementPercent;
  if (selected.type === 'pendantHeight') {
    return PENDANT_PERCENT_RATE_IDS.includes(context.rateId) ? { fixed: 0, percent: percent ?? 0 } : { fixed: fixed ?? 0, percent: 0 };
  }
  return { fixed: fixed ?? 0, percent: percent ?? 0 };
}

/** The price of a base price plus increments in a context, as a number with 2 decimals. */
export function priceWithIncrements(base: Amount, increments: readonly PriceIncrement[], context: PricingContext): number {
  const basePrice = toDecimal(base);
  const fixed = increments.reduce<Dec>((sum, inc) => sum.plus(toDecimal(inc.fixed ?? 0)), new Dec(0));
  let percent = increments.reduce<Dec>((sum, inc) => sum.plus(toDecimal(inc.percent ?? 0)), new Dec(0));
  const usa = context.catalogId === CATALOG.USA;
  if (usa && context.changePricesCalculation && percent.greaterThan(USA_PERCENT_CAP)) percent = new Dec(USA_PERCENT_CAP);
  const percentAmount = roundUpToMultipleOf5(basePrice.times(percent).dividedBy(100));
  let price = basePrice.plus(fixed).plus(percentAmount).toDecimalPlaces(0, Decimal.ROUND_CEIL);
  if (usa && !context.changePricesCalculation) price = Dec.min(price, basePrice.times(USA_PRICE_CAP_FACTOR));
  return toMoney(price);
}

/** The price of a base article with the selected variations. */
export function priceWithVariations(base: Amount, variations: readonly Variation[], context: PricingContext): number {
  return priceWithIncrements(
    base,
    variations.map((variation) => variationIncrement(variation, context)),
    context,
  );
}

/** The price record of a reference in a catalogue for a price rate. */
export function findPriceRecord(
  records: readonly PriceRecord[],
  query: { readonly reference: string; readonly catalogId: CatalogId; readonly rateId: number },
): PriceRecord | undefined {
  return records.find(
    (record) => record.product.reference === query.reference && record.product.catalogId === query.catalogId && record.rate.id === query.rateId,
  );
}

/** Currency of a catalogue: EUR for 16, USD for 21. */
export function currencyOfCatalog(catalogId: CatalogId): 'EUR' | 'USD' {
  return catalogId === CATALOG.USA ? 'USD' : 'EUR';
}

/** Formats an amount in a currency: locale de-DE for EUR, en-US otherwise (platform-core §9). */
export function formatCurrency(amount: Amount, currency: string): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    const locale = currency === 'EUR' ? 'de-DE' : 'en-US';
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    currencyFormats.set(currency, format);
  }
  return format.format(toMoney(amount));
}

/** One formatter per currency, made once (documents format thousands of amounts). */
const currencyFormats = new Map<string, Intl.NumberFormat>();
