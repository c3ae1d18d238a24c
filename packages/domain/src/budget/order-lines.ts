/**
 * Order lines (spec platform-core §5): a line is valid only if each referenced article's minimum
 * order quantity (MOQ) is not greater than the quantity ordered of it; only products valid for
 * ordering are kept in an order.
 */
import { toDecimal, type Amount } from '../pricing/money';

/** An article a product line references. */
export interface OrderArticleRef {
  readonly reference: string;
  /** Minimum order quantity; absent means 1. */
  readonly moq?: number;
  /** Units of this article in one unit of the product (compositions); absent means 1. */
  readonly quantity?: number;
}

export interface ReferenceValidity {
  /** Units of the article ordered: line quantity × units per product, summed over repeats. */
  readonly quantity: number;
  readonly moq: number;
  readonly valid: boolean;
}

export interface OrderLineValidity {
  readonly valid: boolean;
  /** Per reference: quantity ordered, MOQ and whether the MOQ is met. */
  readonly references: Readonly<Record<string, ReferenceValidity>>;
}

/**
 * Validity of an order line by MOQ. The quantity of each reference is the line quantity times the
 * article's units per product (repeated references add up). A line is valid when its quantity is
 * positive and every reference's MOQ ≤ its ordered quantity.
 */
export function orderLineValidity(quantity: Amount, articles: readonly OrderArticleRef[]): OrderLineValidity {
  const lineQuantity = toDecimal(quantity);
  const totals = new Map<string, { quantity: number; moq: number }>();
  for (const article of articles) {
    const units = lineQuantity.times(article.quantity ?? 1).toNumber();
    const previous = totals.get(article.reference);
    totals.set(article.reference, {
      quantity: (previous?.quantity ?? 0) + units,
      moq: Math.max(previous?.moq ?? 0, article.moq ?? 1),
    });
  }
  const references: Record<string, ReferenceValidity> = {};
  let valid = lineQuantity.greaterThan(0);
  for (const [reference, { quantity: ordered, moq }] of totals) {
    const ok = moq <= ordered;
    references[reference] = { quantity: ordered, moq, valid: ok };
    valid &&= ok;
  }
  return { valid, references };
}

export interface OrderProductInput {
  readonly quantity: Amount;
  readonly articles: readonly OrderArticleRef[];
}

/** A product is valid for ordering when its line is valid by MOQ (and its quantity is positive). */
export function isValidForOrdering(product: OrderProductInput): boolean {
  return orderLineValidity(product.quantity, product.articles).valid;
}

/** Only products valid for ordering are kept in an order, in their order. */
export function orderableProducts<P extends OrderProductInput>(products: readonly P[]): P[] {
  return products.filter(isValidForOrdering);
}
