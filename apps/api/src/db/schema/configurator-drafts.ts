import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Configurator drafts (issue 27 §3): one user's work in progress in one configurator (`key`: the
 * configurator, and the project line when it edits one), kept so that a reload, a lost connection or a
 * login does not lose it. Written over as the user works; deleted when the work is saved or dropped.
 */
export const configuratorDrafts = pgTable(
  'configurator_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    quantity: integer('quantity').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
