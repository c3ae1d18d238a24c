import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Feature flags (platform-core §1; src/modules/flags): one definition per key, its rollout in each
 * environment's table (DEV, NEWPRO, PRO: a missing row means "not in that table"), e-mail toggles
 * and the audit trail of every change made in the backoffice.
 */

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  description: text('description').notNull().default(''),
  /** The answer when the flag is in no table and the remote service does not answer. */
  defaultValue: boolean('default_value').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The backoffice user of the last change; null for seeded defaults. */
  updatedBy: integer('updated_by').references(() => users.id),
});

export const featureFlagRollouts = pgTable(
  'feature_flag_rollouts',
  {
    flagKey: text('flag_key')
      .notNull()
      .references(() => featureFlags.key, { onDelete: 'cascade' }),
    /** DEV, NEWPRO or PRO. */
    environment: text('environment').notNull(),
    /** Share of users (0 to 1) who get the flag on. */
    rollout: doublePrecision('rollout').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.flagKey, table.environment] }),
    check('feature_flag_rollouts_rollout_range', sql`${table.rollout} >= 0 and ${table.rollout} <= 1`),
    check('feature_flag_rollouts_environment', sql`${table.environment} in ('DEV', 'NEWPRO', 'PRO')`),
  ],
);

export const featureFlagEmailToggles = pgTable(
  'feature_flag_email_toggles',
  {
    flagKey: text('flag_key')
      .notNull()
      .references(() => featureFlags.key, { onDelete: 'cascade' }),
    /** Lower case, as every stored e-mail. */
    email: text('email').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (table) => [primaryKey({ columns: [table.flagKey, table.email] })],
);

/** One row per backoffice change, written in the change's transaction: who, when, before, after. */
export const featureFlagChanges = pgTable(
  'feature_flag_changes',
  {
    id: serial('id').primaryKey(),
    flagKey: text('flag_key').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    /** The e-mail of the author at the time of the change (kept if the account changes later). */
    changedByEmail: text('changed_by_email').notNull(),
    /** The flag's state before the change; null when the change created it. */
    before: jsonb('before'),
    after: jsonb('after').notNull(),
  },
  (table) => [index('feature_flag_changes_key_idx').on(table.flagKey, table.id)],
);
