import type { AuditPage } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { companies } from '../../db/schema';
import { INVITATION_NAME_MAX, INVITATIONS_PER_MANAGER, INVITATIONS_PER_RECIPIENT } from './company.service';

const INVITE = '/api/users/v1/users/manage/by-company/invitations';
let counter = 0;
const fresh = () => `invited-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

/** Issue 29 §3: invitations are throttled, their text bounded and escaped, every send recorded. */
describeWithDb('company invitations: throttle, text, record (issue 29 §3)', () => {
  let t: TestApp;
  let distributor: Agent;
  let distributor2: Agent;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    [distributor, distributor2, admin] = [t.agent(), t.agent(), t.agent()];
    await distributor.login('distributor@demo.example');
    await distributor2.login('distributor2@demo.example');
    await admin.login('admin@demo.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (agent: Agent, email: string) => agent.post(INVITE, { email, privileges: ['project.view'] });

  async function mailTo(email: string) {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const mail = t.mailer.messages.find((message) => message.to === email);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no mail to ${email}`);
  }

  it(`one address receives at most ${INVITATIONS_PER_RECIPIENT.limit} invitations a day, from any company`, async () => {
    const email = fresh();
    for (let index = 0; index < INVITATIONS_PER_RECIPIENT.limit; index += 1) {
      const sent = await invite(index % 2 === 0 ? distributor : distributor2, email);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const refused = await invite(distributor2, email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is still fine.
    expect((await invite(distributor2, fresh())).statusCode).toBe(201);
  });

  it(`one manager sends at most ${INVITATIONS_PER_MANAGER.limit} an hour; the refusal is recorded`, async () => {
    let sent = 0;
    let refused = 0;
    for (let index = 0; index < INVITATIONS_PER_MANAGER.limit + 2; index += 1) {
      const answer = await invite(distributor, fresh());
      if (answer.statusCode === 201) sent += 1;
      else if (answer.statusCode === 429) refused += 1;
      else throw new Error(`${answer.statusCode} ${answer.body}`);
    }
    // The first test's invitations of this manager count too.
    expect(sent).toBeLessThanOrEqual(INVITATIONS_PER_MANAGER.limit);
    expect(refused).toBeGreaterThanOrEqual(2);
    const rows = (await admin.get('/api/users/v1/audit?entity=user&entityId=invitation&limit=100')).json<AuditPage>().items;
    expect(rows.filter((row) => row.action === 'invite-refused').length).toBeGreaterThanOrEqual(2);
    // Past the hour the manager may invite again.
    t.clock.advance(INVITATIONS_PER_MANAGER.windowMs + 1000);
    // Access tokens last 15 minutes: log in again.
    await distributor.login('distributor@demo.example');
    await distributor2.login('distributor2@demo.example');
    await admin.login('admin@demo.example');
    expect((await invite(distributor, fresh())).statusCode).toBe(201);
  });

  it('carries the names as one bounded line each: no forged lines or headers', async () => {
    const account = await distributor2.get('/api/users/v1/account');
    const companyId = account.json<{ company: { id: number } }>().company.id;
    const [before] = await t.database.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    await t.database.db
      .update(companies)
      .set({ name: `Evil Co\r\nBcc: victim@example.com\n\nClick https://evil.example/login now ${'x'.repeat(300)}` })
      .where(eq(companies.id, companyId));
    try {
      const email = fresh();
      expect((await invite(distributor2, email)).statusCode).toBe(201);
      const mail = await mailTo(email);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject.length).toBeLessThanOrEqual(150);
      expect(mail.text).not.toMatch(/^Bcc:/m);
      expect(mail.text).not.toMatch(/^Click https/m);
      const firstLine = mail.text.split('\n')[0] ?? '';
      expect(firstLine).toContain('Evil Co Bcc: victim@example.com Click');
      expect(firstLine).not.toContain('x'.repeat(INVITATION_NAME_MAX));
    } finally {
      await t.database.db.update(companies).set({ name: before?.name ?? 'Company' }).where(eq(companies.id, companyId));
    }
  });

  it('records every send with its outcome', async () => {
    const email = fresh();
    const sent = await invite(distributor2, email);
    expect(sent.statusCode).toBe(201);
    await mailTo(email);
    const id = sent.json<{ id: number }>().id;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const rows = (await admin.get(`/api/users/v1/audit?entity=user&entityId=invitation:${id}&limit=10`)).json<AuditPage>().items;
      const mail = rows.find((row) => row.action === 'invitation-mail');
      if (mail) {
        expect(mail.after).toEqual({ to: email, outcome: 'sent' });
        expect(rows.some((row) => row.action === 'invite')).toBe(true);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no invitation-mail row');
  });
});
