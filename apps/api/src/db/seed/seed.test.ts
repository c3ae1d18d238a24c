import { PRIVILEGES, ROLE_NAMES } from '@lumen/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeWithDb } from '../../../test/test-db';
import type { Database } from '../client';
import { migrateDatabase } from '../migrate';
import { DEMO_USERS } from './demo-data';
import { seedDemo } from '../../demo-seed';
import { hasUsers, seedReferenceData, shouldSeedDemo } from './index';

describe('shouldSeedDemo', () => {
  it.each([
    [{ seedDemo: undefined, env: 'development', kind: 'pglite', databaseHasUsers: false }, true],
    [{ seedDemo: undefined, env: 'development', kind: 'pglite', databaseHasUsers: true }, false],
    [{ seedDemo: undefined, env: 'development', kind: 'postgres', databaseHasUsers: false }, false],
    [{ seedDemo: undefined, env: 'production', kind: 'pglite', databaseHasUsers: false }, false],
    [{ seedDemo: true, env: 'production', kind: 'postgres', databaseHasUsers: true }, true],
    [{ seedDemo: false, env: 'development', kind: 'pglite', databaseHasUsers: false }, false],
  ] as const)('%j → %s', (options, expected) => {
    expect(shouldSeedDemo(options)).toBe(expected);
  });
});

describeWithDb('seed and migrations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const rows = async (query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };

  it('re-running migrations and seeds is harmless (every start does it)', async () => {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    expect((await seedDemo(database.db)).created).toBe(0);
    const counts = (await rows(sql`select (select count(*) from roles) as roles, (select count(*) from privileges) as privileges, (select count(*) from users) as users`)).rows[0];
    expect(Number(counts?.roles)).toBe(ROLE_NAMES.length);
    expect(Number(counts?.privileges)).toBe(PRIVILEGES.length);
    expect(Number(counts?.users)).toBeGreaterThanOrEqual(DEMO_USERS.length);
    expect(await hasUsers(database.db)).toBe(true);
  });

  it('gives the demo pendants their pendant height (the standard, in cm) (issue 10 §9)', async () => {
    const lines = (
      await rows(sql`select reference_code, data->'context'->'attributes'->'pendantHeight'->>'code' as height from project_products order by reference_code`)
    ).rows.map((row) => [String(row.reference_code), row.height === null ? null : String(row.height)] as const);
    const heightOf = new Map(lines);
    expect(heightOf.get('552010/02_10')).toBe('150');
    expect(heightOf.get('5520-10/03_10')).toBe('150');
  });

  it('stores no demo password in clear: argon2id hashes with the OWASP parameters', async () => {
    const { rows: users } = await rows(sql`select password_hash from users where email = 'admin@demo.example'`);
    expect(String(users[0]?.password_hash)).toMatch(/^\$argon2id\$v=19\$/);
    const params = String(users[0]?.password_hash).split('$')[3]?.split(',').sort();
    expect(params).toEqual(['m=19456', 'p=1', 't=2']);
  });
});
