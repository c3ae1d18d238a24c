import { integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

/** Roles of spec §6; ids are the spec's ids, reconciled from @lumen/domain at start. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const privileges = pgTable('privileges', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
});

export const rolePrivileges = pgTable(
  'role_privileges',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    privilegeId: integer('privilege_id')
      .notNull()
      .references(() => privileges.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.privilegeId] })],
);
