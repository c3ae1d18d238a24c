import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Shared views of drawn configurations (issue 16 §5): an immutable snapshot of a space behind an
 * unguessable hash (16 random bytes, base64url). No price is stored: the viewer's evaluation is made
 * when the link is opened, in the viewer's own rate. `created_by` is null for a visitor's share.
 */
export const creationShares = pgTable(
  'creation_shares',
  {
    hash: text('hash').primaryKey(),
    subFamilyId: integer('subfamily_id').notNull(),
    catalogId: integer('catalog_id').notNull(),
    /** The space as the server rebuilt and checked it (current schema version when written). */
    space: jsonb('space').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('creation_shares_created_by_idx').on(table.createdBy)],
);
