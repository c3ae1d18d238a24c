// Public entry of the acting feature (issue 17 §3): the banner of an acted session (app layout) and
// the staff's customer picker, loaded lazily by the router.
export { ActingBanner } from './acting-banner';
export const loadActingPage = () => import('./acting-page');
