import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { privileges } from './access';
import { companies, users } from './users';

/**
 * A company manager's decision about one privilege of one user (issue 17 §1): granted on top of what
 * the user's roles give, or withheld although a role gives it. A user's privileges are those of their
 * roles, plus the granted overrides, less the withheld ones (users.repository privilegesJsonOf).
 */
export const userPrivilegeOverrides = pgTable(
  'user_privilege_overrides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    privilegeId: integer('privilege_id')
      .notNull()
      .references(() => privileges.id, { onDelete: 'cascade' }),
    granted: boolean('granted').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.privilegeId] })],
);

/**
 * An invitation to join a company (issue 17 §1): the link carries a signed token whose sha256 is kept
 * here; it is used once, before `expires_at`, by the invited address only.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    /** The role the new colleague gets (the inviting manager's company role). */
    roleId: integer('role_id').notNull(),
    /** The privileges the manager chose (codes); the rest of the role's manageable ones are withheld. */
    privileges: jsonb('privileges').$type<string[]>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('company_invitations_company_idx').on(table.companyId)],
);

/**
 * A qualification request (issue 17 §2): a web user who asked to become a professional is a trade
 * lead (status 3) until sales staff approve or decline it, unless QUALIFICATION_AUTO_APPROVE is on.
 */
export const tradeLeads = pgTable(
  'trade_leads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profesion: text('profesion').notNull(),
    companyName: text('company_name').notNull(),
    companyTypeId: integer('company_type_id').notNull(),
    country: text('country').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** pending, approved or declined. */
    decision: text('decision').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('trade_leads_pending_idx').on(table.decision, table.requestedAt)],
);

/**
 * The built-in CRM (issue 17 §2; users.crm.ts): its copy of each contact, keyed by the CRM contact id
 * (`users.crm`). The profile is written to the platform and, through the CRM adapter, here; with
 * showQualifiedUserDataFromDynamics on, the account shows a qualified user's data as the CRM holds it.
 */
export const crmContacts = pgTable('crm_contacts', {
  crmId: text('crm_id').primaryKey(),
  name: text('name').notNull(),
  profesion: text('profesion'),
  email: text('email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
