// Public entry of the audit feature (issue 17 §3): the admins' full trail, loaded lazily by the router.
export const loadAuditTrailPage = () => import('./audit-trail-page');
