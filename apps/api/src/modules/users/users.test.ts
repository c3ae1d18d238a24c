import { type Account, LANGS, type UserSummary } from '@lumen/contracts';
import { PRIVILEGES } from '@lumen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, describeWithDb } from '../../../test/test-db';
import { companies } from '../../db/schema';
import { ACCOUNT_CACHE_TTL_MS } from './users.service';

const ACCOUNT = '/api/users/v1/account';

let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

describeWithDb('users', () => {
  let t: TestApp;
  const agents: Record<string, Agent> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['webuser', 'specifier', 'distributor', 'distributor2', 'sales', 'importer', 'admin', 'apiuser']) {
      const agent = t.agent();
      const account = await agent.login(`${who}@demo.example`);
      agents[who] = agent;
      ids[who] = account.id;
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

  describe('account', () => {
    it('answers the spec §3 account of each demo role', async () => {
      const expected: Record<string, Partial<Account>> = {
        webuser: { rolId: 1, status: 2, userType: 1, company: null, clientCode: null },
        specifier: { rolId: 2, status: 4, userType: 2 },
        distributor: { rolId: 3, status: 4, clientCode: 'C-100234' },
        distributor2: { rolId: 3, status: 4, clientCode: 'C-200871' },
        sales: { rolId: 4, catalogId: 16 },
        importer: { rolId: 8, catalogId: 21, catalog: 'USA' },
        admin: { rolId: 9 },
        apiuser: { rolId: 10 },
      };
      for (const [who, fields] of Object.entries(expected)) {
        const response = await as(who).get(ACCOUNT);
        expect(response.statusCode, who).toBe(200);
        const account = response.json<Account>();
        expect(account, who).toMatchObject({ ...fields, email: `${who}@demo.example`, id: ids[who], userId: ids[who], registerType: 1 });
        expect(account.language.isoCode).toBe(account.lang);
      }
      const distributor = (await as('distributor').get(ACCOUNT)).json<Account>();
      expect(distributor.company).toMatchObject({ name: 'Luminotecnia Norte S.L.', crmId: 'CRM-ACC-0001', companyType: { id: 5, description: 'Distribuidor' } });
      expect(distributor.privileges).toEqual(expect.arrayContaining(['order.add', 'price.view', 'company.manage.user']));
      const admin = (await as('admin').get(ACCOUNT)).json<Account>();
      // Every privilege of spec §6 and those added since (product.admin, issue 31).
      expect(admin.privileges).toHaveLength(PRIVILEGES.length);
      expect(admin.privileges).toContain('product.admin');
      const distributor2 = (await as('distributor2').get(ACCOUNT)).json<Account>();
      expect(distributor2.company?.name).toBe('Brightline Distribution Ltd');
    });

    it('answers 401 without a session', async () => {
      const response = await t.agent().get(ACCOUNT);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ ErrorCode: 401, ErrorDescription: 'Not logged in', code: 'UNAUTHENTICATED' });
    });
  });

  describe('email-validate', () => {
    it('answers 200 for a taken address (any case) and 404 for a free one', async () => {
      expect((await t.agent().get('/api/users/v1/users/email-validate/webuser@demo.example')).statusCode).toBe(200);
      expect((await t.agent().get('/api/users/v1/users/email-validate/WEBUSER%40demo.example')).statusCode).toBe(200);
      const free = await t.agent().get(`/api/users/v1/users/email-validate/${uniqueEmail('free')}`);
      expect(free.statusCode).toBe(404);
      expect(free.json()).toMatchObject({ ErrorCode: 404, code: 'NOT_FOUND' });
    });

    it.each([
      ['not an address', 'not-an-address'],
      ['SQL', encodeURIComponent("x' OR '1'='1@a.co")],
      ['HTML', encodeURIComponent('<script>alert(1)</script>')],
      ['a 300-character address', `${'a'.repeat(288)}%40example.com`],
    ])('refuses %s with 400', async (_, segment) => {
      const response = await t.agent().get(`/api/users/v1/users/email-validate/${segment}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe('users/{id}', () => {
    it('shows oneself', async () => {
      const response = await as('webuser').get(`/api/users/v1/users/${ids.webuser}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<UserSummary>()).toEqual({ id: ids.webuser, email: 'webuser@demo.example', name: 'Wendy Webb', rolId: 1, status: 2, companyId: null });
    });

    it('lets a company manager see a colleague but not a user of another company', async () => {
      const colleague = t.agent();
      const email = uniqueEmail('colleague');
      await colleague.post('/api/users/v1/auth/signup', { email, password: 'pendant-lamp-1', name: 'Colleague', lang: 'es' });
      const colleagueAccount = (await colleague.get(ACCOUNT)).json<Account>();
      // Link the colleague to company A directly in the database (company user management is a later issue).
      const companyA = (await as('distributor').get(ACCOUNT)).json<Account>().company?.id ?? 0;
      const { users } = await import('../../db/schema');
      const { eq } = await import('drizzle-orm');
      await t.database.db.update(users).set({ companyId: companyA }).where(eq(users.id, colleagueAccount.id));
      const seen = await as('distributor').get(`/api/users/v1/users/${colleagueAccount.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<UserSummary>()).toMatchObject({ id: colleagueAccount.id, companyId: companyA });
      expect((await as('distributor2').get(`/api/users/v1/users/${colleagueAccount.id}`)).statusCode).toBe(404);
      expect((await as('distributor').get(`/api/users/v1/users/${ids.distributor2}`)).statusCode).toBe(404);
    });

    it('refuses a user without company management with 403, lets an admin see anyone', async () => {
      const forbidden = await as('webuser').get(`/api/users/v1/users/${ids.admin}`);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ ErrorCode: 403, code: 'FORBIDDEN' });
      expect((await as('specifier').get(`/api/users/v1/users/${ids.distributor}`)).statusCode).toBe(403);
      expect((await as('admin').get(`/api/users/v1/users/${ids.distributor}`)).statusCode).toBe(200);
      expect((await as('admin').get('/api/users/v1/users/987654')).statusCode).toBe(404);
    });

    it.each(['0', '-1', 'abc', '1.5', "1'%20OR%201=1", '99999999999999999999'])('refuses the id %s with 400', async (id) => {
      expect((await as('admin').get(`/api/users/v1/users/${id}`)).statusCode).toBe(400);
    });

    it('answers 401 without a session', async () => {
      expect((await t.agent().get(`/api/users/v1/users/${ids.webuser}`)).statusCode).toBe(401);
    });
  });

  describe('company-types', () => {
    it.each(LANGS)('lists the company types described in %s', async (lang) => {
      const response = await t.agent().get(`/api/users/v1/company-types?lang=${lang}`);
      expect(response.statusCode).toBe(200);
      const types = response.json<Array<{ id: number; description: string }>>();
      expect(types.length).toBeGreaterThanOrEqual(6);
      expect(types.every((type) => type.description.length > 0)).toBe(true);
    });

    it('defaults to en, reads en-US as us and refuses an unknown language', async () => {
      expect((await t.agent().get('/api/users/v1/company-types')).json()[0]).toEqual({ id: 1, description: 'Architecture studio' });
      expect((await t.agent().get('/api/users/v1/company-types?lang=en-US')).json()[0]).toEqual({ id: 1, description: 'Architecture firm' });
      expect((await t.agent().get('/api/users/v1/company-types?lang=fr')).json()[0]).toEqual({ id: 1, description: "Cabinet d'architecture" });
      expect((await t.agent().get('/api/users/v1/company-types?lang=xx')).statusCode).toBe(400);
    });
  });

  describe('language', () => {
    it('changes the language, answers the account and sets the language cookie', async () => {
      const agent = t.agent();
      await agent.post('/api/users/v1/auth/signup', { email: uniqueEmail('lang'), password: 'pendant-lamp-1', name: 'L', lang: 'en' });
      const response = await agent.patch('/api/users/v1/users/lang', { lang: 'de' });
      expect(response.statusCode).toBe(200);
      expect(response.json<Account>()).toMatchObject({ lang: 'de', language: { isoCode: 'de' } });
      expect(agent.cookies.get('language')).toBe('de');
      expect((await agent.get(ACCOUNT)).json<Account>().lang).toBe('de');
    });

    it('refuses a bad language with 400 and an anonymous caller with 401', async () => {
      const agent = as('sales');
      for (const body of [{ lang: 'pt' }, {}, { lang: "en'; --" }, { lang: ['en'] }]) expect((await agent.patch('/api/users/v1/users/lang', body)).statusCode).toBe(400);
      expect((await t.agent().patch('/api/users/v1/users/lang', { lang: 'fr' })).statusCode).toBe(401);
    });
  });

  describe('client code', () => {
    it("records the client code of one's own company", async () => {
      const response = await as('distributor').patch('/api/users/v1/users/client-code', { clientCode: 'c-100234' });
      expect(response.statusCode).toBe(200);
      expect(response.json<Account>().clientCode).toBe('C-100234');
    });

    it("refuses another company's code and a user without a company, writing nothing", async () => {
      const other = await as('distributor').patch('/api/users/v1/users/client-code', { clientCode: 'C-200871' });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.clientCode' }] });
      expect((await as('distributor').get(ACCOUNT)).json<Account>().clientCode).toBe('C-100234');
      expect((await as('webuser').patch('/api/users/v1/users/client-code', { clientCode: 'C-100234' })).statusCode).toBe(400);
      expect((await as('webuser').get(ACCOUNT)).json<Account>().clientCode).toBeNull();
    });

    it.each([{}, { clientCode: '' }, { clientCode: 'AB' }, { clientCode: 'x'.repeat(21) }, { clientCode: "C-1'; DROP TABLE users;--" }, { clientCode: '<b>C1</b>' }])(
      'refuses the malformed body %j with 400',
      async (body) => {
        expect((await as('distributor').patch('/api/users/v1/users/client-code', body)).statusCode).toBe(400);
      },
    );

    it('answers 401 without a session', async () => {
      expect((await t.agent().patch('/api/users/v1/users/client-code', { clientCode: 'C-100234' })).statusCode).toBe(401);
    });
  });

  describe('profile', () => {
    it('updates one’s own profile and keeps hostile and non-Latin text as data', async () => {
      const agent = t.agent();
      const account = (await agent.post('/api/users/v1/auth/signup', { email: uniqueEmail('profile'), password: 'pendant-lamp-1', name: 'P', lang: 'it' })).json<Account>();
      for (const [name, profesion] of [
        ['Zoë Ångström', 'Lichtplanerin'],
        ['<svg onload=alert(1)>', "'; DELETE FROM users; --"],
        ['李小龍', null],
      ] as const) {
        const response = await agent.put(`/api/users/v1/user/${account.id}`, { name, profesion });
        expect(response.statusCode).toBe(200);
        expect(response.json<Account>()).toMatchObject({ name, profesion });
      }
    });

    it("refuses someone else's profile with 403 and bad input with 400", async () => {
      const response = await as('webuser').put(`/api/users/v1/user/${ids.admin}`, { name: 'Hacked', profesion: null });
      expect(response.statusCode).toBe(403);
      expect((await as('admin').get(ACCOUNT)).json<Account>().name).toBe('Ada Admin');
      for (const body of [{}, { name: '', profesion: null }, { name: 'x'.repeat(101), profesion: null }, { name: 'A', profesion: 'p'.repeat(101) }, { name: 'A\u0007', profesion: null }]) {
        expect((await as('webuser').put(`/api/users/v1/user/${ids.webuser}`, body)).statusCode).toBe(400);
      }
      expect((await t.agent().put(`/api/users/v1/user/${ids.webuser}`, { name: 'A', profesion: null })).statusCode).toBe(401);
    });
  });
});

describeWithDb('the account served from memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a repeated account call without the database', async () => {
    const real = await createTestDatabase();
    const down = { now: false };
    const db = new Proxy(real.db, {
      get(target, property, receiver) {
        if (down.now) throw new Error('the account call touched the database');
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const app = await createTestApp({ database: { ...real, db } });
    try {
      const agent = app.agent();
      await agent.login('distributor@demo.example');
      const first = await agent.get(ACCOUNT);
      expect(first.statusCode).toBe(200);
      down.now = true;
      const again = await agent.get(ACCOUNT);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    } finally {
      down.now = false;
      await app.close();
      await real.close();
    }
  });

  it('shows a change made in one session to the user’s other sessions at once (after their refresh)', async () => {
    const email = uniqueEmail('cache');
    const here = t.agent();
    expect((await here.post('/api/users/v1/auth/signup', { email, password: 'password-1', name: 'Before', lang: 'en' })).statusCode).toBe(201);
    const there = t.agent();
    await there.login(email, 'password-1');
    expect((await there.get(ACCOUNT)).json<Account>()).toMatchObject({ name: 'Before', lang: 'en' });

    const id = (await here.get(ACCOUNT)).json<Account>().id;
    expect((await here.put(`/api/users/v1/user/${id}`, { name: 'After', profesion: 'architect' })).statusCode).toBe(200);
    expect((await here.patch('/api/users/v1/users/lang', { lang: 'fr' })).statusCode).toBe(200);
    // The session that made the change carries on with a new token; the other one refreshes once.
    expect((await here.get(ACCOUNT)).json<Account>()).toMatchObject({ name: 'After', profesion: 'architect', lang: 'fr' });
    expect((await there.get(ACCOUNT)).statusCode).toBe(401);
    expect((await there.post('/api/users/v1/auth/refresh')).statusCode).toBe(204);
    expect((await there.get(ACCOUNT)).json<Account>()).toMatchObject({ name: 'After', profesion: 'architect', lang: 'fr' });
  });

  it('shows a change made outside the users service within the cache lifetime', async () => {
    const agent = t.agent();
    const account = await agent.login('distributor2@demo.example');
    expect((await agent.get(ACCOUNT)).json<Account>().company?.name).toBe(account.company?.name);
    const companyId = account.company?.id ?? 0;
    await t.database.db.update(companies).set({ name: 'Renamed elsewhere Ltd' }).where(eq(companies.id, companyId));
    try {
      t.clock.advance(ACCOUNT_CACHE_TTL_MS + 1000);
      expect((await agent.get(ACCOUNT)).json<Account>().company?.name).toBe('Renamed elsewhere Ltd');
    } finally {
      await t.database.db.update(companies).set({ name: account.company?.name ?? '' }).where(eq(companies.id, companyId));
    }
  });
});
