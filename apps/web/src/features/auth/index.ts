// Public entry of the auth feature: what the router and the layout use.
export { AuthModal } from './auth-modal';
export { NewRegisterPage } from './new-register-page';
export { PasswordResetPage } from './password-reset-page';
