import type { Quote } from '@lumen/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { B1, defaultLines, issue, linkToken, projectWith, PUBLIC } from './budgets.test-support';

/** Issue 29 §9: a professional revokes a quote's public link before its date. */
describeWithDb('quotes: revoking the public link (issue 29 §9)', () => {
  let t: TestApp;
  let distributor: Agent;
  let distributor2: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    [distributor, distributor2] = [t.agent(), t.agent()];
    await distributor.login('distributor@demo.example');
    await distributor2.login('distributor2@demo.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('every link sent so far answers 404 once revoked; sending again mails a new link that works', async () => {
    const projectId = await projectWith(distributor, defaultLines);
    const quote = await issue(distributor, { projectId, iva: 21 });
    const to = `revoked-${quote.id}@example.com`;
    expect((await distributor.post(`${B1}/quotes/${quote.id}/send`, { email: to })).statusCode).toBe(200);
    await settled();
    const first = linkToken(t.mailer.messages, to);
    const visitor = t.agent();
    expect((await visitor.get(`${PUBLIC}/${first}`)).statusCode).toBe(200);

    // Another company's professional may not revoke it.
    expect([403, 404]).toContain((await distributor2.post(`${B1}/quotes/${quote.id}/revoke-link`)).statusCode);
    expect((await visitor.get(`${PUBLIC}/${first}`)).statusCode).toBe(200);

    const revoked = await distributor.post(`${B1}/quotes/${quote.id}/revoke-link`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<Quote>().id).toBe(quote.id);
    expect((await visitor.get(`${PUBLIC}/${first}`)).statusCode).toBe(404);
    expect((await visitor.get(`${PUBLIC}/${first}/pdf`)).statusCode).toBe(404);
    expect((await visitor.post(`${PUBLIC}/${first}/accept`, { name: 'Ana Cliente' })).statusCode).toBe(404);

    expect((await distributor.post(`${B1}/quotes/${quote.id}/send`, { email: to })).statusCode).toBe(200);
    await settled();
    const second = linkToken(t.mailer.messages, to);
    expect(second).not.toBe(first);
    expect((await visitor.get(`${PUBLIC}/${second}`)).statusCode).toBe(200);
    expect((await visitor.get(`${PUBLIC}/${first}`)).statusCode).toBe(404);

    // The trail says who revoked it.
    const history = await distributor.get(`/api/projects/v1/projects/${projectId}/history?limit=50`);
    expect(history.json<{ items: Array<{ action: string }> }>().items.some((item) => item.action === 'revoke-link')).toBe(true);
  });

  it('refuses bad input and a missing quote', async () => {
    expect((await distributor.post(`${B1}/quotes/abc/revoke-link`)).statusCode).toBe(400);
    expect((await distributor.post(`${B1}/quotes/2000000000/revoke-link`)).statusCode).toBe(404);
    expect((await t.agent().post(`${B1}/quotes/1/revoke-link`)).statusCode).toBe(401);
  });
});
