import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logInHere, logInOpenDialog } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 2, "the platform runs end to end": sign up, log out, log in, switch language, reload,
// and the guards, driven through the built app as a user sees it.

const en = texts('en');
const fr = texts('fr');

/** A text field of the kit: its label is the field's name, followed by ' *' when required. */
const field = (scope: ReturnType<Page['getByRole']>, label: string) => scope.getByLabel(exactly(label, { end: false }));

test('a visitor signs up, logs out, logs in, switches language and keeps it after a reload', async ({ page }) => {
  const email = `erin.${Date.now()}@example.com`;
  const password = 'a-long-enough-password';
  const name = 'Erin Tester';

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeVisible();

  // Sign up from the home page.
  await page.getByRole('main').getByRole('button', { name: en('home.visitor.signup') }).click();
  const signup = page.getByRole('dialog', { name: en('auth.signup.title') });
  await field(signup, en('auth.field.name')).fill(name);
  await field(signup, en('auth.field.email')).fill(email);
  await field(signup, en('auth.field.password')).fill(password);
  await field(signup, en('auth.field.passwordConfirm')).fill(password);
  await signup.getByRole('button', { name: en('auth.signup.submit') }).click();
  await expect(signup).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: en('home.user.greeting', { name }) })).toBeVisible();
  await expect(page.getByText(en('home.user.role', { role: en('role.webUser') }))).toBeVisible();

  // Log out through the user menu.
  await page.getByRole('button', { name: en('header.userMenuFor', { name }) }).click();
  await page.getByRole('menuitem', { name: en('header.logout') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeVisible();

  // A wrong password is refused, the right one lets the user in.
  await page.getByRole('banner').getByRole('button', { name: en('header.login') }).click();
  const login = page.getByRole('dialog', { name: en('auth.login.title') });
  await field(login, en('auth.field.email')).fill(email);
  await field(login, en('auth.field.password')).fill('not-the-password');
  await login.getByRole('button', { name: en('auth.login.submit') }).click();
  await expect(login.getByRole('alert')).toHaveText(en('error.login.401'));
  await field(login, en('auth.field.password')).fill(password);
  await login.getByRole('button', { name: en('auth.login.submit') }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: en('home.user.greeting', { name }) })).toBeVisible();

  // Switch to French (kept on the account: the reload below comes once it is saved).
  const saved = page.waitForResponse((response) => response.url().includes('/v1/users/lang') && response.request().method() === 'PATCH');
  await page.getByRole('button', { name: exactly(en('header.language'), { start: false }) }).click();
  await page.getByRole('option', { name: en('language.fr') }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: fr('home.user.greeting', { name }) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // The language survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: fr('home.user.greeting', { name }) })).toBeVisible();
  await expect(page.getByText(fr('home.user.role', { role: fr('role.webUser') }))).toBeVisible();

  // The catalogue shown as a list: a navigation preference of this session (issue 30 §6).
  await page.getByRole('banner').getByRole('link', { name: fr('header.catalogue') }).click();
  const view = page.getByRole('group', { name: fr('catalogue.view.label') });
  await view.getByRole('button', { name: fr('catalogue.view.list') }).click();
  await expect(view.getByRole('button', { name: fr('catalogue.view.list') })).toHaveAttribute('aria-pressed', 'true');

  // ...and a logout: the visitor keeps French.
  await page.getByRole('button', { name: fr('header.userMenuFor', { name }) }).click();
  await page.getByRole('menuitem', { name: fr('header.logout') }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr('home.visitor.title') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: fr('home.visitor.title') })).toBeVisible();
  // The footer links to the public website's pages in French (issue 30 §6).
  const site = page.getByRole('navigation', { name: fr('footer.website') });
  await expect(site.getByRole('link', { name: fr('footer.site.whereToBuy') })).toHaveAttribute('href', /^https:\/\/www\.lumenpro\.example\/fr\//);
  // The logout reset the navigation preference: the catalogue is a grid again.
  await page.getByRole('banner').getByRole('link', { name: fr('header.catalogue') }).click();
  await expect(page.getByRole('group', { name: fr('catalogue.view.label') }).getByRole('button', { name: fr('catalogue.view.grid') })).toHaveAttribute('aria-pressed', 'true');
});

test('guarded routes: a visitor goes to /, a user without the privilege to the not-allowed page', async ({ page }) => {
  // Logged out: the profile needs a login, so the guard sends the visitor home with the login view open.
  await page.goto('/my-profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeVisible();
  await expect(page.getByRole('dialog', { name: en('auth.login.title') })).toBeVisible();

  // The demo web user has no backoffice privilege, which /sandbox needs.
  await logInOpenDialog(page, 'webuser@demo.example');
  await page.goto('/sandbox');
  await expect(page).toHaveURL(/\/not-allowed$/);
  await expect(page.getByRole('heading', { level: 1, name: en('errors.notAllowed.title') })).toBeVisible();

  // A route the user may open.
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { level: 1, name: en('profile.title') })).toBeVisible();

  // Unknown paths get the not-found page.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: en('errors.notFound.title') })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`home, the auth modal and the profile pass an accessibility scan in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('lumen.theme', value), theme);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('heading', { level: 1, name: en('home.visitor.title') })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('banner').getByRole('button', { name: en('header.login') }).click();
    const dialog = page.getByRole('dialog', { name: en('auth.login.title') });
    await dialog.getByRole('button', { name: en('auth.login.submit') }).click();
    await expect(dialog.getByText(en('formError.required'))).toHaveCount(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: en('modal.close') }).click();

    await logInHere(page, 'webuser@demo.example');
    await expect(page.getByRole('heading', { level: 1, name: en('home.user.greeting', { name: 'Wendy Webb' }) })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto('/my-profile');
    await expect(page.getByRole('heading', { level: 1, name: en('profile.title') })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
