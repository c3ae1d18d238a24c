/**
 * Prices are for callers holding price.view (spec platform-core §6). Everyone else gets answers
 * without a single price field: amounts (price, priceFrom, unitGross and unitNet inside them),
 * variation surcharges (priceIncrement, priceIncrementDollars, priceIncrementPercent,
 * priceEffectOrder) and what prices are made of (pricing: rate, base prices, discounts;
 * priceReference) — issue 9 §5 finding 4. A field is a price field by its name, so one added later
 * is covered as soon as its name says what it is; the wire shapes mark each one optional.
 */
const PRICE_KEY = /pric(?:e|ing)|pvp|discount/i;

/** Whether a key of an answer carries a price or what prices are made of. */
export function isPriceKey(key: string): boolean {
  return PRICE_KEY.test(key);
}

type PriceKeyWord = 'price' | 'Price' | 'pricing' | 'Pricing' | 'pvp' | 'Pvp' | 'discount' | 'Discount';
type PriceKey = `${string}${PriceKeyWord}${string}`;

/** `T` without any key that names a price, at any depth. */
export type WithoutPrices<T> = T extends readonly (infer Item)[]
  ? WithoutPrices<Item>[]
  : T extends object
    ? { [Key in keyof T as Key extends PriceKey ? never : Key]: WithoutPrices<T[Key]> }
    : T;

/**
 * Copies already made, by original: answers are built from immutable catalogue snapshots shared by
 * every request, so stripping the same article or variation again costs a lookup.
 */
const copies = new WeakMap<object, unknown>();

/** A copy of a JSON-like value without price keys at any depth (anything but plain objects and arrays is kept as it is). */
export function withoutPrices<T>(value: T): WithoutPrices<T> {
  return strip(value) as WithoutPrices<T>;
}

function strip(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  let copy: unknown;
  if (Array.isArray(value)) {
    copy = value.map(strip);
  } else {
    const object: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (!isPriceKey(key)) object[key] = strip(item);
    copy = object;
  }
  copies.set(value, copy);
  return copy;
}
