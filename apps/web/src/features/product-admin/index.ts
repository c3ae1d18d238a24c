// Public entry of the product administration (issue 31): the catalogue's home, the rule editor and the
// compose screen, for internal users holding product.admin; loaded lazily by the router.
export const loadProductAdminHomePage = () => import('./product-admin-home').then((module) => ({ default: module.ProductAdminHomePage }));
export const loadProductAdminRulesPage = () => import('./product-admin-rules').then((module) => ({ default: module.ProductAdminRulesPage }));
export const loadProductAdminComposePage = () => import('./product-admin-compose').then((module) => ({ default: module.ProductAdminComposePage }));
