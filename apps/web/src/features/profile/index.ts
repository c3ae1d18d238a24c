// Public entry of the profile feature: loaded lazily by the router.
export const loadProfilePage = () => import('./profile-page').then((module) => ({ default: module.ProfilePage }));
