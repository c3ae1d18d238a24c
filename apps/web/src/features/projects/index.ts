// Public entry of the projects feature: the list, the project page and the add-product entry,
// loaded lazily by the router. Its slices join the store when their modules load. The app's pages
// (app/pages/) reach add-to-project.tsx and project-target.ts to join projects with the configurators.
export const loadProjectsPage = () => import('./projects-page');
export const loadProjectPage = () => import('./project-page');
export const loadProjectAddProduct = () => import('./project-add-product');
