import type { CreationShareCreated, OrderDraft, ProcessOrderResult, Project, ProjectSummary, ProductsAdded, ReorderResult, RequestMessage, SupportRequestCreated } from '@lumen/contracts';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { creationShares, projectProducts, projects, supportRequestMessages, supportRequests } from '../db/schema';
import type { Agent, TestApp } from '../../test/test-app';
import { createTestApp, testClock } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { drawnSpace, plusminusV, SHARE } from '../modules/products/products.drawings.test-support';
import { createProject, REF16 } from '../modules/projects/projects.test-support';
import { IDEMPOTENCY_LEASE_MS } from './idempotency';
import { answerLost } from './idempotency.test-support';

/**
 * Issue 29 §6, every idempotent create: a process that dies between the commit of what it created
 * and the recording of its answer. The death is simulated as in idempotency-crash.test.ts (a trigger
 * refuses to record answers); the retry with the same key must answer what was created, at once (no
 * 409 while the dead request's lease runs) and without creating it again.
 */
describeWithDb('exactly once under a crash: projects, support requests, reorder, shares (issue 29 §6)', () => {
  let t: TestApp;
  let distributor: Agent;
  let sales: Agent;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    [distributor, sales] = [t.agent(), t.agent()];
    await distributor.login('distributor@demo.example');
    await sales.login('sales@demo.example');
  });
  afterAll(async () => {
    await t?.close();
  });


  /** Sends `body` to `url` with a new key as a process that dies after its commit, then retries it: both answers. */
  async function crashThenRetry(agent: Agent, url: string, body: unknown) {
    const key = randomUUID();
    const first = await answerLost(t, () => agent.post(url, body, { 'idempotency-key': key }));
    expect(first.statusCode, first.body).toBeLessThan(300);
    const retry = await agent.post(url, body, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(first.statusCode);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    // The retry's answer is recorded now: a further retry is a plain replay of it.
    const replay = await agent.post(url, body, { 'idempotency-key': key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(retry.body);
    return { first, retry };
  }

  const rows = async (table: typeof projects | typeof supportRequests | typeof supportRequestMessages | typeof creationShares, where?: ReturnType<typeof eq>) =>
    Number((await t.database.db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0);

  it('a project (v1 and v2): the retry answers the project made', async () => {
    for (const url of ['/api/projects/v1/projects', '/api/projects/v2/projects']) {
      const name = `Crash ${randomUUID().slice(0, 8)}`;
      const { first, retry } = await crashThenRetry(distributor, url, { name, catalogId: 16, products: [{ type: 'REGULAR', referenceCode: REF16[0], quantity: 2 }] });
      expect(retry.json<Project>().id).toBe(first.json<Project>().id);
      expect(retry.json<Project>().products).toHaveLength(1);
      expect(await rows(projects, eq(projects.name, name))).toBe(1);
    }
  });

  it('a duplicate and a version: the retry answers the copy made', async () => {
    const source = await createProject(distributor, { name: `Source ${randomUUID().slice(0, 8)}`, products: [{ type: 'REGULAR', referenceCode: REF16[0], quantity: 1 }] });
    const name = `Copy ${randomUUID().slice(0, 8)}`;
    const copy = await crashThenRetry(distributor, `/api/projects/v1/projects/${source.id}/clone`, { name });
    expect(copy.retry.json<ProjectSummary>().id).toBe(copy.first.json<ProjectSummary>().id);
    expect(await rows(projects, eq(projects.name, name))).toBe(1);

    const version = await crashThenRetry(distributor, `/api/apiv2/project/${source.id}/version`, { title: 'After the crash' });
    expect(version.retry.json<ProjectSummary>().id).toBe(version.first.json<ProjectSummary>().id);
    expect(await rows(projects, eq(projects.versionOf, source.id))).toBe(1);
  });

  it('products added (both routes) and a product cloned: the retry answers the lines added, none twice', async () => {
    const project = await createProject(distributor, { name: `Lines ${randomUUID().slice(0, 8)}` });
    const lines = async () => Number((await t.database.db.select({ n: count() }).from(projectProducts).where(eq(projectProducts.projectId, project.id)))[0]?.n ?? 0);

    const v1 = await crashThenRetry(distributor, `/api/projects/v1/projects/${project.id}/products`, [{ referenceCode: REF16[0], quantity: 2 }, { referenceCode: REF16[2], quantity: 1 }]);
    expect(v1.retry.json<ProductsAdded>().products.map((line) => line._id)).toEqual(v1.first.json<ProductsAdded>().products.map((line) => line._id));
    expect(await lines()).toBe(2);

    const apiv2 = await crashThenRetry(distributor, '/api/apiv2/project', { projectId: project.id, products: [{ referenceCode: REF16[1], quantity: 4 }] });
    expect(apiv2.retry.json<ProductsAdded>().products.map((line) => line._id)).toEqual(apiv2.first.json<ProductsAdded>().products.map((line) => line._id));
    expect(await lines()).toBe(3);

    const source = v1.first.json<ProductsAdded>().products[0]?._id ?? '';
    const cloned = await crashThenRetry(distributor, `/api/apiv2/projects/${project.id}/products/${source}/clone`, undefined);
    expect(cloned.retry.json<ProductsAdded>().products.map((line) => line._id)).toEqual(cloned.first.json<ProductsAdded>().products.map((line) => line._id));
    expect(await lines()).toBe(4);
  });

  it('a support request, a budget request and a desk reply: the retry answers the request made', async () => {
    const message = `Crash support ${randomUUID()}`;
    const support = await crashThenRetry(distributor, '/api/support/v1/support-request', { catalogId: 16, lang: 'es', typeId: 1, message, files: [] });
    expect(support.retry.json<SupportRequestCreated>()).toEqual(support.first.json<SupportRequestCreated>());
    expect(await rows(supportRequests, eq(supportRequests.message, message))).toBe(1);

    const project = await createProject(distributor, { name: `Budget ${randomUUID().slice(0, 8)}`, products: [{ type: 'REGULAR', referenceCode: REF16[0], quantity: 3 }] });
    const description = `Crash budget ${randomUUID()}`;
    for (const url of ['/api/support/v1/support-request/project-budget', '/api/apiv2/support-request/project-budget']) {
      const budget = await crashThenRetry(distributor, url, { siteLocation: { country: 'ES', city: 'Sevilla' }, catalogId: 16, lang: 'es', description, files: [], project: project.id });
      expect(budget.retry.json<SupportRequestCreated>().id).toBe(budget.first.json<SupportRequestCreated>().id);
    }
    expect(await rows(supportRequests, eq(supportRequests.message, description))).toBe(2);

    const requestId = support.first.json<SupportRequestCreated>().id;
    const reply = await crashThenRetry(sales, `/api/support/v1/desk/requests/${requestId}/replies`, { message: 'Answered once.' });
    expect(reply.retry.json<RequestMessage>()).toEqual(reply.first.json<RequestMessage>());
    expect(await rows(supportRequestMessages, eq(supportRequestMessages.requestId, requestId))).toBe(1);
  });

  it('a reorder, into a new project and into an existing one: the retry answers the project, no second copy of the lines', async () => {
    const project = await createProject(distributor, { name: `Reorder ${randomUUID().slice(0, 8)}`, products: [{ type: 'REGULAR', referenceCode: REF16[2], quantity: 3 }] });
    const draft = (await distributor.get(`/api/orders/v2/orders/new/${project.id}`)).json<OrderDraft>();
    const ordered = await distributor.post(
      '/api/orders/v2/orders/process/',
      { projectId: project.id, internalOrderNumber: 'PO-REORDER', sendTogether: true, products: draft.lines.map((line) => ({ _id: line._id, quantity: line.quantity, shippingDate: line.earliestShippingDate })) },
      { 'idempotency-key': randomUUID() },
    );
    expect(ordered.statusCode, ordered.body).toBe(200);
    const orderId = ordered.json<ProcessOrderResult>().orderId;

    const name = `Again ${randomUUID().slice(0, 8)}`;
    const fresh = await crashThenRetry(distributor, `/api/orders/v2/orders/${orderId}/reorder`, { name });
    expect(fresh.retry.json<ReorderResult>()).toEqual(fresh.first.json<ReorderResult>());
    expect(await rows(projects, eq(projects.name, name))).toBe(1);

    const target = await createProject(distributor, { name: `Target ${randomUUID().slice(0, 8)}` });
    // The dead request's lease has run out too: the retry still answers, it does not order again.
    const key = randomUUID();
    const first = await answerLost(t, () => distributor.post(`/api/orders/v2/orders/${orderId}/reorder`, { projectId: target.id }, { 'idempotency-key': key }));
    expect(first.statusCode, first.body).toBe(201);
    t.clock.advance(IDEMPOTENCY_LEASE_MS + 1000);
    await distributor.login('distributor@demo.example');
    const retry = await distributor.post(`/api/orders/v2/orders/${orderId}/reorder`, { projectId: target.id }, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json<ReorderResult>()).toEqual(first.json<ReorderResult>());
    expect(Number((await t.database.db.select({ n: count() }).from(projectProducts).where(eq(projectProducts.projectId, target.id)))[0]?.n)).toBe(1);
  });

  /**
   * By rule, not by luck: every POST that takes an Idempotency-Key (read from the OpenAPI document, so
   * a route added later is seen) either binds its key to what it creates in the creating transaction,
   * proved above or in idempotency-crash.test.ts, or says here why it does not.
   */
  it('every idempotent route is proved exactly once under a crash, or says why not', async () => {
    const proved = new Set([
      '/api/projects/v1/projects',
      '/api/projects/v2/projects',
      '/api/projects/v1/projects/{projectId}/clone',
      '/api/projects/v3/projects/{projectId}/clone',
      '/api/apiv2/project/{projectId}/version',
      '/api/projects/v1/projects/{projectId}/products',
      '/api/apiv2/project',
      '/api/apiv2/projects/{projectId}/products/{productId}/clone',
      '/api/support/v1/support-request',
      '/api/support/v1/support-request/project-budget',
      '/api/apiv2/support-request/project-budget',
      '/api/support/v1/support-request/project-budget-usa',
      '/api/support/v1/support-request/project-registration-usa',
      '/api/support/v1/desk/requests/{id}/replies',
      '/api/orders/v2/orders/{id}/reorder',
      '/api/products/v1/creations/shared',
      // idempotency-crash.test.ts
      '/api/projects/v1/budget',
      '/api/apiv2/budget',
      '/api/projects/v1/budget/final-quote',
      '/api/orders/v2/orders/process',
      '/api/users/v1/users/manage/by-company/invitations',
    ]);
    const unbound: Record<string, string> = {
      // Creates nothing to answer again: a code from a counter. A retry after a crash takes the next
      // code; the lost one is never used, no code is given twice.
      '/api/projects/v1/projects/products/generate-creation-code': 'a counter: a gap, never a double',
      // Not a create: marks the quote sent and mails the link. A retry after a crash mails it once more.
      '/api/projects/v1/budget/quotes/{id}/send': 'no resource: at most one more mail',
    };
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>> }>();
    const idempotent = Object.entries(document.paths)
      .filter(([, operations]) => operations.post?.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key'))
      .map(([path]) => path.replace(/\/$/, ''));
    expect(idempotent.length).toBeGreaterThanOrEqual(proved.size);
    expect(idempotent.filter((path) => !proved.has(path) && !(path in unbound))).toEqual([]);
    expect([...proved, ...Object.keys(unbound)].filter((path) => !idempotent.includes(path))).toEqual([]);
  });

  it('a shared drawing: the retry answers the same hash, one share stored', async () => {
    await distributor.login('distributor@demo.example');
    const before = await rows(creationShares);
    const { first, retry } = await crashThenRetry(distributor, SHARE, { space: drawnSpace(plusminusV()), subFamilyId: 225 });
    expect(retry.json<CreationShareCreated>()).toEqual(first.json<CreationShareCreated>());
    expect(await rows(creationShares)).toBe(before + 1);
  });
});
