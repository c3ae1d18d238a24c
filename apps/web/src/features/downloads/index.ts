// Public entry of the downloads feature (issue 14 §3): lazy loaders, so nothing of it (socket.io client included) weighs on the first load.
export const loadProjectDownloadsScreen = () => import('./project-downloads-screen').then((module) => ({ default: module.ProjectDownloadsScreen }));
export const loadServicesDownloadsScreen = () => import('./services-downloads-screen').then((module) => ({ default: module.ServicesDownloadsScreen }));
export const loadProductDocumentsButton = () => import('./product-documents-button').then((module) => ({ default: module.ProductDocumentsButton }));
export type { ProductDocumentsButtonProps } from './product-documents-button';
