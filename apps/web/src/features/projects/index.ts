import type { StartLoadContext } from '../../shared/store';

// Public entry of the projects feature: the list and the add-product entry, loaded lazily by the
// router. Its slices join the store when their modules load. The app's pages (app/pages/) reach
// project-page.tsx (joined with its requests), add-to-project.tsx and project-target.ts to join
// projects with other features.
export const loadProjectsPage = () => import('./projects-page');
/** The project page alone (app/pages/project-page-with-requests.tsx joins it with other features' panels). */
export const loadProjectPage = () => import('./project-page');
export const loadProjectAddProduct = () => import('./project-add-product');
/** The project page's and the list's first calls, sent at start once the account is known (app/environment.ts). */
export { prefetchProjectPage, prefetchProjectsPage } from './project-call';
/** The project page's and the list's data before their first render (app/environment.ts, RouteHandle.ready); loads with the page's modules. */
export const readyProjectPage = (context: StartLoadContext) => import('./project-start').then((module) => module.loadProjectAtStart(context));
export const readyProjectsPage = (context: StartLoadContext) => import('./project-start').then((module) => module.loadProjectsAtStart(context));
