import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { erpReceivedOrders, invoiceCounters, invoices } from '../../db/schema';

/** The ERP's own copy of what it was sent (payload of erp_received_orders). */
const projectName = sql<string>`coalesce(${erpReceivedOrders.payload}->>'projectName', '')`;
const internalOrderNumber = sql<string>`coalesce(${erpReceivedOrders.payload}->>'internalOrderNumber', '')`;

export type InvoiceRow = typeof invoices.$inferSelect;
export type ReceivedOrderRow = typeof erpReceivedOrders.$inferSelect;

/**
 * Records a received order, once per order id: the first delivery inserts it, later ones only count.
 * Returns whether this was the first receipt.
 */
export async function receiveOrder(db: DbOrTx, row: { orderId: number; erpReference: string; payload: Record<string, unknown>; now: Date }): Promise<{ erpReference: string; firstReceipt: boolean }> {
  const inserted = await db
    .insert(erpReceivedOrders)
    .values({ orderId: row.orderId, erpReference: row.erpReference, payload: row.payload, receivedAt: row.now })
    .onConflictDoNothing()
    .returning({ erpReference: erpReceivedOrders.erpReference });
  if (inserted[0]) return { erpReference: inserted[0].erpReference, firstReceipt: true };
  const [again] = await db
    .update(erpReceivedOrders)
    .set({ receipts: sql`${erpReceivedOrders.receipts} + 1` })
    .where(eq(erpReceivedOrders.orderId, row.orderId))
    .returning({ erpReference: erpReceivedOrders.erpReference });
  return { erpReference: again?.erpReference ?? row.erpReference, firstReceipt: false };
}

export async function findReceivedOrder(db: DbOrTx, orderId: number): Promise<ReceivedOrderRow | undefined> {
  const [row] = await db.select().from(erpReceivedOrders).where(eq(erpReceivedOrders.orderId, orderId));
  return row;
}

/** The next invoice number of a year (the counter row is created or bumped atomically). */
export async function nextInvoiceCounter(db: DbOrTx, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return row?.last ?? 1;
}

/** Inserts an invoice unless its order has one; returns it when inserted. */
export async function insertInvoice(db: DbOrTx, row: typeof invoices.$inferInsert): Promise<InvoiceRow | undefined> {
  const [inserted] = await db.insert(invoices).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function invoiceOfOrder(db: DbOrTx, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

export interface InvoiceListRow extends InvoiceRow {
  projectName: string;
  internalOrderNumber: string;
}

/** A billed line as the invoice keeps it, or as the ERP received it (older invoices: no rate, no configuration). */
export interface InvoiceLine {
  referenceCode: string | null;
  model: string;
  description?: string;
  quantity: number;
  unitNet?: number | null;
  totalNet?: number | null;
  vatPercent?: number;
  attributes?: Partial<Record<string, { code: string; description: string }>>;
  /** A creation's name as parts (issue 34 §5), stored as JSON: read with creationNameOf. */
  creationName?: unknown;
}

export type InvoiceSortKey = 'ISSUE_DATE_DESC' | 'ISSUE_DATE_ASC' | 'DUE_DATE_ASC' | 'DUE_DATE_DESC' | 'TOTAL_DESC' | 'TOTAL_ASC';

const SORTS: Record<InvoiceSortKey, SQL[]> = {
  ISSUE_DATE_DESC: [desc(invoices.issueDate), desc(invoices.id)],
  ISSUE_DATE_ASC: [asc(invoices.issueDate), asc(invoices.id)],
  DUE_DATE_ASC: [asc(invoices.dueDate), asc(invoices.id)],
  DUE_DATE_DESC: [desc(invoices.dueDate), desc(invoices.id)],
  TOTAL_DESC: [desc(invoices.total), desc(invoices.id)],
  TOTAL_ASC: [asc(invoices.total), asc(invoices.id)],
};

/** A page of a client code's invoices: search on the number, the order id, its project or internal number; status read against `today`. */
export async function listInvoices(
  db: DbOrTx,
  query: { clientCode: string; search?: string; status?: 'paid' | 'unpaid' | 'overdue'; today: string; sortBy: InvoiceSortKey; limit: number; offset: number },
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const where: SQL[] = [sql`upper(${invoices.clientCode}) = upper(${query.clientCode})`];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byId = /^\d{1,9}$/.test(query.search) ? eq(invoices.orderId, Number(query.search)) : undefined;
    const match = or(ilike(invoices.number, pattern), ilike(projectName, pattern), ilike(internalOrderNumber, pattern), ...(byId ? [byId] : []));
    if (match) where.push(match);
  }
  if (query.status === 'paid') where.push(sql`${invoices.paidAt} is not null`);
  if (query.status === 'unpaid') where.push(sql`${invoices.paidAt} is null and ${invoices.dueDate} >= ${query.today}`);
  if (query.status === 'overdue') where.push(sql`${invoices.paidAt} is null and ${invoices.dueDate} < ${query.today}`);
  const rows = await db
    .select({ invoice: invoices, projectName, internalOrderNumber, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(invoices)
    .innerJoin(erpReceivedOrders, eq(erpReceivedOrders.orderId, invoices.orderId))
    .where(and(...where))
    .orderBy(...SORTS[query.sortBy])
    .limit(query.limit)
    .offset(query.offset);
  return { rows: rows.map((row) => ({ ...row.invoice, projectName: row.projectName, internalOrderNumber: row.internalOrderNumber })), total: rows[0]?.total ?? (query.offset > 0 ? await countInvoices(db, and(...where)) : 0) };
}

async function countInvoices(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(invoices).innerJoin(erpReceivedOrders, eq(erpReceivedOrders.orderId, invoices.orderId)).where(where);
  return row?.n ?? 0;
}

export async function findInvoice(db: DbOrTx, clientCode: string, number: string): Promise<(Omit<InvoiceListRow, 'lines'> & { lines: InvoiceLine[]; catalogId: number | null }) | undefined> {
  const [row] = await db
    .select({
      invoice: invoices,
      projectName,
      internalOrderNumber,
      lines: sql<InvoiceLine[] | null>`${erpReceivedOrders.payload}->'lines'`,
      catalogId: sql<number | null>`(${erpReceivedOrders.payload}->>'catalogId')::int`,
    })
    .from(invoices)
    .innerJoin(erpReceivedOrders, eq(erpReceivedOrders.orderId, invoices.orderId))
    .where(and(sql`upper(${invoices.clientCode}) = upper(${clientCode})`, eq(invoices.number, number)));
  if (!row) return undefined;
  // The invoice's own lines (frozen at issue, issue 34 §5), else what the ERP received (older invoices).
  const lines = Array.isArray(row.invoice.lines) ? (row.invoice.lines as InvoiceLine[]) : Array.isArray(row.lines) ? row.lines : [];
  return { ...row.invoice, projectName: row.projectName, internalOrderNumber: row.internalOrderNumber, lines, catalogId: row.catalogId };
}
