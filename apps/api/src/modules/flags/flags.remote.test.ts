import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EvaluatedFlagsResponse, FlagList } from '@lumen/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

// The remote service answers from this process, which a loaded machine (the whole suite beside the
// browser specs) can keep busy for a second: the timeout the app waits is generous, and the flag
// that does not answer in time (only while `slow` is set) answers well after it.
const REMOTE_TIMEOUT_MS = 2_500;
const SLOW_ANSWER_MS = 7_000;

interface OfrepRequest {
  key: string;
  context: Record<string, unknown>;
}

/**
 * A real OFREP endpoint (OpenFeature Remote Evaluation Protocol): `POST /ofrep/v1/evaluate/flags/{key}`
 * with `{ context }`, answering `{ key, value, reason, variant }`, or 404 `{ key, errorCode:
 * 'FLAG_NOT_FOUND' }`. `upsertVersionD365` is on for the e-mails in `onFor`; `unifiedCodeVersion` never
 * answers in time; `sendOfferWithDownloadBudget` is unknown to it.
 */
interface OfrepState {
  onFor: Set<string>;
  requests: OfrepRequest[];
  /** unifiedCodeVersion answers late (else it is not found, as any flag the service does not know). */
  slow: boolean;
}

function ofrepServer(state: OfrepState): Server {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const match = /^\/ofrep\/v1\/evaluate\/flags\/([^/]+)$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match?.[1]) {
        response.writeHead(404).end();
        return;
      }
      const key = decodeURIComponent(match[1]);
      const { context = {} } = JSON.parse(body || '{}') as { context?: Record<string, unknown> };
      state.requests.push({ key, context });
      const json = (status: number, payload: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (key === 'upsertVersionD365') {
        const on = typeof context.email === 'string' && state.onFor.has(context.email);
        json(200, { key, value: on, reason: 'TARGETING_MATCH', variant: on ? 'on' : 'off' });
        return;
      }
      if (key === 'unifiedCodeVersion' && state.slow) {
        setTimeout(() => json(200, { key, value: true, reason: 'STATIC', variant: 'on' }), SLOW_ANSWER_MS);
        return;
      }
      json(404, { key, errorCode: 'FLAG_NOT_FOUND', errorDetails: `flag ${key} not found` });
    });
  });
}

