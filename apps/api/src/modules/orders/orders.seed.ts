import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogs, catalogueArticles, catalogueModels, cataloguePrices, companies, erpReceivedOrders, invoiceCounters, invoices, jobs, orders, users } from '../../db/schema';
import { DEMO_INVOICE_SELLER, ERP_ADVANCE_QUEUE, erpReferenceOf, invoiceFigures, invoiceNumberOf, INVOICE_PAYMENT_DAYS } from '../erp/erp.builtin';
import { foldSearch } from './orders.repository';
import { linePrices, sumDecimals } from '@lumen/domain';

/**
 * A year of order history for the demo companies that hold a client code (issue 13 §5): orders as
 * the legacy order system knew them (no project here), each received by the built-in ERP, the
 * finished ones invoiced — paid, unpaid and overdue. Deterministic: a fixed pseudo-random sequence
 * (mulberry32, seed 13) laid out backwards from the day of seeding, so the history always ends today.
 * Lines are catalogue references at a multiple of their MOQ, priced at the catalogue's default rate.
 * Orders still under way get their next ERP step queued (the demo ERP moves them on its schedule).
 */

const DAY_MS = 86_400_000;
const PER_COMPANY = 26;
const DEMO_ORDER_COMPANIES: ReadonlyArray<{ crmId: string; buyer: string; projects: readonly string[]; vat: number }> = [
  { crmId: 'CRM-ACC-0001', buyer: 'distributor@demo.example', projects: ['Hotel Arenal', 'Oficinas Cantábrico', 'Restaurante Puerto', 'Biblioteca Norte', 'Clínica Dental Sur', 'Tienda Galerna'], vat: 21 },
  { crmId: 'CRM-ACC-0002', buyer: 'distributor2@demo.example', projects: ['Riverside Lofts', 'The Crown Inn', 'Kingsway Offices', 'Marlow Gallery', 'St Anne’s Library'], vat: 20 },
  { crmId: 'CRM-ACC-0004', buyer: 'importer@demo.example', projects: ['Hudson Yards Lobby', 'Bayview Clinic', 'Maple Street Café', 'Lakeside Residences'], vat: 0 },
];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** The models' names of a catalogue in a language (the demo catalogue's descriptions). */
async function modelNamesOf(tx: DbOrTx, catalogId: number, lang: string): Promise<Map<string, string>> {
  const rows = await tx.select({ model: catalogueModels.model, data: catalogueModels.data }).from(catalogueModels).where(eq(catalogueModels.catalogId, catalogId));
  const names = new Map<string, string>();
  for (const row of rows) {
    const texts = (row.data as { description?: Record<string, string> } | null)?.description;
    const name = texts?.[lang] ?? texts?.en;
    if (name) names.set(row.model, name);
  }
  return names;
}

/**
 * Demo invoices issued before invoices kept their legal content (issue 34 §5) get it: the demo
 * seller, the buyer's company profile, the date of supply (the issue date), the lines with the
 * models' names at the invoice's rate, and the payment terms. Runs on every seed; touches only
 * invoices without a seller.
 */
