import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 11 §1–§2 in the browser: the support request with its files, against the built app and the
// real api (file checks by content, the request stored and numbered).

const en = texts('en');

/** A real, small PDF, padded to about 200 KB so that its upload lasts long enough to be seen. */
function pdfBytes(): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
  const padding = `% ${'lighting plan '.repeat(14_000)}\n`;
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + padding + tail, 'latin1');
}

/** A Windows executable (its "MZ" header) renamed as a PDF. */
function lyingPdf(): Buffer {
  const bytes = Buffer.alloc(4096);
  bytes.write('MZ', 0, 'latin1');
  bytes.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return bytes;
}

/** Slows the browser's uploads down (Chromium's network emulation), so that progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return () => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/**
 * Drops a file on the drop zone as a drag from the file manager does: a native drag with a real file
 * (Chromium's Input.dispatchDragEvent), since a page-made DataTransfer holds no file entries.
 */
async function dropFile(zone: Locator, name: string, content: string) {
  const path = join(mkdtempSync(join(tmpdir(), 'lumen-drop-')), name);
  writeFileSync(path, content);
  const box = await zone.boundingBox();
  if (!box) throw new Error('the drop zone is not on screen');
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await zone.page().context().newCDPSession(zone.page());
  const data = { items: [], files: [path], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  await cdp.detach();
}

async function chooseSubject(scope: Locator, name: RegExp) {
  await scope.getByRole('button', { name: new RegExp(en('support.field.subject')) }).click();
  await scope.page().getByRole('option', { name }).click();
}

const field = (scope: Locator, key: string) => scope.getByRole('textbox', { name: exactly(en(key), { end: false }) });

test('a visitor asks support from the modal with a PDF and a text file, watches them upload and gets a request number', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: en('header.login') }).click();
  await page.getByRole('dialog', { name: en('auth.login.title') }).getByRole('button', { name: en('auth.login.toSupport') }).click();
  const dialog = page.getByRole('dialog', { name: en('support.modal.title') });
  await expect(dialog.getByText(en('support.form.introVisitor'))).toBeVisible();

  await chooseSubject(dialog, /Technical question/);
  await field(dialog, 'support.field.message').fill('Which driver do I need for a Skan pendant on a DALI line? Plan and notes attached.');

  // The PDF through the file button, reached with the keyboard; the text file dropped on the zone.
  const restore = await throttleUploads(page, 64 * 1024);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: en('fileDropZone.chooseFiles') }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'lighting-plan.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
  await dropFile(dialog.locator('.lm-dropzone'), 'site-notes.txt', 'Ceiling height 3.2 m\nDALI line on circuit 4\n');

  const planProgress = dialog.getByRole('progressbar', { name: en('upload.uploading', { name: 'lighting-plan.pdf' }) });
  await expect(planProgress).toBeVisible();
  await expect.poll(async () => Number(await planProgress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await restore();
  const files = dialog.getByRole('list', { name: en('upload.list') });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files.getByText(/^Attached/)).toHaveCount(2);
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);

  await field(dialog, 'support.field.name').fill('Lea Visitor');
  await field(dialog, 'support.field.email').fill('lea.visitor@example.com');
  expect(await accessibilityViolations(page)).toEqual([]);
  const answer = page.waitForResponse((response) => response.url().includes('/api/support/v1/support-request') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: en('support.form.submit') }).click();
  const created = (await (await answer).json()) as { id: number };
  expect((await answer).status()).toBe(201);

  const confirmation = dialog.getByRole('status').filter({ hasText: en('support.sent.title', { number: String(created.id) }) });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(en('support.sent.body', { email: 'lea.visitor@example.com' }));
  await dialog.getByRole('button', { name: en('support.sent.close') }).click();
  await expect(dialog).toBeHidden();
});

test('a logged-in user finds the contact filled from the account, and a lying file is refused with its reason', async ({ page }) => {
  const { name, email } = await logIn(page, 'webuser@demo.example');

  await page.getByRole('banner').getByRole('link', { name: en('header.support') }).click();
  await expect(page).toHaveURL(/\/support$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: en('support.page.title') })).toBeVisible();
  await expect(field(main, 'support.field.name')).toHaveValue(name);
  await expect(field(main, 'support.field.name')).not.toBeEditable();
  await expect(field(main, 'support.field.email')).toHaveValue(email);
  await expect(field(main, 'support.field.email')).not.toBeEditable();
  await expect(field(main, 'support.field.phone')).toBeEditable();

  await main.locator('input[type="file"]').setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: lyingPdf() });
  const row = main.getByRole('listitem').filter({ hasText: 'catalogue.pdf' });
  await expect(row).toContainText(en('upload.error.FILE_CONTENT_MISMATCH'));
  await expect(row.getByRole('button', { name: en('upload.removeFile', { name: 'catalogue.pdf' }) })).toHaveAccessibleDescription(en('upload.error.FILE_CONTENT_MISMATCH'));
  await expect(row.getByRole('button', { name: en('upload.retryFile', { name: 'catalogue.pdf' }) })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  await chooseSubject(main, /Product information/);
  await field(main, 'support.field.message').fill('Can I get the photometric file of the North wall light?');
  await main.getByRole('button', { name: en('support.form.submit') }).click();
  await expect(main.getByRole('status').filter({ hasText: en('support.sent.body', { email }) })).toBeVisible();
});
