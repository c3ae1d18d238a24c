/**
 * Holding a navigation until the user says go (issue 27 §3: "warn before leaving with unsaved
 * changes"). The app's router is the declarative one over a history of ours (app/environment.ts), so
 * react-router's useBlocker (data routers only) is not there; this wraps that history instead. While
 * a screen blocks, every navigation that changes the address's path or query is held and handed to
 * it, whatever started it: a link of the app, a button that navigates (Cancel), or the browser's
 * back and forward buttons. A push or replace is simply not made yet; a back or forward (the browser
 * has already moved) is undone at once with the opposite step, which is not passed to the router.
 * `proceed` then makes the navigation as it was asked for, past the block.
 */
import { parsePath, type HistoryRouterProps, type Path, type To } from 'react-router';

type History = HistoryRouterProps['history'];
type Listener = Parameters<History['listen']>[0];

/** A navigation held by a block. */
export interface HeldNavigation {
  /** Where it was going. */
  readonly to: Path;
  /** Makes it, past the block. */
  proceed(): void;
}

/** The app's history, able to hold navigations. */
export interface GuardedHistory extends History {
  /** Holds every navigation to another address and hands it to `onHold`, until the returned function is called. */
  block(onHold: (held: HeldNavigation) => void): () => void;
}

export function isGuardedHistory(value: unknown): value is GuardedHistory {
  return typeof value === 'object' && value !== null && typeof (value as { block?: unknown }).block === 'function' && typeof (value as { listen?: unknown }).listen === 'function';
}

export function guardHistory(inner: History): GuardedHistory {
  const blocks: ((held: HeldNavigation) => void)[] = [];
  // The step that undoes a held back/forward is not the router's to see; the step that makes it, once allowed, passes.
  let swallowNextPop = false;
  let passNextPop = false;
  const active = () => blocks[blocks.length - 1];
  const pathOf = (to: To): Path => {
    const parsed = typeof to === 'string' ? parsePath(to) : to;
    return { pathname: parsed.pathname ?? inner.location.pathname, search: parsed.search ?? '', hash: parsed.hash ?? '' };
  };
  const leaves = (to: Path) => to.pathname !== inner.location.pathname || to.search !== inner.location.search;
  const held = (kind: 'push' | 'replace') => (to: To, state?: unknown) => {
    const onHold = active();
    const path = pathOf(to);
    if (onHold && leaves(path)) {
      onHold({ to: path, proceed: () => inner[kind](to, state) });
      return;
    }
    inner[kind](to, state);
  };
  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    go: (delta) => inner.go(delta),
    push: held('push'),
    replace: held('replace'),
    listen(listener: Listener) {
      // The address the router shows: a back or forward is held only when it would leave it.
      let shown: Path = inner.location;
      return inner.listen((update) => {
        if (update.action === 'POP' && swallowNextPop) {
          swallowNextPop = false;
          return;
        }
        if (update.action === 'POP' && passNextPop) {
          passNextPop = false;
          shown = update.location;
          listener(update);
          return;
        }
        const onHold = active();
        const delta = update.delta;
        const moved = update.location.pathname !== shown.pathname || update.location.search !== shown.search;
        if (onHold && update.action === 'POP' && delta && moved) {
          const to: Path = { pathname: update.location.pathname, search: update.location.search, hash: update.location.hash };
          swallowNextPop = true;
          inner.go(-delta);
          onHold({
            to,
            proceed: () => {
              passNextPop = true;
              inner.go(delta);
            },
          });
          return;
        }
        shown = update.location;
        listener(update);
      });
    },
    block(onHold) {
      blocks.push(onHold);
      return () => {
        const at = blocks.lastIndexOf(onHold);
        if (at >= 0) blocks.splice(at, 1);
      };
    },
  };
}
