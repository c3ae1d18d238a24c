import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './users';

/**
 * Orders (issue 13): a processed order, frozen at processing. Lines are a snapshot (jsonb) with the
 * quantities, shipping dates, availability and prices the server computed. A project is ordered at
 * most once (`orders_project_unique`). Status 1 PENDING → 2 CONFIRMED → 3 PRODUCTION → 4 FINISHED,
 * moved by the ERP adapter; `delivery` says whether the order went to the legacy order system
 * (`pending` → `sent`) or was held back (`skipped`: the QA-user flag).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Null for orders that came from the legacy system (demo history) rather than a project here. */
    projectId: integer('project_id'),
    projectName: text('project_name').notNull(),
    quoteId: integer('quote_id'),
    companyId: integer('company_id').references(() => companies.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    clientCode: text('client_code').notNull(),
    catalogId: integer('catalog_id').notNull(),
    currency: text('currency').notNull(),
    lang: text('lang').notNull(),
    status: integer('status').notNull().default(1),
    comments: text('comments').notNull().default(''),
    internalOrderNumber: text('internal_order_number').notNull().default(''),
    sendTogether: boolean('send_together').notNull().default(true),
    leadTimeWeeks: integer('lead_time_weeks').notNull(),
    netTotal: numeric('net_total', { precision: 14, scale: 2 }),
    linesCount: integer('lines_count').notNull(),
    lines: jsonb('lines').$type<unknown[]>().notNull(),
    /** Lower-cased, accent-folded text the list searches: id, internal number, project name, references. */
    searchText: text('search_text').notNull(),
    /** pending | sent | skipped */
    delivery: text('delivery').notNull().default('pending'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    erpReference: text('erp_reference'),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    productionAt: timestamp('production_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The date the ERP plans to ship (the latest line when sent together). */
    plannedShippingDate: date('planned_shipping_date', { mode: 'string' }),
    /**
     * Where the order goes and who is billed (issue 34 §4), as lines: `delivery` chosen or entered at
     * review, `billing` the company's profile at processing. Null on orders kept before.
     */
    addresses: jsonb('addresses').$type<{ delivery: string[]; billing: string[] }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('orders_project_unique').on(table.projectId).where(sql`project_id is not null`),
    index('orders_company_idx').on(table.companyId, table.processedAt.desc(), table.id.desc()),
    index('orders_user_idx').on(table.userId, table.processedAt.desc()),
    index('orders_client_code_idx').on(table.clientCode),
  ],
);

/**
 * The built-in ERP's own record of the orders it received (what a real ERP keeps on its side): one
 * row per order id, so a redelivery is recognised and applied once; `receipts` counts deliveries.
 */
export const erpReceivedOrders = pgTable('erp_received_orders', {
  orderId: integer('order_id').primaryKey(),
  erpReference: text('erp_reference').notNull(),
  receipts: integer('receipts').notNull().default(1),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** Invoices the ERP issues (one per finished order). Status paid / unpaid / overdue is read from paid_at and due_date. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    clientCode: text('client_code').notNull(),
    companyId: integer('company_id'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    net: numeric('net', { precision: 14, scale: 2 }).notNull(),
    /** Up to 3 decimals (8.875). */
    vatPercent: numeric('vat_percent', { precision: 6, scale: 3 }).notNull(),
    vat: numeric('vat', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    lang: text('lang').notNull(),
    paidAt: date('paid_at', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The invoice's legal content frozen at issue (VAT directive 2006/112/EC art. 226, issue 34 §5):
     * the seller (configuration) and the buyer (company profile) with names, addresses and VAT
     * numbers, the date of supply, the billed lines with description and rate, and the payment
     * terms. Null on invoices issued before they were kept (read from the order then).
     */
    seller: jsonb('seller').$type<Record<string, unknown>>(),
    buyer: jsonb('buyer').$type<Record<string, unknown>>(),
    supplyDate: date('supply_date', { mode: 'string' }),
    lines: jsonb('lines').$type<unknown[]>(),
    paymentTermsDays: integer('payment_terms_days'),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_order_unique').on(table.orderId),
    index('invoices_client_idx').on(table.clientCode, table.issueDate.desc()),
  ],
);

/** Invoice numbers per year (a counter row, locked while a number is taken). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
