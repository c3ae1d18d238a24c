import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles } from './access';

export const companyTypes = pgTable('company_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
});

/** The description of a company type in each interface language. */
export const companyTypeDescriptions = pgTable(
  'company_type_descriptions',
  {
    companyTypeId: integer('company_type_id')
      .notNull()
      .references(() => companyTypes.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    description: text('description').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyTypeId, table.lang] })],
);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  companyTypeId: integer('company_type_id')
    .notNull()
    .references(() => companyTypes.id),
  /** ISO 3166-1 alpha-2. */
  country: text('country'),
  crmId: text('crm_id'),
  /** The customer account of the company in the order system, when it has one. */
  clientCode: text('client_code'),
  /** VAT identification number with its country prefix (ES B12345678), printed on invoices as the buyer's. */
  vatId: text('vat_id'),
  /** The billing address, as lines (street, postal code and city, region), printed on invoices. */
  billingAddress: jsonb('billing_address').$type<string[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored in lower case (the contracts lower-case every e-mail input). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    lang: text('lang').notNull().default('en'),
    catalogId: integer('catalog_id').notNull().default(16),
    status: integer('status').notNull(),
    registerType: integer('register_type').notNull().default(1),
    userType: integer('user_type').notNull(),
    profesion: text('profesion'),
    clientCode: text('client_code'),
    crm: text('crm'),
    companyId: integer('company_id').references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped when the user's roles, privileges or status change (src/http/revocations.ts): access
     * tokens carry the generation they were issued under, and older ones are refused.
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
    /** When the generation was last bumped: revocations younger than an access token are loaded at start. */
    tokensRevokedAt: timestamp('tokens_revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`), index('users_company_idx').on(table.companyId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] })],
);

/** One row per login: the refresh-token family. Revoking it ends every token of that login. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Acting as a customer (issue 17 §3): the staff member who acts as `userId` in this session; null otherwise. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The staff member's own session kept while acting (impersonation without logout): stopping returns to it. */
    parentSessionId: uuid('parent_session_id'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // Start-up reads the sessions revoked within an access token's lifetime.
    index('sessions_revoked_idx').on(table.revokedAt).where(sql`${table.revokedAt} is not null`),
  ],
);

/** Refresh tokens, stored only as sha256 hashes; each is used once and replaced by the next. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Password-reset tokens, stored only as sha256 hashes, single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);
