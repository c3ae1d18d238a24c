import { EvaluatedFlagsResponse, FlagDefinition, FlagHistory, FlagList, type FlagSettings } from '@lumen/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureFlagChanges } from '../../db/schema';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, describeWithDb, itOnOneDb } from '../../../test/test-db';
import { inRollout } from './flags.bucketing';

const FLAGS = '/api/masters/v1/flags';

const DEMO = ['webuser', 'specifier', 'distributor', 'distributor2', 'sales', 'importer', 'admin', 'apiuser'] as const;

async function evaluated(agent: Agent): Promise<Record<string, boolean>> {
  const response = await agent.get(`${FLAGS}/evaluated`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return EvaluatedFlagsResponse.parse(response.json()).flags;
}

async function flagOf(admin: Agent, key: string): Promise<FlagDefinition> {
  const response = await admin.get(FLAGS);
  if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
  const list = FlagList.parse(response.json());
  const flag = list.flags.find((item) => item.key === key);
  if (!flag) throw new Error(`no flag ${key}`);
  return flag;
}

function settingsOf(flag: FlagDefinition): FlagSettings {
  return { description: flag.description, defaultValue: flag.defaultValue, rollout: flag.rollout, emailToggles: flag.emailToggles };
}

async function put(admin: Agent, key: string, settings: FlagSettings) {
  return admin.put(`${FLAGS}/${key}`, settings);
}

// An engine file (test/engine-suite.ts): on PGlite beside PostgreSQL only the tests about the engine
// run (a change heard through LISTEN/NOTIFY, concurrent first changes, the audit row in the change's
// transaction, seeding); the others prove the same on either engine and run once (itOnOneDb).
describeWithDb('feature flags: table, bucketing, e-mail toggles, backoffice', () => {
  let t: TestApp;
  let admin: Agent;
  const agents = {} as Record<(typeof DEMO)[number], Agent>;
  const ids = {} as Record<(typeof DEMO)[number], number>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = t.agent();
    await admin.login('admin@demo.example');
    for (const role of DEMO) {
      agents[role] = t.agent();
      ids[role] = (await agents[role].login(`${role}@demo.example`)).id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the table', () => {
    itOnOneDb('seeds every known flag with the former rollouts (DEV, NEWPRO) and an empty PRO table', async () => {
      const response = await admin.get(FLAGS);
  if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
  const list = FlagList.parse(response.json());
      expect(list.environment).toBe('DEV');
      expect(list.remoteConfigured).toBe(false);
      const byKey = new Map(list.flags.map((flag) => [flag.key, flag]));
      expect(byKey.get('getArticlesByReferenceV2')?.rollout).toEqual({ DEV: 1, NEWPRO: 0.5, PRO: null });
      expect(byKey.get('sendOfferWithDownloadBudget')?.rollout).toEqual({ DEV: 1, NEWPRO: 0.25, PRO: null });
      for (const key of ['upsertVersionD365', 'changePricesCalculation', 'filterControlM', 'filterControlMforCP', 'RemoteDriverCP', 'variationCatalog', 'hideCloneProjectButton']) {
        expect(byKey.get(key)?.description, key).not.toBe('');
      }
      for (const flag of list.flags) expect(flag.rollout.PRO, flag.key).toBeNull();
    });

    itOnOneDb('evaluates the table of FLAGS_ENV: DEV, NEWPRO or PRO (empty: every flag takes its default)', async () => {
      const newpro = await createTestApp({ env: { FLAGS_ENV: 'newpro' }, database: t.database });
      const pro = await createTestApp({ env: { FLAGS_ENV: 'PRO' }, database: t.database });
      try {
        const inDev = await evaluated(agents.distributor);
        const distributorOn = async (app: TestApp) => {
          const agent = app.agent();
          await agent.login('distributor@demo.example');
          return evaluated(agent);
        };
        const inNewpro = await distributorOn(newpro);
        const inPro = await distributorOn(pro);
        // editLanguagesFromApiHub: DEV 1, NEWPRO 0, PRO absent (default false).
        expect([inDev.editLanguagesFromApiHub, inNewpro.editLanguagesFromApiHub, inPro.editLanguagesFromApiHub]).toEqual([true, false, false]);
        // upsertVersionD365: DEV 1, NEWPRO 1, PRO absent.
        expect([inDev.upsertVersionD365, inNewpro.upsertVersionD365, inPro.upsertVersionD365]).toEqual([true, true, false]);
        expect(Object.values(inPro).every((value) => value === false)).toBe(true);
        const proList = FlagList.parse((await (async () => {
          const agent = pro.agent();
          await agent.login('admin@demo.example');
          return agent.get(FLAGS);
        })()).json());
        expect(proList.environment).toBe('PRO');
      } finally {
        await newpro.close();
        await pro.close();
      }
    });

    itOnOneDb('answers every known flag to every caller, anonymous visitors included', async () => {
      const anonymous = await evaluated(t.agent());
      const mine = await evaluated(agents.specifier);
      for (const key of ['unifiedCodeVersion', 'preconfigListWithCache', 'getArticlesByReferenceV2', 'editLanguagesFromApiHub', 'hideCloneProjectButton', 'RemoteDriverCP']) {
        expect(typeof anonymous[key], key).toBe('boolean');
        expect(typeof mine[key], key).toBe('boolean');
      }
    });
  });

  describe('sticky bucketing and toggles', () => {
    itOnOneDb('gives each user the bucket of sha256(key:id), the same answer on every request and in every api process', async () => {
      const flag = await flagOf(admin, 'composeUrlPreview');
      expect((await put(admin, 'composeUrlPreview', { ...settingsOf(flag), rollout: { ...flag.rollout, DEV: 0.5 } })).statusCode).toBe(200);
      const other = await createTestApp({ database: t.database });
      try {
        for (const role of DEMO) {
          const expected = inRollout('composeUrlPreview', String(ids[role]), 0.5);
          const here = await evaluated(agents[role]);
          const again = await evaluated(agents[role]);
          const there = other.agent();
          await there.login(`${role}@demo.example`);
          expect(here.composeUrlPreview, role).toBe(expected);
          expect(again.composeUrlPreview, role).toBe(expected);
          expect((await evaluated(there)).composeUrlPreview, role).toBe(expected);
        }
        // An anonymous visitor has no sticky identity: off below a rollout of 1.
        expect((await evaluated(t.agent())).composeUrlPreview).toBe(false);
      } finally {
        await other.close();
      }
    });

    itOnOneDb('lets an e-mail toggle beat the rollout, in both directions', async () => {
      const flag = await flagOf(admin, 'projectRequestBudgetV2');
      await put(admin, 'projectRequestBudgetV2', { ...settingsOf(flag), rollout: { ...flag.rollout, DEV: 0 }, emailToggles: [{ email: 'Distributor@Demo.example', enabled: true }] });
      expect((await evaluated(agents.distributor)).projectRequestBudgetV2).toBe(true);
      expect((await evaluated(agents.distributor2)).projectRequestBudgetV2).toBe(false);
      await put(admin, 'projectRequestBudgetV2', { ...settingsOf(flag), rollout: { ...flag.rollout, DEV: 1 }, emailToggles: [{ email: 'distributor@demo.example', enabled: false }] });
      expect((await evaluated(agents.distributor)).projectRequestBudgetV2).toBe(false);
      expect((await evaluated(agents.distributor2)).projectRequestBudgetV2).toBe(true);
      const saved = await flagOf(admin, 'projectRequestBudgetV2');
      expect(saved.emailToggles).toEqual([{ email: 'distributor@demo.example', enabled: false }]);
      expect(saved.updatedBy).toBe('admin@demo.example');
    });

    it('applies a change made through another api process without a restart (LISTEN/NOTIFY)', async () => {
      const other = await createTestApp({ database: t.database });
      try {
        const otherAdmin = other.agent();
        await otherAdmin.login('admin@demo.example');
        const flag = await flagOf(admin, 'validateComposingPendantsProduct');
        expect((await evaluated(agents.sales)).validateComposingPendantsProduct).toBe(true);
        await put(otherAdmin, 'validateComposingPendantsProduct', { ...settingsOf(flag), rollout: { ...flag.rollout, DEV: 0 } });
        let seen = true;
        for (let attempt = 0; attempt < 50 && seen; attempt += 1) {
          // A fresh request each time: one request keeps the answers it started with.
          seen = (await evaluated(agents.sales)).validateComposingPendantsProduct === true;
          if (seen) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(seen).toBe(false);
      } finally {
        await other.close();
      }
    });
  });

  describe('backoffice calls', () => {
    itOnOneDb('needs a session (401) and the backoffice privilege (403) for the list, a change and the history', async () => {
      const flag = await flagOf(admin, 'unifiedCodeVersion');
      const calls: Array<(agent: Agent) => Promise<{ statusCode: number }>> = [
        (agent) => agent.get(FLAGS),
        (agent) => agent.put(`${FLAGS}/unifiedCodeVersion`, settingsOf(flag)),
        (agent) => agent.get(`${FLAGS}/unifiedCodeVersion/history`),
      ];
      for (const call of calls) {
        expect((await call(t.agent())).statusCode).toBe(401);
        for (const role of ['webuser', 'specifier', 'distributor', 'sales', 'importer', 'apiuser'] as const) expect((await call(agents[role])).statusCode, role).toBe(403);
        expect((await call(admin)).statusCode).toBe(200);
      }
      expect((await flagOf(admin, 'unifiedCodeVersion')).rollout).toEqual(flag.rollout);
    });

    itOnOneDb('refuses bad input with 400 naming the fields', async () => {
      const flag = settingsOf(await flagOf(admin, 'unifiedCodeVersion'));
      const fieldsOf = async (key: string, body: unknown) => {
        const response = await admin.put(`${FLAGS}/${key}`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        return (response.json<{ fields?: Array<{ path: string }> }>().fields ?? []).map((field) => field.path);
      };
      expect(await fieldsOf('unifiedCodeVersion', { ...flag, rollout: { ...flag.rollout, DEV: 1.5 } })).toContain('body.rollout.DEV');
      expect(await fieldsOf('unifiedCodeVersion', { ...flag, rollout: { DEV: 1 } })).toContain('body.rollout.NEWPRO');
      expect(await fieldsOf('unifiedCodeVersion', { ...flag, emailToggles: [{ email: 'not-an-address', enabled: true }] })).toContain('body.emailToggles.0.email');
      expect(
        await fieldsOf('unifiedCodeVersion', { ...flag, emailToggles: [{ email: 'a@b.example', enabled: true }, { email: 'A@B.example', enabled: false }] }),
      ).toContain('body.emailToggles.1.email');
      expect(await fieldsOf('bad key!', flag)).toContain('params.key');
      expect(await fieldsOf('unifiedCodeVersion', { ...flag, defaultValue: 'yes' })).toContain('body.defaultValue');
      expect((await admin.get(`${FLAGS}/unifiedCodeVersion/history?limit=0`)).statusCode).toBe(400);
      expect((await admin.get(`${FLAGS}/noSuchFlag/history`)).statusCode).toBe(404);
    });

    itOnOneDb('records who changed what, when, before and after; a new key creates a flag', async () => {
      const before = await flagOf(admin, 'showQualifiedUserDataFromDynamics');
      const after: FlagSettings = { ...settingsOf(before), rollout: { ...before.rollout, PRO: 0.3 }, emailToggles: [{ email: 'sales@demo.example', enabled: true }] };
      t.clock.advance(1000);
      expect((await put(admin, 'showQualifiedUserDataFromDynamics', after)).statusCode).toBe(200);
      const history = FlagHistory.parse((await admin.get(`${FLAGS}/showQualifiedUserDataFromDynamics/history`)).json());
      expect(history.total).toBe(1);
      expect(history.items[0]).toMatchObject({
        key: 'showQualifiedUserDataFromDynamics',
        changedAt: t.clock().toISOString(),
        changedBy: { id: ids.admin, email: 'admin@demo.example' },
        before: settingsOf(before),
        after,
      });

      const created: FlagSettings = { description: 'A flag of a later issue', defaultValue: true, rollout: { DEV: null, NEWPRO: 0.1, PRO: null }, emailToggles: [] };
      const response = await put(admin, 'laterIssueFlag', created);
      expect(response.statusCode).toBe(200);
      expect(FlagDefinition.parse(response.json())).toMatchObject({ key: 'laterIssueFlag', ...created });
      const createdHistory = FlagHistory.parse((await admin.get(`${FLAGS}/laterIssueFlag/history`)).json());
      expect(createdHistory.items[0]?.before).toBeNull();
      // Not in the DEV table and no remote service: its default (true) applies.
      expect((await evaluated(agents.webuser)).laterIssueFlag).toBe(true);
    });

    it('queues two first changes of a new key: one creates the flag, the other sees it as its before', async () => {
      const settings = (rollout: number): FlagSettings => ({ description: 'Raced', defaultValue: false, rollout: { DEV: rollout, NEWPRO: null, PRO: null }, emailToggles: [] });
      const answers = await Promise.all([put(admin, 'racedFlag', settings(0.2)), put(admin, 'racedFlag', settings(0.7))]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const history = FlagHistory.parse((await admin.get(`${FLAGS}/racedFlag/history`)).json());
      expect(history.total).toBe(2);
      const [last, first] = history.items;
      expect(first?.before).toBeNull();
      expect(last?.before).toEqual(first?.after);
      expect((await flagOf(admin, 'racedFlag')).rollout).toEqual(last?.after.rollout);
    });

    it('writes the audit row in the change transaction: when it cannot be written, the flag is unchanged', async () => {
      const before = await flagOf(admin, 'accessoryPriceInOrderView');
      await t.database.db.execute(sql`create function refuse_flag_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`);
      await t.database.db.execute(sql`create trigger refuse_flag_audit before insert on feature_flag_changes for each row execute function refuse_flag_audit()`);
      try {
        const response = await put(admin, 'accessoryPriceInOrderView', { ...settingsOf(before), rollout: { DEV: 0, NEWPRO: 0, PRO: 0 } });
        expect(response.statusCode).toBe(500);
      } finally {
        await t.database.db.execute(sql`drop trigger refuse_flag_audit on feature_flag_changes`);
        await t.database.db.execute(sql`drop function refuse_flag_audit()`);
      }
      expect((await flagOf(admin, 'accessoryPriceInOrderView')).rollout).toEqual(before.rollout);
      const rows = await t.database.db.select().from(featureFlagChanges).where(sql`${featureFlagChanges.flagKey} = 'accessoryPriceInOrderView'`);
      expect(rows).toHaveLength(0);
    });
  });
});

describeWithDb('feature flags: seeding', () => {
  it('adds missing flags at start but never puts back a rollout the backoffice removed', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({ database });
    try {
      const admin = t.agent();
      await admin.login('admin@demo.example');
      const flag = await flagOf(admin, 'composeUrlPreview');
      await put(admin, 'composeUrlPreview', { ...settingsOf(flag), rollout: { DEV: null, NEWPRO: null, PRO: null } });
      const { seedReferenceData } = await import('../../db/seed');
      await seedReferenceData(database.db);
      const other = await createTestApp({ database });
      try {
        const otherAdmin = other.agent();
        await otherAdmin.login('admin@demo.example');
        expect((await flagOf(otherAdmin, 'composeUrlPreview')).rollout).toEqual({ DEV: null, NEWPRO: null, PRO: null });
      } finally {
        await other.close();
      }
    } finally {
      await t.close();
      await database.close();
    }
  });
});
