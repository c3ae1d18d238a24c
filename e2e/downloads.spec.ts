import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn } from './support/session';
import { texts } from './support/texts';
import { serveFlagOn } from './support/flags';

// Issue 14 §3 in the browser, against the built app and the real api and makers: a specifier opens
// the downloads of a project, chooses the whole project's spec sheets, downloads them as one zip and
// sees the progress of every document and of the whole; the zip is read by unzip. Screenshots on
// desktop and phone in the test's output folder.

const es = texts('es');

test('a specifier downloads a project’s documents as one zip with progress visible', async ({ page }, testInfo) => {
  await logIn(page, 'specifier@demo.example');
  const list = await page.request.get('/api/projects/v1/projects/filter?page=1&limit=25&search=Casa%20Prieto');
  const project = ((await list.json()) as { items: Array<{ id: number; name: string }> }).items.find((item) => item.name === 'Casa Prieto (salón)');
  expect(project).toBeDefined();

  // From the project page, as a user finds it.
  await page.goto(`/project/${project!.id}`);
  await page.getByRole('main').getByRole('link', { name: es('downloads.action.project'), exact: true }).click();
  await expect(page.getByRole('heading', { name: es('downloads.title.project') })).toBeVisible();
  await page.getByRole('checkbox', { name: `${es('downloads.wholeProject')}: ${es('downloads.type.info')}` }).check();
  await page.screenshot({ path: testInfo.outputPath('downloads-desktop.png'), fullPage: true });

  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: es('downloads.start') }).click();
  await expect(page.getByRole('progressbar', { name: es('downloads.overall') })).toBeVisible();
  await expect(page.getByTestId('download-file')).toHaveCount(2);
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^3VB_\d{14}\.zip$/);
  const file = join(testInfo.outputPath(), download.suggestedFilename());
  await download.saveAs(file);
  expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
  expect(execFileSync('unzip', ['-l', file]).toString()).toMatch(/\.pdf/);
  await expect(page.getByRole('progressbar', { name: es('downloads.overall') })).toHaveAttribute('aria-valuenow', '34', { timeout: 15_000 });

  // Issue 35 §1: at 360 px the products are cards of the kit's stacked table: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('downloads-phone.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: es('header.userMenuFor').replace('{{name}}', '') , exact: false }).first().click();
  await page.getByRole('menuitem', { name: es('menu.downloads') }).click();
  await expect(page).toHaveURL(/\/services\/download$/);
  // My downloads in the kit's DataTable, newest first: the one just made heads it, with its zip; a phone scrolls it down only.
  const mine = page.getByRole('table', { name: es('downloads.title.services') });
  await expect(mine.getByRole('rowheader').first()).toHaveText('Casa Prieto (salón)');
  await expect(mine.getByRole('row').nth(1).getByRole('link', { name: /\.zip$/ })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(mine.getByRole('rowheader').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('my-downloads-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Issue 30 §4 (spec §7): with the multi-download flag on (served to this browser as the api's
  // evaluated flags), the same zip starts with POST global-generate and its bare list of documents,
  // which the socket then follows, instead of the socket's own 'download'.
  await serveFlagOn(page, 'multiDownload');
  const globalGenerate = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/documents/docs-web/global-generate');
  await page.goto(`/project/${project!.id}`);
  await page.getByRole('main').getByRole('link', { name: es('downloads.action.project'), exact: true }).click();
  await page.getByRole('checkbox', { name: `${es('downloads.wholeProject')}: ${es('downloads.type.info')}` }).check();
  const savedAgain = page.waitForEvent('download');
  await page.getByRole('button', { name: es('downloads.start') }).click();
  expect(((await globalGenerate).postDataJSON() as unknown[]).length).toBeGreaterThan(1);
  expect((await savedAgain).suggestedFilename()).toMatch(/^3VB_\d{14}\.zip$/);
});

test('a project line gives its own documents: the spec sheet of that line as configured', async ({ page }, testInfo) => {
  await logIn(page, 'specifier@demo.example');
  const list = await page.request.get('/api/projects/v1/projects/filter?page=1&limit=25&search=Casa%20Prieto');
  const project = ((await list.json()) as { items: Array<{ id: number; name: string }> }).items.find((item) => item.name === 'Casa Prieto (salón)');
  await page.goto(`/project/${project!.id}`);
  const grid = page.getByRole('main').getByRole('table');
  const button = grid.getByRole('button', { name: new RegExp(`^${es('downloads.buttonTitle').split('{{')[0]}`) }).first();
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const saved = page.waitForEvent('download');
  await dialog.getByRole('button', { name: es('downloads.start'), exact: true }).click();
  const download = await saved;
  const file = join(testInfo.outputPath(), download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(execFileSync('qpdf', ['--check', file]).toString()).toContain('No syntax or stream encoding errors');
  // Issue 30 §6: the single file, delivered on its own, counts 17 of 17 once the browser has it.
  const overall = dialog.getByRole('progressbar', { name: es('downloads.overall') });
  await expect(overall).toHaveAttribute('aria-valuenow', '17');
  await expect(overall).toHaveAttribute('aria-valuetext', '100 %');
  // The same document again is ready at once (from the cache): the browser saves it again.
  const again = page.waitForEvent('download');
  await dialog.getByRole('button', { name: es('downloads.start'), exact: true }).click();
  expect((await again).suggestedFilename()).toBe(download.suggestedFilename());
  await expect(overall).toHaveAttribute('aria-valuenow', '17');
});
