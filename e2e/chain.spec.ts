import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mails } from './support/outbox';
import { logIn } from './support/session';
import { exactly, texts } from './support/texts';

// Issue 34, done when: the whole chain as a distributor, in the browser against the built app. A
// project with a pendant at 2.50 m, a crea creation and a drawn sticks composition (seeded through
// the api: their configurators are other specs' walks) → a quote with the client's markup (the
// surcharge) → sent → accepted by the client on the public page → converted to an order with a
// delivery address → processed by the built-in ERP (ERP_STEP_MS 1.5 s in playwright.config.ts) →
// followed to its invoice → ordered again. Every document is read by independent readers (pdftotext,
// python's zipfile for the XLSX) and its figures checked against the hand computation below; the
// quote in Spanish (the distributor's language), the invoice in German.

const es = texts('es');
const de = texts('de');
const spaces = JSON.parse(readFileSync(new URL('./support/chain-spaces.json', import.meta.url), 'utf8')) as { crea: Record<string, unknown>; sticks: Record<string, unknown> };
const PENDANT = '235505/03_10';
const MARKUP = 10;
const VAT = 21;

/** Cents, rounded half away from zero (every figure here is positive). */
const cents = (euros: number) => Math.round(euros * 100);
const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);
/** An amount in cents as the documents print it: 1.234,56 (es and de group thousands with a dot). */
const money = (amount: number) => `${String(Math.floor(amount / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(amount % 100).padStart(2, '0')}`;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const pdfText = (path: string) => plain(execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }));
/** The pictures of a PDF as poppler's pdfimages lists them (their soft masks left out). */
const pdfPictures = (path: string) =>
  execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line));
/** Figures in a text: the amounts it prints, in order. */
const amounts = (text: string) => [...text.matchAll(/\d{1,3}(?:\.\d{3})*,\d{2}/g)].map((match) => match[0]);

