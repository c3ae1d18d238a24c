/** How the project lines' window virtualiser reads and scrolls the window without forcing a layout inside a commit. */

import { windowScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * The window's size for a window virtualiser, read after the browser's own layout. tanstack's
 * observeWindowRect reads innerWidth and innerHeight as it subscribes, in the commit that has just
 * inserted the rows: the read forces the page's style and layout inside that commit, 10 of the 14 ms
 * of CPU of a 200-line project's longest task (issue 35 §5). The virtualiser starts from the size
 * read at its first render (its initialRect); this reads the window again once the next frame is laid
 * out, and on every resize.
 */
export function observeWindowRectAfterLayout<TItem extends Element>(instance: Virtualizer<Window, TItem>, onRect: (rect: Rect) => void): (() => void) | undefined {
  const target = instance.scrollElement;
  if (!target) return undefined;
  const read = () => onRect({ width: target.innerWidth, height: target.innerHeight });
  let timer: number | undefined;
  const frame = target.requestAnimationFrame(() => {
    timer = target.setTimeout(read, 0);
  });
  target.addEventListener('resize', read, { passive: true });
  return () => {
    target.cancelAnimationFrame(frame);
    if (timer !== undefined) target.clearTimeout(timer);
    target.removeEventListener('resize', read);
  };
}

type ScrollWindow<TItem extends Element> = (offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<Window, TItem>) => void;

/**
 * Scrolls the window for a window virtualiser, but for its first write. As it mounts, tanstack writes
 * back the offset it started from (its initialOffset, read from the window at its first render): a
 * scroll to where the window already is, which forces the page's layout inside the commit for no
 * move. Its state is then what it is when that write moves nothing: no scroll event follows either
 * way. Every later write (anchoring a row that changed size above the view) scrolls. One per virtualiser.
 */
export function scrollWindowButTheMountWrite<TItem extends Element>(): ScrollWindow<TItem> {
  let mounted = false;
  return (offset, options, instance) => {
    const first = !mounted;
    mounted = true;
    if (first && !options.adjustments && options.behavior === undefined) return;
    windowScroll(offset, options, instance);
  };
}
