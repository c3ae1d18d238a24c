import '@testing-library/jest-dom/vitest';
import './matchers';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initTestI18n } from './i18n';

await initTestI18n();

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-theme');
});
