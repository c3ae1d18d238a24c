import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Issue 35 §4: a navigation opens its page at the top (or at the element its #hash names); "back" and
 * "forward" bring the page back where the user left it. React Router's own ScrollRestoration needs the
 * data router, which the app does not load (environment.ts), so this is the same rule for the
 * declarative one: the position of each history entry (location.key) is kept while the user scrolls,
 * in memory and, when the page is hidden (reload, another site), in sessionStorage.
 *
 * A page coming back may be shorter than it was until its data is in: the position is asked again
 * each time the page's size changes, for RESTORE_WINDOW_MS, unless the user scrolls, taps or types first.
 */
export const SCROLL_POSITIONS_KEY = 'lumen-scroll-positions';
const RESTORE_WINDOW_MS = 3000;
/** Entries kept: enough for any back stack a user walks, small in sessionStorage. */
const MAX_POSITIONS = 100;

function readStoredPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    if (!stored || typeof stored !== 'object') return new Map();
    return new Map(Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])));
  } catch {
    return new Map();
  }
}

function storePositions(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries([...positions].slice(-MAX_POSITIONS))));
  } catch {
    // A full or refused storage: the positions stay for this page's life only.
  }
}

/**
 * Scrolls to `top` now, and again each time the page's size changes (its data coming in, a skeleton
 * replaced by the content, which may first shorten the page and pull the position up) until the window
 * closes or the user scrolls, taps or types.
 */
function restoreTo(top: number): () => void {
  window.scrollTo(0, top);
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_EVENTS) window.removeEventListener(type, stop);
  };
  const observer = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - top) >= 1) window.scrollTo(0, top);
  });
  observer.observe(document.body);
  const timer = setTimeout(stop, RESTORE_WINDOW_MS);
  for (const type of USER_EVENTS) window.addEventListener(type, stop, { passive: true });
  return stop;
}
const USER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const firstRender = useRef(true);
  const previousPathname = useRef(location.pathname);

  // The browser's own restoration would fight this one (it restores before the page is rendered).
  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  // Each entry's position, as the user scrolls; kept in sessionStorage when the page is hidden.
  useEffect(() => {
    positions.current ??= readStoredPositions();
    const onScroll = () => {
      const map = (positions.current ??= new Map());
      map.delete(currentKey.current);
      map.set(currentKey.current, window.scrollY);
    };
    const onHide = () => {
      if (positions.current) storePositions(positions.current);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // A scroll event comes at the next frame: a "back" or a click just after a scroll would leave before
    // it. Both are seen here first (capture, before the router renders the next page).
    window.addEventListener('popstate', onScroll, true);
    window.addEventListener('click', onScroll, true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('popstate', onScroll, true);
      window.removeEventListener('click', onScroll, true);
      window.removeEventListener('pagehide', onHide);
      onHide();
    };
  }, []);

  // On each navigation, before the browser paints the new page.
  useLayoutEffect(() => {
    currentKey.current = location.key;
    const first = firstRender.current;
    firstRender.current = false;
    positions.current ??= readStoredPositions();
    // A replace on the same page (a screen writing its state in the address, a redirect in place) is
    // no new page: the position stays, and the entry that takes the old one's place keeps it.
    const samePage = navigationType === 'REPLACE' && location.pathname === previousPathname.current;
    previousPathname.current = location.pathname;
    if (samePage) {
      positions.current.set(location.key, window.scrollY);
      return;
    }
    const saved = positions.current.get(location.key);
    // Back or forward (or a reload): where the entry was left; an entry never scrolled was at the top.
    if (navigationType === 'POP' && (saved !== undefined || !first)) return restoreTo(saved ?? 0);
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // The first page of a visit opens where the browser put it (the top, or its #hash once rendered).
    if (first) return;
    window.scrollTo(0, 0);
  }, [location.key, location.hash, location.pathname, navigationType]);

  return null;
}
