import type { ErpAvailability, Invoice, InvoiceListPage, InvoiceListQuery, Lang } from '@lumen/contracts';
import { DEFAULT_LANG, LANGS } from '@lumen/contracts';
import { type CatalogId, catalogOfReference, descriptionIn, hasAnyPrivilege, shippingPlan, toMoney } from '@lumen/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { creationNameIn, creationNameOf } from '../../lib/creation-name';
import type { ProductsService } from '../products/products.service';
import { INVOICE_PAYMENT_DAYS } from './erp.builtin';
import { invoicePdf, thumbnailKey, type InvoiceDocument } from './erp.documents';
import type { ErpPort, InvoiceParty } from './erp.port';
import { findInvoice, type InvoiceListRow, invoiceOfOrder, listInvoices } from './erp.repository';

type InvoiceQuery = z.output<typeof InvoiceListQuery>;

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

function langFor(principal: Principal, asked: Lang | undefined): Lang {
  if (asked) return asked;
  return (LANGS as readonly string[]).includes(principal.lang) ? (principal.lang as Lang) : DEFAULT_LANG;
}

/** Paid when paid; unpaid until its due date; overdue after it. */
export function invoiceStatus(row: { paidAt: string | null; dueDate: string }, today: string): Invoice['status'] {
  if (row.paidAt) return 'paid';
  return row.dueDate < today ? 'overdue' : 'unpaid';
}

export const invoicePdfPath = (clientCode: string, number: string) => `/api/sr-erp/v1/invoices/${encodeURIComponent(clientCode)}/${number}/pdf`;

/**
 * The sr-erp calls (spec §7): availability of products through the ERP adapter, and a client code's
 * invoices with their PDF. A user reads only the client code of their own company (admin: any).
 */
