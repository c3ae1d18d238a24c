// Public entry of the users-management feature (issue 17 §1): the company's users for managers
// (company.manage.user) and the page an invitation link opens, loaded lazily by the router.
export const loadUsersManagementPage = () => import('./users-management-page').then((module) => ({ default: module.UsersManagementPage }));
export const loadInvitationPage = () => import('./invitation-page').then((module) => ({ default: module.InvitationPage }));
