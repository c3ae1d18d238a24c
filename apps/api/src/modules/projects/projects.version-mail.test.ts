import type { Account, Project, ProjectSummary } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { projectVersionMails } from '../../db/schema';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp, testClock } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { VERSION_MAILS_PER_RECIPIENT, VERSION_MAILS_PER_USER } from './projects.mail';
import { createProject, type DemoRole, type ErrorAnswer, loginAll, V2 } from './projects.test-support';

/** Issue 9 finding 2: the version e-mail goes to an address the caller picks, with text the caller picks. */
describeWithDb('projects: version e-mails', () => {
  let t: TestApp;
  let as: Record<DemoRole, Agent>;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(), env: { PUBLIC_URL: 'https://pro.lumen.example' } });
    as = await loginAll(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const version = (agent: Agent, projectId: number, body: Record<string, unknown>) => agent.post(`${V2}/project/${projectId}/version`, body);
  const recorded = (recipient: string) => t.database.db.select().from(projectVersionMails).where(eq(projectVersionMails.recipient, recipient)).orderBy(projectVersionMails.id);
  const mailsTo = (recipient: string) => t.mailer.messages.filter((message) => message.to === recipient);

  it('escapes the caller’s text in the HTML part, keeps the subject on one line, links from configuration', async () => {
    const account = (await as.specifier.get('/api/users/v1/account')).json<Account>();
    const hostileName = '<img src=x onerror=alert(1)> & "Boss"';
    expect((await as.specifier.put(`/api/users/v1/user/${account.id}`, { name: hostileName, profesion: null })).statusCode).toBe(200);
    const project = await createProject(as.specifier, { name: "Tom & Jerry's (hall)" });
    const response = await version(as.specifier, project.id, { title: 'Final & <b>', email: 'client-html@example.com' });
    // The title pattern refuses markup outright; a title with an ampersand goes through.
    expect(response.statusCode).toBe(400);
    expect((await version(as.specifier, project.id, { title: 'Final & approved', email: 'client-html@example.com' })).statusCode).toBe(201);
    await vi.waitFor(() => expect(mailsTo('client-html@example.com')).toHaveLength(1), { timeout: 15_000 });
    const [mail] = mailsTo('client-html@example.com');
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Boss&quot;');
    expect(mail?.html).toContain('Tom &amp; Jerry&#39;s (hall)');
    expect(mail?.html).toContain('Final &amp; approved');
    expect(mail?.html).not.toContain('<img');
    // In the sender's language (the specifier's is Spanish): the recipient's is unknown.
    expect(mail?.subject).toBe('Lumen Pro: versión 2 de «Tom & Jerry\'s (hall)»');
    expect(mail?.subject).not.toMatch(/[\r\n]/);
    expect(mail?.text).toContain('https://pro.lumen.example/project/');
    expect(mail?.text).toContain(hostileName);
  });

  it('bounds the caller’s text in the contract: title ≤ 30, address ≤ 248, one address', async () => {
    const project = await createProject(as.distributor, { name: 'Bounds' });
    const long = await version(as.distributor, project.id, { title: 'x'.repeat(31), email: 'a@example.com' });
    expect(long.json<ErrorAnswer>().fields).toEqual([{ path: 'body.title', message: 'formError.maxLength' }]);
    const longMail = await version(as.distributor, project.id, { email: `${'a'.repeat(240)}@example.com` });
    expect(longMail.statusCode).toBe(400);
    const injected = await version(as.distributor, project.id, { email: 'a@example.com\r\nBcc: victim@example.com' });
    expect(injected.statusCode).toBe(400);
    const two = await version(as.distributor, project.id, { email: 'a@example.com, b@example.com' });
    expect(two.json<ErrorAnswer>().fields?.[0]?.path).toBe('body.email');
    expect(t.mailer.messages.some((message) => message.to.includes('victim'))).toBe(false);
  });

  it('limits each user per hour: 429 with Retry-After, nothing made, the refusal recorded', async () => {
    const project = await createProject(as.sales, { name: 'Per user' });
    const limit = VERSION_MAILS_PER_USER.limit;
    for (let i = 0; i < limit; i += 1) {
      const recipient = `per-user-${i}@example.com`;
      expect((await version(as.sales, project.id, { email: recipient })).statusCode).toBe(201);
    }
    const versionsBefore = (await as.sales.get(`${V2}/project/${project.id}/versions`)).json<unknown[]>().length;
    const refused = await version(as.sales, project.id, { email: 'per-user-extra@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorAnswer>().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBe(VERSION_MAILS_PER_USER.windowMs / 1000);
    expect((await as.sales.get(`${V2}/project/${project.id}/versions`)).json<unknown[]>()).toHaveLength(versionsBefore);
    expect(mailsTo('per-user-extra@example.com')).toHaveLength(0);
    expect(await recorded('per-user-extra@example.com')).toMatchObject([{ projectId: project.id, versionId: null, outcome: 'rate_limited' }]);
    // A version without an e-mail is not limited; another user is not affected.
    expect((await version(as.sales, project.id, {})).statusCode).toBe(201);
    const other = await createProject(as.importer, { name: 'Other sender', catalogId: 21 });
    expect((await version(as.importer, other.id, { email: 'per-user-extra@example.com' })).statusCode).toBe(201);
  });

  it('limits each recipient per day across senders', async () => {
    const recipient = 'per-recipient@example.com';
    const senders: DemoRole[] = ['distributor', 'distributor2'];
    const projects = new Map<DemoRole, Project>();
    for (const sender of senders) projects.set(sender, await createProject(as[sender], { name: `To one address ${sender}` }));
    const statuses: number[] = [];
    for (let i = 0; i < VERSION_MAILS_PER_RECIPIENT.limit + 1; i += 1) {
      const sender = senders[i % 2] as DemoRole;
      statuses.push((await version(as[sender], projects.get(sender)?.id ?? 0, { email: recipient })).statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(VERSION_MAILS_PER_RECIPIENT.limit);
    expect(statuses.at(-1)).toBe(429);
    await vi.waitFor(() => expect(mailsTo(recipient)).toHaveLength(VERSION_MAILS_PER_RECIPIENT.limit), { timeout: 15_000 });
    // A day later the address may be mailed again.
    t.clock.advance(VERSION_MAILS_PER_RECIPIENT.windowMs);
    as = await loginAll(t); // the access tokens expired meanwhile
    expect((await version(as.distributor, projects.get('distributor')?.id ?? 0, { email: recipient })).statusCode).toBe(201);
  });

  it('records every send: who, to whom, which project and version, when, and the outcome', async () => {
    const project = await createProject(as.admin, { name: 'Recorded' });
    const response = await version(as.admin, project.id, { email: 'recorded@example.com' });
    const created = response.json<ProjectSummary>();
    const admin = (await as.admin.get('/api/users/v1/account')).json<Account>();
    await vi.waitFor(async () => expect(await recorded('recorded@example.com')).toMatchObject([{ outcome: 'sent' }]), { timeout: 15_000 });
    const [row] = await recorded('recorded@example.com');
    expect(row).toMatchObject({ projectId: project.id, versionId: created.id, senderId: admin.id, recipient: 'recorded@example.com' });
    expect(row?.createdAt.getTime()).toBe(t.clock().getTime());
    // A mail the server could not send is recorded as failed.
    const send = t.mailer.send;
    t.mailer.send = () => Promise.reject(new Error('SMTP down'));
    try {
      expect((await version(as.admin, project.id, { email: 'undeliverable@example.com' })).statusCode).toBe(201);
      await vi.waitFor(async () => expect(await recorded('undeliverable@example.com')).toMatchObject([{ outcome: 'failed' }]), { timeout: 15_000 });
    } finally {
      t.mailer.send = send;
    }
  });

  it('does not count a call that made nothing (another company’s project: 404)', async () => {
    const foreign = await createProject(as.distributor2, { name: 'Not yours' });
    for (let i = 0; i < VERSION_MAILS_PER_USER.limit + 2; i += 1) {
      expect((await version(as.specifier, foreign.id, { email: `nothing-${i}@example.com` })).statusCode).toBe(404);
    }
    const own = await createProject(as.specifier, { name: 'Mine after all' });
    expect((await version(as.specifier, own.id, { email: 'nothing-after@example.com' })).statusCode).toBe(201);
  });
});
