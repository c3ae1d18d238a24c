import type { AuditEvent } from '@lumen/contracts';

/** One field of a recorded change: what it was and what it became (undefined: not stated on that side). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The fields a row changed, in a stable order. The trail keeps only the fields that differ when both
 * sides are objects; a creation lists what it set, a deletion what it removed.
 */
export function auditChanges(event: Pick<AuditEvent, 'before' | 'after'>): AuditChange[] {
  const before = isRecord(event.before) ? event.before : {};
  const after = isRecord(event.after) ? event.after : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({ field, before: before[field], after: after[field] }));
}

/** The translation key of an action (`acting.start` → `audit.action.acting_start`). */
export function auditActionKey(action: string): string {
  return `audit.action.${action.replace(/[^a-z0-9]+/gi, '_')}`;
}

/** The fields the trail writes today, each with a label in every language (others show their name). */
export const AUDIT_FIELDS = [
  'name',
  'quantity',
  'reference',
  'type',
  'personalised',
  'status',
  'title',
  'version',
  'from',
  'config',
  'number',
  'netTotal',
  'currency',
  'lines',
  'finalQuote',
  'to',
  'project',
  'internalOrderNumber',
  'catalogId',
  'description',
  'defaultValue',
  'rollout',
  'emailToggles',
  'ownSessionKept',
  'privileges',
] as const;

export function auditFieldKey(field: string): string | null {
  return (AUDIT_FIELDS as readonly string[]).includes(field) ? `audit.field.${field}` : null;
}

/** A value as text: lists joined, objects as compact JSON; booleans and empty values are left to the caller. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
  return JSON.stringify(value);
}
