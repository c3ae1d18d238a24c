import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyInvitations, privileges, sessions, userPrivilegeOverrides, userRoles, users } from '../../db/schema';
import { privilegesJsonOf, rolesJsonOf } from '../../db/account-access';

/** The only SQL of the company module: a company's users, privilege overrides, invitations. */

/** The client code of a company (the order system's customer account), or null. */
export async function clientCodeOfCompany(db: DbOrTx, companyId: number): Promise<string | null> {
  const [row] = await db.select({ clientCode: companies.clientCode }).from(companies).where(eq(companies.id, companyId));
  const code = row?.clientCode?.trim();
  return code ? code : null;
}

export interface CompanyUserRow {
  id: number;
  email: string;
  name: string;
  status: number;
  companyId: number | null;
  lastLoginAt: Date | null;
  roles: Array<{ id: number; name: string }>;
  privileges: string[];
}

const lastLogin = sql<string | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`;

/** Selected with a join, so that drizzle names every column with its table inside the correlated sub-selects. */
function userColumns() {
  return {
    id: users.id,
    email: users.email,
    name: users.name,
    status: users.status,
    companyId: users.companyId,
    lastLoginAt: lastLogin,
    roles: rolesJsonOf(users.id),
    privileges: privilegesJsonOf(users.id),
  };
}

function withDate(row: Omit<CompanyUserRow, 'lastLoginAt'> & { lastLoginAt: string | Date | null }): CompanyUserRow {
  return { ...row, lastLoginAt: row.lastLoginAt === null ? null : new Date(row.lastLoginAt) };
}

/** The users of a company (deleted ones too: the manager sees whom they deactivated), by name. */
export async function listCompanyUsers(db: DbOrTx, companyId: number): Promise<CompanyUserRow[]> {
  const rows = await db.select(userColumns()).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(eq(users.companyId, companyId)).orderBy(asc(users.name), asc(users.id));
  return rows.map(withDate);
}

export async function findCompanyUser(db: DbOrTx, userId: number): Promise<CompanyUserRow | undefined> {
  const [row] = await db.select(userColumns()).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, userId)).limit(1);
  return row ? withDate(row) : undefined;
}

/** Locks the user's row for the rest of the transaction (two managers changing one user wait for each other). */
export async function lockUser(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`select id from ${users} where id = ${userId} for update`);
}

export async function findCompany(db: DbOrTx, companyId: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

export async function findCompanyByCrmId(db: DbOrTx, crmId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.crmId, crmId)).limit(1);
  return row;
}

/** Privilege codes that grant, by their privilege ids. */
export async function privilegeIds(db: DbOrTx, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select({ id: privileges.id, code: privileges.code }).from(privileges).where(inArray(privileges.code, [...codes]));
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Replaces the overrides of `userId` for the privileges in `ids` (others untouched). */
export async function setOverrides(db: DbOrTx, userId: number, ids: readonly number[], overrides: ReadonlyArray<{ privilegeId: number; granted: boolean }>): Promise<void> {
  if (ids.length > 0) {
    await db.delete(userPrivilegeOverrides).where(and(eq(userPrivilegeOverrides.userId, userId), inArray(userPrivilegeOverrides.privilegeId, [...ids])));
  }
  if (overrides.length > 0) await db.insert(userPrivilegeOverrides).values(overrides.map((override) => ({ userId, ...override })));
}

/** The role ids of a user. */
export async function roleIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.roleId));
  return rows.map((row) => row.roleId);
}

export type InvitationRow = typeof companyInvitations.$inferSelect;

export async function insertInvitation(db: DbOrTx, invitation: typeof companyInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(companyInvitations).values(invitation).returning();
  if (!row) throw new Error('insert company_invitations returned nothing');
  return row;
}

export async function findInvitation(db: DbOrTx, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(companyInvitations).where(eq(companyInvitations.id, id)).limit(1);
  return row;
}

/** Invitations of a company not used and not expired, newest first, with the inviter's name. */
export async function openInvitations(db: DbOrTx, companyId: number, now: Date): Promise<Array<InvitationRow & { invitedByName: string | null }>> {
  const rows = await db
    .select({ invitation: companyInvitations, invitedByName: users.name })
    .from(companyInvitations)
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.usedAt), gt(companyInvitations.expiresAt, now)))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
  return rows.map((row) => ({ ...row.invitation, invitedByName: row.invitedByName }));
}

export async function findInvitationByHash(db: DbOrTx, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(companyInvitations).where(eq(companyInvitations.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Uses an invitation once: false when it was used (or expired) meanwhile. */
export async function claimInvitation(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(companyInvitations)
    .set({ usedAt: now })
    .where(and(eq(companyInvitations.id, id), isNull(companyInvitations.usedAt), gt(companyInvitations.expiresAt, now)))
    .returning({ id: companyInvitations.id });
  return rows.length === 1;
}

/** Closes an open invitation of the company (its link stops working): false when none was open. */
export async function revokeInvitation(db: DbOrTx, id: number, companyId: number, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(companyInvitations)
    .set({ usedAt: now })
    .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId), isNull(companyInvitations.usedAt), gt(companyInvitations.expiresAt, now)))
    .returning();
  return row;
}

export async function markInvitationUser(db: DbOrTx, id: number, userId: number): Promise<void> {
  await db.update(companyInvitations).set({ usedBy: userId }).where(eq(companyInvitations.id, id));
}

export async function updateCompany(db: DbOrTx, id: number, changes: { name: string; companyTypeId: number; country: string | null }): Promise<void> {
  await db.update(companies).set(changes).where(eq(companies.id, id));
}
