import Cookies from 'js-cookie';

/** The readable cookie the api sets while the session acts for a customer (issue 17 §3). */
export const ACTING_MARKER_COOKIE = 'acting';

export function hasActingMarker(): boolean {
  return Cookies.get(ACTING_MARKER_COOKIE) === '1';
}
