import { z } from 'zod';
import { CatalogId, IdParam, Lang, LangQuery } from './common';
import { Id, IdQuery, SafeText } from './input';
import { MAX_PRODUCT_QUANTITY, MAX_PRODUCTS_PER_PROJECT, ProjectProductAttributes, ProjectProductType } from './projects';
import { TextAreaText } from './support';
import { Email } from './users';

/**
 * Budgets and quotes (spec platform-core §2, §3 Budget / Budget payload / US budget, §4, §5, §7;
 * issue 12). Paths: apps/api README, "Budgets and quotes".
 *
 * A budget issued by the server is a *quote*: numbered (`Q-2026-000123`, per catalogue and year,
 * never reused), revised as `Q-2026-000123-2`, frozen once issued (lines, prices and totals are a
 * snapshot), valid until its validation date. Every figure is recomputed by the server from the
 * project, the catalogue and the caller's rate and discounts (packages/domain budget); totals a
 * client sends are not part of any input schema and are dropped.
 */

// ─── Constants ─────────────────────────────────────────────────────────────────────────────────

/** Days a quote is valid when the configuration (QUOTE_VALIDITY_DAYS) says nothing. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
/** Quote number prefix per catalogue: `Q-2026-000123` (16, INT) and `QUS-2026-000045` (21, USA). */
export const QUOTE_NUMBER_PREFIX: Readonly<Record<CatalogId, string>> = { 16: 'Q', 21: 'QUS' };
/** A quote number, with its revision suffix from the second revision on. */
export const QUOTE_NUMBER_PATTERN = /^(Q|QUS)-\d{4}-\d{6}(-\d{1,4})?$/;
/** A base quote number (no revision suffix), as generate-quote-number answers it. */
export const QUOTE_BASE_NUMBER_PATTERN = /^(Q|QUS)-\d{4}-\d{6}$/;

/** Status of a quote. `expired` is read from the validation date (never stored). */
export const QUOTE_STATUSES = ['issued', 'sent', 'accepted', 'declined', 'expired'] as const;
export const QuoteStatus = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/** Why a project line is not in a budget (spec §5: quantity ≤ 0, not personalised, discontinued; or the catalogue has no price for it). */
export const BUDGET_EXCLUSION_REASONS = ['quantity', 'notPersonalized', 'discontinued', 'noPrice'] as const;
export const BudgetExclusionReason = z.enum(BUDGET_EXCLUSION_REASONS);

