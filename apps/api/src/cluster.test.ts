import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocsClientToServer, DocsServerToClient, Download, DownloadReadyEvent, SocketAck } from '@lumen/contracts';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type Cluster, type ClusterNode, startCluster } from '../scripts/cluster';
import { buildServerBundle, removeServerBundle } from '../scripts/orders-kill9';
import { describeWithDb, testDbKind } from '../test/test-db';

/**
 * The proof of issue 33 §3 on the production-shaped topology (apps/api/scripts/cluster.ts): two api
 * processes (three in `npm run cluster` and the bench; two keep this test short on 2 cores) behind HAProxy (deploy/haproxy.cfg) on one PostgreSQL, files in s3rver.
 * A resilience proof (it kills a node): `npm run test:resilience` runs it, as CI does after `npm test`;
 * the long soak and the 1/2/3-node throughput are bench/cluster.bench.ts.
 */
const describeCluster = testDbKind() === 'postgres' ? describeWithDb : (name: string, body: () => void) => describeWithDb(`${name} (PostgreSQL only)`, () => it.skip('needs PostgreSQL', body));
const REFERENCES = ['552010/02_10', '577010/02_10', '235505/03_10'];
const timings: Record<string, number> = {};

class Client {
  cookie = '';
  constructor(readonly base: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, base = this.base): Promise<{ status: number; json: Record<string, unknown>; node: string | null; headers: Headers }> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
    if (set.length > 0) {
      const jar = new Map(this.cookie.split('; ').filter(Boolean).map((pair) => [pair.split('=')[0] ?? '', pair] as const));
      for (const pair of set) jar.set(pair.split('=')[0] ?? '', pair);
      this.cookie = [...jar.values()].filter((pair) => !pair.endsWith('=')).join('; ');
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { text };
    }
    return { status: response.status, json, node: response.headers.get('x-lumen-node'), headers: response.headers };
  }

  async login(email = 'distributor@demo.example'): Promise<void> {
    const answer = await this.request('POST', '/api/users/v1/auth/login', { email, password: 'demo-password' });
    if (answer.status !== 200) throw new Error(`login: ${answer.status} ${JSON.stringify(answer.json)}`);
  }
}