describeWithDb('feature flags: the remote OFREP service for flags missing from the table', () => {
  const state: OfrepState = { onFor: new Set<string>(), requests: [], slow: false };
  let server: Server;
  let t: TestApp;
  let admin: Agent;
  let distributor: Agent;
  let specifier: Agent;

  beforeAll(async () => {
    server = ofrepServer(state);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // PRO holds no flag: every flag is asked remotely. No answer cache.
    t = await createTestApp({ env: { FLAGS_ENV: 'PRO', FLAGS_REMOTE_URL: `http://127.0.0.1:${port}`, FLAGS_REMOTE_TIMEOUT_MS: String(REMOTE_TIMEOUT_MS), FLAGS_REMOTE_CACHE_MS: '0' } });
    admin = t.agent();
    await admin.login('admin@demo.example');
    distributor = t.agent();
    await distributor.login('distributor@demo.example');
    specifier = t.agent();
    await specifier.login('specifier@demo.example');
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    state.requests.length = 0;
    state.onFor.clear();
    state.slow = false;
  });

  const flagsOf = async (agent: Agent) => EvaluatedFlagsResponse.parse((await agent.get('/api/masters/v1/flags/evaluated')).json()).flags;

  it('asks the remote service with the caller as evaluation context and uses its answer', async () => {
    state.onFor.add('distributor@demo.example');
    expect((await flagsOf(distributor)).upsertVersionD365).toBe(true);
    expect((await flagsOf(specifier)).upsertVersionD365).toBe(false);
    const asked = state.requests.find((request) => request.key === 'upsertVersionD365' && request.context.email === 'distributor@demo.example');
    expect(asked?.context).toMatchObject({ environment: 'PRO', email: 'distributor@demo.example' });
    expect(typeof asked?.context.targetingKey).toBe('string');
    expect(FlagList.parse((await admin.get('/api/masters/v1/flags')).json()).remoteConfigured).toBe(true);
  });

  it('takes the flag default when the remote service does not answer in time', async () => {
    state.slow = true;
    const started = Date.now();
    expect((await flagsOf(distributor)).unifiedCodeVersion).toBe(false);
    // The timeout, not the slow answer, decided.
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS - 1_000);
    // With a default of true, the same timeout gives true.
    const flag = FlagList.parse((await admin.get('/api/masters/v1/flags')).json()).flags.find((item) => item.key === 'unifiedCodeVersion');
    if (!flag) throw new Error('no unifiedCodeVersion');
    await admin.put('/api/masters/v1/flags/unifiedCodeVersion', { description: flag.description, defaultValue: true, rollout: flag.rollout, emailToggles: [] });
    expect((await flagsOf(distributor)).unifiedCodeVersion).toBe(true);
  });

  it('takes the flag default when the remote service answers 404 FLAG_NOT_FOUND', async () => {
    expect((await flagsOf(distributor)).sendOfferWithDownloadBudget).toBe(false);
    expect(state.requests.some((request) => request.key === 'sendOfferWithDownloadBudget')).toBe(true);
    const flag = FlagList.parse((await admin.get('/api/masters/v1/flags')).json()).flags.find((item) => item.key === 'sendOfferWithDownloadBudget');
    if (!flag) throw new Error('no sendOfferWithDownloadBudget');
    await admin.put('/api/masters/v1/flags/sendOfferWithDownloadBudget', { description: flag.description, defaultValue: true, rollout: flag.rollout, emailToggles: [] });
    expect((await flagsOf(distributor)).sendOfferWithDownloadBudget).toBe(true);
  });

  it('does not ask the remote service for a flag the table holds, and an e-mail toggle beats the remote answer', async () => {
    const flag = FlagList.parse((await admin.get('/api/masters/v1/flags')).json()).flags.find((item) => item.key === 'composeUrlPreview');
    if (!flag) throw new Error('no composeUrlPreview');
    await admin.put('/api/masters/v1/flags/composeUrlPreview', { description: flag.description, defaultValue: flag.defaultValue, rollout: { ...flag.rollout, PRO: 1 }, emailToggles: [] });
    state.requests.length = 0;
    expect((await flagsOf(specifier)).composeUrlPreview).toBe(true);
    expect(state.requests.some((request) => request.key === 'composeUrlPreview')).toBe(false);

    const upsert = FlagList.parse((await admin.get('/api/masters/v1/flags')).json()).flags.find((item) => item.key === 'upsertVersionD365');
    if (!upsert) throw new Error('no upsertVersionD365');
    state.onFor.add('distributor@demo.example');
    await admin.put('/api/masters/v1/flags/upsertVersionD365', {
      description: upsert.description,
      defaultValue: upsert.defaultValue,
      rollout: upsert.rollout,
      emailToggles: [{ email: 'distributor@demo.example', enabled: false }],
    });
    expect((await flagsOf(distributor)).upsertVersionD365).toBe(false);
    await admin.put('/api/masters/v1/flags/upsertVersionD365', { description: upsert.description, defaultValue: upsert.defaultValue, rollout: upsert.rollout, emailToggles: [] });
    expect((await flagsOf(distributor)).upsertVersionD365).toBe(true);
  });

  describe('the answer cache', () => {
    it('reuses a remote answer for the same flag and caller within FLAGS_REMOTE_CACHE_MS', async () => {
      const { port } = server.address() as AddressInfo;
      const cached = await createTestApp({ env: { FLAGS_ENV: 'PRO', FLAGS_REMOTE_URL: `http://127.0.0.1:${port}/`, FLAGS_REMOTE_TIMEOUT_MS: String(REMOTE_TIMEOUT_MS), FLAGS_REMOTE_CACHE_MS: '60000' }, database: t.database });
      try {
        const agent = cached.agent();
        await agent.login('distributor@demo.example');
        state.onFor.add('distributor@demo.example');
        expect((await flagsOf(agent)).upsertVersionD365).toBe(true);
        const asked = state.requests.filter((request) => request.key === 'upsertVersionD365').length;
        state.onFor.clear();
        expect((await flagsOf(agent)).upsertVersionD365).toBe(true);
        expect(state.requests.filter((request) => request.key === 'upsertVersionD365').length).toBe(asked);
      } finally {
        await cached.close();
      }
    });
  });
});
