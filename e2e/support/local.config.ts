import { defineConfig } from '@playwright/test';
// Temporary: drive an already running app (vite preview proxying to a running api).
export default defineConfig({
  testDir: '..',
  testMatch: '**/*.spec.ts',
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
  use: { baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:4174', launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] } },
});