// ─── Inputs ────────────────────────────────────────────────────────────────────────────────────

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A percentage 0–100 with at most 2 decimals (footer discount, surcharge, VAT; a line's discount). */
export const Percent = z
  .number()
  .min(0, 'formError.percentRange')
  .max(100, 'formError.percentRange')
  .refine(twoDecimals, { message: 'formError.percentDecimals', abort: true });

const threeDecimals = (value: number) => Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

/** A tax rate 0–100 with at most 3 decimals (VAT 21, New York sales tax 8.875; issue 34 §1). */
export const TaxPercent = z
  .number()
  .min(0, 'formError.percentRange')
  .max(100, 'formError.percentRange')
  .refine(threeDecimals, { message: 'formError.taxDecimals', abort: true });

/** A quantity of a line: whole units (every product is counted in units), 0 drops the line (spec §5). */
export const BudgetQuantity = z.number().int('formError.wholeUnits').min(0, 'formError.quantityNegative').max(MAX_PRODUCT_QUANTITY, 'formError.quantityTooLarge');

/** A person's name on a quote (client, acceptance): no control characters or markup, ≤ 100. */
export const QuotePersonName = SafeText.trim()
  .min(1, 'formError.required')
  .max(100, 'formError.maxLength')
  .regex(/^[^\p{Cc}<>]+$/u, 'formError.invalidCharacters');

const CompanyName = SafeText.trim()
  .min(1, 'formError.required')
  .max(100, 'formError.maxLength')
  .regex(/^[^\p{Cc}<>]+$/u, 'formError.invalidCharacters');

/** One line of the budget as the user edited it: the project line's `_id`, its quantity and discount percent. */
export const BudgetProductInput = z.object({
  _id: z.uuid('formError.productNotInProject'),
  quantity: BudgetQuantity,
  discount: Percent.default(0),
  /**
   * The professional's markup on their own purchase price, 0–1000 % with 2 decimals (issue 34 §1): the
   * client's unit price becomes purchase × (1 + markup / 100), rounded half away from zero, instead of
   * the list price; the server recomputes it, and the purchase price stays in the internal figures.
   */
  markup: z
    .number()
    .min(0, 'formError.percentRange')
    .max(1000, 'formError.percentRange')
    .refine(twoDecimals, { message: 'formError.percentDecimals', abort: true })
    .optional(),
});
export type BudgetProductInput = z.infer<typeof BudgetProductInput>;

/**
 * POST /api/projects/v1/budget and /api/apiv2/budget (spec §3 Budget): the project, per-line quantity
 * and discount (lines not listed keep the project's quantity and the caller's discount), the footer
 * (discount, surcharge, iva as percentages; comment ≤ 4,000 in the text-area pattern), the client's
 * name, the document language, and `revisionOf` to issue a new revision of an earlier quote.
 * Any total the client sends is not read.
 */
export const BudgetBody = z.object({
  projectId: Id,
  products: z
    .array(BudgetProductInput)
    .max(MAX_PRODUCTS_PER_PROJECT)
    .refine((lines) => new Set(lines.map((line) => line._id)).size === lines.length, { message: 'formError.duplicateLine' })
    .default([]),
  discount: Percent.default(0),
  surcharge: Percent.default(0),
  iva: TaxPercent.default(0),
  comment: TextAreaText.optional(),
  clientName: QuotePersonName.optional(),
  /** Language of the quote's documents; the caller's language when absent. */
  lang: Lang.optional(),
  /** The id of an earlier quote of the same project: the new quote is its next revision (same number, `-2`, `-3`…). */
  revisionOf: Id.optional(),
});
export type BudgetBody = z.input<typeof BudgetBody>;

const PlaceName = SafeText.trim().min(1, 'formError.required').max(200, 'formError.maxLength');
/** The site's country: its GeoNames id as the masters' countries give it, and its name. */
export const GeoCountry = z.object({ geonameId: Id, name: PlaceName });
/**
 * The site's state (spec §3 US budget: "each with geonameId and name"): a first-level division by its
 * GeoNames id, as the masters' regions give it (Region.geonameId); the api checks it belongs to the country.
 */
export const GeoDivision = z.object({ geonameId: Id, name: PlaceName });
/** The site's city: typed by the user (the masters list no cities), with its GeoNames id when the caller has one. */
export const GeoCity = z.object({ geonameId: Id.optional(), name: PlaceName });
export type GeoCountry = z.infer<typeof GeoCountry>;
export type GeoDivision = z.infer<typeof GeoDivision>;
export type GeoCity = z.infer<typeof GeoCity>;

/** The purchaser of a United States final quote. */
export const QuotePurchaser = z.object({
  name: QuotePersonName,
  email: Email,
  phone: SafeText.trim()
    .max(30)
    .regex(/^[0-9+()\-./ ]*$/, 'formError.phone')
    .optional(),
  companyName: CompanyName.optional(),
});

/**
 * POST /api/projects/v1/budget/final-quote (spec §3 US budget, §4): a budget of a catalogue-21 project
 * plus budgetAlias, specifier, purchaser, country/state/city; `quoteNumber` is one the caller got from
 * generate-quote-number (a new one is taken when absent).
 */
export const UsFinalQuoteBody = BudgetBody.extend({
  isFinalQuote: z.literal(true),
  quoteNumber: SafeText.regex(QUOTE_BASE_NUMBER_PATTERN, 'formError.quoteNumber').optional(),
  budgetAlias: SafeText.trim()
    .min(1, 'formError.required')
    .max(100, 'formError.maxLength')
    .regex(/^[^\p{Cc}<>]+$/u, 'formError.invalidCharacters'),
  specifier: z.object({ email: Email, companyName: CompanyName }),
  purchaser: QuotePurchaser,
  country: GeoCountry,
  state: GeoDivision,
  city: GeoCity,
});
export type UsFinalQuoteBody = z.input<typeof UsFinalQuoteBody>;

/** POST …/budget/quotes/{id}/send: the client's address (no account needed), name, a note, the mail's language. */
export const SendQuoteBody = z.object({
  email: Email,
  name: QuotePersonName.optional(),
  message: TextAreaText.max(2000, 'formError.maxLength').optional(),
  lang: Lang.optional(),
});
export type SendQuoteBody = z.input<typeof SendQuoteBody>;

/** GET /api/apiv2/project-to-budget?projectId=&lang= */
export const ProjectToBudgetQuery = z.object({ projectId: IdQuery, lang: LangQuery.optional() });
/** GET …/budget/quotes/{id}/pdf|xlsx (`lang` re-renders the frozen quote in another language; figures never change). */
export const QuoteDocumentQuery = z.object({ lang: LangQuery.optional() });
export const QuoteIdParam = IdParam;

/** A public quote link's token: `<payload>.<signature>` in base64url. */
export const PublicQuoteToken = SafeText.regex(/^[A-Za-z0-9_-]{4,200}\.[A-Za-z0-9_-]{20,100}$/, 'formError.quoteLink');
export const PublicQuoteParams = z.object({ token: PublicQuoteToken });

/** POST …/public-quotes/{token}/accept: who accepts (time and address are recorded by the server). */
export const AcceptQuoteBody = z.object({ name: QuotePersonName });
/** POST …/public-quotes/{token}/decline */
export const DeclineQuoteBody = z.object({ name: QuotePersonName, reason: TextAreaText.max(1000, 'formError.maxLength').optional() });
/** POST …/public-quotes/{token}/question: mailed to the professional who sent the quote. */
export const QuoteQuestionBody = z.object({ name: QuotePersonName, email: Email, message: TextAreaText.min(1, 'formError.required') });

// ─── Answers ───────────────────────────────────────────────────────────────────────────────────

const StoredJson = z.record(z.string(), z.unknown());

/** A line of a budget (spec §3 Budget payload line) with the description, energy class and the line's figures. */
export const BudgetLine = z.object({
  /** The project line it was made from. */
  _id: z.uuid(),
  type: ProjectProductType,
  referenceCode: z.string().nullable(),
  /** Present when the projectRequestBudgetV2 flag is on for the caller (project-to-budget); always on a quote. */
  articleCode: z.string().nullable().optional(),
  familyId: z.number().int().nullable(),
  subFamily: z.object({ id: z.number().int(), description: z.string() }).nullable(),
  applicationLocation: z.object({ id: z.number().int() }).nullable(),
  model: z.string(),
  description: z.string(),
  hasAttributes: z.boolean(),
  attributes: ProjectProductAttributes,
  quantity: z.number().int(),
  lumensLed: z.number().nullable(),
  watts: z.number().nullable(),
  /** EU energy class of the light source (A–G) where the catalogue knows it. */
  energyClass: z.string().nullable(),
  configuratorType: z.object({ id: z.number().int(), description: z.string().optional(), source: z.string().optional() }).nullable(),
  isPersonalized: z.union([z.literal(0), z.literal(1)]),
  hasOrderReq: z.boolean(),
  /** Line discount percent. */
  discount: z.number(),
  /** Unit gross price. */
  unitPvp: z.number(),
  /** quantity × unitPvp. */
  pvp: z.number(),
  /** pvp − netPrice. */
  discountValue: z.number(),
  /** quantity × unitPvp × (1 − discount / 100), 2 decimals. */
  netPrice: z.number(),
  /** Creation lines: compositions with accessories and articles (articles with parts), as stored. */
  compositions: z.array(StoredJson),
  /**
   * Creation lines (issue 34 §3): the bill of materials as sub-lines, per set of the creation —
   * luminaires, accessories and drivers with their reference, catalogue name and quantity. Absent on
   * regular lines and on quotes issued before.
   */
  billOfMaterials: z.array(z.object({ kind: z.enum(['luminaire', 'accessory', 'driver']), reference: z.string(), description: z.string(), quantity: z.number().int() })).optional(),
  /** Creation lines: what the description is made of (collection, luminaire count), so a document in another language names the line in its words. */
  creationName: z.object({ family: z.string(), count: z.number().int() }).optional(),
  /** The line's picture (a catalogue image path), where there is one. */
  image: z.string().nullable().optional(),
  /**
   * The professional's own purchase price per unit (their rate and discounts; issue 34 §1) and the
   * line's margin (net − quantity × purchase price). Internal: the budget page and the professional's
   * spreadsheet show them; the client's page, PDF and mail never do. Absent on quotes issued before.
   */
  purchaseUnitNet: z.number().nullable().optional(),
  margin: z.number().nullable().optional(),
  /**
   * The professional's markup percent on their purchase price that made the line's unit price (issue 34
   * §1), kept on the quote so that a revision starts from it. Internal like the purchase price; absent
   * when the line is at the list price and on quotes issued before.
   */
  markup: z.number().optional(),
});
export type BudgetLine = z.infer<typeof BudgetLine>;

/** The totals of a budget (spec §5), 2 decimals, half away from zero. */
export const BudgetTotals = z.object({
  discountValue: z.number(),
  surchargeValue: z.number(),
  ivaValue: z.number(),
  subTotalNet: z.number(),
  totalNet: z.number(),
});

/** A project line left out of the budget, and why. */
export const BudgetExcludedLine = z.object({ _id: z.uuid(), model: z.string(), referenceCode: z.string().nullable(), reason: BudgetExclusionReason });

/**
 * GET /api/apiv2/project-to-budget: the project as a budget payload (spec §3), priced for the caller,
 * with the default footer (0 %); budgetNumber is null until a quote is issued.
 */
export const BudgetPayload = BudgetTotals.extend({
  projectId: Id,
  projectName: z.string(),
  projectRevision: z.number().int(),
  catalogId: CatalogId,
  budgetNumber: z.string().nullable(),
  clientName: z.string().nullable(),
  createdBy: z.string(),
  creationDate: z.string(),
  /** The date a quote issued now would be valid until (YYYY-MM-DD). */
  validationDate: z.string(),
  validityDays: z.number().int(),
  currency: z.enum(['EUR', 'USD']),
  discount: z.number(),
  surcharge: z.number(),
  iva: z.number(),
  comments: z.string().nullable(),
  products: z.array(BudgetLine),
  excluded: z.array(BudgetExcludedLine),
});
export type BudgetPayload = z.infer<typeof BudgetPayload>;

export const QuotePerson = z.object({ id: Id, name: z.string(), email: z.string() });

/** The United States part of a final quote. */
export const QuoteUsa = z.object({
  budgetAlias: z.string(),
  specifier: z.object({ email: z.string(), companyName: z.string() }),
  purchaser: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable(), companyName: z.string().nullable() }),
  country: z.object({ geonameId: z.number().int(), name: z.string() }),
  /** The state by its GeoNames id (absent on quotes issued before the masters carried it) and admin code (US.NY). */
  state: z.object({ geonameId: z.number().int().optional(), code: z.string(), name: z.string() }),
  city: z.object({ geonameId: z.number().int().optional(), name: z.string() }),
});
export type QuoteUsa = z.infer<typeof QuoteUsa>;

