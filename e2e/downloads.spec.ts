import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn } from './support/session';
import { texts } from './support/texts';

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

  await page.goto(`/project/${project!.id}/downloads`);
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

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('downloads-phone.png'), fullPage: true });

  await page.goto('/services/download');
  await expect(page.getByTestId('download-entry').first()).toContainText('Casa Prieto (salón)');
});
