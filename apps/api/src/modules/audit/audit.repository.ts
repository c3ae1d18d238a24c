import type { AuditEvent } from '@lumen/contracts';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

/** The only SQL of the audit module (reads; rows are written by src/lib/audit in each change's transaction). */

type Row = typeof auditEvents.$inferSelect;

function toEvent(row: Row): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    onBehalfOf: row.onBehalfOfName === null ? null : { id: row.onBehalfOfId, name: row.onBehalfOfName, email: row.onBehalfOfEmail },
    entity: row.entity as AuditEvent['entity'],
    entityId: row.entityId,
    action: row.action,
    projectId: row.projectId,
    before: row.before,
    after: row.after,
  };
}

export async function pageOf(db: DbOrTx, where: SQL | undefined, limit: number, offset: number): Promise<{ items: AuditEvent[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { items: rows.map(toEvent), total: totals[0]?.n ?? 0 };
}

export function ofProject(projectId: number): SQL | undefined {
  return eq(auditEvents.projectId, projectId);
}

/** A user's history: changes to the account and its privileges, and what the user did or had done on their behalf. */
export function ofUser(userId: number): SQL | undefined {
  return or(
    and(inArray(auditEvents.entity, ['user', 'privileges']), eq(auditEvents.entityId, String(userId))),
    eq(auditEvents.actorId, userId),
    eq(auditEvents.onBehalfOfId, userId),
  );
}

export function trailFilter(filter: { actor?: number | undefined; entity?: string | undefined; entityId?: string | undefined; from?: Date | undefined; before?: Date | undefined }): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filter.actor !== undefined) conditions.push(or(eq(auditEvents.actorId, filter.actor), eq(auditEvents.onBehalfOfId, filter.actor)));
  if (filter.entity !== undefined) conditions.push(eq(auditEvents.entity, filter.entity));
  if (filter.entityId !== undefined) conditions.push(eq(auditEvents.entityId, filter.entityId));
  if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
  if (filter.before) conditions.push(lt(auditEvents.at, filter.before));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function companyOfUser(db: DbOrTx, userId: number): Promise<{ companyId: number | null } | undefined> {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
