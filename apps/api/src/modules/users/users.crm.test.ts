import type { Account } from '@lumen/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';
import { crmContacts } from '../../db/schema';

const ACCOUNT = '/api/users/v1/account';
const FLAG = '/api/masters/v1/flags/showQualifiedUserDataFromDynamics';

/** Issue 17 §2: the profile goes to the CRM through its adapter; the flag shows the contact as the CRM holds it. */
describeWithDb('users and the built-in CRM', () => {
  let t: TestApp;
  let specifier: Agent;
  let admin: Agent;
  let me: Account;

  beforeAll(async () => {
    t = await createTestApp();
    specifier = t.agent();
    me = await specifier.login('specifier@demo.example');
    admin = t.agent();
    await admin.login('admin@demo.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  const setFlag = (on: boolean) =>
    admin.put(FLAG, { description: 'The account is completed with the qualified contact read from Dynamics.', defaultValue: on, rollout: { DEV: on ? 1 : 0, NEWPRO: 0, PRO: null }, emailToggles: [] });

  it('writes the profile of a user known to the CRM to the CRM contact too', async () => {
    const saved = await specifier.put(`/api/users/v1/user/${me.id}`, { name: 'Sofía P. Prieto', profesion: 'Lighting architect' });
    expect(saved.statusCode, saved.body).toBe(200);
    const [contact] = await t.database.db.select().from(crmContacts).where(eq(crmContacts.crmId, 'CRM-CON-1001'));
    expect(contact).toMatchObject({ name: 'Sofía P. Prieto', profesion: 'Lighting architect', email: 'specifier@demo.example' });
  });

  it('shows the contact as the CRM holds it while showQualifiedUserDataFromDynamics is on, the platform’s record otherwise', async () => {
    // The CRM changed the contact on its side.
    await t.database.db.update(crmContacts).set({ name: 'Sofía Prieto Arco', profesion: 'Architect (CRM)' }).where(eq(crmContacts.crmId, 'CRM-CON-1001'));
    expect((await setFlag(true)).statusCode).toBe(200);
    expect((await specifier.get(ACCOUNT)).json<Account>()).toMatchObject({ name: 'Sofía Prieto Arco', profesion: 'Architect (CRM)' });
    expect((await setFlag(false)).statusCode).toBe(200);
    expect((await specifier.get(ACCOUNT)).json<Account>()).toMatchObject({ name: 'Sofía P. Prieto', profesion: 'Lighting architect' });
  });

  it('leaves the CRM alone for a user it does not know', async () => {
    const webuser = t.agent();
    const account = await webuser.login('webuser@demo.example');
    expect((await webuser.put(`/api/users/v1/user/${account.id}`, { name: 'Wendy W. Webb', profesion: null })).statusCode).toBe(200);
    expect(await t.database.db.select().from(crmContacts).where(eq(crmContacts.email, 'webuser@demo.example'))).toEqual([]);
  });
});
