import { readFileSync } from 'node:fs';
import { parse as parseDisposition } from 'content-disposition';
import type { BudgetList, BudgetPayload, OpenQuoteList, PublicQuote, Quote } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPriceTerms, quoteLines, quotes, users } from '../../db/schema';
import { pdfImages, pdfText, qpdfCheck, xlsxCells } from '../../../test/document-readers';
import { createTestApp, type Agent, type TestApp } from '../../../test/test-app';
import { moneyFormat } from '../../lib/spreadsheet';
import { REF16 } from '../projects/projects.test-support';
import { B1, defaultLines, issue, linkToken, payloadOf, projectWith, PUBLIC } from './budgets.test-support';

let t: TestApp;
let distributor: Agent;
let distributor2: Agent;
let specifier: Agent;

beforeAll(async () => {
  t = await createTestApp();
  distributor = t.agent();
  distributor2 = t.agent();
  specifier = t.agent();
  await Promise.all([distributor.login('distributor@demo.example'), distributor2.login('distributor2@demo.example'), specifier.login('specifier@demo.example')]);
});
afterAll(async () => t.close());

const year = () => t.clock().getUTCFullYear();
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function quoteCount(projectId: number): Promise<number> {
  return (await t.database.db.select().from(quotes).where(eq(quotes.projectId, projectId))).length;
}

