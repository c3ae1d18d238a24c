import type { Project, ProductsAdded } from '@lumen/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, projects } from '../db/schema';
import type { Agent, TestApp } from '../../test/test-app';
import { createTestApp, testClock } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { canonicalJson } from '@lumen/domain';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LEASE_MS } from './idempotency';

const P1 = '/api/projects/v1/projects';
const REF = '552010/02_10';

describe('canonicalJson', () => {
  it('ignores the order of object keys, not the order of array items', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: null, c: 'x' }] })).toBe(canonicalJson({ a: [2, { c: 'x', d: null }], b: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: undefined })).toBe('{}');
  });
});

/** Issue 9 finding 9: a retry after a lost answer must not create twice. */
describeWithDb('idempotency keys', () => {
  let t: TestApp;
  let distributor: Agent;
  let specifier: Agent;
  let counter = 0;
  const uniqueKey = () => `key-${Date.now().toString(36)}-${(counter += 1)}`;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock() });
    distributor = t.agent();
    await distributor.login('distributor@demo.example');
    specifier = t.agent();
    await specifier.login('specifier@demo.example');
  });
  afterAll(async () => {
    await t.close();
  });

  async function projectsNamed(name: string): Promise<number> {
    const rows = await t.database.db.select({ n: sql<number>`count(*)` }).from(projects).where(eq(projects.name, name));
    return Number(rows[0]?.n ?? 0);
  }
  const create = (agent: Agent, name: string, key?: string) =>
    agent.post(P1, { name, catalogId: 16, products: [{ referenceCode: REF, quantity: 2 }] }, key === undefined ? {} : { 'idempotency-key': key });

  it('answers the same key and body with the first answer, marked Idempotent-Replayed, and creates once', async () => {
    const key = uniqueKey();
    const first = await create(distributor, 'Idempotent once', key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(distributor, 'Idempotent once', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    expect(await projectsNamed('Idempotent once')).toBe(1);
    // Without a key nothing changes: two calls, two projects.
    await create(distributor, 'No key', undefined);
    await create(distributor, 'No key', undefined);
    expect(await projectsNamed('No key')).toBe(2);
  });

  it('refuses the same key with another body (or path) with 422 and makes nothing', async () => {
    const key = uniqueKey();
    expect((await create(distributor, 'First body', key)).statusCode).toBe(201);
    const other = await create(distributor, 'Second body', key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ ErrorCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await projectsNamed('Second body')).toBe(0);
    const otherPath = await distributor.post('/api/projects/v2/projects', { name: 'First body', catalogId: 16, products: [{ referenceCode: REF, quantity: 2 }] }, { 'idempotency-key': key });
    expect(otherPath.statusCode).toBe(422);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const key = uniqueKey();
    const first = await distributor.post(P1, { name: 'Key order', catalogId: 16, products: [] }, { 'idempotency-key': key });
    const reordered = await distributor.post(P1, { products: [], catalogId: 16, name: 'Key order' }, { 'idempotency-key': key });
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.body).toBe(first.body);
  });

  it('keeps keys per user: two users may use the same key', async () => {
    const key = uniqueKey();
    const mine = await create(distributor, 'Shared key', key);
    const theirs = await create(specifier, 'Shared key', key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(mine.json<Project>().id).not.toBe(theirs.json<Project>().id);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a control character', 'a\tb'],
  ])('refuses a malformed key (%s) with 400 naming the header', async (_, key) => {
    const response = await create(distributor, 'Bad key', key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'headers.idempotency-key' }] });
    expect(await projectsNamed('Bad key')).toBe(0);
  });

  it('accepts 255 printable ASCII characters', async () => {
    const key = `${' !"#$%&()*+,-./:;<=>?@[]^_{|}~'}${'k'.repeat(225)}`;
    expect(key).toHaveLength(255);
    expect((await create(distributor, 'Long key', key)).statusCode).toBe(201);
    expect((await create(distributor, 'Long key', key)).headers['idempotent-replayed']).toBe('true');
  });

  it('creates exactly one resource when requests with one key arrive together', async () => {
    const key = uniqueKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(distributor, 'Concurrent key', key)));
    expect(await projectsNamed('Concurrent key')).toBe(1);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const created = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json<Project>().id);
    expect(new Set(created).size).toBe(1);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
    // Once the first is answered, a retry gets its answer.
    const retry = await create(distributor, 'Concurrent key', key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<Project>().id).toBe(created[0]);
  });

  it('answers 409 while a request with the key is in flight; past the lease a retry takes the key over', async () => {
    const key = uniqueKey();
    const account = await distributor.get('/api/users/v1/account');
    const userId = account.json<{ id: number }>().id;
    const body = { name: 'In flight', catalogId: 16, products: [{ referenceCode: REF, quantity: 2 }] };
    // A request of a process that died after claiming the key, before its transaction committed
    // (nothing bound to the key: idempotency-crash tests a death after the commit).
    const now = t.clock();
    const first = await create(distributor, 'In flight', key);
    expect(first.statusCode).toBe(201);
    await t.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null, resource: null, lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS) })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    const busy = await distributor.post(P1, body, { 'idempotency-key': key });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
    t.clock.advance(IDEMPOTENCY_LEASE_MS);
    const takenOver = await distributor.post(P1, body, { 'idempotency-key': key });
    expect(takenOver.statusCode).toBe(201);
    expect(takenOver.headers['idempotent-replayed']).toBeUndefined();
  });

  it('gives the key up when the request fails, so the same key can be retried', async () => {
    const key = uniqueKey();
    const unknown = await distributor.post(P1, { name: 'Retried', catalogId: 16, products: [{ referenceCode: '999999/99_99', quantity: 1 }] }, { 'idempotency-key': key });
    expect(unknown.statusCode).toBe(400);
    const fixed = await distributor.post(P1, { name: 'Retried', catalogId: 16, products: [{ referenceCode: REF, quantity: 1 }] }, { 'idempotency-key': key });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('covers every creating POST of projects: products added once on a retry', async () => {
    const project = (await create(distributor, 'Lines once')).json<Project>();
    const key = uniqueKey();
    const add = () => distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF, quantity: 1 }], { 'idempotency-key': key });
    const first = await add();
    expect(first.statusCode).toBe(201);
    const again = await add();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<ProductsAdded>()).toEqual(first.json<ProductsAdded>());
    const detail = (await distributor.get(`${P1}/${project.id}`)).json<Project>();
    expect(detail.products).toHaveLength(2);
  });

  it('declares the header in the OpenAPI document of each creating POST, and only there', async () => {
    const doc = (await t.agent().get('/api/docs/json')).json<{ paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>> }>();
    const withHeader = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withHeader.sort()).toEqual(
      [
        'POST /api/apiv2/project',
        'POST /api/apiv2/project/{projectId}/version',
        'POST /api/apiv2/projects/{projectId}/products/{productId}/clone',
        'POST /api/projects/v1/projects',
        'POST /api/projects/v1/projects/{projectId}/clone',
        'POST /api/projects/v1/projects/{projectId}/products',
        'POST /api/projects/v1/projects/products/generate-creation-code',
        'POST /api/products/v1/creations/shared',
        'POST /api/projects/v2/projects',
        'POST /api/projects/v3/projects/{projectId}/clone',
        'POST /api/support/v1/support-request',
        'POST /api/support/v1/support-request/project-budget',
        'POST /api/apiv2/support-request/project-budget',
        'POST /api/support/v1/support-request/project-budget-usa',
        'POST /api/support/v1/support-request/project-registration-usa',
        'POST /api/support/v1/desk/requests/{id}/replies',
        'POST /api/projects/v1/budget',
        'POST /api/apiv2/budget',
        'POST /api/projects/v1/budget/final-quote',
        'POST /api/projects/v1/budget/quotes/{id}/send',
        'POST /api/orders/v2/orders/process',
        'POST /api/orders/v2/orders/{id}/reorder',
        'POST /api/users/v1/users/manage/by-company/invitations',
      ].sort(),
    );
  });

  it('keeps keys 24 hours: then the same key creates anew, and pruning removes the old row', async () => {
    const key = uniqueKey();
    const first = await create(distributor, 'Day old key', key);
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    await distributor.login('distributor@demo.example'); // the access token expired meanwhile
    const next = await create(distributor, 'Day old key', key);
    expect(next.statusCode).toBe(201);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
    expect(next.json<Project>().id).not.toBe(first.json<Project>().id);
    const { deleteExpiredKeys } = await import('./idempotency.repository');
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    await deleteExpiredKeys(t.database.db, t.clock());
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});
