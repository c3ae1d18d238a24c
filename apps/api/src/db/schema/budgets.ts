import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/**
 * Quotes (issue 12): a budget issued by the server, numbered per catalogue and year, frozen once
 * issued. `number` is `base_number` for revision 1 and `base_number-N` after; figures are numeric
 * (never binary floating point), the lines a snapshot in `quote_lines`. The creator's name and
 * e-mail, the seller's company and the project's name are copied, so an issued quote reads the same
 * whatever happens to the account or the project later.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The project's revision the quote was made from. */
    projectRevision: integer('project_revision').notNull(),
    projectName: text('project_name').notNull(),
    catalogId: integer('catalog_id').notNull(),
    baseNumber: text('base_number').notNull(),
    revision: integer('revision').notNull(),
    number: text('number').notNull(),
    /** issued → sent → accepted | declined (expired is read from valid_until). */
    status: text('status').notNull().default('issued'),
    isFinalQuote: boolean('is_final_quote').notNull().default(false),
    currency: text('currency').notNull(),
    lang: text('lang').notNull(),
    clientName: text('client_name'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    companyId: integer('company_id'),
    companyName: text('company_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Valid until the end of this day (UTC). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull(),
    surcharge: numeric('surcharge', { precision: 5, scale: 2 }).notNull(),
    /** VAT or sales-tax percent, up to 3 decimals (New York 8.875). */
    iva: numeric('iva', { precision: 6, scale: 3 }).notNull(),
    subTotal: numeric('sub_total', { precision: 16, scale: 2 }).notNull(),
    discountValue: numeric('discount_value', { precision: 16, scale: 2 }).notNull(),
    surchargeValue: numeric('surcharge_value', { precision: 16, scale: 2 }).notNull(),
    ivaValue: numeric('iva_value', { precision: 16, scale: 2 }).notNull(),
    netTotal: numeric('net_total', { precision: 16, scale: 2 }).notNull(),
    comments: text('comments'),
    linesCount: integer('lines_count').notNull(),
    /** The United States final quote's alias, specifier, purchaser and places. */
    usa: jsonb('usa').$type<Record<string, unknown>>(),
    sentToEmail: text('sent_to_email'),
    sentToName: text('sent_to_name'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Part of the public link's signed payload; revoking the link (issue 29 §9) moves it, so earlier links answer 404. */
    publicLinkGeneration: integer('public_link_generation').notNull().default(0),
    answeredName: text('answered_name'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredIp: text('answered_ip'),
    declineReason: text('decline_reason'),
    questions: integer('questions').notNull().default(0),
  },
  (table) => [
    uniqueIndex('quotes_number_idx').on(table.number),
    uniqueIndex('quotes_base_revision_idx').on(table.baseNumber, table.revision),
    index('quotes_project_idx').on(table.projectId, table.createdAt),
    check('quotes_status_check', sql`${table.status} in ('issued', 'sent', 'accepted', 'declined')`),
    check('quotes_percent_check', sql`${table.discount} between 0 and 100 and ${table.surcharge} between 0 and 100 and ${table.iva} between 0 and 100`),
  ],
);

/** The frozen lines of a quote, in order: the wire line as issued (`data`) and its net for sums. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    projectLineId: uuid('project_line_id').notNull(),
    referenceCode: text('reference_code'),
    quantity: integer('quantity').notNull(),
    netPrice: numeric('net_price', { precision: 16, scale: 2 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.quoteId, table.position] })],
);

/** The last quote number given per catalogue and year: advanced in the issuing transaction, never reused. */
export const quoteNumberCounters = pgTable(
  'quote_number_counters',
  {
    catalogId: integer('catalog_id').notNull(),
    year: integer('year').notNull(),
    counter: integer('counter').notNull(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.year] })],
);

/** United States numbers handed out by generate-quote-number, to the caller, until a final quote uses one. */
export const quoteNumberReservations = pgTable('quote_number_reservations', {
  number: text('number').primaryKey(),
  catalogId: integer('catalog_id').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
});

/** Questions clients asked on a quote's public page (mailed to the professional; kept as a record). */
export const quoteQuestions = pgTable(
  'quote_questions',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('quote_questions_quote_idx').on(table.quoteId)],
);
