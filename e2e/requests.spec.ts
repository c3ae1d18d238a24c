import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 11 §3–§5 in the browser, against the built app and the real api: a distributor asks for a
// budget with two files and finds it on the project; an importer registers a United States project
// and registers it again; the desk answers the distributor, who reads the reply on the project.

const es = texts('es');
const us = texts('us');
const en = texts('en');

/** A real, small PDF, padded to about 200 KB so that its upload lasts long enough to be seen. */
function pdfBytes(): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
  const padding = `% ${'lighting plan '.repeat(14_000)}\n`;
  return Buffer.from(`${head}${padding}trailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** Slows the browser's uploads down (Chromium's network emulation), so that progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return () => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/** A field by the start of its label (a required one adds its marker). */
const textbox = (scope: Locator, label: string) => scope.getByRole('textbox', { name: exactly(label, { end: false }) });
const combobox = (scope: Locator, label: string) => scope.getByRole('combobox', { name: exactly(label, { end: false }) });

/** Types the start of a name into a site field and picks it from the list. */
async function pick(scope: Locator, label: string, name: string) {
  const field = combobox(scope, label);
  // The field is mounted again when its list arrives: pick again until the choice holds.
  await expect(async () => {
    await field.fill(name.slice(0, 4));
    await scope.page().getByRole('option', { name, exact: true }).click({ timeout: 3_000 });
    await expect(field).toHaveValue(name, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Finds the project through the list's search: other specs add projects to the same demo accounts. */
async function openProject(page: Page, name: string) {
  await page.goto('/projects');
  await page.getByRole('main').getByRole('search').getByRole('searchbox').fill(name);
  await page.getByRole('main').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe.serial('budget requests, United States registration and the desk', () => {
  let requestNumber = 0;
  const description = 'Precio para 30 apliques y 6 colgantes; entrega en la obra antes de septiembre.';

  test('a distributor asks for a budget with two files, watches them upload, and finds the request on the project', async ({ page }) => {
    await logIn(page, 'distributor@demo.example');
    await openProject(page, 'Oficinas Norte - planta 2');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: es('budgetRequest.action') }).click();
    await expect(page).toHaveURL(/\/project\/\d+\/request-budget$/);
    await expect(main.getByRole('heading', { level: 1, name: es('budgetRequest.title') })).toBeVisible();

    await pick(main, es('siteLocation.country'), 'España');
    await pick(main, es('siteLocation.region.autonomous-communities'), 'Asturias');
    await textbox(main, es('siteLocation.city')).fill('Gijón');
    await textbox(main, es('budgetRequest.description')).fill(description);
    await expect(main.getByText(es('textarea.counter', { count: String(description.length), max: '4000' }))).toBeVisible();

    // Two files at once, the upload slowed down so that their progress shows.
    const restore = await throttleUploads(page, 96 * 1024);
    await main.locator('input[type="file"]').setInputFiles([
      { name: 'planta-2.pdf', mimeType: 'application/pdf', buffer: pdfBytes() },
      { name: 'notas-obra.txt', mimeType: 'text/plain', buffer: Buffer.from('Altura de techo 3,2 m\nLínea DALI en el circuito 4\n') },
    ]);
    const progress = main.getByRole('progressbar', { name: es('upload.uploading', { name: 'planta-2.pdf' }) });
    await expect(progress).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await restore();
    const files = main.getByRole('list', { name: es('upload.list') });
    await expect(files.getByRole('listitem')).toHaveCount(2);
    await expect(main.getByRole('progressbar')).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    const answer = page.waitForResponse((response) => response.url().includes('/support-request/project-budget') && response.request().method() === 'POST');
    await main.getByRole('button', { name: es('budgetRequest.submit') }).click();
    expect((await answer).status()).toBe(201);
    requestNumber = ((await (await answer).json()) as { id: number }).id;
    await expect(main.getByRole('heading', { level: 2, name: es('projectRequests.sent.project-budget', { number: String(requestNumber) }) })).toBeVisible();
    // The project as the brand received it, and the files.
    await expect(main.getByRole('table')).toContainText('235505/03_10');
    expect(await accessibilityViolations(page)).toEqual([]);
    const received = main.getByRole('region', { name: es('projectRequests.received') });
    await expect(received).toContainText(es('projectRequests.receivedFiles_other', { count: '2', names: '' }));
    await expect(received).toContainText('planta-2.pdf');
    await expect(received).toContainText('notas-obra.txt');

    await main.getByRole('link', { name: es('projectRequests.sent.back') }).click();
    const requests = main.getByRole('region', { name: es('myRequests.projectTitle') });
    await expect(requests).toContainText(es('requests.number', { number: String(requestNumber) }));
    await expect(requests).toContainText(es('requests.status.received'));
  });

  test('an importer registers a United States project, sees it completed, and registers it again', async ({ page }) => {
    await logIn(page, 'importer@demo.example');
    await openProject(page, 'Manhattan loft');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: us('registration.action') }).click();
    await expect(page).toHaveURL(/\/project\/\d+\/registration-usa$/);
    await expect(main.getByText(us('registration.intro', { name: 'Manhattan loft' }))).toBeVisible();

    await textbox(main, us('registration.specifier.name')).fill('Nora Lee');
    await textbox(main, us('registration.specifier.email')).fill('nora@leestudio.example');
    await textbox(main, us('registration.specifier.company')).fill('Lee Studio');
    await expect(combobox(main, us('siteLocation.country'))).toHaveValue('United States');
    await pick(main, us('siteLocation.region.states'), 'New York');
    await textbox(main, us('siteLocation.city')).fill('Brooklyn');
    await main.getByRole('button', { name: new RegExp(us('registration.field.stage')) }).click();
    await page.getByRole('option', { name: us('registration.stage.bidding') }).click();
    // The date picker's segments, in the American order.
    await main.getByRole('group', { name: exactly(us('registration.field.orderDate'), { end: false }) }).getByRole('spinbutton').first().click();
    await page.keyboard.type('09012027');
    await textbox(main, us('registration.field.competitors')).fill('Brand X, Brand Y');
    expect(await accessibilityViolations(page)).toEqual([]);
    await main.getByRole('button', { name: us('registration.submit') }).click();

    const completed = main.getByRole('region', { name: us('registration.completed.title') });
    await expect(completed).toBeVisible();
    await expect(completed).toContainText('Nora Lee · nora@leestudio.example · Lee Studio');
    await expect(completed).toContainText(us('registration.stage.bidding'));
    await expect(completed).toContainText('Brooklyn, New York, United States');
    await expect(completed).toContainText('September 1, 2027');
    const first = await main.getByRole('status').filter({ hasText: /no\. \d+/ }).textContent();

    // Register again: the form comes back with the last answers.
    await completed.getByRole('button', { name: us('registration.completed.again') }).click();
    await expect(main.getByText(us('registration.introAgain', { name: 'Manhattan loft' }))).toBeVisible();
    await expect(textbox(main, us('registration.specifier.name'))).toHaveValue('Nora Lee');
    await main.getByRole('button', { name: new RegExp(us('registration.field.stage')) }).click();
    await page.getByRole('option', { name: us('registration.stage.awarded') }).click();
    await main.getByRole('button', { name: us('registration.submit') }).click();
    await expect(completed).toContainText(us('registration.stage.awarded'));
    const second = await main.getByRole('status').filter({ hasText: /no\. \d+/ }).textContent();
    expect(second).not.toEqual(first);

    // Opened again later, the project shows as registered.
    await page.reload();
    await expect(main.getByRole('region', { name: us('registration.completed.title') })).toContainText(us('registration.stage.awarded'));
  });

  test('the desk answers the budget request, and the distributor reads the reply on the project', async ({ page, browser }) => {
    expect(requestNumber).toBeGreaterThan(0);
    await logIn(page, 'sales@demo.example');
    await page.getByRole('banner').getByRole('button', { name: en('header.userMenuFor', { name: 'Samuel Ventas' }) }).click();
    await page.getByRole('menuitem', { name: en('desk.title') }).click();
    await expect(page).toHaveURL(/\/desk$/);
    const main = page.getByRole('main');
    await main.getByRole('searchbox', { name: exactly(en('desk.filter.search'), { end: false }) }).fill(String(requestNumber));
    await expect(page).toHaveURL(new RegExp(`search=${requestNumber}`));
    await expect(main.getByText(en('desk.count_one', { count: '1' }))).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await main.getByRole('link', { name: en('requests.number', { number: String(requestNumber) }) }).click();

    await expect(main.getByRole('heading', { level: 1 })).toContainText(en('requests.number', { number: String(requestNumber) }));
    await expect(main.getByText(description)).toBeVisible();
    await expect(main.getByRole('region', { name: en('desk.section.contact') })).toContainText('Gijón, Asturias, Spain');
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: en('requests.files.downloadFile', { name: 'planta-2.pdf' }) }).click();
    expect((await download).suggestedFilename()).toBe('planta-2.pdf');

    await main.getByRole('group', { name: en('desk.status.group') }).getByRole('button', { name: en('desk.status.in_progress') }).click();
    await expect(main.getByRole('group', { name: en('desk.status.group') }).getByRole('button', { name: en('desk.status.in_progress') })).toHaveCount(0);
    const reply = 'Hola Diego: el presupuesto es de 4.120 EUR, IVA no incluido. Plazo de entrega: 3 semanas.';
    await textbox(main, en('desk.reply.label')).fill(reply);
    await main.getByRole('button', { name: en('desk.reply.send') }).click();
    await expect(main.getByRole('list', { name: en('requests.replies.title') })).toContainText(reply);
    await expect(main.getByText(en('requests.status.answered'), { exact: true })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The distributor, in a browser of their own.
    const context = await browser.newContext();
    const distributor = await context.newPage();
    await logIn(distributor, 'distributor@demo.example');
    await openProject(distributor, 'Oficinas Norte - planta 2');
    const requests = distributor.getByRole('main').getByRole('region', { name: es('myRequests.projectTitle') });
    await expect(requests).toContainText(es('requests.status.answered'));
    await expect(requests).toContainText(es('requests.replies.count_one', { count: '1' }));
    await requests.getByRole('button', { name: es('myRequests.showFor', { number: String(requestNumber) }) }).click();
    await expect(requests.getByRole('list', { name: es('requests.replies.title') })).toContainText(reply);
    await expect(requests).toContainText('Samuel Ventas');
    await context.close();
  });
});
