import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { nextTask } from './next-task';

/** A component of any props: React.lazy's own bound (`ComponentType<any>`), without `any`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's bound; props are checked where the screen is used
type AnyComponent = ComponentType<any>;

/** A lazy component that can be loaded ahead of its first render (`preload`). */
export type LazyScreen<T extends AnyComponent> = LazyExoticComponent<T> & { preload(): Promise<unknown> };

/**
 * `React.lazy` that renders at once when its module is already in. React.lazy asks its loader on the
 * first render, and a promise, even a settled one, suspends that render: the screen's Suspense shows
 * its fallback, and React then holds the reveal up to 300 ms after it (its fallback throttle). On a
 * first load that was 600 ms between the page's module arriving and the page on screen (issue 9 §4).
 * Once `preload` has resolved, the loader answers a thenable that calls back synchronously, which
 * React.lazy takes without suspending (it reads the module in the callback, and nothing else).
 */
export interface LazyScreenOptions {
  /**
   * Modules the screen imports, loaded first, one after the other, each evaluated in a task of its
   * own: a screen of many modules is otherwise evaluated in one long task when its import resolves
   * (the project page's forty files: 40–60 ms on a desktop, four times that on Lighthouse's phone).
   */
  before?: ReadonlyArray<() => Promise<unknown>>;
}

export function lazyScreen<T extends AnyComponent>(load: () => Promise<{ default: T }>, { before = [] }: LazyScreenOptions = {}): LazyScreen<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const inSteps = async () => {
    for (const step of before) {
      await step();
      await nextTask();
    }
    return load();
  };
  const preload = () => {
    loading ??= inSteps().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a failed download is tried again by the next render or preload
        throw error;
      },
    );
    return loading;
  };
  const settled = (module: { default: T }) => ({ then: (resolve: (value: { default: T }) => void) => resolve(module) }) as unknown as Promise<{ default: T }>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
