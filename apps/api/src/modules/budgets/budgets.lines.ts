import type { BudgetExcludedLine, BudgetLine, Project, ProjectProduct, ProjectProductPrice } from '@lumen/contracts';
import { articleCode, compositionsWithArticleParts, computeBudget, creationBillLines, type CreationBillKind, round2, toDecimal, toMoney, type BudgetFooter } from '@lumen/domain';
import type { z } from 'zod';
import { AppError } from '../../errors';

type ExcludedLine = z.infer<typeof BudgetExcludedLine>;

/** What the user changed on a line: quantity and discount percent (by the project line's `_id`). */
export interface LineOverride {
  _id: string;
  quantity: number;
  discount: number;
  /** The professional's markup percent on their purchase price (issue 34 §1): the client's unit price instead of the list price. */
  markup?: number | undefined;
}

interface Candidate {
  product: ProjectProduct;
  quantity: number;
  discount: number;
  unitGross: number;
  /** The professional's markup percent the client's unit price was made with, if any. */
  markup: number | undefined;
}

/** Each project line's price at the catalogue's list (default rate, no discount), by the line's `_id`. */
export type ListPrices = ReadonlyMap<string, ProjectProductPrice | null>;

export interface PricedBudget {
  lines: BudgetLine[];
  excluded: ExcludedLine[];
  totals: { subTotalNet: number; discountValue: number; surchargeValue: number; ivaValue: number; totalNet: number };
}

/**
 * The budget of a project as the server computes it (spec §5): each line's list price at the
 * catalogue's default rate (`listPrices`), the caller's purchase price as the projects service priced
 * it for them (their rate and sublevel discounts, internal columns only), the user's
 * quantity and discount per line, and the footer — through packages/domain's computeBudget, so the
 * arithmetic is the one the web shows as the user types. Lines with quantity ≤ 0, not personalised,
 * or without a catalogue price (a discontinued reference, a creation without one) are left out and
 * said why.
 */
export function priceBudget(project: Project, overrides: readonly LineOverride[], footer: BudgetFooter, energyClasses: ReadonlyMap<string, string | null>, listPrices: ListPrices = new Map(), billName: (reference: string, kind: CreationBillKind) => string = (reference) => reference): PricedBudget {
  const byId = new Map(project.products.map((product) => [product._id, product]));
  const faults = overrides.flatMap((override, index) => (byId.has(override._id) ? [] : [{ path: `body.products.${index}._id`, message: 'formError.productNotInProject' }]));
  if (faults.length > 0) throw new AppError('VALIDATION_FAILED', 'A line is not in the project', faults);
  const asked = new Map(overrides.map((override) => [override._id, override]));

  const candidates: Candidate[] = [];
  const excluded: ExcludedLine[] = [];
  for (const product of project.products) {
    const override = asked.get(product._id);
    const quantity = override?.quantity ?? product.quantity;
    const exclude = (reason: ExcludedLine['reason']) => excluded.push({ _id: product._id, model: product.model, referenceCode: product.referenceCode, reason });
    // A creation the server evaluated (its compositions and price are the engine's) is configured
    // whole: it enters as one line whatever its isPersonalized flag (issue 34 §3).
    const evaluatedCreation = product.type === 'CREATION' && Boolean(product.price) && product.compositions.length > 0;
    if (quantity <= 0) exclude('quantity');
    else if (product.isPersonalized !== 1 && !evaluatedCreation) exclude(product.type === 'CREATION' ? 'noPrice' : 'notPersonalized');
    else if (!product.price) exclude(product.referenceCode ? 'discontinued' : 'noPrice');
    // A quote is for the professional's client (issue 34 §1): a line starts at the catalogue's list price
    // (its default rate, whatever rate the professional buys at) with no discount (the professional's
    // purchase discount is theirs, not the client's); they set the client's discount per line, or a
    // general discount or surcharge (their markup) in the footer.
    // Or the professional marks their purchase price up (issue 34 §1): purchase × (1 + markup %), half away from zero.
    else {
      const markup = override?.markup;
      const unitGross = markup !== undefined ? toMoney(round2(toDecimal(product.price.unitNet).times(toDecimal(markup).div(100).plus(1)))) : (listPrices.get(product._id)?.unitGross ?? product.price.unitGross);
      candidates.push({ product, quantity, discount: override?.discount ?? 0, unitGross, markup });
    }
  }

  const budget = computeBudget(
    candidates.map((candidate) => ({ ...candidate, isPersonalized: 1 as const })),
    footer,
  );
  const lines = budget.lines.map(({ product: candidate, unitPvp, pvp, discountValue, netPrice }): BudgetLine => {
    const { product } = candidate;
    const attributes = product.attributes ?? {};
    return {
      _id: product._id,
      type: product.type,
      referenceCode: product.referenceCode,
      articleCode: articleCode(product.model),
      familyId: product.familyId,
      subFamily: product.subFamily,
      applicationLocation: product.applicationLocation,
      model: product.model,
      description: product.description ?? product.model,
      hasAttributes: Object.keys(attributes).length > 0,
      attributes,
      quantity: candidate.quantity,
      lumensLed: product.lumensLed ?? null,
      watts: product.watts ?? null,
      energyClass: energyClasses.get(product.model) ?? null,
      configuratorType: product.configuratorType ? { id: product.configuratorType.id, ...(product.configuratorType.description !== undefined ? { description: product.configuratorType.description } : {}), ...(product.configuratorType.source !== undefined ? { source: product.configuratorType.source } : {}) } : null,
      isPersonalized: 1,
      // A creation is made to order: the brand confirms it before it can be ordered.
      hasOrderReq: product.type === 'CREATION',
      discount: Number(candidate.discount),
      unitPvp,
      pvp,
      discountValue,
      netPrice,
      // Spec §3: a creation's compositions with their articles, and each article with its parts (the drivers feeding it).
      compositions: product.type === 'CREATION' ? compositionsWithArticleParts(product.compositions, (reference) => billName(reference, 'driver')) : [],
      ...(product.type === 'CREATION' ? { billOfMaterials: creationBillLines(product.compositions).map((line) => ({ ...line, description: billName(line.reference, line.kind) })) } : {}),
      ...(product.creationName ? { creationName: { family: product.creationName.family, count: product.creationName.count } } : {}),
      image: product.image ?? null,
      // Internal figures: what the line costs the professional and what it leaves them.
      purchaseUnitNet: product.price ? product.price.unitNet : null,
      margin: product.price ? toMoney(toDecimal(netPrice).minus(round2(toDecimal(product.price.unitNet).times(candidate.quantity)))) : null,
      // The markup the unit price was made with (internal, issue 34 §1): kept on the quote so a revision starts from it.
      ...(candidate.markup !== undefined ? { markup: candidate.markup } : {}),
    };
  });
  const { subTotal, discountValue, surchargeValue, ivaValue, netTotal } = budget.totals;
  return { lines, excluded, totals: { subTotalNet: subTotal, discountValue, surchargeValue, ivaValue, totalNet: netTotal } };
}
