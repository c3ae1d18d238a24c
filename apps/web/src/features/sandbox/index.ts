// Public entry of the sandbox feature: loaded lazily by the router.
export const loadSandboxPage = () => import('./sandbox-page');
