import type { Db } from './db/client';
import { seedDemoData } from './db/seed';
import { backfillDemoInvoices, seedDemoOrders } from './modules/orders/orders.seed';

/**
 * The demo data, in one transaction: what the database layer seeds (accounts, companies, catalogue,
 * projects) and what the modules seed of their own (a year of orders and invoices). It sits above the
 * modules so that db/ imports none of them (lint: the api's rooms).
 */
export function seedDemo(db: Db): Promise<{ created: number }> {
  return seedDemoData(db, async (tx) => {
    await seedDemoOrders(tx);
    await backfillDemoInvoices(tx);
  });
}
