import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The append-only audit trail (issue 17 §3; src/lib/audit): who changed what and when, and on whose
 * behalf when a staff member acts as a customer. Names and e-mails are copied at the time of the
 * change, so the trail still reads right after an account changes. A trigger (migration 0018) refuses
 * UPDATE, DELETE and TRUNCATE except inside the retention purge (src/lib/audit/audit.purge.ts).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The person who made the change (the staff member when acting for someone); null for the system. */
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email'),
    /** The user the actor acted for, when the change was made in an acted session. */
    onBehalfOfId: integer('on_behalf_of_id'),
    onBehalfOfName: text('on_behalf_of_name'),
    onBehalfOfEmail: text('on_behalf_of_email'),
    /** project, project_line, project_version, quote, order, user, privileges, flag. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** create, update, delete, rename, status, … (free text, lower case). */
    action: text('action').notNull(),
    /** The company whose data changed (scopes a user's history to its company); null for platform data (flags). */
    companyId: integer('company_id'),
    /** The project the change belongs to (its lines, versions, quotes and orders too): the project's history. */
    projectId: integer('project_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_events_at_idx').on(table.at),
    index('audit_events_entity_idx').on(table.entity, table.entityId, table.id),
    index('audit_events_project_idx').on(table.projectId, table.id),
    index('audit_events_actor_idx').on(table.actorId, table.id),
    index('audit_events_behalf_idx').on(table.onBehalfOfId, table.id),
  ],
);
