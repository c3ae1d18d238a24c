// Public entry of the errors feature: the fallback pages.
export { ForbiddenPage, NotAllowedPage, NotFoundPage } from './error-pages';
