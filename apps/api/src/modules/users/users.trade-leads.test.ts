import type { Account, Profession, TradeLead } from '@lumen/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { auditEvents } from '../../db/schema';

const QUALIFY = '/api/users/v1/auth/qualification';
const LEADS = '/api/users/v1/trade-leads';
const ACCOUNT = '/api/users/v1/account';

let counter = 0;
const uniqueEmail = () => `lead-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

async function mailTo(t: TestApp, email: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = t.mailer.messages.find((message) => message.to === email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describeWithDb('apiv2 options/professions (issue 17 §2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the professions in the asked language, English by default, to anyone', async () => {
    const de = await t.agent().get('/api/apiv2/options/professions?lang=de');
    expect(de.statusCode).toBe(200);
    const list = de.json<Profession[]>();
    expect(list).toHaveLength(9);
    expect(list[0]).toEqual({ id: 1, code: 'architect', description: 'Architekt/in' });
    expect((await t.agent().get('/api/apiv2/options/professions')).json<Profession[]>()[0]?.description).toBe('Architect');
    expect((await t.agent().get('/api/apiv2/options/professions?lang=xx')).statusCode).toBe(400);
  });
});

describeWithDb('trade leads: qualification approved by sales staff (issue 17 §2, QUALIFICATION_AUTO_APPROVE off)', () => {
  let t: TestApp;
  const staff: Record<string, Agent> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { QUALIFICATION_AUTO_APPROVE: '0' } });
    for (const who of ['sales', 'admin', 'distributor', 'webuser']) {
      staff[who] = t.agent();
      await staff[who].login(`${who}@demo.example`);
    }
  });
  afterAll(async () => {
    await t?.close();
  });
  const as = (who: string): Agent => {
    const agent = staff[who];
    if (!agent) throw new Error(who);
    return agent;
  };

  /** A new web user who asked to be qualified (country ES unless told). */
  async function lead(country = 'ES'): Promise<{ agent: Agent; email: string; account: Account }> {
    const agent = t.agent();
    const email = uniqueEmail();
    const signup = await agent.post('/api/users/v1/auth/signup', { email, password: 'lead-password-1', name: 'Lena Lead', lang: 'fr' });
    expect(signup.statusCode, signup.body).toBe(201);
    const asked = await agent.post(QUALIFY, { profesion: 'Architect', companyName: `Studio ${counter}`, companyTypeId: 1, country });
    expect(asked.statusCode, asked.body).toBe(200);
    return { agent, email, account: asked.json<Account>() };
  }

  it('makes the request a trade lead (status 3, still a web user without a company); asking again is a 409', async () => {
    const { agent, account } = await lead();
    expect(account).toMatchObject({ status: 3, company: null, rolId: 1, profesion: 'Architect' });
    expect(account.privileges).not.toContain('price.view');
    const again = await agent.post(QUALIFY, { profesion: 'Architect', companyName: 'Studio', companyTypeId: 1, country: 'ES' });
    expect(again.statusCode).toBe(409);
  });

  it('lists pending leads to sales staff of the catalogue and admins only', async () => {
    const { email } = await lead();
    const list = await as('sales').get(LEADS);
    expect(list.statusCode).toBe(200);
    const found = list.json<TradeLead[]>().find((item) => item.user.email === email);
    expect(found).toMatchObject({ decision: 'pending', profesion: 'Architect', country: 'ES', user: { name: 'Lena Lead', lang: 'fr' }, companyType: { id: 1 } });
    expect(found?.companyType.description).not.toBe('');
    expect((await as('admin').get(LEADS)).json<TradeLead[]>().some((item) => item.user.email === email)).toBe(true);
    for (const who of ['distributor', 'webuser']) expect((await as(who).get(LEADS)).statusCode, who).toBe(403);
    expect((await t.agent().get(LEADS)).statusCode).toBe(401);
    expect((await as('sales').get(`${LEADS}?decision=maybe`)).statusCode).toBe(400);
  });

  it('approval qualifies the user at once (their old token is refused; the refresh carries it) and mails them; a second decision is a 409', async () => {
    const { agent, email } = await lead();
    const id = (await as('sales').get(LEADS)).json<TradeLead[]>().find((item) => item.user.email === email)?.id ?? 0;
    const approved = await as('sales').patch(`${LEADS}/${id}`, { decision: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TradeLead>().decision).toBe('approved');
    expect((await agent.get(ACCOUNT)).statusCode).toBe(401);
    expect((await agent.post('/api/users/v1/auth/refresh')).statusCode).toBe(204);
    const account = (await agent.get(ACCOUNT)).json<Account>();
    expect(account).toMatchObject({ status: 4, rolId: 2, userType: 2, catalogId: 16 });
    expect(account.company?.name).toMatch(/^Studio /);
    const mail = await mailTo(t, email);
    expect(mail?.subject).toBe('Votre compte professionnel Lumen Pro est prêt');
    expect(mail?.text).toContain('Lena Lead');
    const again = await as('admin').patch(`${LEADS}/${id}`, { decision: 'declined' });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.action, 'qualification-approved'), eq(auditEvents.entityId, String(account.id))));
    expect(audit?.actorName).toBe('Samuel Ventas');
  });

  it('keeps a United States lead from catalogue 16 sales staff (404); an admin declines it and the user is a web user again', async () => {
    const { agent, email } = await lead('US');
    expect((await as('sales').get(LEADS)).json<TradeLead[]>().some((item) => item.user.email === email)).toBe(false);
    const id = (await as('admin').get(LEADS)).json<TradeLead[]>().find((item) => item.user.email === email)?.id ?? 0;
    expect((await as('sales').patch(`${LEADS}/${id}`, { decision: 'approved' })).statusCode).toBe(404);
    expect((await as('distributor').patch(`${LEADS}/${id}`, { decision: 'approved' })).statusCode).toBe(403);
    expect((await as('admin').patch(`${LEADS}/${id}`, { decision: 'maybe' })).statusCode).toBe(400);
    const declined = await as('admin').patch(`${LEADS}/${id}`, { decision: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect((await agent.post('/api/users/v1/auth/refresh')).statusCode).toBe(204);
    expect((await agent.get(ACCOUNT)).json<Account>()).toMatchObject({ status: 2, company: null, rolId: 1 });
    expect((await mailTo(t, email))?.subject).toBe('Votre demande de compte professionnel Lumen Pro');
    expect((await as('admin').get(`${LEADS}?decision=declined`)).json<TradeLead[]>().some((item) => item.user.email === email)).toBe(true);
    expect((await as('admin').patch(`${LEADS}/999999`, { decision: 'approved' })).statusCode).toBe(404);
  });
});