/** Links of a quote's documents (same origin, the caller's session). */
export const QuoteDownloads = z.object({ pdf: z.string(), xlsx: z.string(), fileName: z.string() });

/** A quote, frozen once issued (spec §3 Budget payload + number, revision, status, validity). */
export const Quote = BudgetTotals.extend({
  id: Id,
  projectId: Id,
  projectName: z.string(),
  /** `Q-2026-000123`, `Q-2026-000123-2` from the second revision on. */
  budgetNumber: z.string(),
  /** The number without revision suffix. */
  baseNumber: z.string(),
  revision: z.number().int().positive(),
  status: QuoteStatus,
  isFinalQuote: z.boolean(),
  catalogId: CatalogId,
  currency: z.enum(['EUR', 'USD']),
  lang: Lang,
  clientName: z.string().nullable(),
  createdBy: QuotePerson,
  /** The seller's company as printed on the quote. */
  companyName: z.string().nullable(),
  creationDate: z.string(),
  /** Valid until the end of this day (YYYY-MM-DD). */
  validationDate: z.string(),
  discount: z.number(),
  surcharge: z.number(),
  iva: z.number(),
  comments: z.string().nullable(),
  products: z.array(BudgetLine),
  sentTo: z.object({ email: z.string(), name: z.string().nullable(), sentAt: z.string() }).nullable(),
  acceptance: z.object({ name: z.string(), at: z.string(), ip: z.string() }).nullable(),
  decline: z.object({ name: z.string(), at: z.string(), reason: z.string().nullable() }).nullable(),
  questions: z.number().int(),
  usa: QuoteUsa.nullable(),
  downloads: QuoteDownloads,
});
export type Quote = z.infer<typeof Quote>;

