import '@lumen/ui/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { createAppEnvironment, startApp } from './app/environment';
import { readStoredTheme } from './shared/preferences';

// The stored theme before the first paint, so that a dark page does not flash light.
document.documentElement.dataset.theme = readStoredTheme();

const environment = await createAppEnvironment();
const root = createRoot(document.getElementById('root') as HTMLElement);
await startApp(environment).texts;
root.render(
  <StrictMode>
    <AppRoot environment={environment} />
  </StrictMode>,
);
