import '@testing-library/jest-dom/vitest';
import '@lumen/ui/test-matchers';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens, dialogs and menus load lazily (the first load stays light): the first test of a file to
// open one waits for its modules to be transformed, which on a busy machine takes over a second.
configure({ asyncUtilTimeout: 8000 });

// jsdom lays nothing out and logs "Not implemented" for window.scrollTo, which the app's scroll
// restoration (app/scroll-restoration.tsx) calls on every navigation: a no-op here (its own test spies on it).
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // Each test starts without a language cookie, a stored theme or a theme on <html>.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
