/**
 * The product filter of spec configuration-domain §5: methods models, partialModel,
 * applicationLocation, type and generic (model number above 100). Each method returns a new filter
 * (immutable); `apply` keeps the items that pass every method called.
 */

/** Model numbers above this are generic. */
export const GENERIC_MODEL_THRESHOLD = 100;

/** The model number of a model code ('0270' → 270); NaN when it is not numeric. */
export function modelNumber(model: string): number {
  return /^\d+$/.test(model.trim()) ? Number.parseInt(model.trim(), 10) : Number.NaN;
}

/** A generic model is one whose model number is above 100. */
export function isGenericModel(model: string): boolean {
  return modelNumber(model) > GENERIC_MODEL_THRESHOLD;
}

/** What the filter reads of a product. */
export interface FilterableProduct {
  readonly model: string;
  readonly applicationLocation?: { readonly id: number } | number | null;
  readonly type?: string | number | { readonly id: number } | null;
}

type Predicate<P> = (product: P) => boolean;

const idOf = (value: { readonly id: number } | number | string | null | undefined): number | string | undefined =>
  value === null || value === undefined ? undefined : typeof value === 'object' ? value.id : value;

export class ProductFilter<P extends FilterableProduct = FilterableProduct> {
  private constructor(private readonly predicates: readonly Predicate<P>[]) {}

  static create<P extends FilterableProduct = FilterableProduct>(): ProductFilter<P> {
    return new ProductFilter<P>([]);
  }

  private with(predicate: Predicate<P>): ProductFilter<P> {
    return new ProductFilter<P>([...this.predicates, predicate]);
  }

  /** Keeps products whose model is one of `models`. */
  models(models: readonly string[]): ProductFilter<P> {
    const wanted = new Set(models);
    return this.with((product) => wanted.has(product.model));
  }

  /** Keeps products whose model contains `partial` (case-insensitive). */
  partialModel(partial: string): ProductFilter<P> {
    const needle = partial.trim().toLowerCase();
    return this.with((product) => product.model.toLowerCase().includes(needle));
  }

  /** Keeps products of an application location (by id). */
  applicationLocation(id: number): ProductFilter<P> {
    return this.with((product) => idOf(product.applicationLocation) === id);
  }

  /** Keeps products of a type (by value or id). */
  type(type: string | number): ProductFilter<P> {
    return this.with((product) => idOf(product.type) === type);
  }

  /** Keeps generic products (model number above 100), or only the non-generic ones with `false`. */
  generic(generic = true): ProductFilter<P> {
    return this.with((product) => isGenericModel(product.model) === generic);
  }

  /** Whether one product passes every method called. */
  matches(product: P): boolean {
    return this.predicates.every((predicate) => predicate(product));
  }

  /** The products that pass, in their order. */
  apply(products: readonly P[]): P[] {
    return products.filter((product) => this.matches(product));
  }
}
