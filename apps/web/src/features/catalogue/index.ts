// Public entry of the catalogue feature (choosing a collection, an application location, a model,
// a preconfiguration): loaded lazily by the router.
export const loadSelectCollectionPage = () => import('./select-collection-page');
export const loadAddProductPage = () => import('./add-product-page');
export const loadPreconfigsListPage = () => import('./preconfigs-list-page');
