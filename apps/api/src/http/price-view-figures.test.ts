import type { Account, AuditPage, Order, OrderDraft } from '@lumen/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/document-readers';
import { type Agent, createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { orders } from '../db/schema';
import { issue, payloadOf, projectWith } from '../modules/budgets/budgets.test-support';
import { REF16 } from '../modules/projects/projects.test-support';

/**
 * Issue 29 §1–§2: every answer that can carry a figure follows price.view — the histories (a quote's
 * and an order's net total in the audit rows), the invoices (list, PDF) and the order's invoice link.
 */

/** Any key that names a price or an amount. */
const FIGURE_KEY = /price|pvp|discount|pricing|total|amount|^net$|^vat$|^gross$|value$/i;

function figureKeysIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => figureKeysIn(item, `${path}.${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [...(FIGURE_KEY.test(key) ? [`${path}.${key}`] : []), ...figureKeysIn(item, `${path}.${key}`)]);
}

/** The figures of an audit page's details (the page's own `total` is a count). */
function detailFigures(page: AuditPage): string[] {
  return page.items.flatMap((item, index) => [...figureKeysIn(item.before, `.items.${index}.before`), ...figureKeysIn(item.after, `.items.${index}.after`)]);
}

const INVITE = '/api/users/v1/users/manage/by-company/invitations';
const ACCEPT = '/api/users/v1/auth/invitations/accept';
const PASSWORD = 'colleague-password-1';
let counter = 0;

describeWithDb('figures follow price.view: histories, invoices, files (issue 29 §1–§2)', () => {
  let t: TestApp;
  let distributor: Agent;
  let distributorAccount: Account;
  let sales: Agent;
  let webuser: Agent;
  /** Colleagues of the distributor without price.view: one sees the company's projects and orders, one manages users. */
  let viewer: Agent;
  let manager: Agent;
  let distributorProject = 0;
  let salesProject = 0;

  async function invitationToken(email: string): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const mail = [...t.mailer.messages].reverse().find((message) => message.to === email);
      const token = /\/invitation\?token=([^\s]+)/.exec(mail?.text ?? '')?.[1];
      if (token) return decodeURIComponent(token);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no invitation mail to ${email}`);
  }

  async function colleague(privileges: string[]): Promise<Agent> {
    counter += 1;
    const email = `figures-${counter}-${Date.now().toString(36)}@example.com`;
    const invited = await distributor.post(INVITE, { email, privileges }, { 'idempotency-key': crypto.randomUUID() });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await t.agent().post(ACCEPT, { token: await invitationToken(email), name: 'Carla Colega', password: PASSWORD, lang: 'es' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const agent = t.agent();
    const account = await agent.login(email, PASSWORD);
    expect(account.privileges).not.toContain('price.view');
    return agent;
  }

  beforeAll(async () => {
    t = await createTestApp();
    [distributor, sales, webuser] = [t.agent(), t.agent(), t.agent()];
    distributorAccount = await distributor.login('distributor@demo.example');
    await sales.login('sales@demo.example');
    await webuser.login('webuser@demo.example');
    viewer = await colleague(['project.view', 'project.view.company', 'order.view']);
    manager = await colleague(['company.manage.user']);

    // The distributor's project with a quote and an order: both rows carry a net total.
    distributorProject = await projectWith(distributor, [
      { referenceCode: REF16[0], quantity: 3 },
      { referenceCode: REF16[2], quantity: 2 },
    ]);
    const payload = await payloadOf(distributor, distributorProject);
    await issue(distributor, { projectId: distributorProject, products: payload.products.map((line) => ({ _id: line._id, quantity: line.quantity })) });
    const draftAnswer = await distributor.get(`/api/orders/v2/orders/new/${distributorProject}`);
    expect(draftAnswer.statusCode, draftAnswer.body).toBe(200);
    const draft = draftAnswer.json<OrderDraft>();
    const processed = await distributor.post(
      '/api/orders/v2/orders/process/',
      { projectId: distributorProject, internalOrderNumber: 'PO-29', sendTogether: true, products: draft.lines.map((line) => ({ _id: line._id, quantity: line.quantity, shippingDate: line.earliestShippingDate })) },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(processed.statusCode, processed.body).toBe(200);

    // Sales' project with a quote, assigned to the web user as third party.
    salesProject = await projectWith(sales, [{ referenceCode: REF16[0], quantity: 1 }]);
    const salesPayload = await payloadOf(sales, salesProject);
    await issue(sales, { projectId: salesProject, products: salesPayload.products.map((line) => ({ _id: line._id, quantity: line.quantity })) });
    const assigned = await sales.post(`/api/projects/v1/projects/${salesProject}/assign-thirdparty`, { email: 'webuser@demo.example' });
    expect(assigned.statusCode, assigned.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function history(agent: Agent, url: string): Promise<AuditPage> {
    const response = await agent.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  }

  describe('histories', () => {
    it('a project history keeps its net totals for price.view and loses them for a colleague without it', async () => {
      const url = `/api/projects/v1/projects/${distributorProject}/history?limit=100`;
      const own = await history(distributor, url);
      expect(detailFigures(own)).toEqual(expect.arrayContaining([expect.stringMatching(/\.after\.netTotal$/)]));
      expect(own.items.filter((item) => item.entity === 'quote' || item.entity === 'order')).toHaveLength(2);

      const colleague = await history(viewer, url);
      expect(colleague.items.map((item) => item.id)).toEqual(own.items.map((item) => item.id));
      expect(detailFigures(colleague)).toEqual([]);
      // What is not a figure stays: the quote's number, the order's lines and currency.
      const order = colleague.items.find((item) => item.entity === 'order');
      expect(order?.after).toMatchObject({ lines: 2, currency: 'EUR', internalOrderNumber: 'PO-29' });
    });

    it('a third party (a web user) reads the project history without figures', async () => {
      const url = `/api/projects/v1/projects/${salesProject}/history?limit=100`;
      expect(detailFigures(await history(sales, url))).not.toEqual([]);
      const seen = await history(webuser, url);
      expect(seen.items.some((item) => item.entity === 'quote')).toBe(true);
      expect(detailFigures(seen)).toEqual([]);
    });

    it('a user history read by a manager without price.view carries no figures; the admin sees them', async () => {
      const url = `/api/users/v1/users/${distributorAccount.userId}/history?limit=100`;
      const admin = t.agent();
      await admin.login('admin@demo.example');
      expect(detailFigures(await history(admin, url))).not.toEqual([]);
      const seen = await history(manager, url);
      expect(seen.items.some((item) => item.entity === 'order')).toBe(true);
      expect(detailFigures(seen)).toEqual([]);
    });
  });

  describe('invoices: a price document (order.view and price.view)', () => {
    it('the list and the PDF answer 403 without price.view, 200 with it', async () => {
      expect((await viewer.get('/api/sr-erp/v1/invoices/C-100234')).statusCode).toBe(403);
      const list = await distributor.get('/api/sr-erp/v1/invoices/C-100234?limit=1');
      expect(list.statusCode).toBe(200);
      const first = list.json<{ items: Array<{ number: string; total: number; pdf: string }> }>().items[0];
      expect(first?.total).toBeGreaterThan(0);
      expect((await viewer.get(first?.pdf ?? '')).statusCode).toBe(403);
      const pdf = await distributor.get(first?.pdf ?? '');
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload)).toContain(first?.number ?? '-');
    });

    it('an invoiced order names its invoice only for price.view, and never shows figures without it', async () => {
      const [finished] = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.companyId, distributorAccount.company?.id ?? 0), eq(orders.status, 4)))
        .limit(1);
      expect(finished).toBeDefined();
      const own = (await distributor.get(`/api/orders/v1/orders/${finished?.id}`)).json<Order>();
      expect(own.invoice?.number).toMatch(/^INV-/);
      const seenResponse = await viewer.get(`/api/orders/v1/orders/${finished?.id}`);
      expect(seenResponse.statusCode, seenResponse.body).toBe(200);
      const seen = seenResponse.json<Order>();
      expect(seen.invoice).toBeNull();
      expect(seen.netTotal).toBeNull();
    });
  });
});
