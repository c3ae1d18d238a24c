import type { BudgetList, PublicQuote, Quote } from '@lumen/contracts';
import { formatCurrency } from '@lumen/domain';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, qpdfCheck } from '../../../test/document-readers';
import { createTestApp, type Agent, type TestApp } from '../../../test/test-app';
import { REF21 } from '../projects/projects.test-support';
import { B1, defaultLines, issue, linkToken, projectWith, PUBLIC } from './budgets.test-support';

let t: TestApp;
let distributor: Agent;
let distributor2: Agent;
let importer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  distributor = t.agent();
  distributor2 = t.agent();
  importer = t.agent();
  await Promise.all([distributor.login('distributor@demo.example'), distributor2.login('distributor2@demo.example'), importer.login('importer@demo.example')]);
});
afterAll(async () => t.close());

const DAY = 86_400_000;

/** The first page's size in points, as poppler's pdfinfo reads it. */
function pageBox(pdf: Buffer): [number, number] {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-quote-'));
  try {
    writeFileSync(join(dir, 'q.pdf'), pdf);
    const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [join(dir, 'q.pdf')], { encoding: 'utf8' }));
    return [Number(match?.[1]), Number(match?.[2])];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits for mails sent in the background after the answer. */
const mailsSettled = () => new Promise((resolve) => setTimeout(resolve, 50));

async function sentQuote(body: Record<string, unknown> = {}, to = 'client@example.com'): Promise<{ quote: Quote; token: string }> {
  const projectId = await projectWith(distributor, defaultLines);
  const quote = await issue(distributor, { projectId, iva: 21, clientName: 'Hôtel Ñandú', lang: 'es', ...body });
  const response = await distributor.post(`${B1}/quotes/${quote.id}/send`, { email: to, name: 'Ana Cliente', message: 'Gracias por su confianza.' });
  expect(response.statusCode, response.body).toBe(200);
  await mailsSettled();
  return { quote: response.json<Quote>(), token: linkToken(t.mailer.messages, to) };
}


describe('send to a client without an account', () => {
  it('mails the quote in its language with a signed link, reply-to the professional; the quote is sent', async () => {
    const { quote } = await sentQuote({}, 'ana@cliente.example');
    await mailsSettled();
    const mail = t.mailer.messages.find((message) => message.to === 'ana@cliente.example');
    expect(mail?.replyTo).toBe('distributor@demo.example');
    expect(mail?.subject).toContain(quote.budgetNumber);
    expect(mail?.text).toContain('Hola, Ana Cliente:');
    expect(mail?.text).toContain('Gracias por su confianza.');
    // The amount says what it is (issue 34 §1): before tax and with tax, in the quote's format.
    const eur = (value: number) => formatCurrency(value, 'EUR');
    const beforeTax = quote.subTotalNet - quote.discountValue + quote.surchargeValue;
    expect(mail?.text).toContain(`${eur(beforeTax)} sin IVA, ${eur(quote.totalNet)} con IVA`);
    expect(mail?.text).toContain(`${t.config.linkOrigin}/quote/`);
    expect(quote).toMatchObject({ status: 'sent', sentTo: { email: 'ana@cliente.example', name: 'Ana Cliente' } });
    const list = (await distributor.get(`${B1}/project/${quote.projectId}`)).json<BudgetList>();
    expect(list.items[0]).toMatchObject({ status: 'sent', sentTo: 'ana@cliente.example' });
  });

  it('refuses a bad address (400 on the field) and a quote the caller does not see (404)', async () => {
    const projectId = await projectWith(distributor, defaultLines);
    const quote = await issue(distributor, { projectId });
    const bad = await distributor.post(`${B1}/quotes/${quote.id}/send`, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: [{ path: 'body.email' }] });
    expect((await distributor2.post(`${B1}/quotes/${quote.id}/send`, { email: 'x@example.com' })).statusCode).toBe(404);
  });
});