export function createErpService(
  ctx: AppContext,
  deps: {
    erp: ErpPort;
    products: ProductsService;
    clientCodeOf: (companyId: number) => Promise<string | null>;
    /** A line's picture as a small PNG (the catalogue's picture of the model in its finish; issue 34 §3); null when there is none. */
    thumbnail?: (model: string, finish: string | undefined) => Promise<Buffer | null>;
  },
) {
  const { db, clock } = ctx;

  /**
   * An invoice is a price document (issue 29 §2): its list, its detail and its PDF need price.view
   * besides order.view, like a quote; without it 403, whatever the client code.
   */
  async function allowedCode(principal: Principal, clientCode: string): Promise<string> {
    if (!hasAnyPrivilege(principal.privileges, ['price.view'])) throw new AppError('FORBIDDEN', 'Invoices need the price.view privilege');
    if (hasAnyPrivilege(principal.privileges, ['backoffice'])) return clientCode.toUpperCase();
    const own = principal.companyId !== null ? await deps.clientCodeOf(principal.companyId) : null;
    if (!own) throw new AppError('NO_CLIENT_CODE', 'Your company has no client code');
    if (own.toUpperCase() !== clientCode.toUpperCase()) throw new AppError('FORBIDDEN', 'These are not your company’s invoices');
    return own;
  }

  /**
   * Invoice lines in `lang` (issue 34 §5, as issue 28 did for quotes): each reference's description and
   * each attribute's words from the catalogue in `lang` where the catalogue's article has the same value;
   * a reference the catalogue no longer names keeps its frozen words; a creation is named from its parts.
   */
  async function linesIn(lines: InvoiceDocument['lines'], catalogId: CatalogId, lang: Lang): Promise<InvoiceDocument['lines']> {
    const references = [...new Set(lines.flatMap((line) => (line.referenceCode ? [line.referenceCode.toUpperCase()] : [])))];
    if (references.length === 0) return lines;
    const [facts, articles] = await Promise.all([deps.products.orderFacts(catalogId, references, lang), deps.products.articlesByReference(null, { catalogId, references, lang })]);
    return lines.map((line) => {
      if (!line.referenceCode || line.creationName) return line;
      const reference = line.referenceCode.toUpperCase();
      const known = facts.get(reference)?.description;
      const article = articles.get(reference);
      const attributes = { ...line.attributes };
      for (const key of ['finish', 'ledColourTemp', 'control', 'installation', 'pendantHeight'] as const) {
        const stored = attributes[key];
        const catalogue = article?.attributes[key];
        const words = catalogue ? descriptionIn(catalogue.description, lang) : '';
        if (stored && catalogue && words && (key === 'pendantHeight' || catalogue.code === stored.code)) attributes[key] = { code: stored.code, description: words };
      }
      return { ...line, description: known && known !== reference ? known : line.description, attributes };
    });
  }

  function invoiceOf(row: InvoiceListRow, today: string): Invoice {
    return {
      number: row.number,
      orderId: row.orderId,
      projectName: row.projectName,
      internalOrderNumber: row.internalOrderNumber,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      net: toMoney(row.net),
      vatPercent: Number(row.vatPercent),
      vat: toMoney(row.vat),
      total: toMoney(row.total),
      currency: row.currency === 'USD' ? 'USD' : 'EUR',
      status: invoiceStatus(row, today),
      paidAt: row.paidAt,
      pdf: invoicePdfPath(row.clientCode, row.number),
    };
  }

  return {
    /** POST availability: per product, the stock the ERP holds and when it can ship (configuration-domain §4, §9). */
    async availability(principal: Principal, products: ReadonlyArray<{ reference: string; quantity: number }>, asked: Lang | undefined) {
      const lang = langFor(principal, asked);
      const today = dayOf(clock());
      const byCatalogue = new Map<CatalogId, string[]>();
      for (const product of products) {
        const reference = product.reference.toUpperCase();
        const catalogId = catalogOfReference(reference);
        byCatalogue.set(catalogId, [...(byCatalogue.get(catalogId) ?? []), reference]);
      }
      const facts = new Map<string, Awaited<ReturnType<ProductsService['orderFacts']>> extends Map<string, infer F> ? F : never>();
      for (const [catalogId, references] of byCatalogue) for (const [reference, fact] of await deps.products.orderFacts(catalogId, references, lang)) facts.set(reference, fact);
      const stock = await deps.erp.stock(products.map((product) => product.reference.toUpperCase()));
      return {
        data: products.map((product) => {
          const reference = product.reference.toUpperCase();
          const fact = facts.get(reference);
          if (!fact || !fact.active) {
            const unknown: ErpAvailability = { state: fact ? 'expired' : 'unknown', stock: 0, weeks: -1, expectedDate: null };
            return { reference, quantity: product.quantity, availability: unknown, leadTimeWeeks: 0 };
          }
          const units = stock.get(reference) ?? 0;
          const plan = shippingPlan({ quantity: product.quantity, leadtime: fact.leadtime, availabilities: fact.availabilities, stock: units, today });
          const availability: ErpAvailability = { state: plan.state, stock: units, weeks: plan.weeks, expectedDate: plan.state === 'expired' ? null : plan.state === 'inStock' ? today : plan.earliestShippingDate };
          return { reference, quantity: product.quantity, availability, leadTimeWeeks: plan.leadTimeWeeks };
        }),
      };
    },

    async invoices(principal: Principal, clientCode: string, query: InvoiceQuery): Promise<InvoiceListPage> {
      const code = await allowedCode(principal, clientCode);
      const today = dayOf(clock());
      const { rows, total } = await listInvoices(db, {
        clientCode: code,
        ...(query.search ? { search: query.search } : {}),
        ...(query.status ? { status: query.status } : {}),
        today,
        sortBy: query.sortBy,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { clientCode: code, items: rows.map((row) => invoiceOf(row, today)), meta: { page: query.page, limit: query.limit, totalItems: total, totalPages: Math.ceil(total / query.limit) } };
    },

    async invoicePdf(principal: Principal, clientCode: string, number: string, asked: Lang | undefined): Promise<{ fileName: string; content: Buffer }> {
      const code = await allowedCode(principal, clientCode);
      const row = await findInvoice(db, code, number);
      if (!row) throw new AppError('NOT_FOUND', `No invoice ${number}`);
      const lang = asked ?? ((LANGS as readonly string[]).includes(row.lang) ? (row.lang as Lang) : langFor(principal, undefined));
      const invoice = invoiceOf(row, dayOf(clock()));
      // The legal content the invoice froze at issue (issue 34 §5); older invoices: the configured seller, their lines at the invoice's rate.
      const document: InvoiceDocument = {
        invoice,
        clientCode: row.clientCode,
        catalogId: row.catalogId ?? (invoice.currency === 'USD' ? 21 : 16),
        seller: (row.seller as InvoiceParty | null) ?? ctx.config.invoiceSeller,
        buyer: (row.buyer as InvoiceParty | null) ?? null,
        supplyDate: row.supplyDate ?? row.issueDate,
        paymentTermsDays: row.paymentTermsDays ?? INVOICE_PAYMENT_DAYS,
        lines: row.lines.map((line) => {
          const creationName = creationNameOf(line.creationName);
          return {
            referenceCode: line.referenceCode,
            model: line.model,
            // A creation is named in the invoice's language from its parts (issue 34 §5); other lines froze the order's words.
            description: creationName ? creationNameIn(creationName, lang) : (line.description ?? line.model),
            attributes: line.attributes ?? {},
            quantity: line.quantity,
            unitNet: line.unitNet ?? null,
            totalNet: line.totalNet ?? null,
            vatPercent: line.vatPercent ?? invoice.vatPercent,
            ...(creationName ? { creationName } : {}),
          };
        }),
      };
      // In the buyer's language (art. 226, issue 34 §5): the lines froze the order's words; a PDF in another language reads them again.
      if (lang !== row.lang) document.lines = await linesIn(document.lines, document.catalogId as CatalogId, lang);
      // Each line with its picture, as on the order (issue 34 §3): one per model and finish; a line without one prints without.
      const thumbnails = new Map<string, Buffer>();
      if (deps.thumbnail) {
        const wanted = [...new Set(document.lines.filter((line) => line.model).map((line) => thumbnailKey(line.model, line.attributes.finish?.code)))];
        await Promise.all(
          wanted.map(async (key) => {
            const [model = '', finish] = key.split('|');
            const png = await deps.thumbnail?.(model, finish || undefined).catch(() => null);
            if (png) thumbnails.set(key, png);
          }),
        );
      }
      return { fileName: `${row.number}.pdf`, content: await invoicePdf({ ...document, thumbnails }, lang) };
    },

    /** The invoice of an order, for the order page (the orders module checked the caller may see the order). */
    async invoiceOfOrder(orderId: number) {
      return invoiceOfOrder(db, orderId);
    },
  };
}

export type ErpService = ReturnType<typeof createErpService>;
