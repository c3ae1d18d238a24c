// Public entry of the projects feature: the list, the project page and the add-product entry,
// loaded lazily by the router; the slice is registered in the store.
export { projectsSlice } from './projects-slice';
export const loadProjectsPage = () => import('./projects-page');
export const loadProjectPage = () => import('./project-page');
export const loadProjectAddProduct = () => import('./project-add-product');
