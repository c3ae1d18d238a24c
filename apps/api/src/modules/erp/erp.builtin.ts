import { formatMoney, percentOf, round2, taxSummaryOfLines, toDecimal } from '@lumen/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CreationName } from '../../lib/creation-name';
import type { JobQueue } from '../../lib/jobs';
import type { ErpOrder, ErpOrderListener, ErpPort, InvoiceParty } from './erp.port';
import { findReceivedOrder, insertInvoice, invoiceOfOrder, nextInvoiceCounter, receiveOrder } from './erp.repository';

/** The built-in ERP's queue: one job per order and next status, due one step after the previous one. */
export const ERP_ADVANCE_QUEUE = 'erp.advance';
/** The demo brand as the seller of invoices: the defaults of INVOICE_SELLER_* (config.ts). */
export const DEMO_INVOICE_SELLER = { name: 'Lumen Lighting S.L.', address: ['Carrer de la Llum 12', '08005 Barcelona', 'Spain'], vatId: 'ESB12345674', email: 'billing@lumen.example' } as const;
/** Days between an invoice and its due date. */
export const INVOICE_PAYMENT_DAYS = 30;
const DAY_MS = 86_400_000;

export const erpReferenceOf = (orderId: number): string => `SO-${String(orderId).padStart(8, '0')}`;
export const invoiceNumberOf = (year: number, counter: number): string => `INV-${year}-${String(counter).padStart(6, '0')}`;
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Units the built-in ERP holds of a reference: a fixed figure drawn from the reference (FNV-1a), so
 * every process and every run agree — about one reference in four is out of stock, the others hold 5
 * to 244 units.
 */
export function builtinStockOf(reference: string): number {
  let hash = 0x811c9dc5;
  for (const char of reference.toUpperCase()) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 4 === 0 ? 0 : 5 + (hash >>> 8) % 240;
}

/** The invoice of a finished order as the built-in ERP computes it: net from the order, VAT at the configured rate, 2 decimals. */
export function invoiceAmounts(netTotal: string | null, vatPercent: number): { net: string; vat: string; total: string } {
  const net = round2(toDecimal(netTotal ?? '0'));
  const vat = round2(percentOf(net, vatPercent));
  return { net: formatMoney(net), vat: formatMoney(vat), total: formatMoney(net.plus(vat)) };
}

/** A billed line as the invoice keeps it (issue 34 §5): reference, description, configuration, quantity, unit net, rate, amount. */
export interface InvoiceLineRecord {
  referenceCode: string | null;
  model: string;
  description: string;
  attributes: Partial<Record<string, { code: string; description: string }>>;
  quantity: number;
  unitNet: number | null;
  totalNet: number | null;
  vatPercent: number;
  /** A creation's name as parts (issue 34 §5): the description is built in the reader's language when the invoice is printed. */
  creationName?: CreationName;
}

/**
 * The invoice's figures from its lines (issue 34 §5): each rate's base is the sum of its printed line
 * amounts and its tax is rounded once on that base, so the invoice adds up from what it prints. An
 * order without line prices (history) is billed on its net total.
 */
export function invoiceFigures(order: Pick<ErpOrder, 'netTotal' | 'lines'>, vatPercent: number): { lines: InvoiceLineRecord[]; net: string; vat: string; total: string } {
  const lines: InvoiceLineRecord[] = order.lines.map((line) => ({
    referenceCode: line.referenceCode,
    model: line.model,
    description: line.description ?? line.model,
    attributes: line.attributes ?? {},
    quantity: line.quantity,
    unitNet: line.unitNet ?? null,
    totalNet: line.totalNet ?? null,
    vatPercent,
    ...(line.creationName ? { creationName: line.creationName } : {}),
  }));
  if (lines.length === 0 || lines.some((line) => line.totalNet === null)) return { lines, ...invoiceAmounts(order.netTotal, vatPercent) };
  const summary = taxSummaryOfLines(lines.map((line) => ({ net: line.totalNet ?? 0, rate: line.vatPercent })));
  const vat = summary.taxes.reduce((sum, tax) => sum.plus(tax.amount), round2(0));
  return { lines, net: formatMoney(summary.net), vat: formatMoney(vat), total: formatMoney(summary.total) };
}

