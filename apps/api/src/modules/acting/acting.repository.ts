import { and, asc, count, eq, exists, ilike, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import { ROLES } from '@lumen/domain';
import type { DbOrTx } from '../../db/client';
import { companies, roles, salesCompanyAssignments, sessions, userRoles, users } from '../../db/schema';

/** The only SQL of the acting module (who may act for whom, the acted sessions). */

/** Roles whose holders are staff: never acted for. */
export const STAFF_ROLE_IDS: readonly number[] = [ROLES.sales, ROLES.admin, ROLES.apiUser];

/** The roles of the row of `users` in the outer query (qualified: a lone table is not named by drizzle). */
const rolesOfUser = sql<Array<{ id: number; name: string }>>`(
  select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id), '[]'::json)
  from ${userRoles} ur join ${roles} r on r.id = ur.role_id
  where ur.user_id = "users"."id"
)`;

export interface ActingPerson {
  id: number;
  name: string;
  email: string;
  status: number;
  companyId: number | null;
  generation: number;
  roles: Array<{ id: number; name: string }>;
}

export async function findPerson(db: DbOrTx, userId: number): Promise<ActingPerson | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      companyId: users.companyId,
      generation: users.tokenGeneration,
      roles: rolesOfUser,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Whether a sales representative looks after the company (sales_company_assignments). */
export async function servesCompany(db: DbOrTx, salesUserId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ companyId: salesCompanyAssignments.companyId })
    .from(salesCompanyAssignments)
    .where(and(eq(salesCompanyAssignments.userId, salesUserId), eq(salesCompanyAssignments.companyId, companyId)))
    .limit(1);
  return rows.length > 0;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The users a staff member may act as: live customers (status not DELETED, in a company, holding no
 * staff role), of every company (admins) or of the companies assigned to them (sales), searched by
 * name, e-mail or company name.
 */
export async function listCandidates(
  db: DbOrTx,
  options: { salesUserId: number | null; excludeUserId: number; search: string | undefined; limit: number; offset: number },
) {
  const conditions: SQL[] = [
    ne(users.status, 0),
    ne(users.id, options.excludeUserId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(userRoles)
        .where(and(eq(userRoles.userId, users.id), sql`${userRoles.roleId} in (${sql.join(STAFF_ROLE_IDS.map((id) => sql`${id}`), sql`, `)})`)),
    ),
  ];
  if (options.salesUserId !== null) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(salesCompanyAssignments)
          .where(and(eq(salesCompanyAssignments.userId, options.salesUserId), eq(salesCompanyAssignments.companyId, users.companyId))),
      ),
    );
  }
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`;
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(companies.name, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [items, totals] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, companyId: companies.id, companyName: companies.name, roles: rolesOfUser })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(asc(companies.name), asc(users.name), asc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(where),
  ]);
  return { items, total: totals[0]?.n ?? 0 };
}

/** The staff member's own session kept while acting (null when starting logged them out). */
export async function findParentSession(db: DbOrTx, sessionId: string): Promise<string | null> {
  const [row] = await db.select({ parent: sessions.parentSessionId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.parent ?? null;
}
