import { and, asc, eq, sql } from 'drizzle-orm';
import { privilegesJsonOf, rolesJsonOf } from '../../db/account-access';
import type { DbOrTx } from '../../db/client';
import { companies, companyTypeDescriptions, companyTypes, roles, tradeLeads, userRoles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The only SQL of the users module. Every function takes the database or a transaction. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert users returned nothing');
  return row;
}

export async function setUserRoles(db: DbOrTx, userId: number, roleIds: readonly number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function updateUser(db: DbOrTx, id: number, changes: Partial<Omit<NewUser, 'id'>>, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, id));
}

export async function rolesOfUser(db: DbOrTx, userId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.id));
}

/**
 * The privileges a user holds now (read per request, never from the token): those of their roles,
 * plus what a company manager granted, less what a manager withheld (user_privilege_overrides).
 */
export async function privilegesOfUser(db: DbOrTx, userId: number): Promise<string[]> {
  // The join makes drizzle name users.id with its table inside the sub-select.
  const [row] = await db
    .select({ codes: privilegesJsonOf(users.id) })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.codes ?? [];
}

export interface CompanyWithType {
  id: number;
  name: string;
  crmId: string | null;
  clientCode: string | null;
  companyTypeId: number;
  companyTypeDescription: string | null;
}

export async function findCompanyWithType(db: DbOrTx, companyId: number, lang: string): Promise<CompanyWithType | undefined> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      crmId: companies.crmId,
      clientCode: companies.clientCode,
      companyTypeId: companies.companyTypeId,
      companyTypeDescription: companyTypeDescriptions.description,
    })
    .from(companies)
    .leftJoin(
      companyTypeDescriptions,
      and(eq(companyTypeDescriptions.companyTypeId, companies.companyTypeId), eq(companyTypeDescriptions.lang, lang)),
    )
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

export async function insertCompany(
  db: DbOrTx,
  company: { name: string; companyTypeId: number; country: string },
): Promise<{ id: number }> {
  const [row] = await db.insert(companies).values(company).returning({ id: companies.id });
  if (!row) throw new Error('insert companies returned nothing');
  return row;
}

export async function companyTypeExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: companyTypes.id }).from(companyTypes).where(eq(companyTypes.id, id)).limit(1);
  return row !== undefined;
}

export async function listCompanyTypes(db: DbOrTx, lang: string): Promise<Array<{ id: number; description: string }>> {
  return db
    .select({ id: companyTypes.id, description: companyTypeDescriptions.description })
    .from(companyTypes)
    .innerJoin(companyTypeDescriptions, and(eq(companyTypeDescriptions.companyTypeId, companyTypes.id), eq(companyTypeDescriptions.lang, lang)))
    .orderBy(asc(companyTypes.id));
}

export interface UserAggregate {
  user: UserRow;
  roles: Array<{ id: number; name: string }>;
  privileges: string[];
  company: CompanyWithType | null;
}

/** A user with roles, privileges and company (type described in `lang`), in one round trip. */
export async function loadUserAggregate(db: DbOrTx, userId: number, lang: string | null): Promise<UserAggregate | undefined> {
  const [row] = await db
    .select({
      user: users,
      roles: rolesJsonOf(users.id),
      privileges: privilegesJsonOf(users.id),
      companyId: companies.id,
      companyName: companies.name,
      companyCrmId: companies.crmId,
      companyClientCode: companies.clientCode,
      companyTypeId: companies.companyTypeId,
      companyTypeDescription: companyTypeDescriptions.description,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(
      companyTypeDescriptions,
      and(eq(companyTypeDescriptions.companyTypeId, companies.companyTypeId), eq(companyTypeDescriptions.lang, lang === null ? users.lang : sql`${lang}`)),
    )
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return {
    user: row.user,
    roles: row.roles,
    privileges: row.privileges,
    company:
      row.companyId !== null && row.companyName !== null && row.companyTypeId !== null
        ? {
            id: row.companyId,
            name: row.companyName,
            crmId: row.companyCrmId,
            clientCode: row.companyClientCode,
            companyTypeId: row.companyTypeId,
            companyTypeDescription: row.companyTypeDescription,
          }
        : null,
  };
}

// ─── Trade leads (issue 17 §2) ────────────────────────────────────────────────────────────────────

export type TradeLeadRow = typeof tradeLeads.$inferSelect;

export async function insertTradeLead(db: DbOrTx, lead: typeof tradeLeads.$inferInsert): Promise<TradeLeadRow> {
  const [row] = await db.insert(tradeLeads).values(lead).returning();
  if (!row) throw new Error('insert trade_leads returned nothing');
  return row;
}

export async function hasPendingTradeLead(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: tradeLeads.id })
    .from(tradeLeads)
    .where(and(eq(tradeLeads.userId, userId), eq(tradeLeads.decision, 'pending')))
    .limit(1);
  return rows.length > 0;
}

export interface TradeLeadWithUser extends TradeLeadRow {
  userEmail: string;
  userName: string;
  userLang: string;
  companyTypeDescription: string | null;
}

function leadColumns(lang: string) {
  return {
    lead: tradeLeads,
    userEmail: users.email,
    userName: users.name,
    userLang: users.lang,
    companyTypeDescription: sql<string | null>`(select ${companyTypeDescriptions.description} from ${companyTypeDescriptions}
      where ${companyTypeDescriptions.companyTypeId} = ${tradeLeads.companyTypeId} and ${companyTypeDescriptions.lang} = ${lang})`,
  };
}

/** Leads with a decision, oldest first; `usOnly` true/false keeps the United States' or the others' (a sales user's catalogue), null all. */
export async function listTradeLeads(db: DbOrTx, decision: string, usOnly: boolean | null, lang: string): Promise<TradeLeadWithUser[]> {
  const conditions = [eq(tradeLeads.decision, decision)];
  if (usOnly !== null) conditions.push(usOnly ? eq(tradeLeads.country, 'US') : sql`${tradeLeads.country} <> 'US'`);
  const rows = await db
    .select(leadColumns(lang))
    .from(tradeLeads)
    .innerJoin(users, eq(users.id, tradeLeads.userId))
    .where(and(...conditions))
    .orderBy(asc(tradeLeads.requestedAt), asc(tradeLeads.id))
    .limit(500);
  return rows.map((row) => ({ ...row.lead, userEmail: row.userEmail, userName: row.userName, userLang: row.userLang, companyTypeDescription: row.companyTypeDescription }));
}

export async function findTradeLead(db: DbOrTx, id: number, lang: string): Promise<TradeLeadWithUser | undefined> {
  const [row] = await db.select(leadColumns(lang)).from(tradeLeads).innerJoin(users, eq(users.id, tradeLeads.userId)).where(eq(tradeLeads.id, id)).limit(1);
  return row ? { ...row.lead, userEmail: row.userEmail, userName: row.userName, userLang: row.userLang, companyTypeDescription: row.companyTypeDescription } : undefined;
}

/** Decides a pending lead once: false when it was decided meanwhile. */
export async function decideTradeLead(db: DbOrTx, id: number, decision: 'approved' | 'declined', by: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(tradeLeads)
    .set({ decision, decidedBy: by, decidedAt: at })
    .where(and(eq(tradeLeads.id, id), eq(tradeLeads.decision, 'pending')))
    .returning({ id: tradeLeads.id });
  return rows.length === 1;
}
