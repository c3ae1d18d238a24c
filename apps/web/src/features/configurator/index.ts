// Public entry of the configurator feature (express and attributes configurators of a model, and
// opening a preconfiguration): loaded lazily by the router.
export const loadConfiguratorPage = () => import('./configurator-page');
export const loadAddPreconfigPage = () => import('./add-preconfig-page');
/** The configurator screen alone, for a route that composes it (e.g. /validate/{projectId}/{productId}). */
export const loadConfiguratorScreen = () => import('./configurator-page').then((module) => ({ default: module.ConfiguratorScreen }));
export type { ConfiguratorScreenProps } from './configurator-page';
export type { ConfiguratorActionsState } from './configurator';
