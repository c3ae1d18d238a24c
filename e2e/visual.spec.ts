import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { texts } from './support/texts';

/*
 * Visual regression (issue 35, "Done when"): screenshots of the screens the redesign set, compared to
 * the baselines committed in visual.spec.ts-snapshots/ (playwright.config.ts: their path and the
 * tolerance for font anti-aliasing). Few and fast: the visitor's home (desktop light and dark, the
 * phone with its menu open), the catalogue's first step, and a new professional's dashboard and
 * downloads page (desktop light, phone dark), each reached by clicks from the home page. The
 * professional is a fresh sign-up, so that what other specs do to the demo accounts never shows here.
 * Axe scans the visitor's home in dark and the dashboard in both themes.
 * Update after an intended change: `npm run build`, then from e2e/
 * `npx playwright test visual --update-snapshots`, look at the new PNGs and commit them.
 */

const en = texts('en');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

/** The page as it rests: its fonts in, no request running, a frame painted. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // The pictures in view are in (those further down load lazily, when scrolled to).
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      const box = image.getBoundingClientRect();
      return image.complete || box.bottom < 0 || box.top > window.innerHeight;
    }),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function toDark(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: en('theme.toDark') }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

test("a visitor's home, the phone's menu and the catalogue", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('home-visitor-desktop-light.png');

  await page.setViewportSize(PHONE);
  await page.getByRole('banner').getByRole('button', { name: en('header.menu'), exact: true }).click();
  await expect(page.getByRole('navigation', { name: en('header.navigation') }).getByRole('link', { name: en('header.catalogue') })).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('home-visitor-phone-menu-light.png');

  await page.getByRole('navigation', { name: en('header.navigation') }).getByRole('link', { name: en('header.catalogue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('catalogue.collections.title') })).toBeVisible();
  await expect(page.getByRole('list', { name: en('catalogue.collections.listLabel') }).getByRole('link').first()).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('catalogue-phone-light.png');

  await page.setViewportSize(DESKTOP);
  await page.getByRole('banner').getByRole('link', { name: en('header.home') }).click();
  await toDark(page);
  await settle(page);
  await expect(page).toHaveScreenshot('home-visitor-desktop-dark.png');
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("a new professional's dashboard and downloads, light and dark", async ({ page }, testInfo) => {
  const origin = new URL(testInfo.project.use.baseURL ?? 'http://127.0.0.1').origin;
  const email = `visual-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/users/v1/auth/signup', { data: { email, password: 'visual-password-1', name: 'Vera Visual', lang: 'en' }, headers: { origin } });
  expect(signup.status()).toBe(201);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: en('home.user.greeting', { name: 'Vera Visual' }) })).toBeVisible();
  await expect(page.getByRole('region', { name: en('home.dash.downloads.title') }).getByText(en('home.dash.downloads.empty'))).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('dashboard-desktop-light.png');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('banner').getByRole('button', { name: en('header.userMenuFor', { name: 'Vera Visual' }) }).click();
  await page.getByRole('menuitem', { name: en('menu.downloads') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('downloads.title.services') })).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('downloads-desktop-light.png');

  await page.getByRole('banner').getByRole('link', { name: en('header.home') }).click();
  await page.setViewportSize(PHONE);
  await page.getByRole('banner').getByRole('button', { name: en('header.menu'), exact: true }).click();
  await toDark(page);
  await page.getByRole('banner').getByRole('button', { name: en('header.menu'), exact: true }).click();
  await expect(page.getByRole('region', { name: en('home.dash.downloads.title') }).getByText(en('home.dash.downloads.empty'))).toBeVisible();
  await settle(page);
  await expect(page).toHaveScreenshot('dashboard-phone-dark.png');
  expect(await accessibilityViolations(page)).toEqual([]);
});