export interface BuiltinErpOptions {
  database: Pick<Database, 'db'>;
  jobs: JobQueue;
  clock: Clock;
  /** Time between PENDING → CONFIRMED → PRODUCTION → FINISHED. */
  stepMs: number;
  vatPercent: number;
  /** The seller printed on invoices (configuration: INVOICE_SELLER_*). */
  seller: InvoiceParty;
  /** The orders module, told of every status change (resolved late: the module is built after the ERP). */
  listener: () => ErpOrderListener;
}

/**
 * The built-in ERP (the default adapter): it keeps what it received (erp_received_orders, once per
 * order id), confirms an order one step after it arrives, starts production and finishes it a step
 * later each (jobs in the api's PostgreSQL queue, so the schedule survives restarts and runs in any
 * process), plans the shipping date (the latest line's when sent together, else the earliest) and
 * issues the invoice when the order finishes. Every step is idempotent: a step run twice changes
 * nothing the second time.
 */
export function createBuiltinErp(options: BuiltinErpOptions): ErpPort & { registerWorkers(): void } {
  const { db } = options.database;

  async function advance(orderId: number, status: 2 | 3 | 4): Promise<void> {
    await db.transaction(async (tx) => {
      const received = await findReceivedOrder(tx, orderId);
      if (!received) return;
      const order = received.payload as unknown as ErpOrder;
      const now = options.clock();
      const dates = order.lines.map((line) => line.shippingDate).sort();
      const planned = (order.sendTogether ? dates[dates.length - 1] : dates[0]) ?? null;
      await options.listener().statusChanged(tx, { orderId, status, at: now, plannedShippingDate: planned });
      if (status === 4) {
        if (await invoiceOfOrder(tx, orderId)) return;
        const year = now.getUTCFullYear();
        const figures = invoiceFigures(order, options.vatPercent);
        await insertInvoice(tx, {
          number: invoiceNumberOf(year, await nextInvoiceCounter(tx, year)),
          orderId,
          clientCode: order.clientCode,
          companyId: order.companyId,
          issueDate: dayOf(now),
          dueDate: dayOf(new Date(now.getTime() + INVOICE_PAYMENT_DAYS * DAY_MS)),
          net: figures.net,
          vatPercent: String(options.vatPercent),
          vat: figures.vat,
          total: figures.total,
          currency: order.currency,
          lang: order.lang,
          paidAt: null,
          createdAt: now,
          // The legal content, frozen (issue 34 §5): the goods are supplied when the order finishes.
          seller: { ...options.seller },
          buyer: order.buyer ? { ...order.buyer } : null,
          supplyDate: dayOf(now),
          lines: figures.lines,
          paymentTermsDays: INVOICE_PAYMENT_DAYS,
        });
        return;
      }
      await options.jobs.enqueue([{ queue: ERP_ADVANCE_QUEUE, payload: { orderId, status: status + 1 }, singletonKey: `${orderId}:${status + 1}`, availableAt: new Date(now.getTime() + options.stepMs), maxAttempts: 20 }], tx);
    });
  }

  return {
    async stock(references) {
      return new Map(references.map((reference) => [reference, builtinStockOf(reference)]));
    },

    async submitOrder(order) {
      return db.transaction(async (tx) => {
        const now = options.clock();
        const receipt = await receiveOrder(tx, { orderId: order.orderId, erpReference: erpReferenceOf(order.orderId), payload: order as unknown as Record<string, unknown>, now });
        if (receipt.firstReceipt) {
          await options.jobs.enqueue([{ queue: ERP_ADVANCE_QUEUE, payload: { orderId: order.orderId, status: 2 }, singletonKey: `${order.orderId}:2`, availableAt: new Date(now.getTime() + options.stepMs), maxAttempts: 20 }], tx);
        }
        return receipt;
      });
    },

    registerWorkers() {
      options.jobs.work<{ orderId: number; status: 2 | 3 | 4 }>(ERP_ADVANCE_QUEUE, async (job) => advance(job.payload.orderId, job.payload.status), { concurrency: 4 });
    },
  };
}
