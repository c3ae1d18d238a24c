import '@lumen/ui/styles.css';
import './app/app.css';
import { mountApp } from './app/start';
import { readStoredTheme } from './shared/preferences';

// The stored theme before the first paint, so that a dark page does not flash light.
document.documentElement.dataset.theme = readStoredTheme();

await mountApp(document.getElementById('root') as HTMLElement);
