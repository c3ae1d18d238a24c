import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** Whose orders a caller sees: every order (backoffice), their company's, or only their own. */
export type OrderScope = { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'user'; userId: number };

function scopeWhere(scope: OrderScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return scope.kind === 'company' ? eq(orders.companyId, scope.companyId) : eq(orders.userId, scope.userId);
}

/** Lower case without accents: what the list's search compares (the same fold on both sides). */
export function foldSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export async function insertOrder(db: DbOrTx, row: NewOrderRow): Promise<OrderRow> {
  const [inserted] = await db.insert(orders).values(row).returning();
  if (!inserted) throw new Error('order not inserted');
  return inserted;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findOrderInScope(db: DbOrTx, scope: OrderScope, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), scopeWhere(scope)));
  return row;
}

export async function ordersOfProject(db: DbOrTx, scope: OrderScope, projectId: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(and(eq(orders.projectId, projectId), scopeWhere(scope))).orderBy(desc(orders.id));
}

export async function orderIdOfProject(db: DbOrTx, projectId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.projectId, projectId));
  return row?.id;
}

export type OrderListRow = Pick<
  OrderRow,
  'id' | 'projectId' | 'projectName' | 'internalOrderNumber' | 'status' | 'processedAt' | 'plannedShippingDate' | 'linesCount' | 'netTotal' | 'currency' | 'delivery'
>;

/**
 * A page of orders, newest first; `search` is folded already. The page walks the index
 * (company, processed_at desc, id desc) and the count runs beside it as its own query (an index-only
 * count), so a deep page does not materialise every row of the company as count(*) over () would.
 */
export async function listOrders(
  db: DbOrTx,
  scope: OrderScope,
  query: { search?: string; status?: number; completed?: boolean; limit: number; offset: number },
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where: Array<SQL | undefined> = [scopeWhere(scope)];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byId = /^\d{1,9}$/.test(query.search) ? eq(orders.id, Number(query.search)) : undefined;
    where.push(or(sql`${orders.searchText} like ${pattern}`, byId));
  }
  if (query.status !== undefined) where.push(eq(orders.status, query.status));
  if (query.completed === true) where.push(eq(orders.status, 4));
  if (query.completed === false) where.push(ne(orders.status, 4));
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: orders.id,
        projectId: orders.projectId,
        projectName: orders.projectName,
        internalOrderNumber: orders.internalOrderNumber,
        status: orders.status,
        processedAt: orders.processedAt,
        plannedShippingDate: orders.plannedShippingDate,
        linesCount: orders.linesCount,
        netTotal: orders.netTotal,
        currency: orders.currency,
        delivery: orders.delivery,
      })
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.processedAt), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(condition),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The ERP moved the order on: status and its date, the planned shipping date; only forwards (a repeated step changes nothing). */
/**
 * The ERP moved an order on: statuses only go forward, so a late or repeated step changes nothing.
 * Returns what the audit trail needs of the order (its status and planned date before, project,
 * company), or null when nothing changed.
 */
export async function applyErpStatus(
  db: DbOrTx,
  change: { orderId: number; status: 2 | 3 | 4; at: Date; plannedShippingDate: string | null },
): Promise<{ before: { status: number; plannedShippingDate: string | null }; projectId: number | null; companyId: number | null } | null> {
  const [current] = await db
    .select({ status: orders.status, plannedShippingDate: orders.plannedShippingDate, projectId: orders.projectId, companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, change.orderId))
    .for('update');
  if (!current || current.status >= change.status) return null;
  const dateColumn = change.status === 2 ? { confirmedAt: change.at } : change.status === 3 ? { productionAt: change.at } : { finishedAt: change.at };
  await db
    .update(orders)
    .set({ status: change.status, ...dateColumn, plannedShippingDate: change.plannedShippingDate, updatedAt: change.at })
    .where(eq(orders.id, change.orderId));
  return { before: { status: current.status, plannedShippingDate: current.plannedShippingDate }, projectId: current.projectId, companyId: current.companyId };
}

/** The outbox delivered the order to the legacy system (only a pending order moves to sent). */
export async function markDelivered(db: DbOrTx, orderId: number, erpReference: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ delivery: 'sent', deliveredAt: now, erpReference, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.delivery, 'pending')));
}

/** The buyer of a company's invoices as its profile says (issue 34 §5): name, billing address, VAT ID, country. */
export async function buyerOfCompany(db: DbOrTx, companyId: number): Promise<{ name: string; address: string[]; vatId: string | null; country: string | null } | null> {
  const [row] = await db.select({ name: companies.name, address: companies.billingAddress, vatId: companies.vatId, country: companies.country }).from(companies).where(eq(companies.id, companyId));
  if (!row) return null;
  return { name: row.name, address: Array.isArray(row.address) ? row.address.filter((line): line is string => typeof line === 'string') : [], vatId: row.vatId?.trim() || null, country: row.country };
}

/** The delivery addresses of a company's earlier orders, newest first (issue 34 §4: offered at review). */
export async function deliveryAddressesOfCompany(db: DbOrTx, companyId: number, limit = 10): Promise<string[][]> {
  const rows = await db
    .select({ addresses: orders.addresses })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), sql`${orders.addresses} is not null`))
    .orderBy(desc(orders.processedAt), desc(orders.id))
    .limit(limit);
  return rows.map((row) => (Array.isArray(row.addresses?.delivery) ? row.addresses.delivery.filter((line): line is string => typeof line === 'string') : [])).filter((lines) => lines.length > 0);
}
