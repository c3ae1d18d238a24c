import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Account } from '@lumen/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppDeps } from '../src/context';
import type { Database } from '../src/db/client';
import { memoryMailer } from '../src/lib/mailer';
import { createTestDatabase } from './test-db';

export const DEMO_PASSWORD = 'demo-password';

/** A clock the test moves by hand (token expiry, reset-link expiry, rate-limit windows). */
export interface TestClock {
  (): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function testClock(start: Date = new Date()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

let ipCounter = 0;
/** A distinct client address per agent, so that per-IP limits of one test do not leak into another. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** A browser-like client over app.inject: keeps the cookies the server sets. */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip: string = nextIp(),
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const options: InjectOptions = { method, url, remoteAddress: this.ip, headers: { ...headers } };
    const cookie = this.cookieHeader();
    if (cookie && options.headers) options.headers.cookie = cookie;
    if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
    const response = await this.app.inject(options);
    for (const set of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() <= Date.now()) || set.value === '';
      if (expired) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, payload, headers);
  }
  put(url: string, payload?: unknown) {
    return this.request('PUT', url, payload);
  }
  patch(url: string, payload?: unknown) {
    return this.request('PATCH', url, payload);
  }

  /** Logs in (demo password by default) and returns the account; throws when the login fails. */
  async login(email: string, password: string = DEMO_PASSWORD): Promise<Account> {
    const response = await this.post('/api/users/v1/auth/login', { email, password });
    if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    return response.json<Account>();
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  mailer: ReturnType<typeof memoryMailer>;
  agent(ip?: string): Agent;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  /** Reuse a database (several apps on one database); otherwise a fresh one is made and dropped on close. */
  database?: Database;
  /** Add routes before the app is ready (access-guard and error tests). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** A double of the document makers (the delivery's tests). */
  makeDocuments?: AppDeps['makeDocuments'];
  /** false: the job queue is not started, the test drains it (app.jobs.drain()) step by step. */
  startWorkers?: boolean;
}

/** A ready app on a fresh database (migrated, reference data and demo accounts seeded). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-api-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      ...options.env,
    },
    dataDir,
  );
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? testClock();
  const mailer = memoryMailer();
  const app = await buildApp({ config, database, clock, mailer, logger: process.env.TEST_API_LOG ? { level: 'error' } : false, crossCheckResponses: true, ...(options.makeDocuments ? { makeDocuments: options.makeDocuments } : {}), ...(options.startWorkers === false ? { startWorkers: false } : {}) });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    mailer,
    agent: (ip?: string) => new Agent(app, ip),
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
