import { expect, type Page } from '@playwright/test';
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

/** Opens the home page and logs in, by default with the demo accounts' password. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await logInHere(page, email, password);
}
