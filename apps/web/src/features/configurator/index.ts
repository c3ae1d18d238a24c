// Public entry of the configurator feature (express and attributes configurators of a model, and
// opening a preconfiguration): loaded lazily by the router.
export const loadConfiguratorPage = () => import('./configurator-page');
export const loadAddPreconfigPage = () => import('./add-preconfig-page');
