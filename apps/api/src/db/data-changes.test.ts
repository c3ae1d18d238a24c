import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase, describeWithDb } from '../../test/test-db';
import type { Database } from './client';
import { createDataChanges, createReadCache, type DataChanges } from './data-changes';

/** Waits for a notification to come through (in process on PGlite, over LISTEN on PostgreSQL). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('no change notification within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeWithDb('data changes: table versions moved by every commit, in any process', () => {
  let database: Database;
  let changes: DataChanges;
  let elsewhere: DataChanges;

  beforeAll(async () => {
    database = await createTestDatabase();
    changes = createDataChanges(database);
    // A second process's view of the same database.
    elsewhere = createDataChanges(database);
    await Promise.all([changes.start(), elsewhere.start()]);
  });
  afterAll(async () => {
    await Promise.all([changes.close(), elsewhere.close()]);
    await database.close();
  });

  it('moves the version of each announced table a commit changed, in every process', async () => {
    for (const [table, write] of [
      ['projects', sql`update projects set name = name || '' where id = (select min(id) from projects)`],
      ['project_products', sql`delete from project_products where false`],
      ['users', sql`update users set name = name where id = (select min(id) from users)`],
      ['sales_company_assignments', sql`delete from sales_company_assignments where false`],
    ] as const) {
      const [before, beforeElsewhere] = [changes.version([table]), elsewhere.version([table])];
      await database.db.execute(write);
      await until(() => changes.version([table]) > before && elsewhere.version([table]) > beforeElsewhere);
    }
  });

  it('leaves the versions alone for what no kept read shows (a user’s language) and for a rolled back write', async () => {
    const tables = ['projects', 'project_products', 'users', 'sales_company_assignments'] as const;
    const before = changes.version(tables);
    await database.db.execute(sql`update users set lang = lang where id = (select min(id) from users)`);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update projects set name = name where id = (select min(id) from projects)`);
        throw new Error('roll back');
      })
      .catch(() => {});
    // A later announced change proves the notifications before it were delivered (in commit order).
    await database.db.execute(sql`delete from sales_company_assignments where false`);
    await until(() => changes.version(['sales_company_assignments']) > 0 && changes.version(tables) > before);
    expect(changes.version(tables)).toBe(before + 1);
  });

  it('touchAll moves every version of this process at once, and only of this process', () => {
    const [mine, theirs] = [changes.version(['projects']), elsewhere.version(['projects'])];
    changes.touchAll();
    expect(changes.version(['projects'])).toBe(mine + 1);
    expect(changes.version(['users', 'project_products'])).toBeGreaterThan(0);
    expect(elsewhere.version(['projects'])).toBe(theirs);
  });
});

describe('read cache', () => {
  function localChanges(): DataChanges {
    return createDataChanges({ listen: async () => async () => {} });
  }

  it('serves the kept value while the versions hold and loads again after a change', async () => {
    const changes = localChanges();
    const cache = createReadCache<{ n: number }>(changes, ['projects'], { max: 10 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('b', load)).toEqual({ n: 2 });
    changes.touch('users'); // not a table this cache reads
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    changes.touch('projects');
    expect(await cache.get('a', load)).toEqual({ n: 3 });
    changes.touchAll();
    expect(await cache.get('a', load)).toEqual({ n: 4 });
  });

  it('shares one load between concurrent misses, and a change during a load makes its value stale', async () => {
    const changes = localChanges();
    const cache = createReadCache<{ n: number }>(changes, ['projects'], { max: 10 });
    let loads = 0;
    let release: () => void = () => {};
    const slow = () =>
      new Promise<{ n: number }>((resolve) => {
        loads += 1;
        const n = loads;
        release = () => resolve({ n });
      });
    const first = cache.get('a', slow);
    const second = cache.get('a', slow);
    changes.touch('projects'); // committed while the read ran: what it read may be older
    release();
    expect(await first).toEqual({ n: 1 });
    expect(await second).toEqual({ n: 1 });
    expect(loads).toBe(1);
    const third = cache.get('a', slow);
    release();
    expect(await third).toEqual({ n: 2 });
  });

  it('keeps no failed load, and no more than maxSize by size', async () => {
    const changes = localChanges();
    const cache = createReadCache<number[]>(changes, ['project_products'], { max: 10, maxSize: 5, sizeOf: (rows) => rows.length });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => [1])).toEqual([1]);
    let loads = 0;
    const four = async () => {
      loads += 1;
      return [1, 2, 3, 4];
    };
    await cache.get('big', four);
    await cache.get('big', four);
    expect(loads).toBe(1);
    await cache.get('other', async () => [1, 2, 3]); // 4 + 3 > 5: the least recently used goes
    await cache.get('big', four);
    expect(loads).toBe(2);
  });
});

describeWithDb('projects answers kept in memory, across two processes on one database', () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({ database: one.database });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('a list and a project read in one process show a change made in the other', async () => {
    const [reader, writer] = [one.agent(), two.agent()];
    await Promise.all([reader.login('distributor@demo.example'), writer.login('distributor@demo.example')]);
    const created = await writer.post('/api/projects/v1/projects', { name: 'Kept in memory', catalogId: 16, products: [{ referenceCode: '552010/02_10' }] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const list = '/api/projects/v1/projects/filter?itemsPerPage=10&page=1&sortBy=UPDATED_RECENT';
    const names = async () => (await reader.get(list)).json<{ items: Array<{ id: number; name: string }> }>().items.find((item) => item.id === id)?.name;
    const detail = async () => (await reader.get(`/api/projects/v1/projects/${id}`)).json<{ name: string; products: unknown[] }>();
    // Read (and kept) in process one.
    expect(await names()).toBe('Kept in memory');
    expect((await detail()).products).toHaveLength(1);

    // Changed in process two: renamed, a line added.
    expect((await writer.put(`/api/projects/v1/projects/${id}`, { name: 'Renamed elsewhere' })).statusCode).toBe(200);
    expect((await writer.post(`/api/projects/v1/projects/${id}/products`, [{ referenceCode: '746005/M3_31' }])).statusCode).toBe(201);
    const fresh = Date.now() + 5_000;
    while (((await names()) !== 'Renamed elsewhere' || (await detail()).products.length !== 2) && Date.now() < fresh) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await names()).toBe('Renamed elsewhere');
    expect((await detail()).products).toHaveLength(2);
  });

  it('a client reads its own change at once, in the process that made it', async () => {
    const agent = one.agent();
    await agent.login('distributor@demo.example');
    const list = '/api/projects/v1/projects/filter?itemsPerPage=100&page=1&sortBy=NAME_ASC';
    const before = (await agent.get(list)).json<{ meta: { totalItems: number } }>().meta.totalItems;
    const created = await agent.post('/api/projects/v1/projects', { name: 'Read my write', catalogId: 16, products: [] });
    expect(created.statusCode).toBe(201);
    const after = (await agent.get(list)).json<{ items: Array<{ name: string }>; meta: { totalItems: number } }>();
    expect(after.meta.totalItems).toBe(before + 1);
    expect(after.items.map((item) => item.name)).toContain('Read my write');
  });
});
