import type {
  ErpAvailability,
  JsonObject,
  Lang,
  Order,
  OrderDraft,
  OrderDraftLine,
  OrderLine,
  OrderLineFault,
  OrderListPage,
  OrderListQuery,
  OrderSummary,
  ProcessOrderBody,
  ProcessOrderResult,
  Project,
  ProjectProduct,
  Quote,
  ReorderBody,
  ReorderResult,
} from '@lumen/contracts';
import { DEFAULT_LANG, LANGS } from '@lumen/contracts';
import {
  articleCode,
  changedLineAttributes,
  hasAnyPrivilege,
  isCalendarDay,
  linePrices,
  mergeLeadTimes,
  minimumOrderQuantity,
  orderLineValidity,
  pendantHeightCmOf,
  shippingPlan,
  sumDecimals,
  toMoney,
} from '@lumen/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { recordIdempotentResource } from '../../http/idempotency';
import { creationNameIn, type CreationName } from '../../lib/creation-name';
import type { JobQueue } from '../../lib/jobs';
import type { BudgetsService } from '../budgets/budgets.service';
import { clientCodeOfCompany } from '../company/company.service';
import type { ErpOrder, ErpOrderListener, ErpPort } from '../erp/erp.port';
import type { FlagsService } from '../flags/flags.service';
import type { OrderFacts, ProductsService } from '../products/products.service';
import type { ProjectsService } from '../projects/projects.service';
import { AUDIT_SYSTEM, auditWho, recordAudit } from '../../lib/audit';
import { creationConfiguration } from './orders.configuration';
import {
  applyErpStatus,
  buyerOfCompany,
  deliveryAddressesOfCompany,
  findOrder,
  findOrderInScope,
  foldSearch,
  insertOrder,
  listOrders,
  markDelivered,
  orderIdOfProject,
  type OrderListRow,
  type OrderRow,
  type OrderScope,
  ordersOfProject,
} from './orders.repository';

/** The outbox queue: one job per processed order (singleton by order id), delivered to the legacy order system. */
export const ORDER_DELIVERY_QUEUE = 'orders.deliver';

type ListQuery = z.output<typeof OrderListQuery>;
type ProcessBody = z.output<typeof ProcessOrderBody>;
type Reorder = z.output<typeof ReorderBody>;

/** A line as stored in orders.lines (the frozen snapshot). */
interface StoredLine {
  _id: string;
  type: string;
  model: string;
  referenceCode: string | null;
  description: string;
  quantity: number;
  moq: number;
  references: OrderLine['references'];
  availability: ErpAvailability;
  leadTimeWeeks: number;
  shippingDate: string;
  price: OrderLine['price'];
  accessories: Array<{ reference: string; description: string; quantity: number; unitPrice: number | null }>;
  /** The configuration the line was ordered with (issue 34 §3); absent on orders kept before it was. */
  attributes?: OrderLine['attributes'];
  /**
   * A creation's configuration (issue 34 §3): the saved space it was ordered with (its element tree or
   * drawing), its collection and configurator, so that "Order again" brings the same creation back.
   */
  creation?: { creationCode: string | null; subFamilyId: number | null; configuratorTypeId: number | null; space: JsonObject };
  /** A creation's name as parts (issue 34 §5): the invoice names the line in its reader's language; absent on orders kept before. */
  creationName?: CreationName;
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

function badField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path, message }]);
}

function forbiddenProject(id: number): AppError {
  return new AppError('FORBIDDEN', `Project ${id} is not one you may order`);
}

/** The articles a line references: its reference, or for a creation the articles of its compositions. */
function articlesOfLine(product: ProjectProduct): Array<{ reference: string; quantity: number; accessory: boolean }> {
  if (product.type !== 'CREATION') return product.referenceCode ? [{ reference: product.referenceCode.toUpperCase(), quantity: 1, accessory: false }] : [];
  const found: Array<{ reference: string; quantity: number; accessory: boolean }> = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const reference = typeof record.reference === 'string' ? record.reference : typeof record.referenceCode === 'string' ? record.referenceCode : undefined;
    if (reference) {
      const units = typeof record.quantity === 'number' ? record.quantity : typeof record.count === 'number' ? record.count : 1;
      found.push({ reference: reference.toUpperCase(), quantity: Math.max(1, Math.floor(units)), accessory: record.type === 'Complement' || record.accessory === true });
      return;
    }
    for (const child of Object.values(record)) walk(child, depth + 1);
  };
  walk(product.compositions, 0);
  if (found.length === 0 && product.referenceCode) found.push({ reference: product.referenceCode.toUpperCase(), quantity: 1, accessory: false });
  return found;
}

