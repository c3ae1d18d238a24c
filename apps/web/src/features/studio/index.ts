// Public entry of the image studio (issue 32 §1), for internal users holding product.admin; loaded lazily by the router.
export const loadStudioPage = () => import('./studio-page').then((module) => ({ default: module.StudioPage }));