/** POST /api/apiv2/budget (sendOfferWithDownloadBudget): the quote and the document to download at once. */
export const QuoteWithDocument = Quote.extend({ document: z.object({ url: z.string(), fileName: z.string(), contentType: z.literal('application/pdf') }) });

/** A previous budget of a project (spec §3: checked flag per item, for compare / download / send several). */
export const QuoteSummary = z.object({
  id: Id,
  /** The order made from this quote (issue 34 §2), null before; absent from older answers. */
  orderId: Id.nullable().optional(),
  budgetNumber: z.string(),
  baseNumber: z.string(),
  revision: z.number().int().positive(),
  status: QuoteStatus,
  isFinalQuote: z.boolean(),
  currency: z.enum(['EUR', 'USD']),
  clientName: z.string().nullable(),
  createdBy: z.string(),
  creationDate: z.string(),
  validationDate: z.string(),
  linesCount: z.number().int(),
  totalNet: z.number(),
  sentTo: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  checked: z.boolean(),
  downloads: QuoteDownloads,
});
export type QuoteSummary = z.infer<typeof QuoteSummary>;

/** GET /api/projects/v1/budget/project/{id}: the project's quotes, newest first. */
export const BudgetList = z.object({ projectId: Id, items: z.array(QuoteSummary), checkedCount: z.number().int() });
export type BudgetList = z.infer<typeof BudgetList>;

