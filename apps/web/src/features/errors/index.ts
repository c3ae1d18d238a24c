// Public entry of the errors feature: the fallback pages.
export { ForbiddenPage, NotAllowedPage, NotFoundPage, type ForbiddenReason } from './error-pages';
