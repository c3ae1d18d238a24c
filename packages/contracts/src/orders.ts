import { z } from 'zod';
import { CatalogId, LangQuery } from './common';
import { Id, IdQuery, SafeText } from './input';
import { ProjectProductAttributes } from './projects';
import { TextAreaText } from './support';
import { INTERNAL_ORDER_NUMBER_MAX, INVOICE_SORTS } from './constants';
export { INTERNAL_ORDER_NUMBER_MAX, INVOICE_SORTS } from './constants';

// ─── Orders, availability and invoices (issue 13; platform-core §3, §4, §5, §7; configuration-domain §4, §9) ───

/** Order status codes (spec §3): 1 PENDING, 2 CONFIRMED, 3 PRODUCTION, 4 FINISHED. */
export const ORDER_STATUS = { PENDING: 1, CONFIRMED: 2, PRODUCTION: 3, FINISHED: 4 } as const;
export const OrderStatusCode = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type OrderStatusCode = z.infer<typeof OrderStatusCode>;

/** At most this many lines in one order (a project holds at most MAX_PRODUCTS_PER_PROJECT). */
export const ORDER_LINES_MAX = 500;
export const ORDER_QUANTITY_MAX = 100_000;

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'formError.date');
const Amount = z.number();

// ─── ErpAvailability (sr-erp) ───

/** One product asked about: a reference (or a model's base) and the quantity. */
export const AvailabilityProduct = z.object({
  reference: SafeText.trim().min(1, 'formError.required').max(20, 'formError.maxLength'),
  quantity: z.number().int('formError.wholeUnits').min(1, 'formError.quantityMin').max(ORDER_QUANTITY_MAX, 'formError.quantityTooLarge').default(1),
});
/**
 * `{products}` or the single form `{lang, product}` (spec §7). One object (not a union), so that a
 * refusal names the field at fault (`body.products.0.reference`); a body with neither asks about
 * nothing and is answered with no data.
 */
export const AvailabilityBody = z.object({
  products: z.array(AvailabilityProduct).min(1, 'formError.required').max(ORDER_LINES_MAX).optional(),
  lang: LangQuery.optional(),
  product: AvailabilityProduct.optional(),
});
export type AvailabilityBody = z.input<typeof AvailabilityBody>;
export const AvailabilityQuery = z.object({ lang: LangQuery.optional() });

/**
 * What the ERP says of one product: `weeks` -1 expired (no longer made), 0 available now, otherwise
 * weeks until it can ship (the later of the variation's since and expected dates, or the lead time for
 * the quantity when stock does not cover it).
 */
export const ErpAvailability = z.object({
  state: z.enum(['inStock', 'toOrder', 'upcoming', 'expired', 'unknown']),
  stock: z.number().int(),
  weeks: z.number().int(),
  /** The day it can ship (ISO), null when expired or unknown. */
  expectedDate: IsoDay.nullable(),
});
export type ErpAvailability = z.infer<typeof ErpAvailability>;

export const AvailabilityItem = z.object({
  reference: z.string(),
  quantity: z.number().int(),
  availability: ErpAvailability,
  /** Lead time for the quantity (configuration-domain §9), in weeks. */
  leadTimeWeeks: z.number().int(),
});
export const AvailabilityResponse = z.object({ data: z.array(AvailabilityItem) });
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

// ─── The order being generated ───

/** An article a line references, with its MOQ and units per product (the web re-checks MOQ live with the domain). */
export const OrderArticle = z.object({ reference: z.string(), moq: z.number().int(), quantity: z.number().int(), description: z.string() });
export const ReferenceCheck = z.object({ quantity: z.number(), moq: z.number().int(), valid: z.boolean() });
export const LeadTimeBreakpoint = z.object({ from: z.number().int(), weeks: z.number().int() });

/** Why a line may not be ordered as it is. */
export const OrderLineFault = z.enum(['moq', 'quantity', 'discontinued', 'expired', 'noReference']);
export type OrderLineFault = z.infer<typeof OrderLineFault>;

