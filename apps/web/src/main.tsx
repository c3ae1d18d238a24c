import '@lumen/ui/styles.css';
import './app/app.css';
import { mountApp } from './app/start';
import { readStoredTheme } from './shared/preferences';

// The stored theme before the first paint, so that a dark page does not flash light.
document.documentElement.dataset.theme = readStoredTheme();

// Not awaited: a top-level await turns off the bundler's merging of the entry's chunks (rolldown's
// chunkOptimization), which made the first load a score of small files (issue 9 §4).
void mountApp(document.getElementById('root') as HTMLElement);