describeCluster('api processes behind HAProxy on one PostgreSQL and S3 (issue 33 §3)', () => {
  let cluster: Cluster;
  let entry: string;
  let databaseName: string;
  const work = mkdtempSync(join(tmpdir(), 'lumen-cluster-test-'));
  const admin = async (sql: string): Promise<pg.QueryResult> => {
    const client = new pg.Client({ connectionString: inject('postgresAdminUrl') ?? '' });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const query = async <T extends pg.QueryResultRow>(sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const started = Date.now();
    entry = buildServerBundle();
    // The suite's migrated and seeded template, copied: the nodes start on a ready database.
    databaseName = `${inject('postgresRunId')}_cluster`;
    await admin(`CREATE DATABASE "${databaseName}" TEMPLATE "${inject('postgresTemplateDb')}"`);
    const url = new URL(inject('postgresAdminUrl') ?? '');
    url.pathname = `/${databaseName}`;
    cluster = await startCluster({ nodes: 2, serverEntry: entry, databaseUrl: url.toString(), seeded: true, env: { JOB_LEASE_MS: '2000', ERP_STEP_MS: '100', LOG_LEVEL: 'error' } });
    timings.startSeconds = (Date.now() - started) / 1000;
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    if (entry) removeServerBundle(entry);
    await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    process.stdout.write(`cluster proof timings: ${JSON.stringify(timings)}\n`);
  });

  it('logins, project edits and reads through the balancer land on every node', async () => {
    const client = new Client(cluster.url);
    await client.login();
    const created = await client.request('POST', '/api/projects/v1/projects', { name: 'Through the balancer', catalogId: 16, products: [] });
    expect(created.status).toBe(201);
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const added = await client.request('POST', `/api/projects/v1/projects/${created.json.id}/products`, [{ referenceCode: REFERENCES[i % 3] }]);
      expect(added.status).toBe(201);
      const read = await client.request('GET', `/api/projects/v1/projects/${created.json.id}`);
      expect(read.status).toBe(200);
      // Every node reads every write at once, whichever node made it.
      expect(read.json.productsCount).toBe(i + 1);
      for (const answer of [added, read]) if (answer.node) seen.add(answer.node);
    }
    expect([...seen].sort()).toEqual(cluster.nodes.map((node) => node.name));
  });

  it('a session revoked on one node is refused on the others within a second', async () => {
    const client = new Client(cluster.url);
    await client.login();
    const [first, second] = cluster.nodes as [ClusterNode, ClusterNode];
    for (const node of [second]) expect((await client.request('GET', '/api/users/v1/account', undefined, {}, node.url)).status).toBe(200);
    const cookie = client.cookie;
    const loggedOut = await client.request('POST', '/api/users/v1/auth/logout', undefined, {}, first.url);
    expect(loggedOut.status).toBeLessThan(300);
    const revokedAt = Date.now();
    // The old cookie (a stolen copy, say) on the other nodes.
    const stale = new Client(cluster.url);
    stale.cookie = cookie;
    for (const node of [second]) {
      for (;;) {
        const answer = await stale.request('GET', '/api/users/v1/account', undefined, {}, node.url);
        if (answer.status === 401) break;
        expect(Date.now() - revokedAt).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    timings.revokedEverywhereMs = Date.now() - revokedAt;
    expect(timings.revokedEverywhereMs).toBeLessThan(1000);
  });

  it('the same Idempotency-Key sent to two nodes at once makes one quote', async () => {
    const client = new Client(cluster.url);
    await client.login();
    const created = await client.request('POST', '/api/projects/v1/projects', { name: 'One quote', catalogId: 16, products: [{ type: 'REGULAR', referenceCode: REFERENCES[0], quantity: 3 }] });
    expect(created.status).toBe(201);
    const key = randomUUID();
    const [first, second] = cluster.nodes as [ClusterNode, ClusterNode];
    const answers = await Promise.all([first, second].map((node) => client.request('POST', '/api/projects/v1/budget', { projectId: created.json.id, iva: 21 }, { 'idempotency-key': key }, node.url)));
    // One made it; the other replayed its answer or was told the key is in flight (409): never a second quote.
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const again = await client.request('POST', '/api/projects/v1/budget', { projectId: created.json.id, iva: 21 }, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const quotes = await query<{ n: number }>(`select count(*)::int as n from quotes where project_id = ${Number(created.json.id)}`);
    expect(quotes[0]?.n).toBe(1);
  });

  it('rate limits hold across nodes: failed logins counted on one node are refused on the other', async () => {
    const [first, second] = cluster.nodes as [ClusterNode, ClusterNode];
    const client = new Client(cluster.url);
    const wrong = { email: 'sales@demo.example', password: 'not-the-password' };
    // Five failures of one address from one client (the per-pair limit), alternating between the nodes:
    // each node saw fewer than five, so only a shared count refuses the sixth.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await client.request('POST', '/api/users/v1/auth/login', wrong, {}, (attempt % 2 === 0 ? first : second).url);
      expect(answer.status, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const node of [first, second]) {
      const refused = await client.request('POST', '/api/users/v1/auth/login', wrong, {}, node.url);
      expect(refused.status, node.name).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('rolling restart: each node restarted in turn (SIGTERM) under load, with no failed request', async () => {
    const users = await Promise.all(
      [0, 1, 2].map(async (index) => {
        const client = new Client(cluster.url);
        await client.login(index % 2 === 0 ? 'distributor@demo.example' : 'distributor2@demo.example');
        const created = await client.request('POST', '/api/projects/v1/projects', { name: `Rolling ${index}`, catalogId: 16, products: [{ type: 'REGULAR', referenceCode: REFERENCES[index], quantity: 2 }] });
        expect(created.status).toBe(201);
        const products = created.json.products as Array<{ _id: string }>;
        return { client, projectId: Number(created.json.id), lineId: products[0]?._id ?? '' };
      }),
    );
    const failures: string[] = [];
    const servedBy = new Set<string>();
    let requests = 0;
    let restarting = true;
    const load = users.map(async ({ client, projectId, lineId }, index) => {
      let round = 0;
      while (restarting) {
        round += 1;
        for (const [method, path, body] of [
          ['GET', `/api/projects/v1/projects/${projectId}`, undefined],
          ['PUT', `/api/projects/v1/projects/${projectId}/products/${lineId}`, { quantity: 1 + ((round + index) % 9) }],
        ] as const) {
          try {
            const answer = await client.request(method, path, body);
            requests += 1;
            if (answer.status >= 300) failures.push(`${method} ${path}: ${answer.status}`);
            if (answer.node) servedBy.add(answer.node);
          } catch (error) {
            failures.push(`${method} ${path}: ${(error as Error).message}`);
          }
        }
      }
    });
    const started = Date.now();
    for (const node of cluster.nodes) {
      await cluster.stopNode(node, 'SIGTERM');
      await cluster.waitBalancer(node, false);
      await cluster.startNode(node);
      await cluster.waitBalancer(node, true);
    }
    restarting = false;
    await Promise.all(load);
    timings.rollingRestartSeconds = (Date.now() - started) / 1000;
    timings.rollingRestartRequests = requests;
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(20);
    expect([...servedBy].sort()).toEqual(cluster.nodes.map((node) => node.name));
  }, 120_000);

  it('a node killed with kill -9 in the middle of orders and documents: every acknowledged order exists once, its jobs are taken over, the download finishes whole', async () => {
    const client = new Client(cluster.url);
    await client.login('specifier@demo.example');
    const buyer = new Client(cluster.url);
    await buyer.login();
    // Orders ready to process.
    const attempts: Array<{ projectId: number; body: unknown; key: string; acknowledged?: number }> = [];
    for (let index = 0; index < 8; index += 1) {
      const created = await buyer.request('POST', '/api/projects/v1/projects', { name: `Kill ${index}`, catalogId: 16, products: [{ type: 'REGULAR', referenceCode: REFERENCES[index % 3], quantity: 1 + index }] });
      expect(created.status).toBe(201);
      const draft = await buyer.request('GET', `/api/orders/v2/orders/new/${created.json.id}`);
      expect(draft.status).toBe(200);
      const lines = draft.json.lines as Array<{ _id: string; quantity: number; earliestShippingDate: string }>;
      attempts.push({ projectId: Number(created.json.id), key: randomUUID(), body: { projectId: created.json.id, internalOrderNumber: `K-${index}`, products: lines.map((line) => ({ _id: line._id, quantity: line.quantity, shippingDate: line.earliestShippingDate })) } });
    }
    // A download of real documents, followed over socket.io through the balancer (sticky cookie).
    const socket: Socket<DocsServerToClient, DocsClientToServer> = io(cluster.url, { path: '/v2/socketio/docs/download', extraHeaders: { cookie: client.cookie }, withCredentials: true, reconnection: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ready = new Promise<DownloadReadyEvent>((resolve) => socket.on('download-ready', resolve));
    const docs = ['7460', '5520', '5770', '2355'].flatMap((model) => [
      { type: 'specSheet' as const, subType: 'model' as const, params: { model, productType: 'REGULAR' as const } },
      { type: '2D_3D' as const, params: { model, productType: 'REGULAR' as const } },
    ]);
    const ack = await new Promise<SocketAck>((resolve) => socket.emit('download', { docsParams: docs, lang: 'es', catalogId: 16 }, resolve));
    expect(ack.ok).toBe(true);
    const download = (ack as { download: Download }).download;
    // As the web's client does: a socket that lost its node (the victim, when it was this socket's)
    // comes back through the balancer to another one and asks to follow the download again.
    socket.io.on('reconnect', () => socket.emit('resume', { downloadId: download.id }, () => undefined));
    const fired = attempts.map(async (attempt) => {
      try {
        const answer = await buyer.request('POST', '/api/orders/v2/orders/process/', attempt.body, { 'idempotency-key': attempt.key });
        if (answer.status === 200) attempt.acknowledged = Number(answer.json.orderId);
      } catch {
        // the connection died with the node
      }
    });

    // The victim: a node caught holding a running job (frozen with SIGSTOP so that the job is still
    // its own when it dies), killed with SIGKILL.
    let victim: ClusterNode | undefined;
    let held: Array<{ id: number; queue: string }> = [];
    const deadline = Date.now() + 20_000;
    while (!victim && Date.now() < deadline) {
      const running = await query<{ id: number; queue: string; locked_by: string }>(`select id, queue, locked_by from jobs where status = 'running' and locked_by is not null`);
      for (const row of running) {
        const pid = Number(row.locked_by.split('-')[0]);
        const node = cluster.nodes.find((candidate) => candidate.child?.pid === pid);
        if (!node) continue;
        process.kill(pid, 'SIGSTOP');
        held = (await query<{ id: number; queue: string; locked_by: string }>(`select id, queue, locked_by from jobs where status = 'running' and locked_by like '${pid}-%'`)).map(({ id, queue }) => ({ id, queue }));
        if (held.length > 0) {
          victim = node;
          break;
        }
        process.kill(pid, 'SIGCONT');
      }
      if (!victim) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(victim, 'a node holding a running job').toBeDefined();
    const killedAt = Date.now();
    await cluster.stopNode(victim!, 'SIGKILL');
    await Promise.all(fired);
    await cluster.waitBalancer(victim!, false);
    timings.balancerSawItDownMs = Date.now() - killedAt;

    // The client settles what got no answer: the same key first, then (409: ordered already, or the
    // key held by the dead node) a new key; the project is ordered once either way.
    for (const attempt of attempts) {
      if (attempt.acknowledged !== undefined) continue;
      const again = await buyer.request('POST', '/api/orders/v2/orders/process/', attempt.body, { 'idempotency-key': attempt.key });
      if (again.status === 200) continue;
      expect(again.status, JSON.stringify({ node: again.node, json: again.json })).toBe(409);
      const fresh = await buyer.request('POST', '/api/orders/v2/orders/process/', attempt.body, { 'idempotency-key': randomUUID() });
      expect([200, 409]).toContain(fresh.status);
    }
    const acknowledged = attempts.filter((attempt) => attempt.acknowledged !== undefined);
    timings.acknowledgedBeforeKill = acknowledged.length;
    const ids = attempts.map((attempt) => attempt.projectId).join(',');
    const perProject = await query<{ project_id: number; n: number; ids: number[] }>(`select project_id, count(*)::int as n, array_agg(id) as ids from orders where project_id in (${ids}) group by project_id`);
    expect(perProject).toHaveLength(attempts.length);
    for (const row of perProject) expect(row.n).toBe(1);
    for (const attempt of acknowledged) expect(perProject.find((row) => row.project_id === attempt.projectId)?.ids).toEqual([attempt.acknowledged]);

    // The download finishes (the victim's jobs taken over after their lease) and its zip is whole.
    const event = await ready;
    timings.downloadReadyAfterKillMs = Date.now() - killedAt;
    expect(event).toMatchObject({ downloadId: download.id, status: 'ready' });
    const zip = await fetch(`${cluster.url}${event.zipUrl}`, { headers: { cookie: client.cookie } });
    expect(zip.status).toBe(200);
    const file = join(work, 'download.zip');
    writeFileSync(file, Buffer.from(await zip.arrayBuffer()));
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    socket.disconnect();

    // Every job the victim held ran to the end on another node; every order was delivered once.
    const victimPid = victim!.child?.pid;
    await expect
      .poll(async () => (await query<{ status: string }>(`select status from jobs where id in (${held.map((job) => job.id).join(',')})`)).every((row) => row.status === 'done'), { timeout: 20_000, interval: 200 })
      .toBe(true);
    const takenOver = await query<{ locked_by: string | null; attempts: number }>(`select locked_by, attempts from jobs where id in (${held.map((job) => job.id).join(',')})`);
    for (const job of takenOver) expect(job.attempts).toBeGreaterThanOrEqual(2);
    expect(takenOver.every((job) => !String(job.locked_by ?? '').startsWith(`${victimPid}-`))).toBe(true);
    const orderIds = perProject.flatMap((row) => row.ids).join(',');
    await expect
      .poll(async () => (await query<{ n: number }>(`select count(*)::int as n from orders where id in (${orderIds}) and delivery = 'sent'`))[0]?.n, { timeout: 20_000, interval: 200 })
      .toBe(attempts.length);
    const received = await query<{ order_id: number }>(`select order_id from erp_received_orders where order_id in (${orderIds})`);
    expect(received).toHaveLength(attempts.length);
    const deliveries = await query<{ n: number }>(`select count(*)::int as n from jobs where queue = 'orders.deliver' and (payload->>'orderId')::int in (${orderIds}) group by payload->>'orderId' having count(*) <> 1`);
    expect(deliveries).toEqual([]);
    timings.heldJobs = held.length;
  }, 120_000);
});
