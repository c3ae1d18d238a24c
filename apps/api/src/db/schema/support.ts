import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uploadedFiles } from './files';
import { projects } from './projects';
import { users } from './users';

/**
 * Requests addressed to the brand's staff: support requests now; budget requests, United States
 * budget requests and project registrations share the table (`kind`) with their own `details`.
 * `requester_user_id` is null for a visitor; the contact columns say whom to answer either way.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** received → in_progress → answered → closed (the desk moves it). */
    status: text('status').notNull().default('received'),
    catalogId: integer('catalog_id').notNull(),
    lang: text('lang').notNull(),
    /** The support subject (support types of the module), for kind `support`. */
    typeCode: text('type_code'),
    requesterUserId: integer('requester_user_id').references(() => users.id, { onDelete: 'set null' }),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    contactCompany: text('contact_company'),
    message: text('message').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The project as it was sent (lines, quantities, references), so later edits do not change the request. */
    projectSnapshot: jsonb('project_snapshot').$type<Record<string, unknown>>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_requests_desk_idx').on(table.catalogId, table.status, table.createdAt),
    index('support_requests_requester_idx').on(table.requesterUserId),
    index('support_requests_contact_idx').on(table.contactEmail, table.createdAt),
  ],
);

/** The uploads a request attached, in the order given. */
export const supportRequestFiles = pgTable(
  'support_request_files',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => uploadedFiles.id),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.requestId, table.fileId] })],
);

/** The conversation of a request: the desk's replies (mailed to the requester and shown to them). */
export const supportRequestMessages = pgTable(
  'support_request_messages',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Shown as the author: kept when the account goes. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_request_messages_request_idx').on(table.requestId, table.createdAt)],
);
