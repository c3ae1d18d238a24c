import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { ERROR_REPORTS_PER_MINUTE } from './error-reports.routes';

const PATH = '/api/masters/v1/error-reports';
const report = { url: '/api/projects/v1/projects/12', status: 500, code: 'INTERNAL', description: 'Internal Server Error', page: '/projects/12', at: '2026-12-07T06:00:00.000Z' };

/** Issue 33 §4: the web's error reports collected, validated, rate limited, logged and counted for operators. */
describeWithDb('web error reports', () => {
  let t: TestApp;
  const logged: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        const wrapped = new WeakSet<object>();
        app.addHook('onRequest', async (request) => {
          const child = request.log;
          if (wrapped.has(child)) return;
          wrapped.add(child);
          const warn = child.warn.bind(child);
          child.warn = ((object: Record<string, unknown>, message?: string) => {
            if (message === 'web error report') logged.push(object);
            return warn(object, message);
          }) as typeof child.warn;
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a report from a visitor and from a session, logs it with the user and counts it', async () => {
    const anonymous = await t.agent().post(PATH, report);
    expect(anonymous.statusCode).toBe(202);
    const agent = t.agent();
    await agent.login('distributor@demo.example');
    expect((await agent.post(PATH, { ...report, status: 503, code: null })).statusCode).toBe(202);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ webError: { url: report.url, status: 500, page: '/projects/12' }, user: null });
    expect(logged[1]).toMatchObject({ webError: { status: 503, code: null }, user: { email: 'distributor@demo.example' } });
    const metrics = await t.app.metrics.registry.getSingleMetricAsString('lumen_web_errors_total');
    expect(metrics).toMatch(/lumen_web_errors_total 2/);
  });

  it('refuses a malformed report with 400 naming the field, and an unknown field', async () => {
    for (const bad of [{ ...report, status: 'x' }, { ...report, page: '/reset?token=secret' }, { ...report, description: 'x'.repeat(501) }, { ...report, extra: 1 }, { ...report, description: 'a\u0000b' }, { ...report, url: '\ud800' }, {}]) {
      const response = await t.agent().post(PATH, bad);
      expect(response.statusCode).toBe(400);
    }
  });

  it('limits reports per client address with 429 and Retry-After', async () => {
    const agent = t.agent();
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i += 1) expect((await agent.post(PATH, report)).statusCode).toBe(202);
    const over = await agent.post(PATH, report);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.agent().post(PATH, report)).statusCode).toBe(202);
  });
});