/** A quote of the caller still open (issued or sent, within its date, its last revision), with its project (issue 35 §4: the dashboard). */
export const OpenQuote = QuoteSummary.extend({ projectId: Id, projectName: z.string() });
export type OpenQuote = z.infer<typeof OpenQuote>;

/** GET /api/projects/v1/budget/open: the caller's open quotes, newest first (at most `limit`, default 5). */
export const OpenQuotesQuery = z.object({ limit: z.coerce.number().int().min(1).max(20).default(5) });
export const OpenQuoteList = z.object({ items: z.array(OpenQuote) });
export type OpenQuoteList = z.infer<typeof OpenQuoteList>;

/** GET /api/projects/v1/budget/final-quote/generate-quote-number */
export const GeneratedQuoteNumber = z.object({ quoteNumber: z.string() });

/** A quote line as a client without an account sees it (no ids). */
/** A quote line as the client reads it: never the professional's purchase price, margin or markup (issue 34 §1). */
export const PublicQuoteLine = BudgetLine.omit({ _id: true, compositions: true, familyId: true, subFamily: true, applicationLocation: true, configuratorType: true, isPersonalized: true, hasOrderReq: true, purchaseUnitNet: true, margin: true, markup: true });

/** GET /api/projects/v1/public-quotes/{token}: the quote, and nothing else (no project, user or other quote). */
export const PublicQuote = BudgetTotals.extend({
  budgetNumber: z.string(),
  status: QuoteStatus,
  currency: z.enum(['EUR', 'USD']),
  lang: Lang,
  companyName: z.string().nullable(),
  sellerName: z.string(),
  clientName: z.string().nullable(),
  projectName: z.string(),
  creationDate: z.string(),
  validationDate: z.string(),
  discount: z.number(),
  surcharge: z.number(),
  iva: z.number(),
  comments: z.string().nullable(),
  products: z.array(PublicQuoteLine),
  acceptance: z.object({ name: z.string(), at: z.string() }).nullable(),
  decline: z.object({ name: z.string(), at: z.string() }).nullable(),
  /** Whether the client may still accept, decline or ask (sent or issued, not expired). */
  open: z.boolean(),
  pdf: z.string(),
});
export type PublicQuote = z.infer<typeof PublicQuote>;

/** Answer of a client's question. */
export const QuoteQuestionSent = z.object({ sent: z.literal(true) });