export const OrderLinePrice = z.object({
  unitNet: Amount,
  totalNet: Amount,
  currency: z.enum(['EUR', 'USD']),
  /** The unit list price and discount the net comes from (issue 34 §4: the review recomputes a line's total at any quantity as the server does). */
  unitGross: Amount.optional(),
  discountPercent: z.number().optional(),
});

export const OrderDraftLine = z.object({
  _id: z.string(),
  type: z.string(),
  model: z.string(),
  referenceCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  articles: z.array(OrderArticle),
  /** Per reference: the quantity ordered, MOQ and whether it is met (spec §5). */
  references: z.record(z.string(), ReferenceCheck),
  valid: z.boolean(),
  faults: z.array(OrderLineFault),
  /** The smallest quantity that meets every MOQ (what to change a line below MOQ to). */
  minimumQuantity: z.number().int(),
  leadtime: z.array(LeadTimeBreakpoint),
  leadTimeWeeks: z.number().int(),
  availability: ErpAvailability,
  /** Today plus the line's lead time (and availability): the earliest shipping date the ERP accepts. */
  earliestShippingDate: IsoDay,
  price: OrderLinePrice.nullable(),
  /** The configuration the line was made with (finish, colour temperature, control, installation, pendant height; issue 34 §3). */
  attributes: ProjectProductAttributes,
});
export type OrderDraftLine = z.infer<typeof OrderDraftLine>;

export const OrderDraft = z.object({
  projectId: Id,
  projectName: z.string(),
  quoteId: Id.nullable(),
  catalogId: CatalogId,
  currency: z.enum(['EUR', 'USD']),
  clientCode: z.string().nullable(),
  today: IsoDay,
  lines: z.array(OrderDraftLine),
  /** Maximum of the valid lines' lead times (spec §9). */
  leadTimeWeeks: z.number().int(),
  /** The order of this project when it was already processed (a project is ordered once). */
  existingOrderId: Id.nullable(),
  /**
   * The review (issue 34 §4): the buyer as the company profile says (name, billing address, VAT ID),
   * the addresses the order may go to (the billing address, then those of the company's earlier
   * orders, newest first), and the VAT percent the order will be invoiced at.
   */
  buyer: z.object({ name: z.string(), billingAddress: z.array(z.string()), vatId: z.string().nullable() }).nullable().optional(),
  deliveryAddresses: z.array(z.array(z.string())).optional(),
  vatPercent: z.number().optional(),
});
export type OrderDraft = z.infer<typeof OrderDraft>;

export const ADDRESS_LINE_MAX = 120;
export const ADDRESS_LINES_MAX = 6;
/** A postal address as lines (street, postal code and town, region, country): 2 to 6 non-empty lines. */
export const AddressLines = z
  .array(SafeText.trim().min(1, 'formError.required').max(ADDRESS_LINE_MAX, 'formError.maxLength'))
  .min(2, 'formError.addressLines')
  .max(ADDRESS_LINES_MAX, 'formError.addressLines');

export const NewOrderParams = z.object({ projectId: IdQuery });
export const NewOrderQuery = z.object({ lang: LangQuery.optional(), quoteId: IdQuery.optional() });

// ─── Processing ───

export const ProcessOrderLine = z.object({
  _id: SafeText.min(1).max(64),
  quantity: z.number().int('formError.wholeUnits').min(1, 'formError.quantityMin').max(ORDER_QUANTITY_MAX, 'formError.quantityTooLarge'),
  shippingDate: IsoDay,
});
export const ProcessOrderBody = z.object({
  projectId: Id,
  quoteId: Id.optional(),
  lang: LangQuery.optional(),
  comments: TextAreaText.default(''),
  internalOrderNumber: SafeText.trim().max(INTERNAL_ORDER_NUMBER_MAX, 'formError.maxLength').default(''),
  /** Deliver together (true) or each line when ready (false). */
  sendTogether: z.boolean().default(true),
  /** Where to deliver (issue 34 §4); absent: the company's billing address. */
  deliveryAddress: AddressLines.optional(),
  products: z.array(ProcessOrderLine).min(1, 'formError.emptyOrder').max(ORDER_LINES_MAX, 'formError.max'),
});
export type ProcessOrderBody = z.input<typeof ProcessOrderBody>;

