import '@lumen/ui/styles.css';
import './app/app.css';
import { nextTask } from './shared/next-task';
import { readStoredTheme } from './shared/stored-theme';

// The stored theme before the app renders, so that a dark page does not flash light.
document.documentElement.dataset.theme = readStoredTheme();

/**
 * The first load's modules are evaluated in steps, each a task of its own: React, the router, the
 * kit's base, then the app (with the store, i18next, the flags and the start's checks). Evaluated at
 * once they were one task of 60–120 ms on a desktop, which a phone blocks on four times as long
 * (issue 9 §4, total blocking time). Every step's files are announced in index.html (vite.config.ts,
 * announceFirstLoads), so the steps cost no round trip. Not a top-level await: that turns off the
 * bundler's merging of chunks.
 */
void (async () => {
  await import('./app/start-react');
  await nextTask();
  await import('./app/start-router');
  await nextTask();
  await import('./app/start-kit');
  await nextTask();
  const { mountApp } = await import('./app/start');
  // The app's modules evaluated, its start runs in the next task.
  await nextTask();
  await mountApp(document.getElementById('root') as HTMLElement);
})();
