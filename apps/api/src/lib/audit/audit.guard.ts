import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Whether the api's own database role could lift the audit trail's append-only guard (issue 29 §9):
 * a superuser, a member of the table's owning role (it could disable the trigger or set the purge
 * switch `lumen.audit_purge`), or a role granted UPDATE, DELETE or TRUNCATE on it. On PostgreSQL the
 * operator runs the api as a role that is none of these (SECURITY.md, "Operator's controls"); main.ts
 * logs a warning at every start until then. PGlite has one role, guarded by the data directory's
 * modes: nothing to check.
 */
export async function auditGuardWarnings(database: Pick<Database, 'kind' | 'db'>): Promise<string[]> {
  if (database.kind !== 'postgres') return [];
  const rows = (await database.db.execute(sql`
    select current_user as role,
           coalesce((select rolsuper from pg_roles where rolname = current_user), false) as superuser,
           pg_has_role(current_user, c.relowner, 'MEMBER') as owner,
           has_table_privilege(current_user, c.oid, 'UPDATE') or has_table_privilege(current_user, c.oid, 'DELETE') or has_table_privilege(current_user, c.oid, 'TRUNCATE') as writes
      from pg_class c
     where c.oid = to_regclass('audit_events')`)) as unknown as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
  const row = (Array.isArray(rows) ? rows : (rows.rows ?? []))[0];
  if (!row) return ['audit_events was not found: the audit trail is not guarded'];
  const reasons = [row.superuser === true ? 'is a superuser' : null, row.owner === true ? 'owns audit_events (or is a member of its owner)' : null, row.writes === true ? 'may UPDATE, DELETE or TRUNCATE audit_events' : null].filter(
    (reason): reason is string => reason !== null,
  );
  if (reasons.length === 0) return [];
  return [
    `The api's database role "${String(row.role)}" ${reasons.join(', ')}: a session of it could lift the audit trail's append-only guard. ` +
      'Run the api as a role that does not own audit_events and may only SELECT and INSERT it (SECURITY.md, "Operator\'s controls").',
  ];
}
