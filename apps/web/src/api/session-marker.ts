import Cookies from 'js-cookie';

/**
 * The readable, non-secret `hasSession=1` cookie the api sets next to the httpOnly session cookies
 * and clears with them. Without it the browser holds no session, so the start skips the account
 * check and a 401 skips the token refresh: a visitor's page load makes neither call (each would
 * only answer 401 and log a red line in the console).
 */
export const SESSION_MARKER_COOKIE = 'hasSession';

export function hasSessionMarker(): boolean {
  return Cookies.get(SESSION_MARKER_COOKIE) === '1';
}
