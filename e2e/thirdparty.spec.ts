import { expect, test } from '@playwright/test';
import { logIn } from './support/session';
import { texts } from './support/texts';

// Issue 30 §1, both sides of a third-party project: a specifier (Spanish) assigns a project to a
// distributor by e-mail from the project's actions; the distributor (English) finds it among the
// projects assigned to them and imports a copy, which opens as one of theirs.

const es = texts('es');
const en = texts('en');

test('a specifier assigns a project to a distributor, who imports it from the list', async ({ page }, testInfo) => {
  const name = `Ático Prieto ${Date.now() % 100000}`;

  // The specifier: a new project, then "Assign to a distributor" among its actions.
  await logIn(page, 'specifier@demo.example');
  await page.getByRole('banner').getByRole('link', { name: es('projects.nav') }).click();
  await page.getByRole('button', { name: es('projects.create.action') }).first().click();
  const create = page.getByRole('dialog', { name: es('projects.create.title') });
  await create.getByRole('textbox', { name: new RegExp(es('projects.form.name')) }).fill(name);
  await create.getByRole('button', { name: es('projects.create.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: es('projects.assign.action') }).click();
  const assign = page.getByRole('dialog', { name: es('projects.assign.title') });
  const email = assign.getByRole('textbox', { name: new RegExp(es('projects.assign.email')) });
  await email.fill('nadie@demo.example');
  await assign.getByRole('button', { name: es('projects.assign.submit') }).click();
  await expect(assign.getByText(es('projects.assign.unknown'))).toBeVisible();
  await email.fill('distributor2@demo.example');
  await assign.getByRole('button', { name: es('projects.assign.submit') }).click();
  await expect(assign.getByRole('status')).toHaveText(es('projects.assign.done', { project: name, name: 'Daisy Bright', email: 'distributor2@demo.example' }));
  await page.screenshot({ path: testInfo.outputPath('assign-es.png') });
  await assign.getByRole('button', { name: es('projects.assign.close') }).click();
  await page.getByRole('button', { name: es('header.userMenuFor', { name: 'Sofía Prieto' }) }).click();
  await page.getByRole('menuitem', { name: es('header.logout') }).click();

  // The distributor: the projects assigned to them, then the import.
  await logIn(page, 'distributor2@demo.example');
  await page.getByRole('banner').getByRole('link', { name: en('projects.nav') }).click();
  await page.getByRole('button', { name: new RegExp(en('projects.list.origin')) }).click();
  await page.getByRole('option', { name: en('projects.origin.ASSIGNED') }).click();
  const list = page.getByRole('list', { name: en('projects.list.label') });
  await expect(list.getByRole('heading', { level: 2, name })).toBeVisible();
  await list.getByRole('button', { name: en('projects.import.actionNamed', { name }) }).click();
  await expect(page.getByRole('status').filter({ hasText: en('projects.import.done', { name }) })).toBeVisible();
  // The list on a phone, and its footer (the public website's links).
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: testInfo.outputPath('imported-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: en('projects.import.open') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/project\/\d+$/);
});
