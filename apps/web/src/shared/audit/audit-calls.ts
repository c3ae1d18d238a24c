import type { AuditEntity, AuditPage } from '@lumen/contracts';
import { createAsyncAction } from '../async-action';

/** Whose history: a project's, a user's, or the full trail for admins with its filters (issue 17 §3). */
export type AuditSource =
  | { kind: 'project'; id: number }
  | { kind: 'user'; id: number }
  | { kind: 'trail'; filters: AuditTrailFilters };

export interface AuditTrailFilters {
  actor?: number | undefined;
  entity?: AuditEntity | undefined;
  entityId?: string | undefined;
  /** YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

/** How many rows a page asks for. */
export const AUDIT_PAGE_SIZE = 20;

/** A stable key of a source (the remote-data hook loads again when it changes). */
export function auditSourceKey(source: AuditSource): string {
  if (source.kind !== 'trail') return `${source.kind}:${source.id}`;
  const { actor, entity, entityId, from, to } = source.filters;
  return `trail:${JSON.stringify([actor ?? null, entity ?? null, entityId ?? null, from ?? null, to ?? null])}`;
}

/**
 * GET projects /v1/projects/{id}/history, users /v1/users/{id}/history or users /v1/audit: one page of
 * the trail, newest first. The history panel shows a failure itself, so no error dialog.
 */
export const loadAuditPage = createAsyncAction<AuditPage, { source: AuditSource; page: number; limit?: number }>(
  'auditHistory',
  ({ source, page, limit = AUDIT_PAGE_SIZE }, { extra }) => {
    if (source.kind === 'project') return extra.api.get<AuditPage>('projects', `/v1/projects/${source.id}/history`, { page, limit });
    if (source.kind === 'user') return extra.api.get<AuditPage>('users', `/v1/users/${source.id}/history`, { page, limit });
    const query: Record<string, string | number> = { page, limit };
    for (const [name, value] of Object.entries(source.filters)) if (value !== undefined && value !== '') query[name] = value as string | number;
    return extra.api.get<AuditPage>('users', '/v1/audit', query);
  },
  { showError: false },
);