/** A creation line's configuration as the order keeps it (issue 34 §3): its saved space, collection and configurator. */
function creationOf(product: ProjectProduct): Pick<StoredLine, 'creation' | 'creationName'> {
  if (product.type !== 'CREATION') return {};
  const named = product.creationName ? { creationName: { family: product.creationName.family, count: product.creationName.count } } : {};
  if (!product.space) return named;
  return { ...named, creation: { creationCode: product.creationCode, subFamilyId: product.subFamily?.id ?? null, configuratorTypeId: product.configuratorType?.id ?? null, space: product.space as JsonObject /* the project row's jsonb: JSON by construction */ } };
}

function langFor(principal: Principal, ...asked: Array<Lang | undefined>): Lang {
  for (const lang of asked) if (lang) return lang;
  return (LANGS as readonly string[]).includes(principal.lang) ? (principal.lang as Lang) : DEFAULT_LANG;
}

/** Whose orders a caller sees (README): backoffice every order, a company's users their company's, others their own. */
export function orderScopeOf(principal: Principal): OrderScope {
  if (hasAnyPrivilege(principal.privileges, ['backoffice'])) return { kind: 'all' };
  if (principal.companyId !== null) return { kind: 'company', companyId: principal.companyId };
  return { kind: 'user', userId: principal.userId };
}

interface LinePricing {
  unitGross: number;
  discountPercent: number;
  currency: 'EUR' | 'USD';
}

interface DraftContext {
  project: Project;
  quote: Quote | null;
  today: string;
  lines: OrderDraftLine[];
  pricing: Map<string, LinePricing | null>;
  facts: Map<string, OrderFacts>;
  products: Map<string, ProjectProduct>;
}

