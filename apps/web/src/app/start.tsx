import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigUnavailableError } from '../api';
import { readLanguageCookie, resolveLanguage } from '../i18n/language';
import { nextTask } from '../shared/next-task';
import { AppRoot } from './app-root';
import { createAppEnvironment, startApp, type AppEnvironment, type AppEnvironmentOptions } from './environment';
import { renderNoConfig } from './no-config-page';

/**
 * Starts the app in `container`: the runtime configuration, then the environment, the texts and the
 * first render. When `/config.json` cannot be loaded the page says 'NO CONFIG AVAILABLE' instead of
 * showing the app, and the answer is null.
 */
export interface MountedApp {
  /** Null when the configuration could not be loaded and the NO CONFIG screen shows instead. */
  environment: AppEnvironment | null;
  unmount(): void;
}

export async function mountApp(container: HTMLElement, options: AppEnvironmentOptions = {}): Promise<MountedApp> {
  const root = createRoot(container);
  const unmount = () => root.unmount();
  let environment: AppEnvironment;
  try {
    environment = await createAppEnvironment(options);
  } catch (error) {
    if (!(error instanceof ConfigUnavailableError)) throw error;
    console.warn(error.message);
    await renderNoConfig(root, resolveLanguage(null, readLanguageCookie()));
    return { environment: null, unmount };
  }
  // The start's calls go out in a task after the environment's (the router's matching, the store).
  await nextTask();
  // The first render waits for what the screen shows first (startApp's `screen`: texts, modules,
  // session, flags, data): a screen rendered before its module is in suspends, and React holds its
  // reveal up to 300 ms after the fallback (issue 9 §4).
  await startApp(environment).screen;
  // A transition: React renders the first screen in slices of a few milliseconds rather than in one
  // long task that blocks the main thread (issue 9 §4, total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRoot environment={environment} />
      </StrictMode>,
    ),
  );
  return { environment, unmount };
}
