// Public entry of the auth feature: lazy loaders for the router and the layout, so that no form of it
// weighs on the first load (the modal loads when a view first opens).
export const loadAuthModal = () => import('./auth-modal').then((module) => ({ default: module.AuthModal }));
export const loadNewRegisterPage = () => import('./new-register-page').then((module) => ({ default: module.NewRegisterPage }));
export const loadPasswordResetPage = () => import('./password-reset-page').then((module) => ({ default: module.PasswordResetPage }));
/** Social sign-up's result page (issue 17 §4), and the embedded auth views with their pop-up's result page (§5). */
export const loadSocialSignUpPage = () => import('./social-sign-up-page').then((module) => ({ default: module.SocialSignUpPage }));
export const loadSocialSignUpPopupPage = () => import('./social-sign-up-page').then((module) => ({ default: module.SocialSignUpPopupPage }));
export type { AuthFramePageProps, SupportOutcome } from './frame/auth-frame-page';
