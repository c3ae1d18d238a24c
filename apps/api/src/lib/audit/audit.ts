import { AUDIT_ENTITIES, type AuditEntity } from '@lumen/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** What the trail is about (issue 17 §3): packages/contracts AUDIT_ENTITIES; add a kind there before writing it. */
export { AUDIT_ENTITIES, type AuditEntity };

/** A person as the trail keeps them: copied at the time of the change. */
export interface AuditPerson {
  /** Null for someone without an account (a quote's client answering through its public link). */
  id: number | null;
  name: string;
  email: string | null;
}

/** Who made a change: the actor and, in an acted session, the user acted for. */
export interface AuditWho {
  /** Null for the system (jobs, the ERP): the row then says `system`. */
  actor: AuditPerson | null;
  onBehalfOf: AuditPerson | null;
}

/** The shape of a request's principal that the trail reads (src/http/sessions.ts `Principal`). */
export interface AuditPrincipal {
  userId: number;
  name: string;
  email: string;
  /** Present in an acted session: the staff member acting as this principal. */
  actingBy?: { userId: number; name: string; email: string } | null | undefined;
}

/**
 * Who made a change in a request: the logged-in user, or, when a staff member acts as that user,
 * the staff member as actor and the user as the one acted for.
 */
export function auditWho(principal: AuditPrincipal): AuditWho {
  const self: AuditPerson = { id: principal.userId, name: principal.name, email: principal.email };
  if (principal.actingBy) return { actor: { id: principal.actingBy.userId, name: principal.actingBy.name, email: principal.actingBy.email }, onBehalfOf: self };
  return { actor: self, onBehalfOf: null };
}

/** Changes made by the platform itself (a job, the ERP's answer). */
export const AUDIT_SYSTEM: AuditWho = { actor: null, onBehalfOf: null };

/** Anything JSON can hold (stored as jsonb). */
export type AuditJson = unknown;

export interface AuditEntry extends AuditWho {
  entity: AuditEntity;
  entityId: string | number;
  /** create, update, delete, rename, status, … (lower case). */
  action: string;
  /** The state before (null on create) and after (null on delete); only what a reader needs, no secrets. */
  before?: AuditJson | undefined;
  after?: AuditJson | undefined;
  /** The company whose data changed: a user's history is read within its company. */
  companyId?: number | null | undefined;
  /** The project the change belongs to (for its lines, versions, quotes and orders too): the project's history. */
  projectId?: number | null | undefined;
  /** Defaults to the database's now() (the transaction's start). */
  at?: Date | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * When before and after are both objects, only the keys whose values differ are kept on both sides
 * (a rename stores the two names, not the whole project). Undefined values are dropped.
 */
export function auditDiff(before: AuditJson | undefined, after: AuditJson | undefined): { before: AuditJson | null; after: AuditJson | null; changed: boolean } {
  if (!isRecord(before) || !isRecord(after)) {
    return { before: before ?? null, after: after ?? null, changed: JSON.stringify(before ?? null) !== JSON.stringify(after ?? null) };
  }
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key] ?? null;
    const now = after[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) {
      b[key] = was;
      a[key] = now;
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}

/**
 * Writes one row of the audit trail. Call it with the transaction of the change itself, so the row
 * and the change commit (or roll back) together. An update whose before and after are equal objects
 * writes nothing (returns false).
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<boolean> {
  return (await recordAudits(tx, [entry])) === 1;
}

/** Several rows in one statement (a change of many lines at once); returns how many were written. */
export async function recordAudits(tx: DbOrTx, entries: readonly AuditEntry[]): Promise<number> {
  const rows = entries.flatMap((entry) => {
    const diff = auditDiff(entry.before, entry.after);
    if (entry.before != null && entry.after != null && !diff.changed) return [];
    return [
      {
        ...(entry.at ? { at: entry.at } : {}),
        actorId: entry.actor?.id ?? null,
        actorName: entry.actor?.name ?? 'system',
        actorEmail: entry.actor?.email ?? null,
        onBehalfOfId: entry.onBehalfOf?.id ?? null,
        onBehalfOfName: entry.onBehalfOf?.name ?? null,
        onBehalfOfEmail: entry.onBehalfOf?.email ?? null,
        entity: entry.entity,
        entityId: String(entry.entityId),
        action: entry.action,
        companyId: entry.companyId ?? null,
        projectId: entry.projectId ?? null,
        before: diff.before === null ? sql`null` : diff.before,
        after: diff.after === null ? sql`null` : diff.after,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(auditEvents).values(rows);
  return rows.length;
}
