import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 13 in the browser, against the built app and the real api (ERP_STEP_MS is short in
// playwright.config.ts, so the built-in ERP moves an order on within seconds): a distributor orders a
// project — one line below its MOQ corrected, a shipping date chosen —, follows the order to FINISHED
// and downloads its invoice (qpdf --check, pdftotext); a user whose company has no client code gets
// the spec's outcome (a resolved, failed processing; nothing ordered). Axe on each screen; desktop and
// phone screenshots in the test's output folder.

const es = texts('es');
const en = texts('en');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const REFERENCE = '552010/02_10';
const MOQ4 = '552023/02_10';

async function screenshots(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
}

/** A project of the logged-in user, made through the api (the projects' own screens are tested elsewhere). */
async function projectOf(page: Page, name: string, lines: Array<{ referenceCode: string; quantity: number }>): Promise<number> {
  const response = await page.request.post('/api/projects/v1/projects', { data: { name, catalogId: 16, products: lines.map((line) => ({ type: 'REGULAR', ...line })) } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const day = (iso: string) => {
  const [year, month, date] = iso.split('-');
  return { year: year ?? '', month: month ?? '', date: date ?? '' };
};

test('a distributor orders a project (a line below MOQ corrected, a shipping date chosen), follows it to FINISHED and downloads the invoice', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'distributor@demo.example');
  const projectName = 'Hotel Faro — recepción';
  const projectId = await projectOf(page, projectName, [
    { referenceCode: REFERENCE, quantity: 3 },
    { referenceCode: MOQ4, quantity: 2 },
  ]);
  const draft = (await (await page.request.get(`/api/orders/v2/orders/new/${projectId}?lang=es`)).json()) as { lines: Array<{ referenceCode: string; description: string; earliestShippingDate: string }> };
  const earliest = draft.lines.find((line) => line.referenceCode === REFERENCE)?.earliestShippingDate ?? '';
  // Lines are named by the names people use (issue 34 §3), their references under them.
  const nameOf = (reference: string) => draft.lines.find((line) => line.referenceCode === reference)?.description ?? reference;

  // From the project page, as a user goes.
  await page.goto(`/project/${projectId}`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: es('orders.action.place') }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/new-order$`));
  await expect(main.getByRole('heading', { level: 1, name: es('orders.new.title') })).toBeVisible();
  await expect(main).toContainText('C-100234');

  // The line below its MOQ says so, and what to change; the quantity is checked as it is typed.
  const short = main.getByRole('listitem', { name: es('orders.new.lineLabel', { index: '2', name: nameOf(MOQ4) }) });
  await expect(short).toContainText(es('orders.moq.short', { reference: MOQ4, moq: '4', quantity: '2' }));
  await expect(short).toContainText(es('orders.moq.change', { quantity: '4' }));
  await expect(short).toContainText(es('orders.validation.toFix'));
  await screenshots(page, 'new-order-below-moq');
  await short.getByRole('textbox', { name: es('orders.field.quantityOf', { name: nameOf(MOQ4) }) }).fill('4');
  await expect(short).toContainText(es('orders.moq.ok', { reference: MOQ4, moq: '4', quantity: '4' }));
  await expect(short).toContainText(es('orders.validation.valid'));

  // A shipping date a week after the earliest the lead time allows (Spanish order: day, month, year).
  const first = main.getByRole('listitem', { name: es('orders.new.lineLabel', { index: '1', name: nameOf(REFERENCE) }) });
  const chosen = new Date(Date.parse(`${earliest}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const parts = day(chosen);
  await first.getByRole('group', { name: exactly(es('orders.field.shippingDateOf', { name: nameOf(REFERENCE) }), { end: false }) }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${parts.date}${parts.month}${parts.year}`);

  await main.getByRole('textbox', { name: exactly(es('orders.field.internalOrderNumber'), { end: false }) }).fill('PO-FARO-7');
  await main.getByRole('textbox', { name: exactly(es('orders.field.comments'), { end: false }) }).fill('Entregar en el muelle 2, de 8:00 a 14:00.');
  await main.getByRole('radio', { name: exactly(es('orders.delivery.separately'), { end: false }) }).check();
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshots(page, 'new-order-ready');

  // The review (issue 34 §4): a double click on it opens it and orders nothing; the order goes on its confirmation.
  await main.getByRole('button', { name: es('orders.review.open') }).dblclick();
  const review = main.getByRole('region', { name: es('orders.review.title') });
  await expect(review).toBeVisible();
  await expect(review).toContainText('Calle Gran Vía 21, 3º');
  await expect(review).toContainText(es('orders.review.total'));
  expect((await (await page.request.get(`/api/orders/v2/orders/by-project/${projectId}`)).json()) as unknown[]).toEqual([]);
  await screenshots(page, 'new-order-review');
  await page.waitForTimeout(700);
  // Confirming twice in a row (a double click) makes one order.
  const process = main.getByRole('button', { name: es('orders.review.confirm') });
  await process.dblclick();
  const outcome = main.getByRole('status').filter({ hasText: projectName });
  await expect(outcome).toBeVisible();
  const orders = (await (await page.request.get(`/api/orders/v2/orders/by-project/${projectId}`)).json()) as Array<{ orderId: number }>;
  expect(orders).toHaveLength(1);
  const orderId = orders[0]?.orderId ?? 0;
  await expect(outcome).toContainText(es('orders.new.processed', { id: String(orderId), project: projectName }));

  // The order page: lines with the chosen date and quantity, the status timeline; the ERP moves it on.
  await main.getByRole('link', { name: es('orders.new.openOrder', { id: String(orderId) }) }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  await expect(main.getByRole('heading', { level: 1 })).toContainText(es('orders.number', { id: String(orderId) }));
  await expect(main).toContainText('PO-FARO-7');
  await expect(main).toContainText(es('orders.delivery.separately'));
  const lines = main.getByRole('table');
  await expect(lines.getByRole('row').filter({ hasText: MOQ4 })).toContainText('4');
  const finished = main.getByRole('heading', { level: 1 }).getByText(es('orders.status.4'));
  await expect(async () => {
    await main.getByRole('button', { name: es('orders.timeline.refresh') }).click();
    await expect(finished).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  for (const status of ['2', '3', '4']) await expect(main.getByRole('list').getByText(es(`orders.status.${status}`))).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshots(page, 'order-finished');

  // The project is ordered now (no other actions): its page leads to the order.
  await page.goto(`/project/${projectId}`);
  await expect(main.getByRole('link', { name: es('orders.action.open', { id: String(orderId) }) })).toBeVisible();
  await expect(main.getByRole('link', { name: es('orders.action.place') })).toHaveCount(0);
  await page.goto(`/order/${orderId}`);

  // The invoice: its PDF in Spanish, checked by independent readers.
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: es('orders.invoice.download') }).click();
  const file = await download;
  const path = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(path);
  expect(file.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  execFileSync('qpdf', ['--check', path]);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  expect(text).toContain(file.suggestedFilename().replace('.pdf', ''));
  expect(text).toContain('Factura');
  expect(text).toContain('C-100234');
  expect(text).toContain(projectName);

  // The invoices list has it, with its PDF.
  await page.goto('/invoices');
  await expect(main.getByRole('heading', { level: 1, name: es('invoices.title') })).toBeVisible();
  await main.getByRole('textbox', { name: exactly(es('invoices.search'), { end: false }) }).fill('Faro');
  await main.getByRole('button', { name: es('orders.list.searchButton') }).click();
  await expect(main.getByRole('row').filter({ hasText: file.suggestedFilename().replace('.pdf', '') })).toContainText(es('invoice.status.unpaid'));
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshots(page, 'invoices');

  // The orders list finds it by the internal number.
  await page.goto('/orders');
  await main.getByRole('textbox', { name: exactly(es('orders.list.search'), { end: false }) }).fill('po-faro');
  await main.getByRole('button', { name: es('orders.list.searchButton') }).click();
  await expect(main.getByRole('link', { name: es('orders.number', { id: String(orderId) }) })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshots(page, 'orders-list');
});

test('a user whose company has no client code sees the order refused as the spec says, and nothing is ordered', async ({ page }) => {
  await logIn(page, 'admin@demo.example');
  const projectId = await projectOf(page, 'Admin showroom', [{ referenceCode: REFERENCE, quantity: 2 }]);
  await page.goto(`/project/${projectId}/new-order`);
  const main = page.getByRole('main');
  await expect(main).toContainText(en('orders.new.noClientCodeNote'));
  // No company address to choose from: one is typed, then the review and its confirmation.
  await main.getByRole('textbox', { name: exactly(en('orders.address.otherLabel'), { end: false }) }).fill('Showroom\nCalle Mayor 1\n28013 Madrid');
  await main.getByRole('button', { name: en('orders.review.open') }).click();
  await expect(main.getByRole('region', { name: en('orders.review.title') })).toBeVisible();
  await page.waitForTimeout(700);
  await main.getByRole('button', { name: en('orders.review.confirm') }).click();
  await expect(main.getByRole('alert')).toContainText(en('orders.process.noClientCode'));
  // The page stays (a resolved answer, not the forbidden page) and the project is not ordered.
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/new-order$`));
  expect((await (await page.request.get(`/api/orders/v2/orders/by-project/${projectId}`)).json()) as unknown[]).toEqual([]);
  await screenshots(page, 'no-client-code');
});

test('another company’s project or order goes to the forbidden page', async ({ page }) => {
  await logIn(page, 'distributor@demo.example');
  const projectId = await projectOf(page, 'Sala Norte', [{ referenceCode: REFERENCE, quantity: 1 }]);
  await page.context().clearCookies();
  await logIn(page, 'distributor2@demo.example');
  await page.goto(`/project/${projectId}/new-order`);
  await expect(page).toHaveURL(/\/error-403$/);
});
