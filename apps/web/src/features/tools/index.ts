// Public entry of the internal tools (issue 32): technical information, product sheets and the
// preconfigurations' batches, for internal users (by e-mail); loaded lazily by the router.
export const loadTechnicalInfoPage = () => import('./technical-info-page').then((module) => ({ default: module.TechnicalInfoPage }));
export const loadProductSheetPage = () => import('./product-sheet-page').then((module) => ({ default: module.ProductSheetPage }));
export const loadGeneratePreviewsPage = () => import('./preconfig-batch-page').then((module) => ({ default: module.GeneratePreviewsPage }));
export const loadGeneratePdfPage = () => import('./preconfig-batch-page').then((module) => ({ default: module.GeneratePdfPage }));
export const loadComposePreviewPage = () => import('./compose-preview-page').then((module) => ({ default: module.ComposePreviewPage }));
