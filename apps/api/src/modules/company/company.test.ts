import type { Account, CompanyInvitation, CompanyUser, CompanyUsers, InvitationPreview } from '@lumen/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { auditEvents, companies, users } from '../../db/schema';
import { COMPANY_GRANTABLE, INVITATION_TTL_MS } from './company.service';

const MANAGE = '/api/users/v1/users/manage/by-company';
const MODIFY = `${MANAGE}/modify-user-privileges`;
const DEACTIVATE = `${MANAGE}/deactivate-user`;
const INVITE = `${MANAGE}/invitations`;
const ACCEPT = '/api/users/v1/auth/invitations/accept';
const ACCOUNT = '/api/users/v1/account';
const PASSWORD = 'colleague-password-1';

let counter = 0;
const uniqueEmail = (prefix = 'colleague') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

describeWithDb('company users management (issue 17 §1)', () => {
  let t: TestApp;
  const agents: Record<string, Agent> = {};
  const accounts: Record<string, Account> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['webuser', 'specifier', 'distributor', 'distributor2', 'sales', 'admin']) {
      const agent = t.agent();
      accounts[who] = await agent.login(`${who}@demo.example`);
      agents[who] = agent;
    }
  });
  afterAll(async () => {
    await t?.close();
  });
  const as = (who: string): Agent => {
    const agent = agents[who];
    if (!agent) throw new Error(who);
    return agent;
  };
  const account = (who: string): Account => {
    const found = accounts[who];
    if (!found) throw new Error(who);
    return found;
  };
  const companyA = () => account('distributor').company?.id ?? 0;
  const companyB = () => account('distributor2').company?.id ?? 0;

  /** The token of the last invitation mail sent to `email` (the mail leaves in the background). */
  async function invitationToken(email: string): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const mail = [...t.mailer.messages].reverse().find((message) => message.to === email);
      const token = /\/invitation\?token=([^\s]+)/.exec(mail?.text ?? '')?.[1];
      if (token) return decodeURIComponent(token);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no invitation mail to ${email}`);
  }

  /** A colleague invited by the distributor with `privileges`, signed up and logged in. */
  async function colleague(privileges: string[]): Promise<{ agent: Agent; account: Account; email: string }> {
    const email = uniqueEmail();
    const invited = await as('distributor').post(INVITE, { email, privileges });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await t.agent().post(ACCEPT, { token: await invitationToken(email), name: 'Carla Colega', password: PASSWORD, lang: 'es' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const agent = t.agent();
    return { agent, account: await agent.login(email, PASSWORD), email };
  }

  describe('GET users/manage/by-company/{id}', () => {
    it('lists the company users with role, status, last login and privileges, and what the manager may grant', async () => {
      const response = await as('distributor').get(`${MANAGE}/${companyA()}`);
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json<CompanyUsers>();
      expect(list.company).toEqual({ id: companyA(), name: 'Luminotecnia Norte S.L.' });
      const diego = list.users.find((user) => user.email === 'distributor@demo.example');
      expect(diego).toMatchObject({ rolId: 3, status: 4, privileges: expect.arrayContaining(['company.manage.user', 'order.add']) });
      expect(diego?.lastLoginAt).not.toBeNull();
      expect(list.users.every((user) => user.email !== 'distributor2@demo.example')).toBe(true);
      // Only what a company may grant and the manager holds: no backoffice, no sales view of assigned companies.
      expect(list.grantable).toContain('order.add');
      expect(list.grantable).not.toContain('backoffice');
      expect(list.grantable).not.toContain('project.view.assigned.company');
      expect(list.privilegeUpdatesLocked).toBe(false);
    });

    it('answers 404 for another company, 403 without company.manage.user, 401 without a session', async () => {
      expect((await as('distributor2').get(`${MANAGE}/${companyA()}`)).statusCode).toBe(404);
      expect((await as('distributor').get(`${MANAGE}/${companyB()}`)).statusCode).toBe(404);
      expect((await as('distributor').get(`${MANAGE}/999999`)).statusCode).toBe(404);
      for (const who of ['webuser', 'specifier', 'sales']) expect((await as(who).get(`${MANAGE}/${companyA()}`)).statusCode, who).toBe(403);
      expect((await t.agent().get(`${MANAGE}/${companyA()}`)).statusCode).toBe(401);
      expect((await as('distributor').get(`${MANAGE}/abc`)).statusCode).toBe(400);
    });

    it('lets an admin (backoffice) read any company', async () => {
      const response = await as('admin').get(`${MANAGE}/${companyB()}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<CompanyUsers>().users.map((user) => user.email)).toContain('distributor2@demo.example');
      expect((await as('admin').get(`${MANAGE}/999999`)).statusCode).toBe(404);
    });
  });

  describe('invitations', () => {
    it('mails a single-use link that signs a colleague up into the company with exactly the chosen privileges', async () => {
      const email = uniqueEmail();
      const chosen = ['project.add', 'project.view', 'price.view'];
      const invited = await as('distributor').post(INVITE, { email: email.toUpperCase(), privileges: chosen });
      expect(invited.statusCode, invited.body).toBe(201);
      expect(invited.json<CompanyInvitation>()).toMatchObject({ email, privileges: chosen, invitedBy: 'Diego Norte' });
      const token = await invitationToken(email);
      const mail = t.mailer.messages.find((message) => message.to === email);
      // The manager's language (Spanish) and the company's name.
      expect(mail?.subject).toContain('Luminotecnia Norte S.L.');
      expect(mail?.text).toContain(`${t.config.linkOrigin}/invitation?token=`);
      const list = (await as('distributor').get(`${MANAGE}/${companyA()}`)).json<CompanyUsers>();
      expect(list.invitations.map((invitation) => invitation.email)).toContain(email);

      const preview = await t.agent().get(`/api/users/v1/auth/invitations/${encodeURIComponent(token)}`);
      expect(preview.statusCode).toBe(200);
      expect(preview.json<InvitationPreview>()).toMatchObject({ email, companyName: 'Luminotecnia Norte S.L.' });

      const accepted = await t.agent().post(ACCEPT, { token, name: 'Carla Colega', password: PASSWORD, lang: 'es' });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const agent = t.agent();
      const created = await agent.login(email, PASSWORD);
      expect(created).toMatchObject({ status: 4, userType: 2, rolId: 3, clientCode: 'C-100234', company: { id: companyA() } });
      expect(created.privileges).toEqual([...chosen].sort());
      // The server enforces them: no order.view, so the orders list refuses.
      expect((await agent.get('/api/orders/v1/orders/filter')).statusCode).toBe(403);

      // Used once: a second sign-up with the same link is refused and creates nothing.
      const again = await t.agent().post(ACCEPT, { token, name: 'Someone Else', password: PASSWORD, lang: 'en' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'INVALID_INVITATION', ErrorDescription: 'The invitation was used already' });
      expect((await t.agent().get(`/api/users/v1/auth/invitations/${encodeURIComponent(token)}`)).statusCode).toBe(400);
      const after = (await as('distributor').get(`${MANAGE}/${companyA()}`)).json<CompanyUsers>();
      expect(after.invitations.map((invitation) => invitation.email)).not.toContain(email);
      expect(after.users.filter((user) => user.email === email)).toHaveLength(1);
    });

    it('refuses an expired link, an altered one and a made-up one, creating nothing', async () => {
      const email = uniqueEmail('late');
      expect((await as('distributor').post(INVITE, { email, privileges: ['project.view'] })).statusCode).toBe(201);
      const token = await invitationToken(email);
      const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const bad of [altered, 'a'.repeat(40), `${'x'.repeat(20)}.${'y'.repeat(20)}`]) {
        const response = await t.agent().post(ACCEPT, { token: bad, name: 'Mallory', password: PASSWORD, lang: 'en' });
        expect(response.statusCode, bad).toBe(400);
        expect(response.json()).toMatchObject({ code: 'INVALID_INVITATION' });
      }
      t.clock.advance(INVITATION_TTL_MS + 1000);
      try {
        const expired = await t.agent().post(ACCEPT, { token, name: 'Late Comer', password: PASSWORD, lang: 'en' });
        expect(expired.statusCode).toBe(400);
        expect(expired.json()).toMatchObject({ code: 'INVALID_INVITATION', ErrorDescription: 'The invitation has expired' });
      } finally {
        t.clock.advance(-(INVITATION_TTL_MS + 1000));
      }
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it('refuses unknown privileges (400), privileges above the manager (403), a registered address (409), non-managers (403)', async () => {
      const unknown = await as('distributor').post(INVITE, { email: uniqueEmail(), privileges: ['project.view', 'world.domination'] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.privileges.1', message: 'formError.privilegeUnknown' }] });
      const above = await as('distributor').post(INVITE, { email: uniqueEmail(), privileges: ['backoffice'] });
      expect(above.statusCode).toBe(403);
      expect(above.json()).toMatchObject({ fields: [{ path: 'body.privileges.0', message: 'formError.privilegeNotGrantable' }] });
      // A distributor does not hold project.registration: cannot grant it.
      expect((await as('distributor').post(INVITE, { email: uniqueEmail(), privileges: ['project.registration'] })).statusCode).toBe(403);
      const taken = await as('distributor').post(INVITE, { email: 'webuser@demo.example', privileges: [] });
      expect(taken.statusCode).toBe(409);
      expect((await as('specifier').post(INVITE, { email: uniqueEmail(), privileges: [] })).statusCode).toBe(403);
      expect((await as('distributor').post(INVITE, { email: 'not-an-address', privileges: [] })).statusCode).toBe(400);
      // An admin has no company to invite into.
      expect((await as('admin').post(INVITE, { email: uniqueEmail(), privileges: [] })).statusCode).toBe(403);
    });
  });

  describe('PATCH modify-user-privileges', () => {
    it('sets the chosen privileges, refuses the user’s old token at once and records the change', async () => {
      const { agent, account: before } = await colleague(['project.view', 'project.add']);
      const response = await as('distributor').patch(MODIFY, { userId: before.id, updatedPrivileges: ['project.view', 'order.view'] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CompanyUser>().privileges).toEqual(['order.view', 'project.view']);
      // The colleague's access token named the old privileges: refused; a refresh gets the new ones.
      expect((await agent.get(ACCOUNT)).statusCode).toBe(401);
      expect((await agent.post('/api/users/v1/auth/refresh')).statusCode).toBe(204);
      expect((await agent.get(ACCOUNT)).json<Account>().privileges).toEqual(['order.view', 'project.view']);
      expect((await agent.get('/api/orders/v1/orders/filter')).statusCode).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'privileges'), eq(auditEvents.entityId, String(before.id))));
      expect(row).toMatchObject({ actorName: 'Diego Norte', companyId: companyA(), before: { privileges: ['project.add', 'project.view'] }, after: { privileges: ['order.view', 'project.view'] } });
    });

    it('refuses, changing nothing: unknown names (400), above the manager (403), another company (404), self lock-out (403)', async () => {
      const { account: target } = await colleague(['project.view']);
      const unchanged = async () => (await as('distributor').get(`${MANAGE}/${companyA()}`)).json<CompanyUsers>().users.find((user) => user.id === target.id)?.privileges;
      const bad = await as('distributor').patch(MODIFY, { userId: target.id, updatedPrivileges: ['project.view', 'nope'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ fields: [{ path: 'body.updatedPrivileges.1' }] });
      expect((await as('distributor').patch(MODIFY, { userId: target.id, updatedPrivileges: ['backoffice'] })).statusCode).toBe(403);
      expect(await unchanged()).toEqual(['project.view']);
      const other = await as('distributor').patch(MODIFY, { userId: account('distributor2').id, updatedPrivileges: [] });
      expect(other.statusCode).toBe(404);
      expect((await as('distributor2').patch(MODIFY, { userId: target.id, updatedPrivileges: [] })).statusCode).toBe(404);
      expect((await as('distributor').patch(MODIFY, { userId: 2_000_000, updatedPrivileges: [] })).statusCode).toBe(404);
      const self = await as('distributor').patch(MODIFY, { userId: account('distributor').id, updatedPrivileges: ['project.view'] });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toMatchObject({ ErrorDescription: 'You cannot take user management away from yourself' });
      expect((await as('distributor').get(ACCOUNT)).json<Account>().privileges).toContain('company.manage.user');
      expect((await as('specifier').patch(MODIFY, { userId: target.id, updatedPrivileges: [] })).statusCode).toBe(403);
      expect((await as('distributor').patch(MODIFY, { userId: target.id })).statusCode).toBe(400);
      expect(await unchanged()).toEqual(['project.view']);
    });

    it('lets a manager hand user management on, and keeps what the manager may not grant as it was', async () => {
      const { account: target } = await colleague(['project.view']);
      const response = await as('distributor').patch(MODIFY, { userId: target.id, updatedPrivileges: ['project.view', 'company.manage.user'] });
      expect(response.json<CompanyUser>().privileges).toEqual(['company.manage.user', 'project.view']);
      expect(COMPANY_GRANTABLE).not.toContain('backoffice');
    });

    it('is refused while preventCompanyPrivilegeUpdates is on', async () => {
      const { account: target } = await colleague(['project.view']);
      const on = await as('admin').put('/api/masters/v1/flags/preventCompanyPrivilegeUpdates', {
        description: 'Company managers may not change privileges',
        defaultValue: true,
        rollout: { DEV: 1, NEWPRO: 1, PRO: 1 },
        emailToggles: [],
      });
      expect(on.statusCode, on.body).toBe(200);
      try {
        const refused = await as('distributor').patch(MODIFY, { userId: target.id, updatedPrivileges: ['project.view', 'project.add'] });
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ ErrorDescription: string }>().ErrorDescription).toContain('preventCompanyPrivilegeUpdates');
        expect((await as('distributor').get(`${MANAGE}/${companyA()}`)).json<CompanyUsers>().privilegeUpdatesLocked).toBe(true);
      } finally {
        await as('admin').put('/api/masters/v1/flags/preventCompanyPrivilegeUpdates', {
          description: 'Company managers may not change privileges',
          defaultValue: false,
          rollout: { DEV: 0, NEWPRO: 0, PRO: null },
          emailToggles: [],
        });
      }
      const allowed = await as('distributor').patch(MODIFY, { userId: target.id, updatedPrivileges: ['project.view', 'project.add'] });
      expect(allowed.statusCode).toBe(200);
    });
  });

  describe('PATCH deactivate-user', () => {
    it('deactivates a colleague: status DELETED, every session ends at once, no new login', async () => {
      const { agent, account: target, email } = await colleague(['project.view']);
      const second = t.agent();
      await second.login(email, PASSWORD);
      const response = await as('distributor').patch(DEACTIVATE, { userId: target.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CompanyUser>().status).toBe(0);
      for (const session of [agent, second]) {
        expect((await session.get(ACCOUNT)).statusCode).toBe(401);
        expect((await session.post('/api/users/v1/auth/refresh')).statusCode).toBe(401);
      }
      expect((await t.agent().post('/api/users/v1/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, String(target.id)), eq(auditEvents.action, 'status')));
      expect(audit).toMatchObject({ before: { status: 4 }, after: { status: 0 } });
      // Its privileges can no longer change.
      expect((await as('distributor').patch(MODIFY, { userId: target.id, updatedPrivileges: [] })).statusCode).toBe(409);
    });

    it('refuses oneself (403) and another company’s user (404)', async () => {
      const self = await as('distributor').patch(DEACTIVATE, { userId: account('distributor').id });
      expect(self.statusCode).toBe(403);
      expect((await as('distributor').get(ACCOUNT)).statusCode).toBe(200);
      expect((await as('distributor').patch(DEACTIVATE, { userId: account('distributor2').id })).statusCode).toBe(404);
      expect((await as('distributor2').get(ACCOUNT)).statusCode).toBe(200);
      expect((await as('webuser').patch(DEACTIVATE, { userId: account('distributor2').id })).statusCode).toBe(403);
    });
  });

  describe('PATCH reactivate-user and DELETE invitations/{id} (issue 30 §6)', () => {
    it('reactivates a deactivated colleague, who logs in again; oneself 403, another company 404', async () => {
      const { account: target, email } = await colleague(['project.view']);
      expect((await as('distributor').patch(DEACTIVATE, { userId: target.id })).statusCode).toBe(200);
      expect((await t.agent().post('/api/users/v1/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
      const response = await as('distributor').patch(`${MANAGE}/reactivate-user`, { userId: target.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CompanyUser>()).toMatchObject({ id: target.id, status: 4, privileges: expect.arrayContaining(['project.view']) });
      expect((await t.agent().post('/api/users/v1/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
      const audits = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, String(target.id)), eq(auditEvents.action, 'status')));
      expect(audits.map((row) => row.after)).toEqual(expect.arrayContaining([{ status: 0 }, { status: 4 }]));
      expect((await as('distributor').patch(`${MANAGE}/reactivate-user`, { userId: account('distributor').id })).statusCode).toBe(403);
      expect((await as('distributor').patch(`${MANAGE}/reactivate-user`, { userId: account('distributor2').id })).statusCode).toBe(404);
      expect((await as('webuser').patch(`${MANAGE}/reactivate-user`, { userId: target.id })).statusCode).toBe(403);
      expect((await as('distributor').patch(`${MANAGE}/reactivate-user`, { userId: 'x' })).statusCode).toBe(400);
    });

    it('revokes an open invitation: its link stops working; another company’s or a used one: 404', async () => {
      const email = uniqueEmail('revoked');
      const invited = await as('distributor').post(INVITE, { email, privileges: ['project.view'] });
      expect(invited.statusCode, invited.body).toBe(201);
      const { id } = invited.json<CompanyInvitation>();
      const token = await invitationToken(email);
      expect((await as('distributor2').request('DELETE', `${INVITE}/${id}`)).statusCode).toBe(404);
      const revoked = await as('distributor').request('DELETE', `${INVITE}/${id}`);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()).toEqual({ id });
      expect((await as('distributor').get(`${MANAGE}/${companyA()}`)).json<CompanyUsers>().invitations.some((item) => item.id === id)).toBe(false);
      expect((await t.agent().post(ACCEPT, { token, name: 'Too Late', password: PASSWORD, lang: 'en' })).statusCode).toBe(400);
      expect((await as('distributor').request('DELETE', `${INVITE}/${id}`)).statusCode).toBe(404);
      expect((await as('distributor').request('DELETE', `${INVITE}/abc`)).statusCode).toBe(400);
    });
  });

  describe('PUT company/{crmId}', () => {
    it('changes the company of a manager; another company or an unknown crm id: 404; bad input: 400', async () => {
      const response = await as('distributor2').put('/api/users/v1/company/CRM-ACC-0002', { name: 'Brightline Lighting Ltd', companyTypeId: 5, country: 'gb' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Brightline Lighting Ltd', country: 'GB', crmId: 'CRM-ACC-0002', companyType: { id: 5 } });
      expect((await as('distributor2').get(ACCOUNT)).json<Account>().company?.name).toBe('Brightline Lighting Ltd');
      expect((await as('distributor').put('/api/users/v1/company/CRM-ACC-0002', { name: 'Taken over', companyTypeId: 5, country: 'ES' })).statusCode).toBe(404);
      expect((await as('distributor').put('/api/users/v1/company/CRM-NOPE', { name: 'X', companyTypeId: 5, country: 'ES' })).statusCode).toBe(404);
      const badType = await as('distributor2').put('/api/users/v1/company/CRM-ACC-0002', { name: 'X', companyTypeId: 999, country: 'GB' });
      expect(badType.statusCode).toBe(400);
      expect(badType.json()).toMatchObject({ fields: [{ path: 'body.companyTypeId' }] });
      expect((await as('specifier').put('/api/users/v1/company/CRM-ACC-0003', { name: 'X', companyTypeId: 1, country: 'ES' })).statusCode).toBe(403);
      const [row] = await t.database.db.select().from(companies).where(eq(companies.crmId, 'CRM-ACC-0002'));
      expect(row?.name).toBe('Brightline Lighting Ltd');
      // Without a country the company keeps its own.
      const kept = await as('distributor2').put('/api/users/v1/company/CRM-ACC-0002', { name: 'Brightline Lighting Ltd', companyTypeId: 5 });
      expect(kept.json()).toMatchObject({ country: 'GB' });
    });
  });

});
