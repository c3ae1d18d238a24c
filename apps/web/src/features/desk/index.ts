// Public entry of the desk feature (issue 11 §5): the inbox and a request's page for sales staff and
// admins, loaded lazily by the router.
export const loadDeskInboxPage = () => import('./desk-inbox-page').then((module) => ({ default: module.DeskInboxPage }));
export const loadDeskRequestPage = () => import('./desk-request-page').then((module) => ({ default: module.DeskRequestPage }));
export const loadDeskTradeLeadsPage = () => import('./desk-trade-leads-page').then((module) => ({ default: module.DeskTradeLeadsPage }));
