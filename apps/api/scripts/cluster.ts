/**
 * The production-shaped topology on this machine (issue 33 §2): N api processes behind HAProxy
 * (deploy/haproxy.cfg) on one PostgreSQL (a throwaway server, or CLUSTER_DATABASE_URL) with files
 * in an S3-compatible server (s3rver, or CLUSTER_S3_ENDPOINT + bucket). Every node runs HTTP and the
 * job queue (NODE_ROLE=all); each has an operator metrics port.
 *
 *   npm run cluster                 # 3 nodes; prints the URLs; Ctrl-C stops everything
 *   npm run cluster -- --nodes 2
 *
 * startCluster() is also the proof test's (src/cluster.test.ts) and the bench's (bench/cluster.bench.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { findPostgresBin, freePort, startThrowawayPostgres } from '../test/throwaway-postgres';

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(API_DIR, '..', '..');
export const HAPROXY_CONFIG = join(ROOT, 'deploy', 'haproxy.cfg');
const JWT_SECRET = 'cluster-secret-cluster-secret-cluster-00';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface ClusterOptions {
  nodes: number;
  /** The api's bundle (apps/api/dist/main.js after `npm run build`, or buildServerBundle()). */
  serverEntry: string;
  /** Extra environment of every node (ERP_STEP_MS, JOB_LEASE_MS…). */
  env?: Record<string, string>;
  /** The public port of the load balancer (default: a free one). */
  port?: number;
  /** A PostgreSQL database to use (else CLUSTER_DATABASE_URL, else a throwaway server). */
  databaseUrl?: string;
  /** The database is migrated and seeded already: every node starts at once, none seeds. */
  seeded?: boolean;
  log?: (line: string) => void;
}

export interface ClusterNode {
  name: string;
  port: number;
  metricsPort: number;
  url: string;
  child: ChildProcess | undefined;
  output: string;
}

export interface Cluster {
  /** The load balancer's public URL. */
  url: string;
  nodes: ClusterNode[];
  databaseUrl: string;
  s3: { endpoint: string; bucket: string };
  /** Starts a node (again) and waits for its /ready. */
  startNode(node: ClusterNode): Promise<void>;
  /** Stops a node: SIGKILL at once, or SIGTERM (graceful) and waits for its exit. */
  stopNode(node: ClusterNode, signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Resolves once HAProxy sees the node up (or down). */
  waitBalancer(node: ClusterNode, up: boolean): Promise<void>;
  stop(): Promise<void>;
}

/** deploy/haproxy.cfg with its bind line and server lines for these nodes. */
export function haproxyConfigFor(template: string, lbPort: number, nodes: ReadonlyArray<{ name: string; port: number }>, statsSocket: string): string {
  const out: string[] = [];
  for (const line of template.split('\n')) {
    const server = /^(\s+)server api1 api1:3000 check( cookie api1)?$/.exec(line);
    if (server) {
      const [, indent, cookie] = server;
      for (const node of nodes) out.push(`${indent}server ${node.name} 127.0.0.1:${node.port} check${cookie ? ` cookie ${node.name}` : ''}`);
      continue;
    }
    if (/^\s+server api\d /.test(line)) continue;
    if (/^\s+bind :8080$/.test(line)) {
      out.push(`    bind 127.0.0.1:${lbPort}`);
      continue;
    }
    out.push(line);
    if (line === 'global') out.push(`    stats socket ${statsSocket} mode 600 level admin`);
  }
  return out.join('\n');
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  const work = mkdtempSync(join(tmpdir(), 'lumen-cluster-'));
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(work, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch {
        // keep stopping the rest
      }
    }
  };
  try {
    let databaseUrl = options.databaseUrl ?? process.env.CLUSTER_DATABASE_URL;
    if (!databaseUrl) {
      const bin = findPostgresBin();
      if (!bin) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql), and CLUSTER_DATABASE_URL is unset');
      const postgres = await startThrowawayPostgres(bin);
      cleanups.push(() => postgres.stop());
      databaseUrl = postgres.url;
    }
    log(`PostgreSQL ${databaseUrl}`);
    let s3: TestS3 | undefined;
    if (!process.env.CLUSTER_S3_ENDPOINT) {
      s3 = await startTestS3('lumen-files');
      const started = s3;
      cleanups.push(() => started.stop());
    }
    const s3Env = s3
      ? s3.env()
      : { STORAGE_URL: `s3://${process.env.CLUSTER_S3_BUCKET ?? 'lumen-files'}`, S3_ENDPOINT: process.env.CLUSTER_S3_ENDPOINT ?? '' };
    log(`S3 ${s3Env.S3_ENDPOINT} (${s3Env.STORAGE_URL})`);

