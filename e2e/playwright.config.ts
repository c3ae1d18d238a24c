import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { socialServerEnv } from './support/social';

// The built app started as a user starts it (`npm run serve` after `npm run build`), on a fresh
// embedded database in a temp dir, driven by the machine's Chromium (never a downloaded browser).
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = mkdtempSync(join(tmpdir(), 'lumen-e2e-'));
const outbox = join(dataDir, 'mail');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // `npm test` runs the browser specs beside the unit suites (2 cores): an assertion waits up to 15 s, not 5.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'npm run serve',
    cwd: '..',
    url: `http://127.0.0.1:${port}/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    // socialServerEnv: the local OpenID Connect provider and the partner page of social-and-frame.spec.ts (ports E2E_PORT + 1000, 2000, 3000).
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MAIL_OUTBOX_DIR: outbox, LOG_LEVEL: 'warn', NODE_ENV: 'test', ERP_STEP_MS: '1500', ...socialServerEnv() },
  },
  metadata: { dataDir, outbox },
});
