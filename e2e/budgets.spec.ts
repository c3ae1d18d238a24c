import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { mails } from './support/outbox';
import { logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 12 in the browser, against the built app and the real api: a distributor issues a quote
// with a footer and downloads its PDF (checked with qpdf and pdftotext), sends it to a client, who
// opens the link from the mail without an account and accepts it; an importer prepares the United
// States final quote with the purchaser's geography. Axe on each screen; screenshots on desktop and
// phone in the test's output folder.

const es = texts('es');
const en = texts('en');
const us = texts('us');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A field by the start of its label (a required one adds its marker). */
const textbox = (scope: Locator, label: string) => scope.getByRole('textbox', { name: exactly(label, { end: false }) });
const combobox = (scope: Locator, label: string) => scope.getByRole('combobox', { name: exactly(label, { end: false }) });

/**
 * Picks a place from a site field's list. The field is low on a long form: it is brought to the top
 * first, so that clicking the option does not scroll the page (react-aria closes the list on scroll).
 */
async function pick(scope: Locator, label: string, name: string) {
  const field = combobox(scope, label);
  // A site field is mounted again when its list arrives (nothing typed before counts): pick again
  // until the choice holds, as a user would.
  await expect(async () => {
    await field.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await field.fill(name);
    await scope.page().getByRole('option', { name, exact: true }).click({ timeout: 3_000 });
    await expect(field).toHaveValue(name, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function openProject(page: Page, name: string) {
  await page.goto('/projects');
  await page.getByRole('main').getByRole('search').getByRole('searchbox').fill(name);
  await page.getByRole('main').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Desktop and phone screenshots of the page as it is, for a person to look at. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
}

/** The United States final quote of the importer's catalogue-21 project, filled in as a user would. */
async function fillFinalQuote(page: Page): Promise<Locator> {
  await logIn(page, 'importer@demo.example');
  await openProject(page, 'Manhattan loft');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: us('budgets.action.finalQuote') }).click();
  await expect(page).toHaveURL(/\/project\/\d+\/budget-quotation-usa$/);
  // No number is reserved on arrival (issue 34 §2): it is given at issue.
  await expect(main.getByText(us('budgets.usa.numberAtIssue'))).toBeVisible();
  await textbox(main, us('budgets.usa.alias')).fill('Manhattan loft — lobby and corridors');
  await textbox(main, us('budgets.usa.specifierEmail')).fill('nora@leestudio.example');
  await textbox(main, us('budgets.usa.specifierCompany')).fill('Lee Studio');
  await textbox(main, us('budgets.usa.purchaserName')).fill('Pat Buyer');
  await textbox(main, us('budgets.usa.purchaserEmail')).fill('pat@buyer.example');
  await textbox(main, us('budgets.usa.purchaserPhone')).fill('+1 212 555 0100');
  await expect(combobox(main, us('siteLocation.country'))).toHaveValue('United States');
  await pick(main, us('siteLocation.region.states'), 'New York');
  await textbox(main, us('siteLocation.city')).fill('Brooklyn');
  await expect(main.locator('.quote-totals')).toBeVisible();
  await expect(main.locator('.quote-totals')).toContainText('$');
  return main;
}

test.describe.serial('budgets and quotes', () => {
  let quoteNumber = '';
  const client = `clara.${Date.now()}@client.example`;

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
  });

  test('a distributor issues a quote with a footer, downloads its PDF, and sends it to a client', async ({ page }) => {
    await logIn(page, 'distributor@demo.example');
    await openProject(page, 'Oficinas Norte - planta 2');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: es('budgets.action.generate') }).click();
    await expect(page).toHaveURL(/\/project\/\d+\/generate-budget$/);
    await expect(main.getByRole('heading', { level: 1, name: es('budgets.title') })).toBeVisible();

    // A line's discount and the footer; the totals follow as the user types.
    const netTotal = main.getByRole('region', { name: es('budgets.totals.title') }).locator('.quote-totals__net dd');
    const before = await netTotal.textContent();
    const discount = main.getByRole('textbox', { name: new RegExp(`^${es('budgets.lines.discountOf', { name: '.*', index: '1' }).replace(/[()]/g, '\\$&')}`) });
    await discount.fill('150');
    await expect(main.getByText(es('formError.percentRange'))).toBeVisible();
    await discount.fill('12,5');
    await textbox(main, es('budgets.footer.discount')).fill('5');
    await textbox(main, es('budgets.footer.surcharge')).fill('2');
    await textbox(main, es('budgets.footer.iva')).fill('21');
    await textbox(main, es('budgets.footer.clientName')).fill('Clara Cliente');
    await textbox(main, es('budgets.footer.comment')).fill('Entrega en obra en septiembre. Precios válidos para la cantidad indicada; montaje no incluido.');
    await expect(netTotal).not.toHaveText(before ?? '');
    await expect(netTotal).toHaveText(/€$/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'generate-budget');

    // Save and download the PDF: an independent reader checks it.
    const downloading = page.waitForEvent('download');
    await main.getByRole('button', { name: es('budgets.action.saveDownload') }).click();
    const download = await downloading;
    const outcome = main.getByRole('status').filter({ hasText: /Q-\d{4}-\d{6}/ });
    await expect(outcome).toBeVisible();
    quoteNumber = /Q-\d{4}-\d{6}/.exec((await outcome.textContent()) ?? '')?.[0] ?? '';
    expect(download.suggestedFilename()).toBe(`${quoteNumber}.pdf`);
    const pdf = await download.path();
    expect(execFileSync('qpdf', ['--check', pdf], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(quoteNumber);
    expect(text).toContain('Clara Cliente');
    expect(text).toContain('Entrega en obra en septiembre');
    expect(text).toMatch(/\d+,\d{2}\s?€/);

    // The new quote is in the previous budgets, issued.
    const previous = main.getByRole('region', { name: es('budgets.previous.title') });
    const checkbox = previous.getByRole('checkbox', { name: new RegExp(`^${quoteNumber}`) });
    await expect(checkbox).toBeVisible();
    await expect(previous.getByRole('listitem').filter({ hasText: quoteNumber }).getByText(es('budgets.status.issued'), { exact: true })).toBeVisible();

    // Sent to a client without an account.
    await checkbox.check();
    await expect(previous.getByText(es('budgets.previous.checkedCount_one', { count: '1' }))).toBeVisible();
    await previous.getByRole('button', { name: es('budgets.previous.sendChecked') }).click();
    const dialog = page.getByRole('dialog');
    await textbox(dialog, es('budgets.send.email')).fill(client);
    await textbox(dialog, es('budgets.send.name')).fill('Clara Cliente');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: es('budgets.send.submit_one') }).click();
    await expect(previous.getByText(es('budgets.send.done_one', { email: client }))).toBeVisible();
    await expect(previous.getByText(es('budgets.status.sent')).first()).toBeVisible();
  });

  test('the client opens the link from the mail without an account and accepts the quote', async ({ page, browser }) => {
    test.skip(quoteNumber === '', 'the quote of the test before was not issued');
    let mail: string | undefined;
    await expect.poll(() => (mail = mails().find((text) => text.includes(client) && text.includes(quoteNumber))), { timeout: 15_000 }).toBeTruthy();
    const link = /https?:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_.-]+/.exec(mail ?? '')?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link ?? '').pathname;
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText(quoteNumber);
    // Nothing of the platform: no navigation, no login.
    await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button')).toHaveCount(0);
    // The page speaks the quote's language (the distributor's, Spanish), as its mail did.
    const interfaceTexts = es;
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(es('publicQuote.title', { number: quoteNumber }));
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'public-quote');

    // The PDF of the quote, without a session.
    const downloading = page.waitForEvent('download');
    await main.getByRole('link', { name: interfaceTexts('publicQuote.downloadPdf') }).click();
    const pdf = await (await downloading).path();
    expect(execFileSync('qpdf', ['--check', pdf], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');

    const form = main.getByRole('form', { name: interfaceTexts('publicQuote.mode.accept') });
    await expect(textbox(form, interfaceTexts('publicQuote.name'))).toHaveValue('Clara Cliente');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: interfaceTexts('publicQuote.accept.submit') }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Clara Cliente' })).toBeVisible();
    await expect(main.getByRole('form')).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The professional, in a browser of their own, sees it accepted on the project.
    const professional = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(professional, 'distributor@demo.example');
    await openProject(professional, 'Oficinas Norte - planta 2');
    const quotes = professional.getByRole('main').getByRole('region', { name: es('budgets.previous.title') });
    await expect(quotes.getByRole('listitem').filter({ hasText: quoteNumber }).getByText(es('budgets.status.accepted'), { exact: true })).toBeVisible();
    expect(await accessibilityViolations(professional)).toEqual([]);
    await professional.context().close();
  });

  test('a link that was tampered with says so', async ({ page }) => {
    await page.goto('/quote/eyJxIjoxfQ.abcdefghijklmnopqrstuvwxyz012345');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: en('publicQuote.invalid.title') })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test('an importer prepares the United States final quote with the purchaser and the geography', async ({ page }) => {
    await fillFinalQuote(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'budget-quotation-usa');
  });

  test('the importer issues the final quote and downloads its PDF in USD', async ({ page }) => {
    const main = await fillFinalQuote(page);
    await main.getByRole('button', { name: us('budgets.usa.submit') }).click();
    await expect(main.getByRole('heading', { level: 1, name: /QUS-\d{4}-\d{6}/ })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await main.getByRole('button', { name: us('budgets.download.pdf') }).click();
    const pdf = await (await downloading).path();
    expect(execFileSync('qpdf', ['--check', pdf], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Pat Buyer');
    expect(text).toContain('New York');
    expect(text).toMatch(/\$\d/);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
