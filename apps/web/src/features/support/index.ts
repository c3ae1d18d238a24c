// Public entry of the support feature (issue 11 §2): lazy loaders, so that nothing of it weighs on the first load.
export const loadSupportPage = () => import('./support-page').then((module) => ({ default: module.SupportPage }));
/** The auth modal's support view; the layout hands it to the auth feature's modal (features never import each other). */
export const loadSupportModalView = () => import('./support-modal-view').then((module) => ({ default: module.SupportModalView }));
