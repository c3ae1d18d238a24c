export { AUDIT_ENTITIES, AUDIT_SYSTEM, auditDiff, auditWho, recordAudit, recordAudits } from './audit';
export type { AuditEntity, AuditEntry, AuditJson, AuditPerson, AuditPrincipal, AuditWho } from './audit';
export { purgeAuditEvents } from './audit.purge';
