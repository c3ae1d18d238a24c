// Public entry of the configurator feature (express and attributes configurators of a model, and
// opening a preconfiguration). Its screens end in actions the caller brings, so the app's pages
// compose them with other features (app/pages/configure-product-pages.tsx, validate-project-line.tsx)
// and the router loads those pages lazily.
export type { ConfiguratorScreenProps } from './configurator-page';
export type { ConfiguratorActionsState, ConfiguratorMode } from './configurator';
import type { StartLoadContext } from '../../shared/store';
/** A configurator page's first calls, sent at start once the account is known (app/environment.ts, RouteHandle.prefetch). */
export { prefetchConfiguratorPage } from './configurator-start';
/** A configurator page's first answers, loaded by the start before its first render (RouteHandle.ready). */
export const readyConfiguratorPage = (context: StartLoadContext) => import('./configurator-first-load').then((module) => module.loadConfiguratorAtStart(context));