describe('the public page of a quote', () => {
  it('shows that quote, with prices, and reveals nothing else (no ids of project, user or other quotes)', async () => {
    const { quote, token } = await sentQuote();
    const response = await t.agent().get(`${PUBLIC}/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const page = response.json<PublicQuote>();
    expect(page).toMatchObject({ budgetNumber: quote.budgetNumber, status: 'sent', open: true, totalNet: quote.totalNet, clientName: 'Hôtel Ñandú', currency: 'EUR', lang: 'es' });
    expect(page.products.map((line) => line.netPrice)).toEqual(quote.products.map((line) => line.netPrice));
    expect(Object.keys(page).sort()).toEqual(
      [
        'budgetNumber', 'status', 'currency', 'lang', 'companyName', 'sellerName', 'clientName', 'projectName', 'creationDate', 'validationDate', 'discount', 'surcharge', 'iva',
        'subTotalNet', 'discountValue', 'surchargeValue', 'ivaValue', 'totalNet', 'comments', 'products', 'acceptance', 'decline', 'open', 'pdf',
      ].sort(),
    );
    const text = JSON.stringify(page);
    expect(text).not.toContain(`"projectId"`);
    expect(text).not.toContain('_id');
    expect(text).not.toContain('distributor@demo.example');
    // The distributor's purchase price and margin are theirs (issue 34 §1): not on the client's page nor its PDF.
    const purchase = quote.products[0]?.purchaseUnitNet;
    expect(purchase).toBeGreaterThan(0);
    expect(text).not.toMatch(/purchase|margin/i);
    // Its PDF, by the same link.
    const pdf = await t.agent().get(page.pdf);
    expect(pdf.statusCode).toBe(200);
    qpdfCheck(pdf.rawPayload);
    const pdfContent = pdfText(pdf.rawPayload).replace(/[\u00a0\u202f]/g, ' ');
    expect(pdfContent).toContain(`Presupuesto ${quote.budgetNumber}`);
    expect(pdfContent).not.toContain(formatCurrency(purchase ?? 0, 'EUR').replace(/[\u00a0\u202f]/g, ' '));
    expect(pdfContent).not.toMatch(/margen|compra/i);
  });

  it('a tampered or foreign link is a 404 that says nothing, a malformed one a 400', async () => {
    const { token } = await sentQuote();
    const [body, signature] = token.split('.') as [string, string];
    const other = Buffer.from(Buffer.from(body, 'base64url').toString().replace(/^q:(\d+)/, (_, id: string) => `q:${Number(id) + 1}`)).toString('base64url');
    for (const forged of [`${other}.${signature}`, `${body}.${signature.slice(0, -2)}AA`]) {
      const response = await t.agent().get(`${PUBLIC}/${forged}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect((await t.agent().post(`${PUBLIC}/${forged}/accept`, { name: 'Eve' })).statusCode).toBe(404);
    }
    expect((await t.agent().get(`${PUBLIC}/../budget`)).statusCode).toBe(404);
    expect((await t.agent().get(`${PUBLIC}/not-a-token`)).statusCode).toBe(400);
  });

  it('works until the validation date, then answers 410 and the professional sees expired', async () => {
    const { quote, token } = await sentQuote();
    t.clock.advance(29 * DAY);
    try {
      expect((await t.agent().get(`${PUBLIC}/${token}`)).statusCode).toBe(200);
      t.clock.advance(2 * DAY);
      const late = await t.agent().get(`${PUBLIC}/${token}`);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({ code: 'QUOTE_EXPIRED' });
      expect((await t.agent().post(`${PUBLIC}/${token}/accept`, { name: 'Ana' })).statusCode).toBe(410);
      expect((await t.agent().get(`${PUBLIC}/${token}/pdf`)).statusCode).toBe(410);
      // A month later the professional logs in again (sessions follow the clock).
      const later = t.agent();
      await later.login('distributor@demo.example');
      const list = (await later.get(`${B1}/project/${quote.projectId}`)).json<BudgetList>();
      expect(list.items[0]?.status).toBe('expired');
      expect((await later.post(`${B1}/quotes/${quote.id}/send`, { email: 'x@example.com' })).statusCode).toBe(410);
    } finally {
      t.clock.advance(-31 * DAY);
    }
  });

  it('the client accepts once: name, time and address recorded, the professional told; a second answer is refused', async () => {
    const { quote, token } = await sentQuote();
    const client = t.agent('203.0.113.77');
    const accepted = await client.post(`${PUBLIC}/${token}/accept`, { name: 'Ana Cliente' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<PublicQuote>()).toMatchObject({ status: 'accepted', open: false, acceptance: { name: 'Ana Cliente', at: t.clock().toISOString() } });
    const again = await client.post(`${PUBLIC}/${token}/accept`, { name: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'QUOTE_ANSWERED' });
    expect((await client.post(`${PUBLIC}/${token}/decline`, { name: 'Ana Cliente' })).statusCode).toBe(409);

    const seen = (await distributor.get(`${B1}/quotes/${quote.id}`)).json<Quote>();
    expect(seen).toMatchObject({ status: 'accepted', acceptance: { name: 'Ana Cliente', ip: '203.0.113.77', at: t.clock().toISOString() } });
    expect((await distributor.get(`${B1}/project/${quote.projectId}`)).json<BudgetList>().items[0]).toMatchObject({ status: 'accepted', acceptedAt: t.clock().toISOString() });
    await mailsSettled();
    const notice = t.mailer.messages.find((message) => message.to === 'distributor@demo.example' && message.subject.includes(quote.budgetNumber) && message.subject.includes('Ana Cliente'));
    expect(notice?.text).toContain('aceptó');
    // An accepted quote cannot be sent again.
    expect((await distributor.post(`${B1}/quotes/${quote.id}/send`, { email: 'x@example.com' })).statusCode).toBe(409);
  });

  it('the client may decline with a reason, or ask a question that reaches the professional', async () => {
    const { quote, token } = await sentQuote();
    const asked = await t.agent().post(`${PUBLIC}/${token}/question`, { name: 'Ana Cliente', email: 'ana@cliente.example', message: '¿Incluye la instalación?' });
    expect(asked.statusCode).toBe(202);
    await mailsSettled();
    const question = t.mailer.messages.find((message) => message.to === 'distributor@demo.example' && message.replyTo === 'ana@cliente.example');
    expect(question?.text).toContain('¿Incluye la instalación?');
    expect((await distributor.get(`${B1}/quotes/${quote.id}`)).json<Quote>().questions).toBe(1);
    expect((await t.agent().post(`${PUBLIC}/${token}/question`, { name: 'Ana', email: 'nope', message: 'x' })).json()).toMatchObject({ fields: [{ path: 'body.email' }] });

    const declined = await t.agent().post(`${PUBLIC}/${token}/decline`, { name: 'Ana Cliente', reason: 'Presupuesto demasiado alto' });
    expect(declined.json<PublicQuote>()).toMatchObject({ status: 'declined', decline: { name: 'Ana Cliente' } });
    expect((await distributor.get(`${B1}/quotes/${quote.id}`)).json<Quote>()).toMatchObject({ status: 'declined', decline: { reason: 'Presupuesto demasiado alto' } });
  });
});

describe('United States final quote', () => {
  const place = {
    budgetAlias: 'Manhattan loft — lobby',
    specifier: { email: 'spec@arco.example', companyName: 'Arco Studio' },
    purchaser: { name: 'Jane Buyer', email: 'jane@buyer.example', phone: '+1 212 555 0100', companyName: 'Loft LLC' },
    country: { geonameId: 6252001, name: 'United States' },
    state: { geonameId: 5128638, name: 'New York' },
    city: { geonameId: 5128581, name: 'New York City' },
  };

  it('generates a reserved number, issues the final quote in USD with the purchaser geography, refuses the number twice', async () => {
    const projectId = await projectWith(importer, [{ referenceCode: REF21, quantity: 4 }], 21);
    const generated = await importer.get(`${B1}/final-quote/generate-quote-number`);
    expect(generated.statusCode).toBe(200);
    const { quoteNumber } = generated.json<{ quoteNumber: string }>();
    expect(quoteNumber).toMatch(new RegExp(`^QUS-${t.clock().getUTCFullYear()}-\\d{6}$`));
    const second = (await importer.get(`${B1}/final-quote/generate-quote-number`)).json<{ quoteNumber: string }>().quoteNumber;
    expect(second).not.toBe(quoteNumber);

    const response = await importer.post(`${B1}/final-quote`, { projectId, isFinalQuote: true, quoteNumber, iva: 8.88, ...place });
    expect(response.statusCode, response.body).toBe(201);
    const quote = response.json<Quote>();
    expect(quote).toMatchObject({ budgetNumber: quoteNumber, isFinalQuote: true, currency: 'USD', catalogId: 21, usa: { ...place, purchaser: place.purchaser } });
    // Spec §3: country, state and city each with its GeoNames id and name (the state's admin code kept beside).
    expect((await importer.get(`${B1}/quotes/${quote.id}`)).json<Quote>().usa).toMatchObject({ country: { geonameId: 6252001 }, state: { geonameId: 5128638, code: 'US.NY', name: 'New York' }, city: { geonameId: 5128581, name: 'New York City' } });

    const reused = await importer.post(`${B1}/final-quote`, { projectId, isFinalQuote: true, quoteNumber, ...place });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ fields: [{ path: 'body.quoteNumber', message: 'formError.quoteNumber' }] });

    const pdf = await importer.get(`${B1}/quotes/${quote.id}/pdf`);
    qpdfCheck(pdf.rawPayload);
    // US Letter (612 × 792 pt) for the United States catalogue (issue 34 §2).
    expect(pageBox(pdf.rawPayload)).toEqual([612, 792]);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Final quote ${quoteNumber}`);
    expect(text).toContain('New York City, New York, United States');
    expect(text).toContain('Jane Buyer');
    expect(text).toMatch(/Total incl. sales tax\s+\$[\d,]+\.\d{2}/);
    expect(text).toContain('Sales tax');
  });

  it('refuses an international project, a number of another user, and callers without project.registration', async () => {
    const intl = await projectWith(distributor, defaultLines);
    expect((await distributor.post(`${B1}/final-quote`, { projectId: intl, isFinalQuote: true, ...place })).statusCode).toBe(403);
    const admin = t.agent();
    await admin.login('admin@demo.example');
    const notUs = await admin.post(`${B1}/final-quote`, { projectId: intl, isFinalQuote: true, ...place });
    expect(notUs.statusCode).toBe(400);
    expect(notUs.json()).toMatchObject({ fields: [{ path: 'body.projectId', message: 'formError.catalogMismatch' }] });

    const projectId = await projectWith(importer, [{ referenceCode: REF21, quantity: 1 }], 21);
    const { quoteNumber } = (await admin.get(`${B1}/final-quote/generate-quote-number`)).json<{ quoteNumber: string }>();
    const foreign = await importer.post(`${B1}/final-quote`, { projectId, isFinalQuote: true, quoteNumber, ...place });
    expect(foreign.statusCode).toBe(400);
    // The state must be one of the country's own divisions, as the masters give them.
    // (Île-de-France's GeoNames id; and the state's old admin code form is no longer taken.)
    const foreignState = await importer.post(`${B1}/final-quote`, { projectId, isFinalQuote: true, ...place, state: { geonameId: 3012874, name: 'New York' } });
    expect(foreignState.statusCode).toBe(400);
    expect(foreignState.json()).toMatchObject({ fields: [{ path: 'body.state.geonameId' }] });
    const byCode = await importer.post(`${B1}/final-quote`, { projectId, isFinalQuote: true, ...place, state: { code: 'US.NY', name: 'New York' } });
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json()).toMatchObject({ fields: [{ path: 'body.state.geonameId' }] });
    // The names stored are the masters', not the labels the caller sent.
    const renamed = await importer.post(`${B1}/final-quote`, { projectId, isFinalQuote: true, ...place, country: { ...place.country, name: 'Elsewhere' }, state: { geonameId: 5128638, name: 'Somewhere' } });
    expect(renamed.statusCode, renamed.body).toBe(201);
    expect(renamed.json<Quote>().usa).toMatchObject({ country: { geonameId: 6252001, name: 'United States' }, state: { geonameId: 5128638, code: 'US.NY', name: 'New York' } });
    const missingCity = await importer.post(`${B1}/final-quote`, { projectId, isFinalQuote: true, ...place, city: { geonameId: -1, name: '' } });
    expect(missingCity.statusCode).toBe(400);
    expect(missingCity.json<{ fields: Array<{ path: string }> }>().fields.map((field) => field.path)).toEqual(expect.arrayContaining(['body.city.geonameId', 'body.city.name']));
    // Without a number a new one is taken.
    const fresh = await importer.post(`${B1}/final-quote`, { projectId, isFinalQuote: true, ...place });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json<Quote>().budgetNumber).toMatch(/^QUS-/);
  });
});
