import { lazyScreen } from '../../shared/lazy-screen';

/**
 * The configurator itself (the domain's light configurator, the option widgets, the result) is a
 * module of its own, fetched once the model's data are in, so that the page's header (the title and
 * the picture, its largest paint) does not wait for it (issue 35 §5). A page opened by its address
 * loads it at start (configurator-first-load.ts): its first render then does not suspend, and React
 * does not commit it late, from a timer, in one long task with the fallback it replaces.
 */
export const LazyConfigurator = lazyScreen(() => import('./configurator').then((module) => ({ default: module.Configurator })));
