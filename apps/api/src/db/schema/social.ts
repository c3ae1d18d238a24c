import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Social sign-up (issue 17 §4): an account's identities at the OpenID Connect providers. A provider's
 * subject belongs to one account; an account may have one identity per provider.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    /** facebook | linkedin (contracts SOCIAL_PROVIDERS). */
    provider: text('provider').notNull(),
    /** The provider's `sub` claim: stable per user and provider. */
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verified e-mail the provider gave when the identity was linked. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index('social_identities_user_idx').on(table.userId)],
);

/**
 * One social sign-up in flight: what the callback checks (state, nonce, PKCE verifier), used once. When
 * an account with the provider's verified e-mail exists, the same row holds the pending link until the
 * user proves the account's password (or the link expires).
 */
export const socialLogins = pgTable(
  'social_logins',
  {
    /** SHA-256 of the `state` (the browser holds the state in a cookie and brings it back in the callback). */
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Started by the embedded auth views (a pop-up): the flow ends on the frame's result page. */
    frame: boolean('frame').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the first callback with this state: a second one is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The pending link: SHA-256 of the link cookie, the account, the provider's subject and e-mail. */
    linkTokenHash: text('link_token_hash').unique(),
    linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    email: text('email'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    linkUsedAt: timestamp('link_used_at', { withTimezone: true }),
  },
  (table) => [index('social_logins_expires_idx').on(table.expiresAt)],
);
