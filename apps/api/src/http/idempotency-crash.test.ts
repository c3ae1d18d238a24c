import type { OrderDraft, ProcessOrderResult, Quote } from '@lumen/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInvitations, idempotencyKeys, orders, quotes } from '../db/schema';
import type { Agent, TestApp } from '../../test/test-app';
import { createTestApp, testClock } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { issue, payloadOf, projectWith } from '../modules/budgets/budgets.test-support';
import { REF16 } from '../modules/projects/projects.test-support';
import { IDEMPOTENCY_LEASE_MS } from './idempotency';
import { answerLost } from './idempotency.test-support';

/**
 * Issue 29 §6: a process that dies between the commit of what it created and the recording of its
 * answer. The death is simulated by a trigger that refuses to record answers (the row keeps no
 * answer, as after a kill -9), then the lease runs out and the client retries with its key.
 */
describeWithDb('exactly once when the answer is lost after the commit (issue 29 §6)', () => {
  let t: TestApp;
  let distributor: Agent;
  let distributorId = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    distributor = t.agent();
    distributorId = (await distributor.login('distributor@demo.example')).userId;
  });
  afterAll(async () => {
    await t?.close();
  });


  async function keyRow(key: string) {
    const [row] = await t.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, distributorId), eq(idempotencyKeys.key, key)));
    return row;
  }

  it('a quote: the key commits with the quote; the retry answers that quote, even before the lease runs out, and none is made twice', async () => {
    const projectId = await projectWith(distributor, [{ referenceCode: REF16[0], quantity: 2 }]);
    const payload = await payloadOf(distributor, projectId);
    const body = { projectId, products: payload.products.map((line) => ({ _id: line._id, quantity: line.quantity })) };
    const key = `quote-crash-${projectId}`;
    const first = await answerLost(t, () => issue(distributor, body, { 'idempotency-key': key }));
    expect((await keyRow(key))?.statusCode).toBeNull();
    expect((await keyRow(key))?.resource).toBe(`quote:${first.id}`);

    const soon = await distributor.post('/api/projects/v1/budget', body, { 'idempotency-key': key });
    expect(soon.statusCode, soon.body).toBe(201);
    expect(soon.json<Quote>().id).toBe(first.id);
    t.clock.advance(IDEMPOTENCY_LEASE_MS + 1000);
    const retry = await distributor.post('/api/projects/v1/budget', body, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json<Quote>()).toEqual(first);
    expect(await t.database.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.projectId, projectId))).toHaveLength(1);
    // The retry's answer is recorded now: a further retry is a plain replay.
    const replay = await distributor.post('/api/projects/v1/budget', body, { 'idempotency-key': key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<Quote>().id).toBe(first.id);
  });

  it('an order: the retry gets the first answer, not a 409 for an ordered project', async () => {
    const projectId = await projectWith(distributor, [{ referenceCode: REF16[0], quantity: 2 }]);
    const draft = (await distributor.get(`/api/orders/v2/orders/new/${projectId}`)).json<OrderDraft>();
    const body = { projectId, internalOrderNumber: 'PO-CRASH', sendTogether: true, products: draft.lines.map((line) => ({ _id: line._id, quantity: line.quantity, shippingDate: line.earliestShippingDate })) };
    const key = `order-crash-${projectId}`;
    const first = await answerLost(t, () => distributor.post('/api/orders/v2/orders/process/', body, { 'idempotency-key': key }));
    expect(first.statusCode, first.body).toBe(200);
    const orderId = first.json<ProcessOrderResult>().orderId;
    t.clock.advance(IDEMPOTENCY_LEASE_MS + 1000);
    const retry = await distributor.post('/api/orders/v2/orders/process/', body, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<ProcessOrderResult>()).toMatchObject({ processOrderSuccess: true, orderId });
    expect(await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.projectId, projectId))).toHaveLength(1);
  });

  it('an invitation: the retry answers the invitation made, no second invitation', async () => {
    const email = `crash-invite-${Date.now().toString(36)}@example.com`;
    const key = `invite-crash-${email}`;
    const body = { email, privileges: ['project.view'] };
    const first = await answerLost(t, () => distributor.post('/api/users/v1/users/manage/by-company/invitations', body, { 'idempotency-key': key }));
    expect(first.statusCode, first.body).toBe(201);
    t.clock.advance(IDEMPOTENCY_LEASE_MS + 1000);
    await distributor.login('distributor@demo.example');
    const retry = await distributor.post('/api/users/v1/users/manage/by-company/invitations', body, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
    expect(await t.database.db.select({ id: companyInvitations.id }).from(companyInvitations).where(eq(companyInvitations.email, email))).toHaveLength(1);
  });

  it('a create refused before its commit gives its key up, as before', async () => {
    const key = 'quote-refused';
    const refused = await distributor.post('/api/projects/v1/budget', { projectId: 2_000_000_000, products: [] }, { 'idempotency-key': key });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await keyRow(key)).toBeUndefined();
  });
});

describe('recordIdempotentResource outside a request', () => {
  it('does nothing without a claimed key', async () => {
    const { recordIdempotentResource } = await import('./idempotency');
    const calls: unknown[] = [];
    await recordIdempotentResource({ update: () => calls.push(1) } as never, { kind: 'quote', id: 1 });
    expect(calls).toEqual([]);
  });
});
