import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { DEMO_PASSWORD, logIn } from './support/session';
import { texts } from './support/texts';

// Issue 32: the brand's product manager (internal by e-mail) opens the internal tools from the Tools
// menu: compares two models in the technical information and exports them (the spreadsheet read back by
// python's zipfile), previews a product sheet in German and downloads its PDF (qpdf, pdftotext), runs the
// preconfigurations' previews to the end with visible progress, and starts and cancels their PDFs.

const en = texts('en');

// The compositor's room draws with WebGL: Chromium's software GL (SwiftShader), as in crea.spec.ts.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  },
});

async function openTool(page: Page, key: string) {
  await page.getByRole('banner').getByRole('button', { name: en('header.tools') }).click();
  await page.getByRole('menuitem', { name: en(key), exact: true }).click();
}

interface FlagState {
  key: string;
  description: string;
  defaultValue: boolean;
  rollout: Record<string, number | null>;
  emailToggles: Array<{ email: string; enabled: boolean }>;
}

/** Turns composeUrlPreview on or off for one e-mail only (an e-mail toggle), as the backoffice would; other users keep their answer. */
async function composeUrlPreviewFor(request: APIRequestContext, origin: string, email: string, enabled: boolean) {
  expect((await request.post('/api/users/v1/auth/login', { data: { email: 'admin@demo.example', password: DEMO_PASSWORD }, headers: { origin } })).status()).toBe(200);
  const flags = (await (await request.get('/api/masters/v1/flags')).json()) as { flags: FlagState[] };
  const flag = flags.flags.find((item) => item.key === 'composeUrlPreview');
  if (!flag) throw new Error('no composeUrlPreview flag');
  const emailToggles = [...flag.emailToggles.filter((toggle) => toggle.email !== email), { email, enabled }];
  const saved = await request.put('/api/masters/v1/flags/composeUrlPreview', { data: { description: flag.description, defaultValue: flag.defaultValue, rollout: flag.rollout, emailToggles }, headers: { origin } });
  expect(saved.status()).toBe(200);
}