    const lbPort = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${lbPort}`;
    const nodes: ClusterNode[] = [];
    for (let index = 1; index <= options.nodes; index += 1) {
      const port = await freePort();
      nodes.push({ name: `api${index}`, port, metricsPort: await freePort(), url: `http://127.0.0.1:${port}`, child: undefined, output: '' });
    }
    const dataDir = join(work, 'data');

    async function startNode(node: ClusterNode, seed = false): Promise<void> {
      node.output = '';
      const child = spawn(process.execPath, [options.serverEntry], {
        cwd: API_DIR,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATABASE_URL: databaseUrl,
          ...s3Env,
          DATA_DIR: join(dataDir, node.name),
          PORT: String(node.port),
          HOST: '127.0.0.1',
          METRICS_PORT: String(node.metricsPort),
          LOG_LEVEL: 'warn',
          JWT_SECRET,
          PUBLIC_URL: url,
          TRUST_PROXY: '1',
          SEED_DEMO: seed ? '1' : '0',
          NODE_ROLE: 'all',
          SHUTDOWN_DRAIN_MS: '1500',
          ...(options.env ?? {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      node.child = child;
      child.stdout?.on('data', (chunk: Buffer) => (node.output = (node.output + chunk.toString()).slice(-20_000)));
      child.stderr?.on('data', (chunk: Buffer) => (node.output = (node.output + chunk.toString()).slice(-20_000)));
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${node.name} exited (${child.exitCode}): ${node.output.slice(-2000)}`);
        try {
          if ((await fetch(`${node.url}/ready`)).status === 200) return;
        } catch {
          // not listening yet
        }
        await sleep(100);
      }
      throw new Error(`${node.name} did not get ready: ${node.output.slice(-2000)}`);
    }

    async function stopNode(node: ClusterNode, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
      const child = node.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill(signal);
      await exited;
    }
    cleanups.push(async () => {
      await Promise.all(nodes.map((node) => stopNode(node, 'SIGTERM')));
    });

    // The first node migrates the database and seeds the demo accounts; the others join it.
    if (!options.seeded) await startNode(nodes[0]!, true);
    await Promise.all(nodes.slice(options.seeded ? 0 : 1).map((node) => startNode(node)));
    log(`nodes ${nodes.map((node) => `${node.name} ${node.url} (metrics :${node.metricsPort}/metrics)`).join(', ')}`);

    const statsSocket = join(work, 'haproxy.sock');
    const config = join(work, 'haproxy.cfg');
    writeFileSync(config, haproxyConfigFor(readFileSync(HAPROXY_CONFIG, 'utf8'), lbPort, nodes, statsSocket));
    const haproxyBin = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => {
      try {
        execFileSync(path, ['-v'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    });
    if (!haproxyBin) throw new Error('haproxy is not installed (apt-get install -y haproxy)');
    execFileSync(haproxyBin, ['-c', '-q', '-f', config]);
    const haproxy = spawn(haproxyBin, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    let haproxyOutput = '';
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyOutput = (haproxyOutput + chunk.toString()).slice(-5000)));
    cleanups.push(async () => {
      if (haproxy.exitCode !== null) return;
      const exited = new Promise<void>((done) => haproxy.once('exit', () => done()));
      haproxy.kill('SIGTERM');
      await exited;
    });

    /** HAProxy's view of a server (its stats socket, `show stat`: the status column). */
    function serverStatus(node: ClusterNode): Promise<string> {
      return new Promise((resolveStatus) => {
        const connection = createConnection(statsSocket);
        let text = '';
        connection.on('data', (chunk) => (text += chunk.toString()));
        connection.on('end', () => {
          const line = text.split('\n').find((row) => row.startsWith(`api,${node.name},`));
          resolveStatus(line?.split(',')[17] ?? 'UNKNOWN');
        });
        connection.on('error', () => resolveStatus('UNKNOWN'));
        connection.end('show stat\n');
      });
    }
    async function waitBalancer(node: ClusterNode, up: boolean): Promise<void> {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const status = await serverStatus(node);
        if (up ? status === 'UP' : status.startsWith('DOWN')) return;
        if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${haproxyOutput}`);
        await sleep(100);
      }
      throw new Error(`haproxy did not see ${node.name} ${up ? 'up' : 'down'}`);
    }
    for (const node of nodes) await waitBalancer(node, true);
    log(`HAProxy ${url} (config ${config})`);

    return {
      url,
      nodes,
      databaseUrl,
      s3: { endpoint: s3Env.S3_ENDPOINT ?? '', bucket: s3?.bucket ?? process.env.CLUSTER_S3_BUCKET ?? 'lumen-files' },
      startNode: (node) => startNode(node),
      stopNode,
      waitBalancer,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function main(): Promise<void> {
  const nodesArg = process.argv.indexOf('--nodes');
  const nodes = nodesArg > 0 ? Number(process.argv[nodesArg + 1]) : 3;
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8080;
  const entry = join(API_DIR, 'dist', 'main.js');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const cluster = await startCluster({ nodes, serverEntry: entry, port, log, env: { LOG_LEVEL: 'info' } });
  log(`\nLumen Pro on ${nodes} api processes behind HAProxy: ${cluster.url}  (demo accounts, password demo-password; Ctrl-C stops)`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log('stopping the cluster…');
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
