import type { Project, ProductsAdded, ProductUpdated } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmDeliveries, crmOutbox, jobs } from '../../db/schema';
import { createJobQueue, type JobQueue } from '../../lib/jobs';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { type CrmEvent, type CrmPort, CRM_DELIVERY_QUEUE, CRM_MAX_ATTEMPTS, recordingCrmAdapter, registerCrmOutbox } from './projects.outbox';
import { enqueuePendingOutbox, listCrmDeliveries, listOutbox } from './projects.repository';
import { VERSION_UPSERT_TOPIC } from './projects.service';
import { createProject, P1, REF16, REF21 } from './projects.test-support';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describeWithDb('projects: CRM outbox on the job queue, and concurrency (upsertVersionD365 on)', () => {
  let t: TestApp;
  let distributor: Agent;

  beforeAll(async () => {
    // The DEV flag table (the tests' default) has upsertVersionD365 at rollout 1. The app's own queue
    // is not started: each test runs the deliveries with a queue (a "process") of its own.
    t = await createTestApp({ startWorkers: false });
    distributor = t.agent();
    await distributor.login('distributor@demo.example');
  });
  afterAll(async () => {
    await t.close();
  });

  async function clearOutbox(): Promise<void> {
    await t.database.db.delete(jobs).where(eq(jobs.queue, CRM_DELIVERY_QUEUE));
    await t.database.db.delete(crmOutbox);
    await t.database.db.delete(crmDeliveries);
  }

  /** A process's queue delivering to `crm`. */
  function deliveringQueue(crm: CrmPort, options: { backoffMs?: (attempt: number) => number; leaseMs?: number } = {}): JobQueue {
    const queue = createJobQueue({ database: t.database, log: silent, clock: t.clock, ...options });
    registerCrmOutbox(queue, { db: t.database.db, crm, log: silent, clock: t.clock });
    return queue;
  }

  const crmJobs = () => t.database.db.select().from(jobs).where(eq(jobs.queue, CRM_DELIVERY_QUEUE)).orderBy(jobs.id);

  describe('events', () => {
    it('adding, updating and deleting a product each write one version upsert with the project revision, and its delivery job', async () => {
      await clearOutbox();
      const project = await createProject(distributor, { name: 'Evented' });
      expect(await listOutbox(t.database.db)).toHaveLength(0);
      const added = (await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }, { referenceCode: REF16[1] }])).json<ProductsAdded>();
      const productId = added.products[0]?._id ?? '';
      const updated = (await distributor.put(`${P1}/${project.id}/products/${productId}`, { quantity: 4 })).json<ProductUpdated>();
      const deleted = await distributor.request('DELETE', `${P1}/${project.id}/products/${productId}`);
      expect(deleted.statusCode).toBe(200);
      // a rejected add (catalogue-21 reference) and a rename write no event
      expect((await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF21 }])).statusCode).toBe(400);
      expect((await distributor.put(`${P1}/${project.id}`, { name: 'Evented 2' })).statusCode).toBe(200);
      const events = await listOutbox(t.database.db);
      expect(events.map((e) => [e.topic, e.idempotencyKey, e.status])).toEqual([
        [VERSION_UPSERT_TOPIC, `${VERSION_UPSERT_TOPIC}:${project.id}:r${added.revision}`, 'pending'],
        [VERSION_UPSERT_TOPIC, `${VERSION_UPSERT_TOPIC}:${project.id}:r${updated.revision}`, 'pending'],
        [VERSION_UPSERT_TOPIC, `${VERSION_UPSERT_TOPIC}:${project.id}:r${updated.revision + 1}`, 'pending'],
      ]);
      const lastPayload = events[2]?.payload as { products: Array<{ _id: string }>; revision: number };
      expect(lastPayload.products).toHaveLength(1);
      expect(lastPayload.revision).toBe(updated.revision + 1);
      // Each event's delivery is a job of the one queue, written in the same transaction, keyed by the event.
      expect((await crmJobs()).map((job) => [job.status, job.singletonKey, job.payload, job.maxAttempts])).toEqual(events.map((e) => ['pending', e.idempotencyKey, { outboxId: e.id }, CRM_MAX_ATTEMPTS]));
    });

    it('a queue delivers each event once through the recording adapter', async () => {
      const project = await createProject(distributor, { name: 'Delivered' });
      await clearOutbox();
      await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }]);
      const queue = deliveringQueue(recordingCrmAdapter(t.database.db, silent, t.clock));
      expect(await queue.drain()).toBe(1);
      expect(await queue.drain()).toBe(0);
      const [event] = await listOutbox(t.database.db);
      expect(event).toMatchObject({ status: 'delivered', attempts: 1 });
      const deliveries = await listCrmDeliveries(t.database.db);
      expect(deliveries.map((d) => d.idempotencyKey)).toEqual([event?.idempotencyKey]);
    });

    it('an event written without its job (before the move to the queue) gets one, once', async () => {
      await clearOutbox();
      const project = await createProject(distributor, { name: 'Old event' });
      await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }]);
      await t.database.db.delete(jobs).where(eq(jobs.queue, CRM_DELIVERY_QUEUE));
      expect(await enqueuePendingOutbox(t.database.db, t.clock())).toBe(1);
      expect(await enqueuePendingOutbox(t.database.db, t.clock())).toBe(0);
      expect(await deliveringQueue(recordingCrmAdapter(t.database.db, silent, t.clock)).drain()).toBe(1);
      expect((await listOutbox(t.database.db))[0]?.status).toBe('delivered');
    });
  });

  describe('retries', () => {
    it('a failing CRM is retried with backoff, never lost, applied once', async () => {
      const project = await createProject(distributor, { name: 'Retried' });
      await clearOutbox();
      await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }]);
      const recording = recordingCrmAdapter(t.database.db, silent, t.clock);
      let calls = 0;
      // fails twice; the third attempt applies it but "crashes" before the worker marks it delivered
      const flaky: CrmPort = {
        async deliver(event: CrmEvent) {
          calls += 1;
          if (calls <= 2) throw new Error('CRM unavailable');
          await recording.deliver(event);
          if (calls === 3) throw new Error('connection lost after apply');
        },
      };
      const queue = deliveringQueue(flaky, { backoffMs: (n: number) => 1000 * 2 ** (n - 1) });
      expect(await queue.drain()).toBe(1);
      let [event] = await listOutbox(t.database.db);
      expect(event).toMatchObject({ status: 'pending', attempts: 1, lastError: 'CRM unavailable' });
      expect((await crmJobs())[0]?.availableAt.getTime()).toBe(t.clock().getTime() + 1000);
      expect(await queue.drain()).toBe(0);
      t.clock.advance(1000);
      expect(await queue.drain()).toBe(1);
      t.clock.advance(2000);
      expect(await queue.drain()).toBe(1);
      t.clock.advance(4000);
      expect(await queue.drain()).toBe(1);
      [event] = await listOutbox(t.database.db);
      expect(event).toMatchObject({ status: 'delivered', attempts: 4 });
      expect(calls).toBe(4);
      // delivered at least once (twice here), applied once
      expect(await listCrmDeliveries(t.database.db)).toHaveLength(1);
    });

    it('after the last attempt the event is parked as dead, still in the table', async () => {
      const project = await createProject(distributor, { name: 'Dead letter' });
      await clearOutbox();
      await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }]);
      const down: CrmPort = {
        async deliver() {
          throw new Error('down');
        },
      };
      const queue = deliveringQueue(down, { backoffMs: () => 10 });
      for (let attempt = 0; attempt < CRM_MAX_ATTEMPTS; attempt += 1) {
        expect(await queue.drain()).toBe(1);
        t.clock.advance(10);
      }
      expect(await queue.drain()).toBe(0);
      const [event] = await listOutbox(t.database.db);
      expect(event).toMatchObject({ status: 'dead', attempts: CRM_MAX_ATTEMPTS, lastError: 'down' });
      expect((await crmJobs())[0]?.status).toBe('failed');
    });

    it('a claim whose process died comes back after its lease', async () => {
      const project = await createProject(distributor, { name: 'Lease' });
      await clearOutbox();
      await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }]);
      const hang: CrmPort = { deliver: () => new Promise<void>(() => {}) };
      // Never started, so never renews its lease: a process that stopped answering.
      const stuck = deliveringQueue(hang, { leaseMs: 5000 });
      void stuck.drain();
      await expect.poll(async () => (await crmJobs())[0]?.status).toBe('running');
      const queue = deliveringQueue(recordingCrmAdapter(t.database.db, silent, t.clock));
      expect(await queue.drain()).toBe(0);
      t.clock.advance(5000);
      expect(await queue.drain()).toBe(1);
      expect((await listOutbox(t.database.db))[0]?.status).toBe('delivered');
    });

    it('queues running side by side deliver every event exactly once', async () => {
      await clearOutbox();
      const project = await createProject(distributor, { name: 'Many events' });
      for (let i = 0; i < 12; i += 1) await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[i % 4] ?? REF16[0] }]);
      const seen = new Map<string, number>();
      const counting: CrmPort = {
        async deliver(event) {
          seen.set(event.idempotencyKey, (seen.get(event.idempotencyKey) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      };
      const queues = Array.from({ length: 3 }, () => deliveringQueue(counting));
      await Promise.all(queues.map((queue) => queue.drain()));
      expect(seen.size).toBe(12);
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
      expect((await listOutbox(t.database.db)).every((e) => e.status === 'delivered')).toBe(true);
    });

    it('a started queue delivers in the background and stops cleanly', async () => {
      await clearOutbox();
      const project = await createProject(distributor, { name: 'Polled' });
      await distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0] }]);
      const queue = deliveringQueue(recordingCrmAdapter(t.database.db, silent, t.clock));
      await queue.start();
      await expect.poll(async () => (await listOutbox(t.database.db))[0]?.status, { timeout: 5000 }).toBe('delivered');
      await queue.stop();
    });
  });

  describe('concurrent edits of one project', () => {
    it('parallel adds never lose a product; every add gets its own revision', async () => {
      const project = await createProject(distributor, { name: 'Parallel adds' });
      const responses = await Promise.all(Array.from({ length: 16 }, (_, i) => distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[i % 4] ?? REF16[0], quantity: i + 1 }])));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(16).fill(201));
      const revisions = responses.map((r) => r.json<ProductsAdded>().revision).sort((a, b) => a - b);
      expect(revisions).toEqual(Array.from({ length: 16 }, (_, i) => project.revision + i + 1));
      const detail = (await distributor.get(`${P1}/${project.id}`)).json<Project>();
      expect(detail.productsCount).toBe(16);
      expect(detail.products.map((p) => p.quantity).sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      // one event per revision, none lost
      const keys = (await listOutbox(t.database.db)).filter((e) => (e.payload as { projectId: number }).projectId === project.id).map((e) => e.idempotencyKey);
      expect(new Set(keys).size).toBe(16);
    });

    it('parallel updates, clones and deletes of different lines all land', async () => {
      const project = await createProject(distributor, { name: 'Parallel mix', products: REF16.map((referenceCode) => ({ referenceCode })) });
      const [a, b, c, d] = project.products.map((p) => p._id);
      const responses = await Promise.all([
        distributor.put(`${P1}/${project.id}/products/${a}`, { quantity: 11 }),
        distributor.put(`${P1}/${project.id}/products/${b}`, { quantity: 22 }),
        distributor.post(`/api/apiv2/projects/${project.id}/products/${c}/clone`),
        distributor.request('DELETE', `${P1}/${project.id}/products/${d}`),
        distributor.post(`${P1}/${project.id}/products`, [{ referenceCode: REF16[0], quantity: 33 }]),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 201, 200, 201]);
      const detail = (await distributor.get(`${P1}/${project.id}`)).json<Project>();
      expect(detail.productsCount).toBe(5);
      expect(detail.products.map((p) => p.quantity).sort((x, y) => x - y)).toEqual([1, 1, 11, 22, 33]);
      expect(detail.revision).toBe(project.revision + 5);
    });

    it('optimistic concurrency: of two updates made from the same revision, the second answers 409', async () => {
      const project = await createProject(distributor, { name: 'Optimistic', products: [{ referenceCode: REF16[0] }] });
      const id = project.products[0]?._id ?? '';
      const [first, second] = await Promise.all([
        distributor.put(`${P1}/${project.id}/products/${id}`, { quantity: 2, expectedRevision: project.revision }),
        distributor.put(`${P1}/${project.id}/products/${id}`, { quantity: 3, expectedRevision: project.revision }),
      ]);
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    });
  });
});