export async function backfillDemoInvoices(tx: DbOrTx): Promise<{ updated: number }> {
  const rows = await tx
    .select({ id: invoices.id, vatPercent: invoices.vatPercent, issueDate: invoices.issueDate, lang: invoices.lang, payload: erpReceivedOrders.payload, companyId: invoices.companyId, catalogId: orders.catalogId })
    .from(invoices)
    .innerJoin(erpReceivedOrders, eq(erpReceivedOrders.orderId, invoices.orderId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(isNull(invoices.seller));
  const names = new Map<string, Map<string, string>>();
  let updated = 0;
  for (const row of rows) {
    const key = `${row.catalogId}:${row.lang}`;
    if (!names.has(key)) names.set(key, await modelNamesOf(tx, row.catalogId, row.lang));
    const modelNames = names.get(key) ?? new Map<string, string>();
    const [company] = row.companyId === null ? [] : await tx.select({ name: companies.name, vatId: companies.vatId, billingAddress: companies.billingAddress }).from(companies).where(eq(companies.id, row.companyId));
    const payload = row.payload as { lines?: Array<{ referenceCode: string | null; model: string; description?: string; quantity: number; unitNet?: number | null; totalNet?: number | null }> };
    const lines = (payload.lines ?? []).map((line) => ({
      referenceCode: line.referenceCode,
      model: line.model,
      description: line.description && line.description !== line.model ? line.description : (modelNames.get(line.model) ?? line.model),
      attributes: {},
      quantity: line.quantity,
      unitNet: line.unitNet ?? null,
      totalNet: line.totalNet ?? null,
      vatPercent: Number(row.vatPercent),
    }));
    await tx
      .update(invoices)
      .set({
        seller: { ...DEMO_INVOICE_SELLER, address: [...DEMO_INVOICE_SELLER.address] },
        buyer: company ? { name: company.name, address: [...(company.billingAddress ?? [])], vatId: company.vatId } : null,
        supplyDate: row.issueDate,
        lines,
        paymentTermsDays: INVOICE_PAYMENT_DAYS,
      })
      .where(eq(invoices.id, row.id));
    updated += 1;
  }
  return { updated };
}

/** Loads the demo order history once per company (a company that has legacy orders already is skipped). */
export async function seedDemoOrders(tx: DbOrTx, now: Date = new Date()): Promise<{ created: number }> {
  const random = mulberry32(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  let created = 0;
  const counters = new Map<number, number>();
  for (const [year, last] of (await tx.select().from(invoiceCounters)).map((row) => [row.year, row.last] as const)) counters.set(year, last);

  for (const company of DEMO_ORDER_COMPANIES) {
    const [row] = await tx
      .select({ id: companies.id, clientCode: companies.clientCode, name: companies.name, vatId: companies.vatId, billingAddress: companies.billingAddress })
      .from(companies)
      .where(eq(companies.crmId, company.crmId));
    const [buyer] = await tx.select({ id: users.id, name: users.name, catalogId: users.catalogId, lang: users.lang }).from(users).where(eq(users.email, company.buyer));
    if (!row?.clientCode || !buyer) continue;
    const [existing] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.companyId, row.id), isNull(orders.projectId))).limit(1);
    if (existing) continue;
    const catalogId = buyer.catalogId === 21 ? 21 : 16;
    const [catalog] = await tx.select({ rateId: catalogs.defaultRateId, currency: catalogs.currency }).from(catalogs).where(eq(catalogs.id, catalogId));
    if (!catalog) continue;
    const articles = await tx
      .select({ reference: catalogueArticles.reference, model: catalogueArticles.model, referenceBase: catalogueArticles.referenceBase, moq: catalogueArticles.moq, leadtime: catalogueArticles.leadtime })
      .from(catalogueArticles)
      .where(and(eq(catalogueArticles.catalogId, catalogId), eq(catalogueArticles.active, true)))
      .orderBy(asc(catalogueArticles.reference));
    const prices = new Map(
      (
        await tx
          .select({ reference: cataloguePrices.priceReference, price: cataloguePrices.salePrice })
          .from(cataloguePrices)
          .where(and(eq(cataloguePrices.catalogId, catalogId), eq(cataloguePrices.rateId, catalog.rateId), inArray(cataloguePrices.priceReference, [...new Set(articles.map((a) => a.referenceBase))])))
      ).map((p) => [p.reference, p.price]),
    );
    const priced = articles.filter((article) => prices.has(article.referenceBase));
    // Lines are described by the model's name in the buyer's language (issue 34 §5), never by its number.
    const names = await modelNamesOf(tx, catalogId, buyer.lang);
    if (priced.length === 0) continue;
    const currency = catalog.currency === 'USD' ? 'USD' : 'EUR';

    for (let index = 0; index < PER_COMPANY; index += 1) {
      // Spread over the last 365 days, newest last; the newest few are still under way.
      const daysAgo = Math.max(1, Math.round(((PER_COMPANY - index) / PER_COMPANY) * 365 - random() * 10));
      const processedAt = new Date(today.getTime() - daysAgo * DAY_MS + Math.floor(random() * 8) * 3_600_000);
      const count = 1 + Math.floor(random() * 4);
      const lines = Array.from({ length: count }, (_, position) => {
        const article = pick(priced);
        const quantity = article.moq * (1 + Math.floor(random() * 6));
        const weeks = article.leadtime.filter((entry) => entry.from <= quantity).at(-1)?.weeks ?? article.leadtime[0]?.weeks ?? 2;
        const price = linePrices({ unitGross: prices.get(article.referenceBase) ?? '0', quantity, discountPercent: 0 });
        return {
          _id: `demo-${company.crmId}-${index}-${position}`,
          type: 'REGULAR',
          model: article.model,
          referenceCode: article.reference,
          description: names.get(article.model) ?? article.model,
          quantity,
          moq: article.moq,
          references: { [article.reference]: { quantity, moq: article.moq, valid: true } },
          availability: { state: 'toOrder', stock: 0, weeks, expectedDate: dayOf(new Date(processedAt.getTime() + weeks * 7 * DAY_MS)) },
          leadTimeWeeks: weeks,
          shippingDate: dayOf(new Date(processedAt.getTime() + weeks * 7 * DAY_MS)),
          price: { unitNet: price.unitNet, totalNet: price.totalNet, currency },
          accessories: [],
        };
      });
      const netTotal = sumDecimals(lines.map((line) => String(line.price.totalNet))).toFixed(2);
      const leadTimeWeeks = Math.max(...lines.map((line) => line.leadTimeWeeks));
      const shipping = lines.map((line) => line.shippingDate).sort();
      const planned = shipping[shipping.length - 1] ?? null;
      const confirmedAt = daysAgo >= 1 ? new Date(processedAt.getTime() + 20 * 3_600_000) : null;
      const productionAt = daysAgo >= 6 ? new Date(processedAt.getTime() + 5 * DAY_MS) : null;
      const finishedAt = daysAgo >= 24 ? new Date(processedAt.getTime() + Math.min(daysAgo - 1, leadTimeWeeks * 7) * DAY_MS) : null;
      const status = finishedAt ? 4 : productionAt ? 3 : confirmedAt ? 2 : 1;
      const projectName = `${pick(company.projects)}${random() < 0.4 ? ` · ${pick(['phase 2', 'annex', 'refit', 'spares'])}` : ''}`;
      const internalOrderNumber = `PO-${String(2400 + index * 7 + Math.floor(random() * 5)).padStart(5, '0')}`;
      const [order] = await tx
        .insert(orders)
        .values({
          projectId: null,
          projectName,
          companyId: row.id,
          userId: buyer.id,
          createdByName: buyer.name,
          clientCode: row.clientCode,
          catalogId,
          currency,
          lang: buyer.lang,
          status,
          comments: '',
          internalOrderNumber,
          sendTogether: random() < 0.7,
          leadTimeWeeks,
          netTotal,
          linesCount: lines.length,
          lines,
          searchText: foldSearch([internalOrderNumber, projectName, ...lines.map((line) => line.referenceCode)].join(' ')),
          delivery: 'sent',
          deliveredAt: processedAt,
          processedAt,
          confirmedAt,
          productionAt,
          finishedAt,
          plannedShippingDate: confirmedAt ? planned : null,
          updatedAt: finishedAt ?? productionAt ?? confirmedAt ?? processedAt,
        })
        .returning({ id: orders.id });
      if (!order) continue;
      await tx.update(orders).set({ erpReference: erpReferenceOf(order.id) }).where(eq(orders.id, order.id));
      const party = { name: row.name, address: [...(row.billingAddress ?? [])], vatId: row.vatId };
      const payload = {
        orderId: order.id,
        clientCode: row.clientCode,
        companyId: row.id,
        projectName,
        internalOrderNumber,
        currency,
        lang: buyer.lang,
        sendTogether: true,
        netTotal,
        catalogId,
        buyer: party,
        lines: lines.map((line) => ({ referenceCode: line.referenceCode, model: line.model, description: line.description, quantity: line.quantity, shippingDate: line.shippingDate, unitNet: line.price.unitNet, totalNet: line.price.totalNet, attributes: {} })),
      };
      await tx.insert(erpReceivedOrders).values({ orderId: order.id, erpReference: erpReferenceOf(order.id), payload, receivedAt: processedAt });
      if (finishedAt) {
        const year = finishedAt.getUTCFullYear();
        const counter = (counters.get(year) ?? 0) + 1;
        counters.set(year, counter);
        const due = new Date(finishedAt.getTime() + INVOICE_PAYMENT_DAYS * DAY_MS);
        // Most invoices due before today are paid (a few days before or after the due date); some stay overdue.
        const paid = due < today && random() < 0.8 ? dayOf(new Date(Math.min(today.getTime() - DAY_MS, due.getTime() + Math.round((random() - 0.6) * 12) * DAY_MS))) : null;
        const figures = invoiceFigures(payload, company.vat);
        await tx.insert(invoices).values({
          number: invoiceNumberOf(year, counter),
          orderId: order.id,
          clientCode: row.clientCode,
          companyId: row.id,
          issueDate: dayOf(finishedAt),
          dueDate: dayOf(due),
          net: figures.net,
          vatPercent: String(company.vat),
          vat: figures.vat,
          total: figures.total,
          currency,
          lang: buyer.lang,
          paidAt: paid,
          createdAt: finishedAt,
          seller: { ...DEMO_INVOICE_SELLER, address: [...DEMO_INVOICE_SELLER.address] },
          buyer: party,
          supplyDate: dayOf(finishedAt),
          lines: figures.lines,
          paymentTermsDays: INVOICE_PAYMENT_DAYS,
        });
      } else {
        const next = status + 1;
        await tx.insert(jobs).values({ queue: ERP_ADVANCE_QUEUE, payload: { orderId: order.id, status: next }, singletonKey: `${order.id}:${next}`, maxAttempts: 20, availableAt: new Date(now.getTime() + (1 + Math.floor(random() * 6)) * 3_600_000) }).onConflictDoNothing();
      }
      created += 1;
    }
  }
  for (const [year, last] of counters) {
    await tx
      .insert(invoiceCounters)
      .values({ year, last })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`greatest(${invoiceCounters.last}, ${last})` } });
  }
  return { created };
}
