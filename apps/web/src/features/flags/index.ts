// Public entry of the flags feature: the backoffice screen, loaded lazily by the router.
export const loadFlagsAdminPage = () => import('./flags-admin-page');