describe('the budget page (project-to-budget)', () => {
  it('gives the lines that may enter with unit gross, net, reference, description, attributes, lumens, watts and energy class', async () => {
    const id = await projectWith(distributor, [...defaultLines, { referenceCode: REF16[3], quantity: 1 }]);
    // A line that is not personalised does not enter (spec §5).
    const products = (await distributor.get(`/api/projects/v1/projects/${id}/products`)).json<Array<{ _id: string; referenceCode: string }>>();
    const third = products.find((product) => product.referenceCode === REF16[3]);
    expect((await distributor.put(`/api/projects/v1/projects/${id}/products/${third?._id}`, { isPersonalized: 0 })).statusCode).toBe(200);

    const payload = await payloadOf(distributor, id);
    expect(payload).toMatchObject({ projectId: id, currency: 'EUR', catalogId: 16, budgetNumber: null, discount: 0, surcharge: 0, iva: 0, validityDays: 30 });
    expect(payload.products.map((line) => line.referenceCode)).toEqual([REF16[0], REF16[2]]);
    expect(payload.excluded).toEqual([{ _id: third?._id, model: expect.any(String), referenceCode: REF16[3], reason: 'notPersonalized' }]);
    const [first] = payload.products;
    expect(first).toMatchObject({ referenceCode: '552010/02_10', model: '5520', quantity: 3, unitPvp: 750, hasAttributes: true, energyClass: 'G', lumensLed: 1050, watts: 15.6 });
    expect(first?.description).toBeTruthy();
    expect(first?.attributes.finish?.code).toBe('10');
    // A quote is for the distributor's client (issue 34 §1): the line starts at the list price with no
    // discount (net 3 × 750 = 2250.00); the distributor's purchase price (their rate and discount) and the
    // margin it leaves show to them only.
    expect(first).toMatchObject({ discount: 0, netPrice: 2250 });
    const [line] = (await distributor.get(`/api/projects/v1/projects/${id}?prices=true`)).json<{ products: Array<{ referenceCode: string; price: { unitNet: number } }> }>().products;
    expect(first?.purchaseUnitNet).toBe(line?.price.unitNet);
    expect(first?.purchaseUnitNet).toBeLessThan(750);
    expect(first?.margin).toBe(Number((2250 - 3 * (line?.price.unitNet ?? 0)).toFixed(2)));
    expect(payload.validationDate).toBe(new Date(t.clock().getTime() + 30 * 86_400_000).toISOString().slice(0, 10));
  });

  it("starts a distributor on another rate at the catalogue's list price (default rate 1), their own rate only in the purchase price (issue 34 §1)", async () => {
    // distributor2's company buys at rate 10 ("Tarifa proyectos") with its sublevel discounts; its client
    // is quoted the catalogue's list price (rate 1: 750 and 1135), not rate 10's.
    const id = await projectWith(distributor2, defaultLines);
    const payload = await payloadOf(distributor2, id);
    expect(payload.products.map((line) => line.unitPvp)).toEqual([750, 1135]);
    expect(payload.products.map((line) => line.netPrice)).toEqual([2250, 2270]);
    const own = (await distributor2.get(`/api/projects/v1/projects/${id}?prices=true`)).json<{ products: Array<{ price: { unitGross: number; unitNet: number } }> }>().products;
    // Their own rate differs from the list, and what they pay is their price (rate 10 less their discount).
    expect(own.map((line) => line.price.unitGross)).not.toEqual([750, 1135]);
    expect(payload.products.map((line) => line.purchaseUnitNet)).toEqual(own.map((line) => line.price.unitNet));
    const quote = await issue(distributor2, { projectId: id, products: [] });
    expect(quote.products.map((line) => line.unitPvp)).toEqual([750, 1135]);
    expect(quote.subTotalNet).toBe(4520);
  });

  it('carries articleCode (projectRequestBudgetV2 is on in DEV)', async () => {
    const id = await projectWith(distributor, defaultLines);
    expect((await payloadOf(distributor, id)).products[0]?.articleCode).toBe('LW5520');
  });

  it('answers 403 naming the project for a project of another company, 401 anonymously, 403 without the privileges', async () => {
    const id = await projectWith(distributor, defaultLines);
    const other = await distributor2.get(`/api/apiv2/project-to-budget?projectId=${id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN', fields: [{ path: 'body.projectId', message: 'formError.projectNotYours' }] });
    expect((await t.agent().get(`/api/apiv2/project-to-budget?projectId=${id}`)).statusCode).toBe(401);
    expect((await specifier.get(`/api/apiv2/project-to-budget?projectId=${id}`)).statusCode).toBe(403);
    expect((await distributor.get(`/api/apiv2/project-to-budget?projectId=abc`)).json()).toMatchObject({ fields: [{ path: 'querystring.projectId' }] });
  });
});

describe('issuing a quote: the server recomputes every figure (spec §5)', () => {
  let projectId: number;
  let lines: BudgetPayload['products'];
  beforeAll(async () => {
    projectId = await projectWith(distributor, defaultLines);
    lines = (await payloadOf(distributor, projectId)).products;
    // The demo catalogue's list prices (rate 1) of the two references.
    expect(lines.map((line) => line.unitPvp)).toEqual([750, 1135]);
  });
  const [A, B] = [0, 1];
  const idOf = (index: number) => lines[index]?._id ?? '';

  it('hand-made case 1: a line net rounds half away from zero, then VAT', async () => {
    // A: 1 × 750 × (1 − 33.33 %) = 500.025 → 500.03 (half away from zero; half-even would give 500.02).
    // B: quantity 0 → dropped. VAT 21 % of 500.03 = 105.0063 → 105.01. Total 605.04.
    const quote = await issue(distributor, {
      projectId,
      products: [
        { _id: idOf(A), quantity: 1, discount: 33.33 },
        { _id: idOf(B), quantity: 0 },
      ],
      iva: 21,
    });
    expect(quote.products).toHaveLength(1);
    expect(quote.products[0]).toMatchObject({ quantity: 1, unitPvp: 750, pvp: 750, discount: 33.33, netPrice: 500.03, discountValue: 249.97 });
    expect(quote).toMatchObject({ subTotalNet: 500.03, discountValue: 0, surchargeValue: 0, ivaValue: 105.01, totalNet: 605.04 });
  });

  it('hand-made case 2: footer discount, surcharge and VAT each rounded before the next; client totals ignored', async () => {
    // A: 3 × 750 × (1 − 10 %) = 2025.00; B: 2 × 1135 × (1 − 0 %) = 2270.00. Subtotal 4295.00.
    // Discount 12.5 % = 536.875 → 536.88 (half away from zero); surcharge 3.75 % of 3758.12 =
    // 140.9295 → 140.93; VAT 21 % of 3899.05 = 818.8005 → 818.80. Total 3899.05 + 818.80 = 4717.85.
    const quote = await issue(distributor, {
      projectId,
      products: [
        { _id: idOf(A), quantity: 3, discount: 10 },
        { _id: idOf(B), quantity: 2, discount: 0 },
      ],
      discount: 12.5,
      surcharge: 3.75,
      iva: 21,
      totalNet: 1,
      subTotalNet: 1,
      netTotal: 1,
    });
    expect(quote.products.map((line) => line.netPrice)).toEqual([2025, 2270]);
    expect(quote).toMatchObject({ subTotalNet: 4295, discountValue: 536.88, surchargeValue: 140.93, ivaValue: 818.8, totalNet: 4717.85, discount: 12.5, surcharge: 3.75, iva: 21 });
    const [stored] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(stored).toMatchObject({ subTotal: '4295.00', discountValue: '536.88', surchargeValue: '140.93', ivaValue: '818.80', netTotal: '4717.85' });
  });

  it('hand-made case 3: a negative half cent rounds away from zero too (discount of 0.005 on the total)', async () => {
    // A: 1 × 750 × (1 − 0.01 %) = 749.925 → 749.93. Discount 0.01 % of 749.93 = 0.074993 → 0.07;
    // iva 0. Total 749.86.
    const quote = await issue(distributor, { projectId, products: [{ _id: idOf(A), quantity: 1, discount: 0.01 }, { _id: idOf(B), quantity: 0 }], discount: 0.01 });
    expect(quote).toMatchObject({ subTotalNet: 749.93, discountValue: 0.07, totalNet: 749.86 });
  });

  it('hand-made case 4: a tax rate with 3 decimals (New York 8.875 %), rounded half away from zero (issue 34 §1)', async () => {
    // A: 1 × 750 = 750.00; B: 1 × 1135 × (1 − 50 %) = 567.50. Subtotal 1317.50; sales tax 8.875 % of
    // 1317.50 = 116.928125 → 116.93. Total with tax 1434.43.
    const quote = await issue(distributor, { projectId, products: [{ _id: idOf(A), quantity: 1, discount: 0 }, { _id: idOf(B), quantity: 1, discount: 50 }], iva: 8.875 });
    expect(quote).toMatchObject({ subTotalNet: 1317.5, iva: 8.875, ivaValue: 116.93, totalNet: 1434.43 });
    const [stored] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(stored).toMatchObject({ iva: '8.875', ivaValue: '116.93', netTotal: '1434.43' });
  });

  it('numbers quotes per catalogue and year without gaps, keeps the project and the creator', async () => {
    const list = (await distributor.get(`${B1}/project/${projectId}`)).json<BudgetList>();
    const numbers = list.items.map((item) => item.budgetNumber);
    expect(numbers).toHaveLength(4);
    for (const number of numbers) expect(number).toMatch(new RegExp(`^Q-${year()}-\\d{6}$`));
    const counters = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    expect(counters[3]! - counters[0]!).toBe(3);
    expect(list.items[0]).toMatchObject({ status: 'issued', revision: 1, createdBy: 'Diego Norte', checked: false, currency: 'EUR' });
    expect(list.checkedCount).toBe(0);
  });

  it('a per-line markup on the professional’s purchase price (issue 34 §1): the server sets the client’s unit price from it', async () => {
    const purchase = lines[A]?.purchaseUnitNet ?? 0;
    expect(purchase).toBeGreaterThan(0);
    // A: unit = purchase × 1.375 (half away from zero), 2 units, then a 10 % client discount; B: the list price as before.
    const unit = Math.round(purchase * 137.5) / 100;
    const quote = await issue(distributor, { projectId, products: [{ _id: idOf(A), quantity: 2, discount: 10, markup: 37.5 }, { _id: idOf(B), quantity: 1 }], iva: 0 });
    expect(quote.products[0]).toMatchObject({ unitPvp: unit, pvp: Number((unit * 2).toFixed(2)), discount: 10 });
    expect(quote.products[1]).toMatchObject({ unitPvp: 1135 });
    expect((await distributor.post(B1, { projectId, products: [{ _id: idOf(A), quantity: 1, markup: 1000.5 }] })).statusCode).toBe(400);

    // The issued quote keeps each line's markup (a revision starts from it); a line at the list price has none.
    expect(quote.products[0]?.markup).toBe(37.5);
    expect(quote.products[1]).not.toHaveProperty('markup');
    const kept = (await distributor.get(`${B1}/quotes/${quote.id}`)).json<Quote>();
    expect(kept.products.map((line) => line.markup)).toEqual([37.5, undefined]);
    // The professional's spreadsheet shows it in an internal column: 37.5 % as the fraction 0.375, empty at the list price.
    const cells = xlsxCells((await distributor.get(`${B1}/quotes/${quote.id}/xlsx?lang=en`)).rawPayload);
    const header = cells.find((cell) => cell.value === 'Your markup on cost (internal)');
    expect(header).toBeTruthy();
    const [column, row] = [header!.ref.replace(/\d+$/, ''), Number(header!.ref.replace(/^[A-Z]+/, ''))];
    expect(cells.find((cell) => cell.ref === `${column}${row + 1}`)).toMatchObject({ type: 'n', value: '0.375' });
    expect(cells.find((cell) => cell.ref === `${column}${row + 2}`)?.value ?? '').toBe('');

    // It stays the professional's: the client's mail, public page and PDF show neither the markup nor the purchase price.
    const to = 'markup@cliente.example';
    expect((await distributor.post(`${B1}/quotes/${quote.id}/send`, { email: to, name: 'Ana Cliente' })).statusCode).toBe(200);
    await expect.poll(() => t.mailer.messages.some((message) => message.to === to)).toBe(true);
    const mail = t.mailer.messages.find((message) => message.to === to);
    const token = linkToken(t.mailer.messages, to);
    const page = await t.agent().get(`${PUBLIC}/${token}`);
    expect(page.statusCode).toBe(200);
    const publicLines = page.json<PublicQuote>().products;
    expect(publicLines[0]).toMatchObject({ unitPvp: unit, discount: 10 });
    for (const line of publicLines) for (const internal of ['markup', 'purchaseUnitNet', 'margin']) expect(line).not.toHaveProperty(internal);
    expect(page.body).not.toContain('37.5');
    const publicPdf = plain(pdfText((await t.agent().get(`${PUBLIC}/${token}/pdf`)).rawPayload));
    const sentPdf = plain(pdfText((await distributor.get(`${B1}/quotes/${quote.id}/pdf`)).rawPayload));
    const markupText = /37[.,]5\d*\s*%/;
    for (const text of [mail?.text ?? '', mail?.html ?? '', publicPdf, sentPdf]) expect(text).not.toMatch(markupText);
  });
});

describe('bad input: 400 or 403 with the field at fault, nothing stored', () => {
  let projectId: number;
  let lineId: string;
  beforeAll(async () => {
    projectId = await projectWith(distributor, defaultLines);
    lineId = (await payloadOf(distributor, projectId)).products[0]?._id ?? '';
  });

  const refused = async (body: Record<string, unknown>, status: number, path: string, agent: Agent = distributor) => {
    const before = await quoteCount(projectId);
    const response = await agent.post(B1, { projectId, ...body });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ fields?: Array<{ path: string }> }>().fields?.map((field) => field.path)).toContain(path);
    expect(await quoteCount(projectId)).toBe(before);
  };

  it('percentages outside 0–100 or with 3 decimals (a tax rate: 4)', async () => {
    await refused({ discount: 100.01 }, 400, 'body.discount');
    await refused({ surcharge: -1 }, 400, 'body.surcharge');
    await refused({ iva: 1000 }, 400, 'body.iva');
    await refused({ products: [{ _id: lineId, quantity: 1, discount: 120 }] }, 400, 'body.products.0.discount');
    await refused({ iva: 21.0005 }, 400, 'body.iva');
    await refused({ discount: 21.005 }, 400, 'body.discount');
  });

  it('negative or fractional quantities, a line of another project, the same line twice', async () => {
    await refused({ products: [{ _id: lineId, quantity: -1 }] }, 400, 'body.products.0.quantity');
    await refused({ products: [{ _id: lineId, quantity: 1.5 }] }, 400, 'body.products.0.quantity');
    await refused({ products: [{ _id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }, 400, 'body.products.0._id');
    await refused({ products: [{ _id: lineId, quantity: 1 }, { _id: lineId, quantity: 2 }] }, 400, 'body.products');
  });

  it('a comment beyond 4,000 characters or with markup', async () => {
    await refused({ comment: 'a'.repeat(4001) }, 400, 'body.comment');
    await refused({ comment: '<b>hi</b>' }, 400, 'body.comment');
  });

  it('a project without lines that may enter a budget', async () => {
    const products = (await payloadOf(distributor, projectId)).products;
    await refused({ products: products.map((line) => ({ _id: line._id, quantity: 0 })) }, 400, 'body.products');
  });

  it('a project of another company (403, the same as a missing one), and a caller without the privileges', async () => {
    await refused({}, 403, 'body.projectId', distributor2);
    const missing = await distributor.post(B1, { projectId: 2_000_000_000 });
    expect(missing.statusCode).toBe(403);
    expect((await specifier.post(B1, { projectId })).statusCode).toBe(403);
    expect((await t.agent().post(B1, { projectId })).statusCode).toBe(401);
    expect(await quoteCount(projectId)).toBe(0);
  });

  it('hostile text and numbers: NUL, lone surrogates, ids past int4, huge quantities', async () => {
    await refused({ comment: 'ok\u0000' }, 400, 'body.comment');
    await refused({ clientName: 'Ana\ud800' }, 400, 'body.clientName');
    await refused({ products: [{ _id: lineId, quantity: 100_001 }] }, 400, 'body.products.0.quantity');
    const past = await distributor.post(B1, { projectId: 2_147_483_648 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ fields: [{ path: 'body.projectId' }] });
    expect((await distributor.get(`${B1}/quotes/2147483648`)).json()).toMatchObject({ fields: [{ path: 'params.id' }] });
  });

  it('a revision of a quote of another project', async () => {
    const other = await issue(distributor, { projectId: await projectWith(distributor, defaultLines) });
    await refused({ revisionOf: other.id }, 400, 'body.revisionOf');
  });
});

describe('a quote that can be trusted', () => {
  it('is frozen: project and price changes after issuing never alter it', async () => {
    const projectId = await projectWith(distributor, defaultLines);
    const payload = await payloadOf(distributor, projectId);
    const quote = await issue(distributor, { projectId, iva: 21, clientName: 'Hôtel Ñandú' });

    // The project changes: a quantity, and a line removed.
    const [first, second] = payload.products;
    expect((await distributor.put(`/api/projects/v1/projects/${projectId}/products/${first?._id}`, { quantity: 40 })).statusCode).toBe(200);
    expect((await distributor.request('DELETE', `/api/projects/v1/projects/${projectId}/products/${second?._id}`)).statusCode).toBe(200);
    // The prices change for the caller: their company moves to another rate with other discounts.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'distributor@demo.example'));
    const [terms] = await t.database.db.select().from(companyPriceTerms).where(eq(companyPriceTerms.companyId, user!.companyId!));
    await t.database.db.update(companyPriceTerms).set({ rateId: 10, sublevelDiscounts: {} }).where(eq(companyPriceTerms.companyId, user!.companyId!));
    try {
      const now = await payloadOf(distributor, projectId);
      expect(now.products).toHaveLength(1);
      expect(now.products[0]?.quantity).toBe(40);
      expect(now.totalNet).not.toBe(quote.totalNet);
      const again = (await distributor.get(`${B1}/quotes/${quote.id}`)).json<Quote>();
      expect(again).toEqual(quote);
    } finally {
      await t.database.db.update(companyPriceTerms).set({ rateId: terms!.rateId, sublevelDiscounts: terms!.sublevelDiscounts }).where(eq(companyPriceTerms.companyId, user!.companyId!));
    }
  });

  it('a revision keeps the number with a suffix, and the old revision stays readable', async () => {
    const projectId = await projectWith(distributor, defaultLines);
    const first = await issue(distributor, { projectId });
    const second = await issue(distributor, { projectId, revisionOf: first.id, iva: 10 });
    const third = await issue(distributor, { projectId, revisionOf: first.id, iva: 20 });
    expect(second).toMatchObject({ baseNumber: first.budgetNumber, revision: 2, budgetNumber: `${first.budgetNumber}-2` });
    expect(third.budgetNumber).toBe(`${first.budgetNumber}-3`);
    expect((await distributor.get(`${B1}/quotes/${first.id}`)).json<Quote>()).toEqual(first);
    const list = (await distributor.get(`${B1}/project/${projectId}`)).json<BudgetList>();
    expect(list.items.map((item) => item.budgetNumber)).toEqual([third.budgetNumber, second.budgetNumber, first.budgetNumber]);
  });

  it('a retried issue with the same Idempotency-Key gives one quote', async () => {
    const projectId = await projectWith(distributor, defaultLines);
    const headers = { 'idempotency-key': `quote-${projectId}` };
    const first = await distributor.post(B1, { projectId, iva: 21 }, headers);
    const again = await distributor.post(B1, { projectId, iva: 21 }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Quote>().budgetNumber).toBe(first.json<Quote>().budgetNumber);
    expect(await quoteCount(projectId)).toBe(1);
  });

  it('50 concurrent issues get 50 distinct numbers, each with its lines', async () => {
    const projectId = await projectWith(distributor, defaultLines);
    const answers = await Promise.all(Array.from({ length: 50 }, () => distributor.post(B1, { projectId })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(new Array(50).fill(201));
    const numbers = answers.map((answer) => answer.json<Quote>().budgetNumber);
    expect(new Set(numbers).size).toBe(50);
    const counters = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    expect(counters[49]! - counters[0]!).toBe(49);
    const ids = answers.map((answer) => answer.json<Quote>().id);
    const stored = await t.database.db.select().from(quoteLines);
    for (const id of ids) expect(stored.filter((line) => line.quoteId === id)).toHaveLength(2);
  });
});

describe('the quote’s documents', () => {
  let quote: Quote;
  beforeAll(async () => {
    const projectId = await projectWith(distributor, defaultLines);
    // The figures of hand-made case 2 above: total 4717.85.
    const [a, b] = (await payloadOf(distributor, projectId)).products;
    const products = [
      { _id: a?._id, quantity: 3, discount: 10 },
      { _id: b?._id, quantity: 2, discount: 0 },
    ];
    quote = await issue(distributor, { projectId, products, discount: 12.5, surcharge: 3.75, iva: 21, lang: 'fr', clientName: 'Hôtel Ñandú', comment: "Livraison à l'entrepôt, façade côté rue.\nMerci !" });
  });

  it('PDF in French: valid for qpdf, its text has the number, accented lines and the total in the EUR format', async () => {
    const response = await distributor.get(`${B1}/quotes/${quote.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(parseDisposition(String(response.headers['content-disposition']))).toMatchObject({ type: 'attachment', parameters: { filename: `${quote.budgetNumber}.pdf` } });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(qpdfCheck(response.rawPayload).pages).toBe(1);
    // each line with its picture, as on the invoice (issue 34 §3): poppler's pdfimages counts one per line
    expect(pdfImages(response.rawPayload)).toHaveLength(quote.products.length);
    if (process.env.QUOTE_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.QUOTE_PDF_OUT, response.rawPayload);
    const text = plain(pdfText(response.rawPayload));
    expect(text).toContain(`Devis ${quote.budgetNumber}`);
    expect(text).toContain('Hôtel Ñandú');
    expect(text).toContain("Livraison à l'entrepôt, façade côté rue.");
    expect(text).toContain('Désignation');
    // The header wraps in its column: its two words are on two lines.
    expect(text).toMatch(/Classe[^\n]*\n[^\n]*énergétique/);
    // What people read (issue 34 §1): net before tax, the rate with its base and amount, the total with tax.
    // 4295.00 − 536.88 + 140.93 = 3899.05 HT; TVA 21 % of 3899.05 = 818.80; TTC 4717.85.
    expect(text).toMatch(/Total HT\s+3\.899,05 €/);
    expect(text).toMatch(/TVA 21 % sur 3\.899,05 €\s+818,80 €/);
    expect(text).toMatch(/Total TTC\s+4\.717,85 €/);
    expect(text).not.toMatch(/total net/i);
    expect(text).toContain('Page 1 sur 1');
    expect(text).toContain('Valable jusqu’au');
  });

  it('PDF in German on request (lang), the figures unchanged', async () => {
    const response = await distributor.get(`${B1}/quotes/${quote.id}/pdf?lang=de`);
    const text = plain(pdfText(response.rawPayload));
    expect(text).toContain(`Angebot ${quote.budgetNumber}`);
    expect(text).toContain('Zwischensumme');
    expect(text).toMatch(/Nettobetrag \(ohne MwSt\.\)\s+3\.899,05 €/);
    expect(text).toMatch(/MwSt\. 21 % auf 3\.899,05 €\s+818,80 €/);
    expect(text).toMatch(/Gesamtbetrag inkl\. MwSt\.\s+4\.717,85 €/);
    expect(text).toContain('Seite 1 von 1');
    // the lines' descriptions in German too, read from the catalogue (issue 28 §5: they stayed in the issuing language)
    const catalogue = JSON.parse(readFileSync(new URL('../../db/seed/catalogue/data/catalogue.json', import.meta.url), 'utf8')) as { models: Array<{ model: string; description: Record<string, string> }> };
    for (const line of quote.products) {
      const description = catalogue.models.find((model) => model.model === line.model)?.description;
      expect(description?.de).toBeDefined();
      // (a description wraps in its column: word by word)
      const german = (description?.de ?? '').split(' ');
      for (const word of german) expect(text).toContain(word);
      for (const word of (description?.fr ?? '').split(' ').filter((word) => word.length > 3 && !german.includes(word))) expect(text).not.toContain(word);
    }
    // the column headers wrap between words, never inside one (issue 28 §5: "Energieklass/e", "Men/ge")
    expect(text).toContain('Energieklasse');
    expect(text).toMatch(/\bMenge\b/);
    // and their attributes' words: the finish, the light, the canopy
    expect(text).toContain('Weiß');
    expect(text).not.toContain('Blanc');
    expect(text).not.toContain('Rosace');
    // the same in the spreadsheet
    const cells = xlsxCells((await distributor.get(`${B1}/quotes/${quote.id}/xlsx?lang=de`)).rawPayload);
    const first = quote.products[0];
    expect(JSON.stringify(cells)).toContain(catalogue.models.find((model) => model.model === first?.model)?.description.de ?? '?');
  });

  it('a 200-line quote breaks over pages with "Page X of Y" on each', async () => {
    const projectId = await projectWith(
      distributor,
      Array.from({ length: 200 }, (_, index) => ({ referenceCode: index % 2 ? REF16[0] : REF16[2], quantity: index + 1 })),
    );
    const big = await issue(distributor, { projectId, lang: 'en' });
    const response = await distributor.get(`${B1}/quotes/${big.id}/pdf`);
    const { pages } = qpdfCheck(response.rawPayload);
    expect(pages).toBeGreaterThan(4);
    const text = pdfText(response.rawPayload);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
  });

  it('spreadsheet: numbers are numbers with the currency format, one row per line, the totals', async () => {
    const response = await distributor.get(`${B1}/quotes/${quote.id}/xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const cells = xlsxCells(response.rawPayload);
    const header = cells.find((cell) => cell.value === 'Prix unitaire');
    expect(header).toBeTruthy();
    const headerRow = Number(header!.ref.replace(/^[A-Z]+/, ''));
    const rows = [headerRow + 1, headerRow + 2];
    for (const row of rows) {
      expect(cells.find((cell) => cell.ref === `F${row}`)).toMatchObject({ type: 'n' });
      expect(cells.find((cell) => cell.ref === `G${row}`)).toMatchObject({ type: 'n', format: moneyFormat('EUR') });
      expect(cells.find((cell) => cell.ref === `I${row}`)).toMatchObject({ type: 'n', format: moneyFormat('EUR') });
    }
    expect(cells.find((cell) => cell.ref === `G${rows[0]}`)?.value).toBe(String(quote.products[0]?.unitPvp));
    expect(cells.filter((cell) => cell.ref === `A${headerRow + 3}`)).toEqual([]);
    const beforeTax = cells.find((cell) => cell.value === 'Total HT');
    expect(cells.find((cell) => cell.ref === beforeTax!.ref.replace(/^H/, 'I'))).toMatchObject({ type: 'n', value: '3899.05' });
    expect(cells.find((cell) => /^TVA 21 % sur 3.899,05 €$/.test(cell.value.replace(/[\u202f\u00a0]/g, ' ')))).toBeTruthy();
    const total = cells.find((cell) => cell.value === 'Total TTC');
    const totalValue = cells.find((cell) => cell.ref === total!.ref.replace(/^H/, 'I'));
    expect(totalValue).toMatchObject({ type: 'n', value: '4717.85', format: moneyFormat('EUR') });
    // Formulas (issue 34 §1): the line nets and every total recompute when a distributor edits the sheet;
    // their cached results are the quote's figures. Row r: ROUND(F×G×(1−H), 2).
    for (const row of rows) expect(cells.find((cell) => cell.ref === `I${row}`)?.formula).toBe(`ROUND(F${row}*G${row}*(1-H${row}),2)`);
    const sub = cells.find((cell) => cell.value === 'Sous-total')!.ref.replace(/^H/, 'I');
    expect(cells.find((cell) => cell.ref === sub)).toMatchObject({ formula: `SUM(I${rows[0]}:I${rows[1]})`, value: '4295' });
    expect(totalValue?.formula).toMatch(/^I\d+\+I\d+$/);
    // The distributor's own columns (issue 34 §1): purchase price and the margin, a formula on the line.
    expect(cells.find((cell) => cell.value === 'Votre prix d’achat (interne)')).toBeTruthy();
    expect(cells.find((cell) => cell.ref === `K${rows[0]}`)?.formula).toBe(`ROUND(I${rows[0]}-F${rows[0]}*J${rows[0]},2)`);
    // Dates are dates: a number with a date format (the day-first order of French).
    const issued = cells.find((cell) => cell.value === 'Date');
    expect(cells.find((cell) => cell.ref === issued!.ref.replace(/^A/, 'B'))).toMatchObject({ type: 'n', format: 'dd/mm/yyyy' });
  });

  it('documents of a quote the caller does not see: 404', async () => {
    expect((await distributor2.get(`${B1}/quotes/${quote.id}/pdf`)).statusCode).toBe(404);
    expect((await distributor2.get(`${B1}/quotes/${quote.id}`)).statusCode).toBe(404);
  });
});

describe("the caller's open quotes (issue 35 §4: the dashboard)", () => {
  it('lists the last revision of each quote still open, newest first, with its project; never an answered or expired one, nor another user’s', async () => {
    const projectId = await projectWith(distributor, defaultLines);
    const first = await issue(distributor, { projectId });
    const revised = await issue(distributor, { projectId, revisionOf: first.id, iva: 10 });
    const accepted = await issue(distributor, { projectId });
    const expired = await issue(distributor, { projectId });
    const latest = await issue(distributor, { projectId });
    await t.database.db.update(quotes).set({ status: 'accepted' }).where(eq(quotes.id, accepted.id));
    await t.database.db.update(quotes).set({ validUntil: '2000-01-01' }).where(eq(quotes.id, expired.id));
    const answer = await distributor.get(`${B1}/open?limit=20`);
    expect(answer.statusCode).toBe(200);
    const items = answer.json<OpenQuoteList>().items;
    const ids = items.map((item) => item.id);
    expect(ids.slice(0, 2)).toEqual([latest.id, revised.id]);
    for (const gone of [first.id, accepted.id, expired.id]) expect(ids).not.toContain(gone);
    expect(items[0]).toMatchObject({ projectId, projectName: latest.projectName, status: 'issued', budgetNumber: latest.budgetNumber });
    expect(items.every((item) => item.status === 'issued' || item.status === 'sent')).toBe(true);
    expect((await distributor.get(`${B1}/open`)).json<OpenQuoteList>().items.length).toBeLessThanOrEqual(5);
    expect((await distributor2.get(`${B1}/open`)).json<OpenQuoteList>().items.map((item) => item.id)).not.toContain(latest.id);
  });

  it('refuses a bad limit (400), a caller without prices (403) and a visitor (401)', async () => {
    expect((await distributor.get(`${B1}/open?limit=500`)).statusCode).toBe(400);
    expect((await distributor.get(`${B1}/open?limit=abc`)).statusCode).toBe(400);
    expect((await specifier.get(`${B1}/open`)).statusCode).toBe(403);
    expect((await t.agent().get(`${B1}/open`)).statusCode).toBe(401);
  });
});
