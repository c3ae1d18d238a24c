import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { texts } from './support/texts';
import { serveFlagOn } from './support/flags';

// Issue 10 §5, §7, §8 through the built app: a project's versions read as versions (grouped under the
// project in the list, with number and title; the project page switches between them; a rename reaches
// every version), the search ignores accents and refuses more than 100 characters on its field, and the
// list shows 10, 25 or 50 projects a page. Daisy Bright (distributor2, English, company B): her projects
// are nobody else's in the other specs.

const t = texts('en');

async function openProjects(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: t('projects.nav') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('projects.list.title') })).toBeVisible();
}

test('versions are grouped under their project, switched from the project page and renamed together', async ({ page }, testInfo) => {
  const run = Date.now() % 100000;
  const name = `Casa Salón ${run}`;
  await logIn(page, 'distributor2@demo.example');
  await openProjects(page);
  await page.getByRole('button', { name: t('projects.create.action') }).first().click();
  const create = page.getByRole('dialog', { name: t('projects.create.title') });
  await create.getByRole('textbox', { name: new RegExp(t('projects.form.name')) }).fill(name);
  await create.getByRole('button', { name: t('projects.create.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Save a new version with a title, and open it.
  await page.getByRole('button', { name: t('projects.versions.create') }).click();
  const dialog = page.getByRole('dialog', { name: t('projects.versions.createTitle') });
  await dialog.getByRole('textbox', { name: t('projects.versions.titleLabel') }).fill('Warmer light');
  await dialog.getByRole('button', { name: t('projects.versions.submit') }).click();
  await dialog.getByRole('link', { name: t('projects.versions.open') }).click();
  const v2Label = t('projects.versions.itemTitled', { number: '2', title: 'Warmer light' });
  const switcher = page.getByRole('button', { name: new RegExp(`${t('projects.versions.switch')}$`) });
  await expect(switcher).toContainText(v2Label);

  // The list: one project, its two versions under it (searched without the accent, in capitals).
  await openProjects(page);
  await page.getByRole('searchbox', { name: t('projects.list.search') }).fill(`CASA SALON ${run}`);
  const list = page.getByRole('list', { name: t('projects.list.label') });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([name]);
  const versions = list.getByRole('list', { name: t('projects.item.versionsOf', { name }) });
  await expect(versions.getByRole('link')).toHaveText([t('projects.versions.item', { number: '1' }), v2Label]);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('list-versions-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('list-versions-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Version 1 from the list; the header switches to version 2.
  await versions.getByRole('link', { name: t('projects.versions.item', { number: '1' }) }).click();
  await expect(switcher).toContainText(t('projects.versions.item', { number: '1' }));
  await page.screenshot({ path: testInfo.outputPath('project-switcher-desktop.png') });
  await switcher.click();
  await page.getByRole('option', { name: v2Label }).click();
  await expect(switcher).toContainText(v2Label);
  const v2Url = page.url();

  // Issue 30 §3 (apiv2 version/update): the version on screen takes a new title; the header says it.
  await page.getByRole('list', { name: t('projects.versions.listLabel') }).getByRole('button', { name: t('projects.versions.retitle') }).click();
  const retitle = page.getByRole('dialog', { name: t('projects.versions.retitleTitle') });
  await retitle.getByRole('textbox', { name: t('projects.versions.titleLabel') }).fill('Cooler light');
  await retitle.getByRole('button', { name: t('projects.versions.retitleSubmit') }).click();
  await expect(retitle).toBeHidden();
  await expect(switcher).toContainText(t('projects.versions.itemTitled', { number: '2', title: 'Cooler light' }));

  // A rename on version 2 reaches version 1.
  await page.getByRole('button', { name: t('projects.rename.action') }).click();
  const rename = page.getByRole('dialog', { name: t('projects.rename.title') });
  await expect(rename.getByText(t('projects.rename.allVersions_other', { count: '2' }))).toBeVisible();
  const renamed = `Casa Salón ${run}, lobby`;
  await rename.getByRole('textbox', { name: new RegExp(t('projects.form.name')) }).fill(renamed);
  await rename.getByRole('button', { name: t('projects.rename.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await switcher.click();
  await page.getByRole('option', { name: t('projects.versions.item', { number: '1' }) }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // Deleting version 2 leaves version 1, alone.
  await page.goto(v2Url);
  await page.getByRole('list', { name: t('projects.versions.listLabel') }).getByRole('button', { name: t('projects.versions.delete') }).click();
  await page.getByRole('alertdialog', { name: t('projects.versions.deleteTitle') }).getByRole('button', { name: t('projects.delete.confirm') }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText(t('projects.versions.none'))).toBeVisible();
});

test('the list shows 10, 25 or 50 projects a page and keeps the choice; a search past 100 characters is a form error', async ({ page }, testInfo) => {
  await logIn(page, 'distributor2@demo.example');
  const run = Date.now() % 100000;
  for (let n = 1; n <= 12; n += 1) {
    const created = await page.request.post('/api/projects/v1/projects', { data: { name: `Page size ${run} ${String(n).padStart(2, '0')}`, catalogId: 16, products: [] } });
    expect(created.status()).toBe(201);
  }
  await openProjects(page);
  const list = page.getByRole('list', { name: t('projects.list.label') });
  const items = list.locator(':scope > li');
  await expect(items).toHaveCount(10);
  const size = page.getByRole('button', { name: new RegExp(`${t('projects.paging.size')}$`) });
  await expect(size).toContainText('10');
  const asked = page.waitForRequest((request) => request.url().includes('/projects/filter') && new URL(request.url()).searchParams.get('itemsPerPage') === '25');
  await size.click();
  await page.getByRole('option', { name: '25' }).click();
  await asked;
  await expect(items).not.toHaveCount(10);
  expect(await items.count()).toBeGreaterThan(10);
  expect(await items.count()).toBeLessThanOrEqual(25);
  await page.screenshot({ path: testInfo.outputPath('list-page-size-desktop.png'), fullPage: true });
  await page.reload();
  await expect(size).toContainText('25');
  expect(await items.count()).toBeGreaterThan(10);

  // A search of 101 characters: said on the field, nothing asked of the server, no connection message.
  const search = page.getByRole('searchbox', { name: t('projects.list.search') });
  await search.fill('x'.repeat(101));
  await expect(page.getByText(t('projects.list.searchTooLong', { max: '100' }))).toBeVisible();
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('projects.list.loadFailed'))).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('list-search-error-phone.png') });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Issue 30 §4 (spec §7): the list's variant is chosen by its flags. With projectListV3 served to this
  // browser (the api's evaluated flags), the list asks GET projects v3/projects 5 at a time, with no page size to choose.
  await page.setViewportSize({ width: 1280, height: 800 });
  await serveFlagOn(page, 'projectListV3');
  const v3 = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/projects/v3/projects');
  await page.goto('/');
  await openProjects(page);
  expect(new URL((await v3).url()).searchParams.get('limit')).toBe('5');
  await expect(items).toHaveCount(5);
  await expect(page.getByRole('navigation', { name: t('projects.paging.label') })).toBeVisible();
  await expect(size).toHaveCount(0);
});
