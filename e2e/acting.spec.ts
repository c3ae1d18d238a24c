import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { texts } from './support/texts';

// Issue 17 §3: the sales user (Samuel Ventas, who looks after Luminotecnia Norte) acts for the
// distributor Diego Norte: the whole app as him, a banner naming both; he renames a project of
// Diego's, stops with one click, is back in his own session (impersonationWithoutLogout is on in the
// DEV table), and the project's history names both: Samuel on behalf of Diego.

const en = texts('en');
// Acting, the app is Diego's: in his language, Spanish.
const es = texts('es');

test('a sales user acts for a distributor, renames a project, stops, and the history shows both names', async ({ page, browser }) => {
  const run = Date.now() % 100000;
  await logIn(page, 'sales@demo.example');
  await page.getByRole('banner').getByRole('button', { name: en('header.userMenuFor', { name: 'Samuel Ventas' }) }).click();
  await page.getByRole('menuitem', { name: en('header.acting') }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: en('acting.page.title') })).toBeVisible();
  await expect(main.getByRole('button', { name: en('acting.page.actAs', { name: 'Diego Norte' }) })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await main.getByRole('button', { name: en('acting.page.actAs', { name: 'Diego Norte' }) }).click();

  // The app loads afresh as the distributor (in his language), with the banner.
  const banner = page.getByRole('region', { name: es('acting.banner.label') });
  await expect(banner).toContainText(es('acting.banner.text', { subject: 'Diego Norte', email: 'distributor@demo.example', actor: 'Samuel Ventas' }));
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp('Diego Norte') })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // A project of Diego's (made for this run, so that other specs keep the demo projects as they are).
  const created = await page.request.post('/api/projects/v1/projects', {
    data: { name: `Acting ${run}`, catalogId: 16, products: [] },
    headers: { 'Idempotency-Key': `acting-spec-${run}` },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: number };
  await page.goto(`/project/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Acting ${run}` })).toBeVisible();
  await page.getByRole('button', { name: es('projects.rename.action') }).click();
  const rename = page.getByRole('dialog', { name: es('projects.rename.title') });
  await rename.getByRole('textbox', { name: new RegExp(es('projects.form.name')) }).fill(`Acting ${run}, renamed`);
  await rename.getByRole('button', { name: es('projects.rename.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Acting ${run}, renamed` })).toBeVisible();

  // One click to stop: back in Samuel's own session, at the customers' list.
  await banner.getByRole('button', { name: es('acting.banner.stop') }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: en('acting.page.title') })).toBeVisible();
  await expect(page.getByRole('region', { name: es('acting.banner.label') })).toHaveCount(0);
  await expect(page.getByRole('region', { name: en('acting.banner.label') })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp('Samuel Ventas') })).toBeVisible();

  // Samuel sees the project (his assigned company's) and its history names both.
  await page.goto(`/project/${project.id}`);
  await page.getByRole('button', { name: en('projects.history.show') }).click();
  const history = page.getByRole('list', { name: en('projects.history.listLabel', { name: `Acting ${run}, renamed` }) });
  const renamed = history.getByRole('listitem').filter({ hasText: en('audit.action.rename') });
  await expect(renamed).toContainText(en('audit.history.onBehalf', { actor: 'Samuel Ventas', subject: 'Diego Norte' }));
  await expect(renamed.getByLabel(en('audit.history.before'))).toHaveText(`Acting ${run}`);
  await expect(renamed.getByLabel(en('audit.history.after'))).toHaveText(`Acting ${run}, renamed`);
  const made = history.getByRole('listitem').filter({ hasText: en('audit.action.create') });
  await expect(made).toContainText(en('audit.history.onBehalf', { actor: 'Samuel Ventas', subject: 'Diego Norte' }));
  expect(await accessibilityViolations(page)).toEqual([]);

  // The admins' full trail finds the rename by the customer it was made for.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'admin@demo.example');
  await admin.goto('/backoffice/audit');
  const trail = admin.getByRole('main');
  await expect(trail.getByRole('heading', { level: 1, name: en('audit.trail.title') })).toBeVisible();
  await trail.getByRole('textbox', { name: new RegExp(en('audit.trail.entityId')) }).fill(String(project.id));
  await trail.getByRole('button', { name: en('audit.trail.apply') }).click();
  const rows = trail.getByRole('list', { name: en('audit.trail.listLabel') }).getByRole('listitem');
  await expect(rows.filter({ hasText: en('audit.action.rename') })).toContainText(en('audit.history.onBehalf', { actor: 'Samuel Ventas', subject: 'Diego Norte' }));
  expect(await accessibilityViolations(admin)).toEqual([]);
  await adminContext.close();
});