/** Every shared string and inline text of an xlsx (python's zipfile and ElementTree, not the library that wrote it). */
function xlsxStrings(path: string): string[] {
  const script = String.raw`
import json, sys, zipfile, re
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
text = (z.read('xl/sharedStrings.xml').decode('utf8') if 'xl/sharedStrings.xml' in z.namelist() else '') + z.read('xl/worksheets/sheet1.xml').decode('utf8')
print(json.dumps(re.findall(r'<t[^>]*>([^<]*)</t>', text)))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' })) as string[];
}

test('an internal user compares and exports models, previews and downloads a product sheet, and runs the preconfigurations’ batches', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, 'product@lumen.example');

  // Technical information: tick two models, compare them, export the comparison.
  await openTool(page, 'header.tools.technicalInfo');
  await expect(page.getByRole('heading', { level: 1, name: en('tools.technicalInfo.title') })).toBeVisible();
  const models = page.getByRole('region', { name: en('tools.technicalInfo.table') });
  await page.getByRole('searchbox', { name: en('tools.technicalInfo.search') }).fill('5520');
  await models.getByRole('checkbox', { name: en('tools.technicalInfo.compareModel', { model: '5520' }) }).check();
  await page.getByRole('searchbox', { name: en('tools.technicalInfo.search') }).fill('');
  const second = models.getByRole('checkbox', { checked: false }).first();
  const secondModel = ((await second.getAttribute('aria-label')) ?? '').split(' ').pop() ?? '';
  await second.check();
  const comparison = page.getByRole('region', { name: en('tools.technicalInfo.comparison') });
  await expect(comparison.getByRole('columnheader')).toHaveText(['5520', secondModel]);
  expect(await accessibilityViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: en('tools.technicalInfo.exportSelected') }).click();
  const sheet = await downloading;
  expect(sheet.suggestedFilename()).toBe(`technical-info-16-5520-${secondModel}.xlsx`);
  const strings = xlsxStrings(await sheet.path());
  expect(strings).toEqual(expect.arrayContaining(['5520', secondModel, en('tools.technicalInfo.column.lumens')]));

  // Product sheets: model 5520 in German; the preview is the PDF's own pages; the PDF downloads.
  await openTool(page, 'header.tools.productSheet');
  const form = page.getByRole('region', { name: en('tools.productSheet.title') });
  await form.getByRole('button', { name: new RegExp(en('tools.productSheet.model')) }).click();
  await page.getByRole('option', { name: /^5520 · / }).click();
  await form.getByRole('button', { name: new RegExp(en('tools.productSheet.language')) }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await page.getByRole('button', { name: en('tools.productSheet.show') }).click();
  const firstPage = page.getByRole('img', { name: /^Page 1 of \d+ of / });
  await expect(firstPage).toBeVisible({ timeout: 30_000 });
  expect(await firstPage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(800);
  expect(await accessibilityViolations(page)).toEqual([]);
  const pdfDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: en('tools.productSheet.download') }).click();
  const pdf = await (await pdfDownloading).path();
  expect(execFileSync('qpdf', ['--check', pdf], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
  expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain('5520');

  // Preconfiguration previews: the batch runs to its end with visible progress.
  await openTool(page, 'header.tools.generatePreviews');
  await expect(page.getByRole('heading', { level: 1, name: en('tools.previews.title') })).toBeVisible();
  await page.getByRole('button', { name: en('tools.batch.start') }).click();
  await expect(page.getByRole('progressbar', { name: en('tools.batch.progressLabel') })).toBeVisible();
  await expect(page.getByText(en('tools.batch.status.done'), { exact: true })).toBeVisible({ timeout: 60_000 });
  const progress = (await page.getByRole('status').filter({ hasText: / of / }).textContent()) ?? '';
  const [done, total] = (/(\d+) of (\d+)/.exec(progress) ?? []).slice(1).map(Number);
  expect(total).toBeGreaterThan(0);
  expect(done).toBe(total);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Preconfiguration PDFs: started, then cancelled.
  await openTool(page, 'header.tools.generatePdf');
  await expect(page.getByRole('heading', { level: 1, name: en('tools.pdfs.title') })).toBeVisible();
  await page.getByRole('button', { name: en('tools.batch.start') }).click();
  await expect(page.getByRole('progressbar', { name: en('tools.batch.progressLabel') })).toBeVisible();
  await page.getByRole('button', { name: en('tools.batch.cancel') }).click();
  await expect(page.getByText(en('tools.batch.status.cancelled'), { exact: true })).toBeVisible();

  // /preview/compose: off, the address is not found; on (for this user), the composition is drawn.
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  const admin = await playwrightRequest.newContext({ baseURL: origin });
  try {
    await composeUrlPreviewFor(admin, origin, 'product@lumen.example', false);
    await page.goto('/preview/compose?collection=1&elements=5520');
    await expect(page.getByRole('heading', { name: en('errors.notFound.title') })).toBeVisible();
    await composeUrlPreviewFor(admin, origin, 'product@lumen.example', true);
    await page.goto('/');
    await openTool(page, 'header.tools.composePreview');
    const form = page.getByRole('region', { name: en('tools.compose.title') });
    const info = (await (await page.request.get('/api/products/v2/articles/technicalInfoByModel?model=5520&catalog=16')).json()) as { subFamilyId: number };
    const collections = (await (await page.request.get('/api/products/v1/categories/collections?catalogId=16')).json()) as Array<{ subFamilyId: number; name: string }>;
    const collection = collections.find((item) => item.subFamilyId === info.subFamilyId)?.name ?? '';
    await form.getByRole('button', { name: new RegExp(en('tools.collection')) }).click();
    await page.getByRole('option', { name: collection, exact: true }).click();
    await page.getByRole('textbox', { name: en('tools.compose.elements') }).fill('5520');
    await page.getByRole('button', { name: en('tools.compose.show') }).click();
    const drawn = page.getByRole('img', { name: en('tools.compose.alt', { elements: '5520' }) });
    await expect(drawn).toBeVisible();
    expect(await drawn.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
    await expect(page.getByRole('link', { name: /\/api\/images\/v1\/preview\/compose\?/ })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await composeUrlPreviewFor(admin, origin, 'product@lumen.example', false).catch(() => undefined);
    await admin.dispose();
  }
});

// Issue 32 §1: the image studio. Before the compositor's walk, which leaves a preconfiguration in the
// draft: the studio publishes the catalogue's whole draft.
test('an internal user renders a collection’s HD images in the studio, approves them and publishes them as the catalogue’s pictures', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  // The server refuses the studio to a user whose e-mail is not internal.
  const outsider = await playwrightRequest.newContext({ baseURL: origin });
  try {
    expect((await outsider.post('/api/users/v1/auth/login', { data: { email: 'distributor@demo.example', password: DEMO_PASSWORD }, headers: { origin } })).status()).toBe(200);
    expect((await outsider.get('/api/products/v1/tools/studio/batches')).status()).toBe(403);
    const batchBody = { catalogId: 16, subFamilyId: 302, shots: ['product'], size: 2400, camera: { azimuth: 30, elevation: 15, zoom: 1, offsetX: 0, offsetY: 0 } };
    expect((await outsider.post('/api/products/v1/tools/studio/batches', { data: batchBody, headers: { origin } })).status()).toBe(403);
  } finally {
    await outsider.dispose();
  }

  await logIn(page, 'product@lumen.example');
  await openTool(page, 'header.tools.studio');
  await expect(page.getByRole('heading', { level: 1, name: en('studio.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(en('studio.collection')) })).toBeEnabled();
  await page.getByRole('button', { name: new RegExp(en('studio.collection')) }).click();
  await page.getByRole('option', { name: 'Wireflow', exact: true }).click();
  // Collection Wireflow: models 2350 and 2351; black only, the product shot only.
  await page.getByRole('checkbox', { name: '10 · White' }).uncheck();
  await page.getByRole('checkbox', { name: en('studio.shot.ambient') }).uncheck();
  await expect(page.locator('.studio__stage [role="img"]')).toBeVisible({ timeout: 30_000 });
  const turn = page.getByRole('slider', { name: en('studio.azimuth') });
  await turn.focus();
  await page.keyboard.press('ArrowRight');
  await expect(turn).toHaveValue('31');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('button', { name: en('studio.render_other', { count: '2' }) }).click();
  await expect(page.getByRole('progressbar', { name: en('studio.progressLabel') })).toBeVisible();
  await expect(page.getByText(en('studio.status.done'), { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('status').filter({ hasText: en('studio.progress', { done: '2', total: '2' }) })).toBeVisible();
  const grid = page.getByRole('list', { name: en('studio.review') });
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  for (const model of ['2350', '2351']) {
    const name = `${model} · 05 · ${en('studio.shot.product')}`;
    await expect(grid.getByRole('img', { name })).toBeVisible();
    await grid.getByRole('button', { name: en('studio.approveImage', { name }) }).click();
    await expect(grid.getByRole('listitem', { name }).getByText(en('studio.inDraft'))).toBeVisible();
  }
  expect(await accessibilityViolations(page)).toEqual([]);

  // The HD file the button saves, and every file of the batch, read by libmagic's `file`.
  const downloading = page.waitForEvent('download');
  await grid.getByRole('button', { name: en('studio.downloadImage', { name: `2350 · 05 · ${en('studio.shot.product')}` }) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('2350-05-product-2400px.png');
  expect(execFileSync('file', [await download.path()], { encoding: 'utf8' })).toContain('PNG image data, 2400 x 2400');
  const [latest] = (await (await page.request.get('/api/products/v1/tools/studio/batches?catalog=16')).json()) as Array<{ id: number }>;
  const batch = (await (await page.request.get(`/api/products/v1/tools/studio/batches/${latest?.id}`)).json()) as { images: Array<{ id: number }> };
  expect(batch.images).toHaveLength(2);
  for (const image of batch.images) {
    const path = test.info().outputPath(`studio-${image.id}.png`);
    writeFileSync(path, await (await page.request.get(`/api/products/v1/tools/studio/images/${image.id}/file`)).body());
    expect(execFileSync('file', [path], { encoding: 'utf8' })).toContain('PNG image data, 2400 x 2400');
  }

  // Publishing (product administration's publication) makes them the catalogue's pictures.
  await page.getByRole('button', { name: en('studio.publish') }).click();
  await expect(page.getByRole('status').filter({ hasText: /version \d+/ })).toBeVisible({ timeout: 30_000 });
  await expect(grid.getByText(en('studio.published'), { exact: true })).toHaveCount(2);
  const picture = await page.request.get('/api/images/v1/catalogue/model/2350.svg?finish=05');
  const svg = await picture.text();
  expect(svg).toContain('data-source="studio"');
  execFileSync('xmllint', ['--noout', '-'], { input: svg });
});

test('an internal user composes pendants in the compositor and saves them as a preconfiguration into the catalogue’s draft', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Compositor ${Date.now() % 100000}`;
  await logIn(page, 'product@lumen.example');
  await openTool(page, 'header.tools.compositor');
  await expect(page.getByRole('heading', { level: 1, name: en('tools.compositor.title') })).toBeVisible();
  const choice = page.getByRole('group', { name: en('tools.compositor.choice') });
  await expect(choice.getByRole('button', { name: new RegExp(en('tools.collection')) })).toBeEnabled();
  await choice.getByRole('button', { name: new RegExp(en('tools.collection')) }).click();
  await page.getByRole('option', { name: 'Multiple', exact: true }).click();

  // The room opens on the collection's first model; the engine finds it valid, so it may be saved.
  const form = page.getByRole('form', { name: en('tools.compositor.saveTitle') });
  const save = form.getByRole('button', { name: en('tools.compositor.save') });
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await form.getByRole('textbox', { name: en('tools.compositor.name') }).fill(name);
  const descriptions = form.getByRole('group', { name: en('tools.compositor.description') }).getByRole('textbox');
  await expect(descriptions).toHaveCount(6);
  for (const [index, text] of ['Three heads', 'Three heads', 'Trois têtes', 'Drei Köpfe', 'Tre teste', 'Tres cabezas'].entries()) await descriptions.nth(index).fill(text);
  await save.click();
  await expect(form.getByRole('status')).toContainText(en('tools.compositor.saved', { lights: '' }).split('(')[0]?.trim() ?? '');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Product administration lists it among the draft's preconfigurations, to publish with the next publication.
  await openTool(page, 'header.tools.compose');
  await expect(page.getByRole('region', { name: en('productAdmin.compose.list') }).getByText(name)).toBeVisible();
});
