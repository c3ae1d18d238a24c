import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { privileges, rolePrivileges, roles, userPrivilegeOverrides, userRoles } from './schema';

// An account's roles and privileges as JSON sub-selects, for every repository that reads accounts
// (users, auth, company): one definition of what a user holds, in the shared database layer so that
// no module reads another's repository for it.

/** Sub-select: the roles of the user in `userId`, as a JSON array of { id, name } ordered by id. */
export function rolesJsonOf(userId: AnyPgColumn): SQL<Array<{ id: number; name: string }>> {
  return sql<Array<{ id: number; name: string }>>`(
    select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id), '[]'::json)
    from ${userRoles} ur join ${roles} r on r.id = ur.role_id
    where ur.user_id = ${userId}
  )`;
}

/**
 * Sub-select: the distinct privilege codes the user in `userId` holds, sorted: those of their roles and
 * the overrides granted by a company manager, less the overrides withheld (issue 17 §1).
 */
export function privilegesJsonOf(userId: AnyPgColumn): SQL<string[]> {
  return sql<string[]>`(
    select coalesce(json_agg(code order by code), '[]'::json) from (
      select p.code as code
      from ${userRoles} ur
      join ${rolePrivileges} rp on rp.role_id = ur.role_id
      join ${privileges} p on p.id = rp.privilege_id
      where ur.user_id = ${userId}
      union
      select p.code from ${userPrivilegeOverrides} o join ${privileges} p on p.id = o.privilege_id
      where o.user_id = ${userId} and o.granted
      except
      select p.code from ${userPrivilegeOverrides} o join ${privileges} p on p.id = o.privilege_id
      where o.user_id = ${userId} and not o.granted
    ) held
  )`;
}
