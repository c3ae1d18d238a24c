import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../test/test-app';
import { describeWithDb } from '../../test/test-db';
import { multipart, PDF } from '../../test/uploads';
import { crossSiteRefusal, isOwnOrigin } from './origin-guard';

const HOST = 'lumen.example:8443';
const config = { publicUrl: 'https://lumen.example' };

describe('isOwnOrigin / crossSiteRefusal', () => {
  it('accepts the host the request was sent to (any scheme) and PUBLIC_URL; refuses others, null and junk', () => {
    expect(isOwnOrigin('https://lumen.example:8443', HOST, config)).toBe(true);
    expect(isOwnOrigin('http://LUMEN.example:8443', HOST, config)).toBe(true);
    expect(isOwnOrigin('https://lumen.example', 'internal:3000', config)).toBe(true);
    for (const origin of ['https://evil.example', 'https://shop.lumen.example', 'https://lumen.example.evil.example', 'null', 'file://', 'lumen.example']) {
      expect(isOwnOrigin(origin, HOST, config), origin).toBe(false);
    }
  });

  it('without Origin, refuses what the browser says is cross-site or same-site; lets a client that says nothing through', () => {
    expect(crossSiteRefusal({ headers: { host: HOST, 'sec-fetch-site': 'cross-site' } }, config)).toMatch(/cross-site/);
    expect(crossSiteRefusal({ headers: { host: HOST, 'sec-fetch-site': 'same-site' } }, config)).toMatch(/same-site/);
    expect(crossSiteRefusal({ headers: { host: HOST, 'sec-fetch-site': 'same-origin' } }, config)).toBeNull();
    expect(crossSiteRefusal({ headers: { host: HOST } }, config)).toBeNull();
  });
});

/** Issue 29 §8: CSRF rests on more than SameSite=Lax; no GET changes state from another site. */
describeWithDb('origin guard on state-changing calls (issue 29 §8)', () => {
  let t: TestApp;
  let distributor: Agent;
  let importer: Agent;
  const evil = { origin: 'https://evil.example', host: HOST };
  const own = { origin: `https://${HOST}`, host: HOST };

  beforeAll(async () => {
    t = await createTestApp();
    distributor = t.agent();
    importer = t.agent();
    await distributor.login('distributor@demo.example');
    await importer.login('importer@demo.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a cross-site JSON write and login, lets the same call from the platform through', async () => {
    const body = { name: 'CSRF probe', catalogId: 16 };
    const refused = await distributor.post('/api/projects/v1/projects', body, evil);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorCode: 403, code: 'FORBIDDEN' });
    expect((await distributor.post('/api/projects/v1/projects', body, own)).statusCode).toBe(201);
    expect((await t.agent().post('/api/users/v1/auth/login', { email: 'distributor@demo.example', password: 'demo-password' }, evil)).statusCode).toBe(403);
    expect((await distributor.request('DELETE', '/api/projects/v1/projects/1', undefined, { 'sec-fetch-site': 'cross-site', host: HOST })).statusCode).toBe(403);
  });

  it('refuses a multipart upload from another site (a cross-site form can send one) and from a sibling subdomain', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'plan.pdf', content: PDF, type: 'application/pdf' }]);
    const url = '/api/images/v1/files/temp?domain=support&entity=support-request';
    expect((await distributor.post(url, payload, { ...headers, ...evil })).statusCode).toBe(403);
    expect((await distributor.post(url, payload, { ...headers, origin: 'https://shop.lumen.example', host: HOST })).statusCode).toBe(403);
    expect((await distributor.post(url, payload, { ...headers, ...own })).statusCode).toBe(201);
  });

  it('generate-quote-number (a GET that reserves a number) cannot be called from another site', async () => {
    const url = '/api/projects/v1/budget/final-quote/generate-quote-number';
    expect((await importer.get(url, { 'sec-fetch-site': 'cross-site', host: HOST })).statusCode).toBe(403);
    expect((await importer.get(url, evil)).statusCode).toBe(403);
    const first = await importer.get(url, { 'sec-fetch-site': 'same-origin', host: HOST });
    expect(first.statusCode, first.body).toBe(200);
    const next = await importer.get(url, { 'sec-fetch-site': 'same-origin', host: HOST });
    // The refused calls reserved nothing: the numbers follow each other.
    const serial = (answer: typeof first) => Number(answer.json<{ quoteNumber: string }>().quoteNumber.slice(-6));
    expect(serial(next)).toBe(serial(first) + 1);
  });

  it('sends a CSP whose connect-src names no foreign host, and a Permissions-Policy', async () => {
    const response = await t.agent().get('/health');
    const csp = String(response.headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(connect.split(' ')).toEqual(["'self'"]);
    expect(String(response.headers['permissions-policy'])).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  });
});
