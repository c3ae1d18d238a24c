import '@lumen/ui/styles.css';
import './app/app.css';
import { readStoredTheme } from './shared/stored-theme';

// The stored theme before the app renders, so that a dark page does not flash light.
document.documentElement.dataset.theme = readStoredTheme();

/**
 * The first load's modules are evaluated in steps, each a task of its own: React, the router, then
 * the app (with the store, i18next, the flags and the kit). Evaluated at once they were one task of
 * 60–120 ms on a desktop, which a phone blocks on four times as long (issue 9 §4, total blocking
 * time). Every step's files are announced in index.html (vite.config.ts, preloadStartChunks), so the
 * steps cost no round trip. Not a top-level await: that turns off the bundler's merging of chunks.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void (async () => {
  await import('./app/start-react');
  await nextTask();
  await import('./app/start-router');
  await nextTask();
  const { mountApp } = await import('./app/start');
  await mountApp(document.getElementById('root') as HTMLElement);
})();