async function saved(page: Page, press: () => Promise<void>): Promise<string> {
  const downloading = page.waitForEvent('download');
  await press();
  const download = await downloading;
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** The cells of the XLSX's first sheet, read with python's zipfile and ElementTree: reference → value or formula. */
function sheetCells(path: string): Record<string, { value: string; formula: string | null }> {
  const script = `
import json, sys, zipfile, xml.etree.ElementTree as ET
ns = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
z = zipfile.ZipFile(sys.argv[1])
shared = []
if 'xl/sharedStrings.xml' in z.namelist():
    for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', ns):
        shared.append(''.join(t.text or '' for t in si.iter('{%s}t' % ns['m'])))
cells = {}
for c in ET.fromstring(z.read('xl/worksheets/sheet1.xml')).iter('{%s}c' % ns['m']):
    v = c.find('m:v', ns); f = c.find('m:f', ns); inline = c.find('m:is', ns)
    value = v.text if v is not None else ''
    if c.get('t') == 's': value = shared[int(value)]
    if inline is not None: value = ''.join(t.text or '' for t in inline.iter('{%s}t' % ns['m']))
    cells[c.get('r')] = {'value': value, 'formula': f.text if f is not None else None}
print(json.dumps(cells))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' })) as Record<string, { value: string; formula: string | null }>;
}

const textbox = (scope: Locator, label: string) => scope.getByRole('textbox', { name: exactly(label, { end: false }) });

test.describe('issue 34: the chain a distributor runs', () => {
  // The language switched to German for the invoice goes back to Spanish whatever happens (other specs log in as this distributor).
  test.afterEach(async ({ page }) => {
    await page.request.patch('/api/users/v1/users/lang', { data: { lang: 'es' }, headers: { origin: new URL(page.url()).origin } }).catch(() => undefined);
  });

  test('project → quote with a markup → sent → accepted → order with its address → processed → invoice → ordered again, every document against a hand computation', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await logIn(page, 'distributor@demo.example');
    const name = `Hotel Cadena ${Date.now() % 100_000}`;
    const created = await page.request.post('/api/projects/v1/projects', {
      data: {
        name,
        catalogId: 16,
        products: [
          { type: 'REGULAR', referenceCode: PENDANT, quantity: 4, pendantHeight: 250 },
          { type: 'CREATION', subFamily: { id: 259 }, configuratorType: { id: 1 }, model: '5770', quantity: 2, space: spaces.crea },
          { type: 'CREATION', subFamily: { id: 219 }, configuratorType: { id: 2 }, model: '7470', quantity: 1, space: spaces.sticks },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { id: number }).id;
    // The figures the hand computation starts from: each line's list price (the catalogue's rate for the client) and the distributor's own purchase price.
    const payload = (await (await page.request.get(`/api/apiv2/project-to-budget?projectId=${projectId}&lang=es`)).json()) as { products: Array<{ _id: string; description: string; quantity: number; unitPvp: number; purchaseUnitNet: number }> };
    const lines = payload.products.map((line) => ({ ...line, list: cents(line.unitPvp), purchase: cents(line.purchaseUnitNet) }));
    expect(lines).toHaveLength(3);
    expect(lines[1]?.description).toBe('Composición Multiple, 3 luminarias');

    // Hand computation of the quote: line net = list × quantity; subtotal; the markup on it; VAT on the net; total.
    const lineNets = lines.map((line) => line.list * line.quantity);
    const subtotal = lineNets.reduce((sum, net) => sum + net, 0);
    const markup = percentOf(subtotal, MARKUP);
    const net = subtotal + markup;
    const vat = percentOf(net, VAT);
    const total = net + vat;

    // From the home page to the project, by clicks.
    const main = page.getByRole('main');
    await page.getByRole('banner').getByRole('link', { name: es('menu.projects') }).first().click();
    await main.getByRole('search').getByRole('searchbox').fill(name);
    // The list answers the search while it is typed: pressed again should the link have been replaced under the pointer.
    await expect(async () => {
      if (!/\/project\/\d+$/.test(page.url())) await main.getByRole('link', { name, exact: true }).click({ timeout: 5_000 });
      await expect(main.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
    // Lines by the names people use, the pendant with its height.
    for (const line of lines) await expect(main.getByText(line.description, { exact: true }).first()).toBeVisible();

    // The quote: the client's markup as the surcharge, VAT, the client's name.
    await main.getByRole('link', { name: es('budgets.action.generate') }).click();
    await expect(main.getByRole('heading', { level: 1, name: es('budgets.title') })).toBeVisible();
    await textbox(main, es('budgets.footer.surcharge')).fill(String(MARKUP));
    await textbox(main, es('budgets.footer.iva')).fill(String(VAT));
    await textbox(main, es('budgets.footer.clientName')).fill('Clara Cadena');
    const totals = main.getByRole('region', { name: es('budgets.totals.title') });
    await expect(totals).toContainText(money(total));
    const quotePdf = await saved(page, () => main.getByRole('button', { name: es('budgets.action.saveDownload') }).click());
    const outcome = main.getByRole('status').filter({ hasText: /Q-\d{4}-\d{6}/ });
    await expect(outcome).toBeVisible();
    const quoteNumber = /Q-\d{4}-\d{6}/.exec((await outcome.textContent()) ?? '')?.[0] ?? '';

    // The quote PDF (Spanish): each line's list price and net, the subtotal, the markup, the net before tax, VAT on its base, the total.
    const quoteText = pdfText(quotePdf);
    expect(quoteText).toContain(quoteNumber);
    expect(quoteText).toMatch(/2,50 m/);
    const quoteFigures = amounts(quoteText);
    for (const [index, line] of lines.entries()) {
      expect(quoteFigures, `list price of line ${index + 1}`).toContain(money(line.list));
      expect(quoteFigures, `net of line ${index + 1}`).toContain(money(lineNets[index] ?? 0));
      // Nothing of the distributor's purchase terms in what the client receives.
      expect(quoteFigures).not.toContain(money(line.purchase));
    }
    for (const figure of [subtotal, markup, net, vat, total]) expect(quoteFigures).toContain(money(figure));
    expect(quoteText).toMatch(new RegExp(`IVA 21 % sobre ${money(net).replace('.', '\\.')}`));
    // Each line with its picture (poppler's pdfimages lists them), as on the invoice.
    expect(pdfPictures(quotePdf)).toHaveLength(lines.length);

    // The XLSX, read as a zip of XML: the line nets are formulas over quantity and list price, the figures are numbers.
    const xlsx = await saved(page, () => main.getByRole('button', { name: es('budgets.download.xlsx'), exact: true }).click());
    const cells = Object.values(sheetCells(xlsx));
    const numbers = cells.map((cell) => Number(cell.value)).filter((value) => Number.isFinite(value));
    for (const [index, line] of lines.entries()) {
      expect(numbers).toContain(line.list / 100);
      expect(cells.some((cell) => cell.formula !== null && Number(cell.value) === (lineNets[index] ?? 0) / 100), `line ${index + 1} net as a formula`).toBe(true);
    }
    for (const figure of [subtotal, markup, net, vat, total]) expect(numbers).toContain(figure / 100);

    // Sent to the client: the quote just issued, not a new number.
    const client = `clara.${Date.now()}@cadena.example`;
    await main.getByRole('button', { name: es('budgets.action.sendNumber', { number: quoteNumber }) }).click();
    const dialog = page.getByRole('dialog');
    await textbox(dialog, es('budgets.send.email')).fill(client);
    await dialog.getByRole('button', { name: es('budgets.send.submit_one') }).click();
    await expect(main.getByText(es('budgets.send.done_one', { email: client }))).toBeVisible();

    // The client opens the link from the mail, without an account, and accepts.
    let mail: string | undefined;
    await expect.poll(() => (mail = mails().find((text) => text.includes(client) && text.includes(quoteNumber))), { timeout: 15_000 }).toBeTruthy();
    const link = new URL(/https?:\/\/[^\s"<>]+\/quote\/[A-Za-z0-9_.-]+/.exec(mail ?? '')?.[0] ?? '');
    const clientPage = await (await browser.newContext()).newPage();
    await clientPage.goto(`${new URL(page.url()).origin}${link.pathname}`);
    const publicMain = clientPage.getByRole('main');
    await expect(publicMain.getByRole('heading', { level: 1 })).toHaveText(es('publicQuote.title', { number: quoteNumber }));
    await expect(publicMain).toContainText(money(total));
    await expect(publicMain).toContainText('2,50 m');
    const accept = publicMain.getByRole('form', { name: es('publicQuote.mode.accept') });
    await accept.getByRole('checkbox').check();
    await accept.getByRole('button', { name: es('publicQuote.accept.submit') }).click();
    await expect(publicMain.getByRole('status').filter({ hasText: 'Clara Cadena' })).toBeVisible();
    await clientPage.context().close();

    // Back on the budget page: the accepted quote converts to an order.
    await page.reload();
    const previous = main.getByRole('region', { name: es('budgets.previous.title') });
    await previous.getByRole('link', { name: es('budgets.previous.toOrderOf', { number: quoteNumber }) }).click();
    await expect(main.getByRole('heading', { level: 1, name: es('orders.new.title') })).toBeVisible();
    // A delivery address of its own (the site), typed.
    await main.getByRole('radio', { name: exactly(es('orders.address.other'), { end: false }) }).check();
    await main.getByRole('textbox', { name: exactly(es('orders.address.otherLabel'), { end: false }) }).fill('Hotel Cadena, obra\nPaseo de la Castellana 200\n28046 Madrid');
    await main.getByRole('textbox', { name: exactly(es('orders.field.internalOrderNumber'), { end: false }) }).fill('PO-CADENA');

    // The order goes to the brand at the distributor's purchase prices, frozen on the quote: the review by hand.
    const orderNets = lines.map((line) => line.purchase * line.quantity);
    const orderNet = orderNets.reduce((sum, value) => sum + value, 0);
    const orderVat = percentOf(orderNet, VAT);
    await main.getByRole('button', { name: es('orders.review.open') }).click();
    const review = main.getByRole('region', { name: es('orders.review.title') });
    await expect(review).toContainText('Paseo de la Castellana 200');
    for (const figure of [...orderNets, orderNet, orderVat, orderNet + orderVat]) await expect(review).toContainText(money(figure));
    // The confirmation takes a press of its own once the review has been on screen a moment (a double click on Review orders nothing).
    const placed = main.getByRole('status').filter({ hasText: name });
    await expect(async () => {
      await main.getByRole('button', { name: es('orders.review.confirm') }).click({ timeout: 2_000 });
      await expect(placed).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await placed.getByRole('link', { name: exactly(es('orders.new.openOrder', { id: '' }), { end: false }) }).click();
    await expect(page).toHaveURL(/\/order\/\d+$/);
    const orderId = /\/order\/(\d+)$/.exec(page.url())?.[1] ?? '';
    await expect(main).toContainText(quoteNumber);
    await expect(main).toContainText('Paseo de la Castellana 200');
    await expect(main).toContainText('2,50 m');

    // Processed by the built-in ERP: the page follows it to FINISHED and its invoice.
    const invoiceTitle = main.getByRole('heading', { level: 2, name: es('orders.invoice.title'), exact: true });
    await expect(async () => {
      await main.getByRole('button', { name: es('orders.timeline.refresh') }).click();
      await expect(invoiceTitle).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    for (const status of ['2', '3', '4']) await expect(main.getByRole('list').getByText(es(`orders.status.${status}`))).toBeVisible();

    // The invoice in German: the interface language switched, the PDF read with pdftotext.
    await page.getByRole('button', { name: exactly(es('header.language'), { start: false }) }).click();
    await page.getByRole('option', { name: es('language.de') }).click();
    await expect(main.getByRole('button', { name: de('orders.invoice.download') })).toBeVisible();
    const invoicePdf = await saved(page, () => main.getByRole('button', { name: de('orders.invoice.download') }).click());
    const invoiceText = pdfText(invoicePdf);
    expect(invoiceText).toContain('Rechnung');
    expect(invoiceText).toContain('Luminotecnia Norte S.L.');
    const invoiceFigures = amounts(invoiceText);
    for (const [index, line] of lines.entries()) {
      expect(invoiceFigures, `unit net of line ${index + 1}`).toContain(money(line.purchase));
      expect(invoiceFigures, `net of line ${index + 1}`).toContain(money(orderNets[index] ?? 0));
    }
    for (const figure of [orderNet, orderVat, orderNet + orderVat]) expect(invoiceFigures).toContain(money(figure));
    expect(invoiceText).toMatch(/2,50 m/);
    // Each line with its picture (poppler's pdfimages lists them).
    expect(pdfPictures(invoicePdf)).toHaveLength(lines.length);
    // The creations named in German (art. 226: in the buyer's language), not in the order's Spanish.
    expect(invoiceText).toContain('Multiple-Komposition, 3 Leuchten');
    expect(invoiceText).not.toContain('Composición');
    // Back to Spanish before ordering again.
    await page.getByRole('button', { name: exactly(de('header.language'), { start: false }) }).click();
    await page.getByRole('option', { name: de('language.es') }).click();

    // Ordered again: all three lines come back, configured as they were.
    const again = main.getByRole('region', { name: es('orders.reorder.title') });
    await again.getByRole('button', { name: es('orders.reorder.submit') }).click();
    const summary = again.getByRole('status');
    await expect(summary).toContainText(es('orders.reorder.done_other', { count: '3' }));
    await expect(summary).not.toContainText(es('orders.reorder.configurationChanged', { attributes: '' }).split(':')[0] ?? '');
    await summary.getByRole('link', { name: es('orders.reorder.open') }).click();
    await expect(page).not.toHaveURL(new RegExp(`/order/${orderId}$`));
    for (const line of lines) await expect(main.getByText(line.description, { exact: true }).first()).toBeVisible();
    await expect(main).toContainText('2,50 m');
  });
});
