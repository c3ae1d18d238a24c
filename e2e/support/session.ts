import { expect, test, type Page } from '@playwright/test';
import { exactly, texts } from './texts';

const en = texts('en');

/** The password of every demo account. */
export const DEMO_PASSWORD = 'demo-password';

/**
 * Logs in through the header's login dialog of the page on screen (in English, the language of a
 * visitor) and waits for the dialog to close.
 */
export async function logInHere(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByRole('banner').getByRole('button', { name: en('header.login') }).click();
  await logInOpenDialog(page, email, password);
}

/** Logs in through the login dialog already open (a guard opened it), and waits for it to close. */
export async function logInOpenDialog(page: Page, email: string, password = DEMO_PASSWORD) {
  const dialog = page.getByRole('dialog', { name: en('auth.login.title') });
  await dialog.getByLabel(exactly(en('auth.field.email'), { end: false })).fill(email);
  await dialog.getByLabel(exactly(en('auth.field.password'), { end: false })).fill(password);
  await dialog.getByRole('button', { name: en('auth.login.submit') }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Logs in through the api (the session cookies land in the page's browser context) and opens the
 * home page logged in. The login dialog itself is driven by auth.spec.ts (logInHere); every other spec
 * starts from the home page with a session, which saves the dialog's round trip per test. Returns the
 * account as the login answered it.
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<{ name: string; email: string }> {
  // The platform's own origin, as the browser would send it (state-changing calls check it).
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  const response = await page.request.post('/api/users/v1/auth/login', { data: { email, password }, headers: { origin } });
  expect(response.status(), `login of ${email}`).toBe(200);
  const account = (await response.json()) as { name: string; email: string };
  const { name } = account;
  await page.goto('/');
  // The account's menu, named in the account's language (the page switches to it once the account is read).
  await expect(page.getByRole('banner').getByRole('button', { name: exactly(`${name}, `, { end: false }) })).toBeVisible();
  return account;
}
