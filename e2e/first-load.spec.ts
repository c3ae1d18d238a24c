import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { FIRST_LOAD_BUDGET_GZIP, firstLoad } from '../apps/web/scripts/first-load';
import { texts } from './support/texts';

// Issue 9 §4: a light first load. The budget is read from the built output (deterministic, so a
// test and not a timed test); it runs here because e2e runs after `npm run build` in `npm test`.

const en = texts('en');
const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

test('the first load of / is at most 170 KB of JavaScript, gzip-compressed', () => {
  const report = firstLoad(dist);
  const home = report.routes['/'];
  expect(home, 'the / route is measured').toBeDefined();
  expect(home?.gzip ?? Infinity, `/ loads ${home?.files.join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP);
  // The schema library and the kit's overlays stay out of it (loaded where used).
  expect(report.entry.files.some((file) => /zod|schemas/.test(file))).toBe(false);
});

test('an anonymous visit to / logs no console error and asks neither for the account nor for a refresh', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const sessionCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/users/v1/account' || pathname === '/api/users/v1/auth/refresh') sessionCalls.push(pathname);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sessionCalls).toEqual([]);
  expect(errors).toEqual([]);
});
