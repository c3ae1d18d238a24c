import { LANGS } from '@lumen/contracts';
import { PRIVILEGES, ROLE_NAMES, ROLE_PRIVILEGES, ROLES } from '@lumen/domain';
import { count, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db, DbOrTx } from '../client';
import { companies, companyTypeDescriptions, companyTypes, privileges, rolePrivileges, roles, userRoles, users } from '../schema';
import { seedCatalogue } from './catalogue/seed-catalogue';
import { seedFlagDefaults } from './flag-defaults';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { seedDemoProjects } from './seed-projects';
import { COMPANY_TYPES } from './reference-data';

/**
 * Reference data reconciled at every start (idempotent): roles, privileges and the role → privilege
 * matrix of @lumen/domain, the company types and the known feature flags. Missing rows are added; nothing is removed.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(ROLE_NAMES.map((name) => ({ id: ROLES[name], name })))
      .onConflictDoNothing();
    await tx
      .insert(privileges)
      .values(PRIVILEGES.map((code) => ({ code })))
      .onConflictDoNothing();
    const rows = await tx.select().from(privileges).where(inArray(privileges.code, [...PRIVILEGES]));
    const idOf = new Map(rows.map((row) => [row.code, row.id]));
    const pairs = ROLE_NAMES.flatMap((name) =>
      ROLE_PRIVILEGES[name].map((code) => ({ roleId: ROLES[name], privilegeId: idOf.get(code) as number })),
    );
    await tx.insert(rolePrivileges).values(pairs).onConflictDoNothing();
    await tx
      .insert(companyTypes)
      .values(COMPANY_TYPES.map(({ id, code }) => ({ id, code })))
      .onConflictDoNothing();
    await tx
      .insert(companyTypeDescriptions)
      .values(COMPANY_TYPES.flatMap(({ id, descriptions }) => LANGS.map((lang) => ({ companyTypeId: id, lang, description: descriptions[lang] }))))
      .onConflictDoNothing();
    await seedFlagDefaults(tx);
  });
}

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * Demo accounts and companies, the catalogue and projects, then what the modules seed of their own
 * (`moduleSeeds`, in the same transaction: orders and invoices, see src/demo-seed.ts, which is the
 * entry every caller uses); skips what already exists (safe to run twice).
 */
export async function seedDemoData(db: Db, moduleSeeds: (tx: DbOrTx) => Promise<void>): Promise<{ created: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  await db.transaction(async (tx) => {
    const companyIds = new Map<string, number>();
    for (const company of DEMO_COMPANIES) {
      const [existing] = await tx.select({ id: companies.id, vatId: companies.vatId, billingAddress: companies.billingAddress }).from(companies).where(eq(companies.crmId, company.crmId));
      if (existing) {
        companyIds.set(company.key, existing.id);
        // A demo database made before companies had a billing profile gets it (issue 34 §5).
        if (existing.vatId === null && existing.billingAddress === null) await tx.update(companies).set({ vatId: company.vatId, billingAddress: [...company.billingAddress] }).where(eq(companies.id, existing.id));
        continue;
      }
      const [inserted] = await tx
        .insert(companies)
        .values({ name: company.name, companyTypeId: company.companyTypeId, country: company.country, crmId: company.crmId, clientCode: company.clientCode, vatId: company.vatId, billingAddress: [...company.billingAddress] })
        .returning({ id: companies.id });
      if (inserted) companyIds.set(company.key, inserted.id);
    }
    for (const user of DEMO_USERS) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, user.email));
      if (existing) continue;
      const [inserted] = await tx
        .insert(users)
        .values({
          email: user.email,
          passwordHash,
          name: user.name,
          lang: user.lang,
          catalogId: user.catalogId,
          status: user.status,
          registerType: 1,
          userType: user.userType,
          profesion: user.profesion,
          clientCode: user.clientCode,
          crm: user.crm,
          companyId: user.company ? (companyIds.get(user.company) ?? null) : null,
        })
        .returning({ id: users.id });
      if (!inserted) continue;
      await tx.insert(userRoles).values({ userId: inserted.id, roleId: ROLES[user.role] });
      created += 1;
    }
    // The demo catalogue and the demo companies' price terms (idempotent; see seed/catalogue).
    await seedCatalogue(tx);
    await seedDemoProjects(tx);
    await moduleSeeds(tx);
  });
  return { created };
}

/**
 * Demo data goes in with SEED_DEMO=1; never with SEED_DEMO=0; otherwise only into the embedded
 * default's empty database (first start) outside production.
 */
export function shouldSeedDemo(options: { seedDemo: boolean | undefined; env: string; kind: 'pglite' | 'postgres'; databaseHasUsers: boolean }): boolean {
  if (options.seedDemo !== undefined) return options.seedDemo;
  return options.kind === 'pglite' && options.env !== 'production' && !options.databaseHasUsers;
}