// ─── Orders ───

export const OrderAccessory = z.object({ reference: z.string(), description: z.string(), quantity: z.number(), unitPrice: Amount.nullable() });

export const OrderLine = z.object({
  _id: z.string(),
  type: z.string(),
  model: z.string(),
  referenceCode: z.string().nullable(),
  /** The unified article code (LW + model) on the v3 path when unifiedCodeVersion is on; null otherwise. */
  unifiedCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  moq: z.number().int(),
  references: z.record(z.string(), ReferenceCheck),
  availability: ErpAvailability,
  leadTimeWeeks: z.number().int(),
  shippingDate: IsoDay,
  validation: z.object({ status: z.enum(['VALID', 'INVALID']) }),
  price: OrderLinePrice.nullable(),
  accessories: z.array(OrderAccessory),
  /** The configuration the line was ordered with (issue 34 §3); empty on orders kept before it was. */
  attributes: ProjectProductAttributes,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderTimelineEntry = z.object({ status: OrderStatusCode, at: z.string().nullable() });
export const OrderDelivery = z.enum(['pending', 'sent', 'skipped']);

export const Order = z.object({
  orderId: Id,
  projectId: Id.nullable(),
  projectName: z.string(),
  quoteId: Id.nullable(),
  status: OrderStatusCode,
  completed: z.boolean(),
  clientCode: z.string(),
  catalogId: CatalogId,
  currency: z.enum(['EUR', 'USD']),
  comments: z.string(),
  internalOrderNumber: z.string(),
  sendTogether: z.boolean(),
  leadTimeWeeks: z.number().int(),
  createdBy: z.string(),
  processedAt: z.string(),
  plannedShippingDate: IsoDay.nullable(),
  /** Whether the order went to the legacy order system; `skipped` when sending is off for a QA user. */
  delivery: OrderDelivery,
  erpReference: z.string().nullable(),
  timeline: z.array(OrderTimelineEntry),
  /** Ordered ids of the lines and the lines by id (spec §3). */
  products: z.array(z.string()),
  productsById: z.record(z.string(), OrderLine),
  netTotal: Amount.nullable(),
  invoice: z.object({ number: z.string(), pdf: z.string() }).nullable(),
  /** The number of the quote the order was made from (issue 34 §2: the order links back to it). */
  quoteNumber: z.string().nullable().optional(),
  /** Delivery and billing addresses as lines (issue 34 §4); null on orders kept before. */
  addresses: z.object({ delivery: z.array(z.string()), billing: z.array(z.string()) }).nullable().optional(),
  /** The VAT percent the order is invoiced at, for its net, tax and total (null without price.view). */
  vatPercent: z.number().nullable().optional(),
});
export type Order = z.infer<typeof Order>;

export const ProcessOrderResult = z.object({ processOrderSuccess: z.boolean(), status: z.number().int(), orderId: Id.nullable(), order: Order.nullable() });
export type ProcessOrderResult = z.infer<typeof ProcessOrderResult>;

export const OrderIdParams = z.object({ id: IdQuery });
export const OrderByIdQuery = z.object({ lang: LangQuery.optional() });

export const OrderSummary = z.object({
  orderId: Id,
  projectId: Id.nullable(),
  projectName: z.string(),
  internalOrderNumber: z.string(),
  status: OrderStatusCode,
  completed: z.boolean(),
  processedAt: z.string(),
  plannedShippingDate: IsoDay.nullable(),
  linesCount: z.number().int(),
  netTotal: Amount.nullable(),
  currency: z.enum(['EUR', 'USD']),
  delivery: OrderDelivery,
});
export type OrderSummary = z.infer<typeof OrderSummary>;

const PageSize = z.coerce.number().int().min(1).max(100);
const CompletedQuery = z.preprocess((value) => (value === 'null' || value === '' ? undefined : value), z.enum(['true', 'false']).optional());

/** Orders list query (spec §3): itemsPerPage or limit, page, search, language or lang, status, completed. */
export const OrderListQuery = z.object({
  itemsPerPage: PageSize.optional(),
  limit: PageSize.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Order id, internal number, project name or a reference (case and accents ignored). */
  search: SafeText.trim().max(100, 'formError.maxLength').optional(),
  language: LangQuery.optional(),
  lang: LangQuery.optional(),
  status: z.coerce.number().pipe(OrderStatusCode).optional(),
  /** null (absent): every order; true: finished ones; false: the others. */
  completed: CompletedQuery,
});
export type OrderListQuery = z.input<typeof OrderListQuery>;

export const OrderListPage = z.object({
  items: z.array(OrderSummary),
  meta: z.object({ page: z.number().int(), itemsPerPage: z.number().int(), totalItems: z.number().int(), totalPages: z.number().int() }),
});
export type OrderListPage = z.infer<typeof OrderListPage>;
export const ProjectOrdersParams = z.object({ projectId: IdQuery });
export const ProjectOrders = z.array(OrderSummary);

// ─── Order again ───

export const ReorderBody = z.object({
  /** Add to this project (EDITION, the caller's); absent: a new project named after the order. */
  projectId: Id.optional(),
  name: SafeText.trim().min(1, 'formError.required').max(50, 'formError.maxLength').optional(),
});
export const ReorderChange = z.object({
  referenceCode: z.string().nullable(),
  model: z.string(),
  /** The line by the name people use (issue 34 §3): "Multiple composition, 3 luminaires", not its model number. */
  description: z.string().optional(),
  quantity: z.number().int(),
  change: z.enum(['same', 'priceChanged', 'discontinued', 'belowMoq']),
  previousUnitNet: Amount.nullable(),
  unitNet: Amount.nullable(),
  /** The configured attributes whose value differs in the new project's line (issue 34 §3): empty when the configuration came back whole; `creation` when a creation's element tree or drawing differs. */
  changedAttributes: z.array(z.enum(['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight', 'creation'])),
});
export const ReorderResult = z.object({ projectId: Id, added: z.number().int(), changes: z.array(ReorderChange) });
export type ReorderResult = z.infer<typeof ReorderResult>;

// ─── Invoices ───

export const InvoiceStatus = z.enum(['paid', 'unpaid', 'overdue']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;
export const InvoiceSort = z.enum(INVOICE_SORTS);
export const ClientCodeParams = z.object({ clientCode: SafeText.trim().min(1).max(20, 'formError.maxLength').regex(/^[A-Za-z0-9-]+$/, 'formError.pattern') });
export const InvoiceListQuery = z.object({
  search: SafeText.trim().max(100, 'formError.maxLength').optional(),
  sortBy: InvoiceSort.default('ISSUE_DATE_DESC'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: PageSize.default(10),
  status: InvoiceStatus.optional(),
});
export type InvoiceListQuery = z.input<typeof InvoiceListQuery>;

export const Invoice = z.object({
  number: z.string(),
  orderId: Id,
  projectName: z.string(),
  internalOrderNumber: z.string(),
  issueDate: IsoDay,
  dueDate: IsoDay,
  net: Amount,
  vatPercent: Amount,
  vat: Amount,
  total: Amount,
  currency: z.enum(['EUR', 'USD']),
  status: InvoiceStatus,
  paidAt: IsoDay.nullable(),
  pdf: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceListPage = z.object({
  clientCode: z.string(),
  items: z.array(Invoice),
  meta: z.object({ page: z.number().int(), limit: z.number().int(), totalItems: z.number().int(), totalPages: z.number().int() }),
});
export type InvoiceListPage = z.infer<typeof InvoiceListPage>;
export const InvoicePdfParams = ClientCodeParams.extend({ number: SafeText.min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'formError.pattern') });
export const InvoicePdfQuery = z.object({ lang: LangQuery.optional() });
