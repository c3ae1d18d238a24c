// The audit trail's history view (issue 17 §3), shared so that any feature may mount it.
export { AuditEventList, AuditHistory } from './audit-history';
export { AUDIT_PAGE_SIZE, auditSourceKey, loadAuditPage, type AuditSource, type AuditTrailFilters } from './audit-calls';
export { auditActionKey, auditChanges, auditFieldKey, auditValueText, AUDIT_FIELDS } from './audit-describe';
