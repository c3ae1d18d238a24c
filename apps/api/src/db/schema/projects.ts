import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './users';

/**
 * Projects (spec platform-core §3, §4): a project, its product lines, its version chain (every version
 * is a project whose `version_of` is the chain's first project), third-party assignment and import,
 * sales representatives' assigned companies, the creation-code counters and the CRM outbox.
 */

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    catalogId: integer('catalog_id').notNull(),
    currency: text('currency').notNull(),
    /** 0 DELETED, 1 EDITION, 2 ORDER. */
    status: integer('status').notNull().default(1),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** The owner's company when the project was made (company scope). */
    companyId: integer('company_id').references(() => companies.id),
    /** OWN, IMPORTER (made by an importer) or THIRDPARTY (imported from a third party's project). */
    origin: text('origin').notNull().default('OWN'),
    importedFromId: integer('imported_from_id'),
    /** The third party the project is assigned to (project.asigment.thirdparty). */
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    /** First project of the version chain; null for that first project itself. */
    versionOf: integer('version_of'),
    versionNumber: integer('version_number').notNull().default(1),
    versionTitle: text('version_title'),
    /**
     * What the list's search matches and its name sorts sort by (issue 10 §7): the name and the version
     * title folded by lumen_search_fold (migration 0012: case and accents, no locale), kept by the
     * database so that a search folds only the text typed, not every row.
     */
    searchKey: text('search_key').generatedAlwaysAs(sql`lumen_search_fold(name || chr(10) || coalesce(version_title, ''))`),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** Optimistic-concurrency counter, +1 on every change of the project or its lines. */
    revision: integer('revision').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('projects_owner_idx').on(table.ownerId, table.status),
    index('projects_company_idx').on(table.companyId, table.status),
    index('projects_assignee_idx').on(table.assigneeUserId),
    index('projects_version_of_idx').on(table.versionOf),
    index('projects_updated_idx').on(table.updatedAt),
  ],
);

export const projectProducts = pgTable(
  'project_products',
  {
    id: uuid('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    quantity: integer('quantity').notNull().default(1),
    isPersonalized: integer('is_personalized').notNull().default(0),
    referenceCode: text('reference_code'),
    model: text('model').notNull(),
    creationCode: text('creation_code'),
    /** The rest of the spec's product entry (family, subfamily, configurator, compositions, validation…). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('project_products_project_idx').on(table.projectId, table.position)],
);

/** Companies a sales representative looks after (project.view.assigned.company). */
export const salesCompanyAssignments = pgTable(
  'sales_company_assignments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.companyId] }), index('sales_company_assignments_company_idx').on(table.companyId)],
);

/** Creation-code counters per prefix (CR): advanced by one atomic UPDATE … RETURNING. */
export const creationCodeCounters = pgTable('creation_code_counters', {
  prefix: text('prefix').primaryKey(),
  counter: integer('counter').notNull().default(0),
});

/**
 * Side effects towards the CRM, written in the transaction of the change that causes them and
 * delivered by the outbox worker (at least once; the idempotency key makes delivery apply once).
 */
export const crmOutbox = pgTable(
  'crm_outbox',
  {
    id: serial('id').primaryKey(),
    topic: text('topic').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → delivered, or dead after the last attempt failed (kept, never lost). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('crm_outbox_key_unique').on(table.idempotencyKey), index('crm_outbox_pending_idx').on(table.status, table.availableAt)],
);

/** What the default CRM adapter applied, by idempotency key (a second delivery is a no-op). */
export const crmDeliveries = pgTable('crm_deliveries', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  topic: text('topic').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every version e-mail a user asked for (issue 9 finding 2): who, to whom, which project, when and
 * what became of it (queued → sent | failed; rate_limited when refused). An audit log: plain ids, no
 * foreign keys, so it outlives what it names.
 */
export const projectVersionMails = pgTable(
  'project_version_mails',
  {
    id: serial('id').primaryKey(),
    /** The project the caller asked to version. */
    projectId: integer('project_id').notNull(),
    /** The version the mail announces; null when the mail was refused before it was made. */
    versionId: integer('version_id'),
    senderId: integer('sender_id').notNull(),
    recipient: text('recipient').notNull(),
    outcome: text('outcome').$type<'queued' | 'sent' | 'failed' | 'rate_limited'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('project_version_mails_sender_idx').on(table.senderId, table.createdAt), index('project_version_mails_recipient_idx').on(table.recipient, table.createdAt)],
);

/**
 * Every saved space of a CREATION line (issue 15 §4): revision 1 when the line is added, one more per
 * save. The line holds the newest; older ones are kept here, as the server rebuilt them.
 */
export const projectProductRevisions = pgTable(
  'project_product_revisions',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => projectProducts.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    /** The space as the server rebuilt it (current schema version when written). */
    space: jsonb('space').$type<Record<string, unknown>>().notNull(),
    quantity: integer('quantity').notNull(),
    /** Lumens, watts, lights, clusters, pendants and wire length of one set. */
    totals: jsonb('totals').$type<Record<string, number>>().notNull(),
    /** Who saved it (a plain id: the revision outlives its author's account). */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.revision] })],
);
