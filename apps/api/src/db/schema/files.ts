import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Files users upload (support and budget attachments): the record of what the file storage holds
 * under `storage_key`. An upload is temporary (`expires_at` set, `attached_at` null) until a request
 * attaches it in its own transaction; a temporary upload past `expires_at` is removed with its
 * stored content. `owner_user_id` is null for a visitor's upload (its unguessable id is then the
 * only way to attach it).
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    domain: text('domain').notNull(),
    entity: text('entity').notNull(),
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (table) => [index('uploaded_files_temp_expiry_idx').on(table.expiresAt).where(sql`${table.attachedAt} is null`)],
);
