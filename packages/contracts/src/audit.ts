import { z } from 'zod';
import { Id, IdQuery, SafeText } from './input';
import { AUDIT_ENTITIES } from './constants';
export { AUDIT_ENTITIES } from './constants';

// ─── Acting as a customer and the audit trail (issue 17 §3) ────────────────────────────────────────

export const AuditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntity>;

export const AuditPerson = z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string().nullable() });
export type AuditPerson = z.infer<typeof AuditPerson>;

/** One row of the trail: who (and on whose behalf), when, what, before and after (only the fields that changed). */
export const AuditEvent = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601'),
  actor: AuditPerson,
  onBehalfOf: AuditPerson.nullable(),
  entity: AuditEntity,
  entityId: z.string(),
  action: z.string(),
  projectId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditPage = z.object({
  items: z.array(AuditEvent),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;

const AuditLimit = z.coerce.number().int().min(1).max(100);
const AuditPageNumber = z.coerce.number().int().min(1).max(100_000);

/** A project's or a user's history: newest first. */
export const AuditHistoryQuery = z.object({ page: AuditPageNumber.default(1), limit: AuditLimit.default(20) });
export type AuditHistoryQuery = z.infer<typeof AuditHistoryQuery>;

const AuditDate = z.iso.date().describe('YYYY-MM-DD (UTC day, inclusive)');

/** The full trail for admins: filters by the actor (acting or acted for), the entity and the days. */
export const AuditTrailQuery = AuditHistoryQuery.extend({
  actor: IdQuery.optional().describe('A user id: rows this user made or that were made on their behalf'),
  entity: AuditEntity.optional(),
  entityId: SafeText.pipe(z.string().min(1).max(64)).optional(),
  from: AuditDate.optional(),
  to: AuditDate.optional(),
}).refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'formError.dateRange', path: ['to'] });
export type AuditTrailQuery = z.infer<typeof AuditTrailQuery>;

/** A user a staff member may act as. */
export const ActingCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  roles: z.array(z.string()),
});
export type ActingCandidate = z.infer<typeof ActingCandidate>;

export const ActingCandidatesQuery = z.object({
  search: SafeText.pipe(z.string().trim().max(100)).optional(),
  page: AuditPageNumber.default(1),
  limit: AuditLimit.default(20),
});
export type ActingCandidatesQuery = z.infer<typeof ActingCandidatesQuery>;

export const ActingCandidatesPage = z.object({ items: z.array(ActingCandidate), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export type ActingCandidatesPage = z.infer<typeof ActingCandidatesPage>;

export const ActingStartBody = z.object({ userId: Id }).strict();
export type ActingStartBody = z.infer<typeof ActingStartBody>;

/** The caller's acted session, if any: who acts for whom, and whether stopping returns to the staff member's own session. */
export const ActingState = z.object({
  acting: z
    .object({
      actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
      subject: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
      returnsToOwnSession: z.boolean(),
    })
    .nullable(),
});
export type ActingState = z.infer<typeof ActingState>;

/** After stopping: back in the staff member's own session, or logged out. */
export const ActingStopResult = z.object({ returnedToOwnSession: z.boolean() });
export type ActingStopResult = z.infer<typeof ActingStopResult>;
