import { formatMoney, percentOf, round2, toDecimal } from '@lumen/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import type { ErpOrder, ErpOrderListener, ErpPort } from './erp.port';
import { findReceivedOrder, insertInvoice, invoiceOfOrder, nextInvoiceCounter, receiveOrder } from './erp.repository';

/** The built-in ERP's queue: one job per order and next status, due one step after the previous one. */
export const ERP_ADVANCE_QUEUE = 'erp.advance';
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

export interface BuiltinErpOptions {
  database: Pick<Database, 'db'>;
  jobs: JobQueue;
  clock: Clock;
  /** Time between PENDING → CONFIRMED → PRODUCTION → FINISHED. */
  stepMs: number;
  vatPercent: number;
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
        const amounts = invoiceAmounts(order.netTotal, options.vatPercent);
        await insertInvoice(tx, {
          number: invoiceNumberOf(year, await nextInvoiceCounter(tx, year)),
          orderId,
          clientCode: order.clientCode,
          companyId: order.companyId,
          issueDate: dayOf(now),
          dueDate: dayOf(new Date(now.getTime() + INVOICE_PAYMENT_DAYS * DAY_MS)),
          net: amounts.net,
          vatPercent: String(options.vatPercent),
          vat: amounts.vat,
          total: amounts.total,
          currency: order.currency,
          lang: order.lang,
          paidAt: null,
          createdAt: now,
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