export function createOrdersService(
  ctx: AppContext,
  deps: {
    projects: ProjectsService;
    products: ProductsService;
    flags: FlagsService;
    budgets: BudgetsService;
    erp: ErpPort;
    jobs: JobQueue;
    /** The ERP's invoice of a finished order. */
    invoiceOf: (orderId: number) => Promise<{ number: string } | undefined>;
  },
) {
  const { db, clock } = ctx;

  async function projectFor(principal: Principal, projectId: number, lang: Lang): Promise<Project> {
    try {
      return await deps.projects.detail(principal, projectId, { lang, prices: true, parseProducts: true });
    } catch (error) {
      if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) throw forbiddenProject(projectId);
      throw error;
    }
  }

  async function acceptedQuoteFor(principal: Principal, projectId: number, quoteId: number, path: string): Promise<Quote> {
    let quote: Quote;
    try {
      quote = await deps.budgets.acceptedQuote(principal, quoteId);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw badField(path, error.code === 'CONFLICT' ? 'formError.quoteNotAccepted' : 'formError.quoteNotFound');
      throw error;
    }
    if (quote.projectId !== projectId) throw badField(path, 'formError.quoteOfAnotherProject');
    return quote;
  }

  /** One line checked at a quantity: validity by MOQ (spec §5), faults, lead time and when it can ship. */
  function checkLine(product: ProjectProduct, quantity: number, facts: Map<string, OrderFacts>, stock: Map<string, number>, today: string) {
    const articles = articlesOfLine(product);
    const known = articles.map((article) => ({ article, facts: facts.get(article.reference) }));
    const refs = known.map(({ article, facts: fact }) => ({ reference: article.reference, moq: fact?.moq ?? 1, quantity: article.quantity }));
    const validity = orderLineValidity(quantity, refs);
    const leadtime = mergeLeadTimes(...known.map(({ facts: fact }) => fact?.leadtime));
    const units = known.map(({ article }) => Math.floor((stock.get(article.reference) ?? 0) / article.quantity));
    const plan = shippingPlan({
      quantity,
      leadtime,
      availabilities: known.flatMap(({ facts: fact }) => fact?.availabilities ?? []),
      stock: units.length > 0 ? Math.min(...units) : 0,
      today,
    });
    const faults: OrderLineFault[] = [];
    if (articles.length === 0) faults.push('noReference');
    if (quantity <= 0) faults.push('quantity');
    if (known.some(({ facts: fact }) => !fact || !fact.active)) faults.push('discontinued');
    if (plan.state === 'expired') faults.push('expired');
    if (articles.length > 0 && Object.values(validity.references).some((ref) => !ref.valid)) faults.push('moq');
    const availability: ErpAvailability = {
      state: plan.state,
      stock: units.length > 0 ? Math.min(...units) : 0,
      weeks: plan.weeks,
      expectedDate: plan.state === 'expired' ? null : plan.state === 'inStock' ? today : plan.earliestShippingDate,
    };
    return {
      articles: known.map(({ article, facts: fact }) => ({ reference: article.reference, moq: fact?.moq ?? 1, quantity: article.quantity, description: fact?.description ?? article.reference, accessory: article.accessory })),
      references: validity.references,
      valid: faults.length === 0,
      faults,
      minimumQuantity: minimumOrderQuantity(refs),
      leadtime,
      plan,
      availability,
    };
  }

  function priceOf(pricing: LinePricing | null | undefined, quantity: number): OrderDraftLine['price'] {
    if (!pricing) return null;
    const prices = linePrices({ unitGross: pricing.unitGross, quantity, discountPercent: pricing.discountPercent });
    return { unitNet: prices.unitNet, totalNet: prices.totalNet, currency: pricing.currency, unitGross: prices.unitGross, discountPercent: Number(pricing.discountPercent) };
  }

  /**
   * What a line of an accepted quote costs the professional who orders it (issue 34 §1–§2): an order
   * goes to the brand, so it is priced at the purchase price frozen on the quote line
   * (`purchaseUnitNet`), never at the client's price with its discount or markup. While the project's
   * own list price and discount still come to that figure they are kept for the review; else the
   * frozen unit price stands alone (no discount). A quote kept before purchase prices were frozen orders at its
   * own prices.
   */
  function quotedPurchase(line: Quote['products'][number], product: ProjectProduct, currency: 'EUR' | 'USD'): LinePricing {
    const frozen = line.purchaseUnitNet;
    if (frozen === null || frozen === undefined) return { unitGross: line.unitPvp, discountPercent: line.discount, currency };
    const now = product.price;
    if (now && linePrices({ unitGross: now.unitGross, quantity: 1, discountPercent: now.discountPercent }).unitNet === frozen) return { unitGross: now.unitGross, discountPercent: now.discountPercent, currency };
    return { unitGross: frozen, discountPercent: 0, currency };
  }

  /** The order of a project as the server computes it now: lines, validity, availability, lead time, prices (from the quote when given). */
  async function draftOf(principal: Principal, projectId: number, lang: Lang, quoteId: number | undefined, quotePath: string): Promise<DraftContext> {
    const project = await projectFor(principal, projectId, lang);
    const quote = quoteId !== undefined ? await acceptedQuoteFor(principal, projectId, quoteId, quotePath) : null;
    const today = dayOf(clock());
    const quoted = new Map((quote?.products ?? []).map((line) => [line._id, line]));
    // An order from a quote holds the quote's lines at the quote's quantities and prices; otherwise the project's lines.
    const products = quote ? project.products.filter((product) => quoted.has(product._id)) : project.products;
    const references = [...new Set(products.flatMap((product) => articlesOfLine(product).map((article) => article.reference)))];
    const [facts, stock] = await Promise.all([deps.products.orderFacts(project.catalogId, references, lang), deps.erp.stock(references)]);
    const pricing = new Map<string, LinePricing | null>();
    const lines: OrderDraftLine[] = products.map((product) => {
      const fromQuote = quoted.get(product._id);
      const quantity = fromQuote?.quantity ?? product.quantity;
      const linePricing: LinePricing | null = fromQuote
        ? quotedPurchase(fromQuote, product, project.currency)
        : product.price
          ? { unitGross: product.price.unitGross, discountPercent: product.price.discountPercent, currency: product.price.currency }
          : null;
      pricing.set(product._id, linePricing);
      const check = checkLine(product, quantity, facts, stock, today);
      return {
        _id: product._id,
        type: product.type,
        model: product.model,
        referenceCode: product.referenceCode,
        description: product.description ?? product.model,
        quantity,
        articles: check.articles.map(({ reference, moq, quantity: units, description }) => ({ reference, moq, quantity: units, description })),
        references: check.references,
        valid: check.valid,
        faults: check.faults,
        minimumQuantity: check.minimumQuantity,
        leadtime: check.leadtime,
        leadTimeWeeks: check.plan.leadTimeWeeks,
        availability: check.availability,
        earliestShippingDate: check.plan.earliestShippingDate ?? today,
        price: hasAnyPrivilege(principal.privileges, ['price.view']) ? priceOf(linePricing, quantity) : null,
        // From a quote, the configuration the client accepted (frozen on the quote line).
        attributes: fromQuote?.attributes ?? product.attributes ?? {},
      };
    });
    return { project, quote, today, lines, pricing, facts, products: new Map(products.map((product) => [product._id, product])) };
  }

  function timelineOf(row: OrderRow): Order['timeline'] {
    return [
      { status: 1, at: row.processedAt.toISOString() },
      { status: 2, at: row.confirmedAt?.toISOString() ?? null },
      { status: 3, at: row.productionAt?.toISOString() ?? null },
      { status: 4, at: row.finishedAt?.toISOString() ?? null },
    ];
  }

  const statusOf = (value: number): 1 | 2 | 3 | 4 => (value === 2 || value === 3 || value === 4 ? value : 1);
  const money = (value: string | null): number | null => (value === null ? null : toMoney(value));

  function summaryOf(row: OrderListRow, principal: Principal): OrderSummary {
    return {
      orderId: row.id,
      projectId: row.projectId,
      projectName: row.projectName,
      internalOrderNumber: row.internalOrderNumber,
      status: statusOf(row.status),
      completed: row.status === 4,
      processedAt: row.processedAt.toISOString(),
      plannedShippingDate: row.plannedShippingDate,
      linesCount: row.linesCount,
      netTotal: hasAnyPrivilege(principal.privileges, ['price.view']) ? money(row.netTotal) : null,
      currency: row.currency === 'USD' ? 'USD' : 'EUR',
      delivery: row.delivery === 'sent' ? 'sent' : row.delivery === 'skipped' ? 'skipped' : 'pending',
    };
  }

  /** The order as a path answers it: v2 with accessory prices when the flag is on; v3 with unified codes when its flag is on. */
  async function orderOf(principal: Principal, row: OrderRow, variant: 'v1' | 'v2' | 'v3', lang?: Lang): Promise<Order> {
    const flags = deps.flags.forCaller(principal);
    const [accessoryPrices, unified] = await Promise.all([variant === 'v2' ? flags.isEnabled('accessoryPriceInOrderView') : false, variant === 'v3' ? flags.isEnabled('unifiedCodeVersion') : false]);
    const prices = hasAnyPrivilege(principal.privileges, ['price.view']);
    const lines = row.lines as StoredLine[];
    const productsById: Record<string, OrderLine> = {};
    for (const line of lines) {
      productsById[line._id] = {
        _id: line._id,
        type: line.type,
        model: line.model,
        referenceCode: line.referenceCode,
        unifiedCode: unified ? articleCode(line.model) : null,
        description: line.creationName && lang ? creationNameIn(line.creationName, lang) : line.description,
        quantity: line.quantity,
        moq: line.moq,
        references: line.references,
        availability: line.availability,
        leadTimeWeeks: line.leadTimeWeeks,
        shippingDate: line.shippingDate,
        validation: { status: 'VALID' },
        price: prices ? line.price : null,
        accessories: line.accessories.map((accessory) => ({ ...accessory, unitPrice: accessoryPrices && prices ? accessory.unitPrice : null })),
        attributes: line.attributes ?? {},
      };
    }
    // An invoice is a price document: it is named on the order only for price.view (README, "Invoices and price.view").
    const invoice = row.status === 4 && prices ? await deps.invoiceOf(row.id) : null;
    // The quote it was made from, by number (issue 34 §2), for whoever may read that quote.
    const quoteNumber = row.quoteId !== null && prices ? await deps.budgets.acceptedQuote(principal, row.quoteId).then((quote) => quote.budgetNumber, () => null) : null;
    return {
      orderId: row.id,
      projectId: row.projectId,
      projectName: row.projectName,
      quoteId: row.quoteId,
      status: statusOf(row.status),
      completed: row.status === 4,
      clientCode: row.clientCode,
      catalogId: row.catalogId === 21 ? 21 : 16,
      currency: row.currency === 'USD' ? 'USD' : 'EUR',
      comments: row.comments,
      internalOrderNumber: row.internalOrderNumber,
      sendTogether: row.sendTogether,
      leadTimeWeeks: row.leadTimeWeeks,
      createdBy: row.createdByName,
      processedAt: row.processedAt.toISOString(),
      plannedShippingDate: row.plannedShippingDate,
      delivery: row.delivery === 'sent' ? 'sent' : row.delivery === 'skipped' ? 'skipped' : 'pending',
      erpReference: row.erpReference,
      timeline: timelineOf(row),
      products: lines.map((line) => line._id),
      productsById,
      netTotal: prices ? money(row.netTotal) : null,
      invoice: invoice ? { number: invoice.number, pdf: `/api/sr-erp/v1/invoices/${encodeURIComponent(row.clientCode)}/${invoice.number}/pdf` } : null,
      quoteNumber,
      addresses: row.addresses ?? null,
      vatPercent: prices ? ctx.config.erpVatPercent : null,
    };
  }

  async function visibleOrder(principal: Principal, id: number): Promise<OrderRow> {
    const row = await findOrderInScope(db, orderScopeOf(principal), id);
    if (row) return row;
    // Another company's order is a 403 (spec §2: the web goes to /error-403); a missing one a 404.
    if (await findOrder(db, id)) throw new AppError('FORBIDDEN', `Order ${id} is not one of yours`);
    throw new AppError('NOT_FOUND', `No order ${id}`);
  }

  /** The lines of an order that can be ordered again (those with a catalogue reference, and creations with their saved space). */
  function reorderLines(row: OrderRow): StoredLine[] {
    const lines = (row.lines as StoredLine[]).filter((line) => line.referenceCode !== null || line.creation !== undefined);
    if (lines.length === 0) throw new AppError('CONFLICT', 'This order has no catalogue references to order again');
    return lines;
  }

  /** What a reorder answers once its lines are in project `projectId`: what changed since the order, line by line. */
  async function reorderAnswer(principal: Principal, lines: readonly StoredLine[], projectId: number): Promise<ReorderResult> {
    const lang = langFor(principal);
    const project = await deps.projects.detail(principal, projectId, { lang, prices: true, parseProducts: true });
    const references = lines.flatMap((line) => (line.referenceCode !== null ? [line.referenceCode] : []));
    const facts = await deps.products.orderFacts(project.catalogId, references, lang);
    // The lines just added are the project's last ones, in the order's order.
    const added = project.products.slice(-lines.length);
    const changes = lines.map((line, index) => {
      // A creation has no reference of its own: the engine evaluated its space again when it was added.
      const fact = line.referenceCode !== null ? facts.get(line.referenceCode.toUpperCase()) : undefined;
      const same = (product: (typeof added)[number] | undefined) =>
        line.referenceCode !== null ? product?.referenceCode?.toUpperCase() === line.referenceCode.toUpperCase() : product?.type === 'CREATION' && product.model === line.model;
      const now = same(added[index]) ? added[index] : [...project.products].reverse().find(same);
      const unitNet = now?.price ? now.price.unitNet : null;
      const previous = line.price?.unitNet ?? null;
      const gone = line.referenceCode !== null ? !fact || !fact.active : now === undefined;
      const change: ReorderResult['changes'][number]['change'] = gone ? 'discontinued' : fact && fact.moq > line.quantity ? 'belowMoq' : previous !== null && unitNet !== null && previous !== unitNet ? 'priceChanged' : 'same';
      const creationChanged = line.creation !== undefined && creationConfiguration(line.creation.space) !== creationConfiguration(now?.space);
      const visible = hasAnyPrivilege(principal.privileges, ['price.view']);
      return {
        referenceCode: line.referenceCode,
        model: line.model,
        description: now?.description ?? line.description,
        quantity: line.quantity,
        change,
        previousUnitNet: visible ? previous : null,
        unitNet: visible ? unitNet : null,
        changedAttributes: [...(line.attributes ? changedLineAttributes(line.attributes, now?.attributes) : []), ...(creationChanged ? (['creation'] as const) : [])],
      };
    });
    return { projectId, added: lines.length, changes };
  }

  /**
   * What the review shows of the buyer (issue 34 §4): the company profile's name, billing address and
   * VAT ID, the addresses an order may go to (billing first, then the company's earlier deliveries,
   * newest first, each once) and the VAT percent the built-in ERP invoices at.
   */
  async function reviewOf(principal: Principal): Promise<Pick<OrderDraft, 'buyer' | 'deliveryAddresses' | 'vatPercent'>> {
    const buyer = principal.companyId !== null ? await buyerOfCompany(db, principal.companyId) : null;
    const earlier = principal.companyId !== null ? await deliveryAddressesOfCompany(db, principal.companyId) : [];
    const seen = new Set<string>();
    const deliveryAddresses = [buyer?.address ?? [], ...earlier].filter((lines) => {
      const key = lines.join('\n').toLowerCase();
      if (lines.length === 0 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return {
      buyer: buyer ? { name: buyer.name, billingAddress: buyer.address, vatId: buyer.vatId } : null,
      deliveryAddresses,
      vatPercent: ctx.config.erpVatPercent,
    };
  }

  /** The legacy order system's view of an order (what the outbox delivers), with the buyer's profile at delivery. */
  async function erpOrderOf(row: OrderRow): Promise<ErpOrder> {
    const buyer = row.companyId !== null ? await buyerOfCompany(db, row.companyId) : null;
    return {
      orderId: row.id,
      clientCode: row.clientCode,
      companyId: row.companyId,
      projectName: row.projectName,
      internalOrderNumber: row.internalOrderNumber,
      currency: row.currency === 'USD' ? 'USD' : 'EUR',
      lang: row.lang,
      sendTogether: row.sendTogether,
      netTotal: row.netTotal,
      catalogId: row.catalogId,
      buyer: buyer ? { name: buyer.name, address: buyer.address, vatId: buyer.vatId } : null,
      lines: (row.lines as StoredLine[]).map((line) => ({
        referenceCode: line.referenceCode,
        model: line.model,
        description: line.description,
        quantity: line.quantity,
        shippingDate: line.shippingDate,
        unitNet: line.price?.unitNet ?? null,
        totalNet: line.price?.totalNet ?? null,
        attributes: line.attributes ?? {},
        ...(line.creationName ? { creationName: line.creationName } : {}),
      })),
    };
  }

  const listener: ErpOrderListener = {
    async statusChanged(tx, change) {
      const applied = await applyErpStatus(tx, change);
      if (!applied) return;
      // The order system moved it on: the trail names no person (AUDIT_SYSTEM).
      await recordAudit(tx, {
        ...AUDIT_SYSTEM,
        entity: 'order',
        entityId: change.orderId,
        action: 'status',
        before: applied.before,
        after: { status: change.status, plannedShippingDate: change.plannedShippingDate },
        projectId: applied.projectId,
        companyId: applied.companyId,
      });
    },
  };

  return {
    listener,

    /** The outbox worker: hands a processed order to the legacy order system (idempotent by order id there). */
    registerWorkers() {
      deps.jobs.work<{ orderId: number }>(
        ORDER_DELIVERY_QUEUE,
        async (job) => {
          const row = await findOrder(db, job.payload.orderId);
          if (!row || row.delivery !== 'pending') return { skipped: true };
          const receipt = await deps.erp.submitOrder(await erpOrderOf(row));
          await markDelivered(db, row.id, receipt.erpReference, clock());
          return receipt;
        },
        { concurrency: 4 },
      );
    },

    /** GET new-order: the order a project (or its accepted quote) would make, checked line by line. */
    async draft(principal: Principal, projectId: number, query: { lang?: Lang; quoteId?: number }): Promise<OrderDraft> {
      const lang = langFor(principal, query.lang);
      const { project, quote, today, lines } = await draftOf(principal, projectId, lang, query.quoteId, 'querystring.quoteId');
      const clientCode = principal.companyId !== null ? await clientCodeOfCompany(db, principal.companyId) : null;
      return {
        projectId,
        projectName: project.name,
        quoteId: quote?.id ?? null,
        catalogId: project.catalogId,
        currency: project.currency,
        clientCode,
        today,
        lines,
        leadTimeWeeks: lines.filter((line) => line.valid).reduce((max, line) => Math.max(max, line.leadTimeWeeks), 0),
        existingOrderId: (await orderIdOfProject(db, projectId)) ?? null,
        ...(await reviewOf(principal)),
      };
    },

    /**
     * Processes an order (spec §4): the caller's company must hold a client code (400 NO_CLIENT_CODE);
     * every line is recomputed and checked (MOQ, catalogue, shipping date not before today plus its
     * lead time); the order, the project's status ORDER and the outbox job are written in one
     * transaction. With the QA-user flag the order is kept but not sent (delivery `skipped`).
     */
    async process(principal: Principal, body: ProcessBody): Promise<ProcessOrderResult> {
      const clientCode = principal.companyId !== null ? await clientCodeOfCompany(db, principal.companyId) : null;
      if (!clientCode) throw new AppError('NO_CLIENT_CODE', 'Your company has no client code: orders cannot be processed');
      const lang = langFor(principal, body.lang);
      const context = await draftOf(principal, body.projectId, lang, body.quoteId, 'body.quoteId');
      const seen = new Set<string>();
      const faults: Array<{ path: string; message: string }> = [];
      const stored: StoredLine[] = [];
      const stock = await deps.erp.stock([...context.facts.keys()]);
      body.products.forEach((asked, index) => {
        const path = `body.products.${index}`;
        const product = context.products.get(asked._id);
        if (!product) return void faults.push({ path: `${path}._id`, message: 'formError.productNotInProject' });
        if (seen.has(asked._id)) return void faults.push({ path: `${path}._id`, message: 'formError.duplicateLine' });
        seen.add(asked._id);
        const check = checkLine(product, asked.quantity, context.facts, stock, context.today);
        if (check.faults.includes('moq')) faults.push({ path: `${path}.quantity`, message: 'formError.belowMoq' });
        else if (!check.valid) faults.push({ path: `${path}._id`, message: 'formError.notOrderable' });
        if (!isCalendarDay(asked.shippingDate)) faults.push({ path: `${path}.shippingDate`, message: 'formError.date' });
        else if (check.plan.earliestShippingDate && asked.shippingDate < check.plan.earliestShippingDate) faults.push({ path: `${path}.shippingDate`, message: 'formError.shippingDateTooEarly' });
        else if (asked.shippingDate > dayOf(new Date(clock().getTime() + 730 * DAY_MS))) faults.push({ path: `${path}.shippingDate`, message: 'formError.shippingDateTooLate' });
        const pricing = context.pricing.get(asked._id);
        stored.push({
          _id: product._id,
          type: product.type,
          model: product.model,
          referenceCode: product.referenceCode,
          description: product.description ?? product.model,
          quantity: asked.quantity,
          moq: Math.max(1, ...check.articles.map((article) => article.moq)),
          references: check.references,
          availability: check.availability,
          leadTimeWeeks: check.plan.leadTimeWeeks,
          shippingDate: asked.shippingDate,
          price: priceOf(pricing, asked.quantity),
          accessories: check.articles
            .filter((article) => article.accessory)
            .map((article) => ({ reference: article.reference, description: article.description, quantity: article.quantity * asked.quantity, unitPrice: null })),
          attributes: context.lines.find((line) => line._id === product._id)?.attributes ?? product.attributes ?? {},
          ...creationOf(product),
        });
      });
      if (faults.length > 0) throw new AppError('VALIDATION_FAILED', 'The order is not valid', faults);

      // Where it goes and who pays (issue 34 §4): the address chosen or entered at review, else the billing address.
      const buyer = principal.companyId !== null ? await buyerOfCompany(db, principal.companyId) : null;
      const billing = buyer?.address ?? [];
      const addresses = { delivery: body.deliveryAddress ?? billing, billing };
      const qa = await deps.flags.forCaller(principal).isEnabled('disableOrderSendingQA');
      const priced = stored.every((line) => line.price !== null);
      const netTotal = priced ? sumDecimals(stored.map((line) => String(line.price?.totalNet ?? 0))).toFixed(2) : null;
      const now = clock();
      const row = await db.transaction(async (tx: Tx) => {
        let project: { name: string };
        try {
          project = await deps.projects.markOrdered(tx, principal, body.projectId);
        } catch (error) {
          if (error instanceof AppError && error.code === 'NOT_FOUND') throw forbiddenProject(body.projectId);
          throw error;
        }
        const inserted = await insertOrder(tx, {
          projectId: body.projectId,
          projectName: project.name,
          quoteId: context.quote?.id ?? null,
          companyId: principal.companyId,
          userId: principal.userId,
          createdByName: principal.name,
          clientCode,
          catalogId: context.project.catalogId,
          currency: context.project.currency,
          lang,
          status: 1,
          comments: body.comments,
          internalOrderNumber: body.internalOrderNumber,
          sendTogether: body.sendTogether,
          leadTimeWeeks: stored.reduce((max, line) => Math.max(max, line.leadTimeWeeks), 0),
          netTotal,
          linesCount: stored.length,
          lines: stored,
          searchText: foldSearch([body.internalOrderNumber, project.name, ...stored.map((line) => line.referenceCode ?? line.model)].join(' ')),
          delivery: qa ? 'skipped' : 'pending',
          addresses,
          processedAt: now,
          updatedAt: now,
        });
        await recordAudit(tx, {
          ...auditWho(principal),
          entity: 'order',
          entityId: inserted.id,
          action: 'create',
          before: null,
          after: { project: project.name, lines: inserted.linesCount, netTotal: inserted.netTotal, currency: inserted.currency, internalOrderNumber: inserted.internalOrderNumber },
          projectId: body.projectId,
          companyId: inserted.companyId,
        });
        // The Idempotency-Key commits with the order (issue 29 §6): a retry after a crash answers this order.
        await recordIdempotentResource(tx, { kind: 'order', id: inserted.id });
        if (!qa) await deps.jobs.enqueue([{ queue: ORDER_DELIVERY_QUEUE, payload: { orderId: inserted.id }, singletonKey: `order:${inserted.id}`, maxAttempts: 25, availableAt: now }], tx);
        return inserted;
      });
      return { processOrderSuccess: true, status: 200, orderId: row.id, order: await orderOf(principal, row, 'v2') };
    },

    /** What processing answered, again: for the retry of a key whose order committed without its answer (issue 29 §6). */
    async processed(principal: Principal, id: number): Promise<ProcessOrderResult> {
      return { processOrderSuccess: true, status: 200, orderId: id, order: await orderOf(principal, await visibleOrder(principal, id), 'v2') };
    },

    /** An order; with `lang`, its creation lines are named in that language (issue 34 §5), other lines keep the order's words. */
    async order(principal: Principal, id: number, variant: 'v1' | 'v2' | 'v3', lang?: Lang): Promise<Order> {
      return orderOf(principal, await visibleOrder(principal, id), variant, lang);
    },

    async list(principal: Principal, query: ListQuery): Promise<OrderListPage> {
      const limit = query.limit ?? query.itemsPerPage ?? 10;
      const search = query.search ? foldSearch(query.search) : undefined;
      const { rows, total } = await listOrders(db, orderScopeOf(principal), {
        ...(search ? { search } : {}),
        ...(query.status !== undefined ? { status: query.status } : {}),
        ...(query.completed !== undefined ? { completed: query.completed === 'true' } : {}),
        limit,
        offset: (query.page - 1) * limit,
      });
      return { items: rows.map((row) => summaryOf(row, principal)), meta: { page: query.page, itemsPerPage: limit, totalItems: total, totalPages: Math.ceil(total / limit) } };
    },

    async byProject(principal: Principal, projectId: number): Promise<OrderSummary[]> {
      await projectFor(principal, projectId, langFor(principal));
      return (await ordersOfProject(db, orderScopeOf(principal), projectId)).map((row) => summaryOf(row, principal));
    },

    /**
     * Order again (issue 13 §4): the order's lines go into a new project (or an existing one of the
     * caller's), re-priced and re-checked against today's catalogue; what changed is said per line.
     */
    async reorder(principal: Principal, id: number, body: Reorder): Promise<ReorderResult> {
      const row = await visibleOrder(principal, id);
      const lines = reorderLines(row);
      // The line comes back as it was configured (issue 34 §3): its reference carries finish, colour
      // temperature, control and installation; the pendant height travels beside it.
      const products = lines.map((line) => {
        if (line.creation) {
          const { subFamilyId, configuratorTypeId, space } = line.creation;
          return {
            type: 'CREATION' as const,
            model: line.model,
            quantity: line.quantity,
            ...(subFamilyId !== null ? { subFamily: { id: subFamilyId } } : {}),
            ...(configuratorTypeId !== null ? { configuratorType: { id: configuratorTypeId } } : {}),
            space,
          };
        }
        const pendantHeight = pendantHeightCmOf(line.attributes);
        return { type: 'REGULAR' as const, referenceCode: line.referenceCode as string, quantity: line.quantity, ...(pendantHeight !== undefined ? { pendantHeight } : {}) };
      });
      let projectId: number;
      if (body.projectId !== undefined) {
        try {
          await deps.projects.addProducts(principal, body.projectId, products);
        } catch (error) {
          if (error instanceof AppError && error.code === 'NOT_FOUND') throw forbiddenProject(body.projectId);
          throw error;
        }
        projectId = body.projectId;
      } else {
        const name = body.name ?? `${row.projectName}`.slice(0, 50);
        const created = await deps.projects.create(principal, { name, catalogId: row.catalogId === 21 ? 21 : 16, products });
        projectId = created.id;
      }
      return reorderAnswer(principal, lines, projectId);
    },

    /**
     * The answer of a reorder whose project (or added lines) committed without its answer: the
     * process died between (issue 29 §6). The projects service binds the Idempotency-Key to what it
     * created; the retry answers from the project as it is.
     */
    async reordered(principal: Principal, id: number, projectId: number): Promise<ReorderResult> {
      return reorderAnswer(principal, reorderLines(await visibleOrder(principal, id)), projectId);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
