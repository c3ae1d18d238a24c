import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertJobs } from '../../lib/jobs/jobs.repository';
import { creationCodeCounters, crmDeliveries, crmOutbox, projectProductRevisions, projectProducts, projects, projectVersionMails, salesCompanyAssignments, users } from '../../db/schema';

/** The only place with SQL of the projects module (projects, lines, counters, CRM outbox). */

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectInsert = typeof projects.$inferInsert;
export type ProductRow = typeof projectProducts.$inferSelect;
export type ProductInsert = typeof projectProducts.$inferInsert;
export type OutboxRow = typeof crmOutbox.$inferSelect;
export type RevisionRow = typeof projectProductRevisions.$inferSelect;

export interface ProjectWithOwner extends ProjectRow {
  ownerName: string;
  ownerEmail: string;
  productsCount: number;
}

/** What decides which projects a caller sees (spec §6). */
export interface ProjectScope {
  userId: number;
  companyId: number | null;
  /** backoffice: every project. */
  all: boolean;
  /** project.view: own projects and projects assigned to oneself as a third party. */
  own: boolean;
  /** project.view.company: projects of one's company. */
  company: boolean;
  /** project.view.assigned.company: projects of the companies one is assigned to (sales). */
  assignedCompanies: boolean;
}

export type OriginFilter = 'ALL' | 'OWN' | 'COMPANY' | 'IMPORTER' | 'THIRDPARTY' | 'ASSIGNED';
export type SortBy = 'UPDATED_RECENT' | 'UPDATED_OLDER' | 'NAME_ASC' | 'NAME_DESC';

const assignedCompanyIds = (userId: number) =>
  sql`(select ${salesCompanyAssignments.companyId} from ${salesCompanyAssignments} where ${salesCompanyAssignments.userId} = ${userId})`;

/** Visible = not deleted and inside the caller's scope. */
export function visibleTo(scope: ProjectScope): SQL {
  const live = ne(projects.status, 0);
  if (scope.all) return live;
  const reach: SQL[] = [];
  if (scope.own) reach.push(eq(projects.ownerId, scope.userId), eq(projects.assigneeUserId, scope.userId));
  if (scope.company && scope.companyId !== null) reach.push(eq(projects.companyId, scope.companyId));
  if (scope.assignedCompanies) reach.push(sql`${projects.companyId} in ${assignedCompanyIds(scope.userId)}`);
  if (reach.length === 0) return sql`false`;
  return and(live, or(...reach)) as SQL;
}

/** Projects reached through an assignment (third party or assigned company), not one's own. */
function assignedTo(scope: ProjectScope): SQL {
  const reach: SQL[] = [eq(projects.assigneeUserId, scope.userId)];
  if (scope.assignedCompanies) reach.push(sql`${projects.companyId} in ${assignedCompanyIds(scope.userId)}`);
  return and(ne(projects.ownerId, scope.userId), or(...reach)) as SQL;
}

function originCondition(scope: ProjectScope, filter: OriginFilter): SQL | undefined {
  switch (filter) {
    case 'ALL':
      return undefined;
    case 'OWN':
      return eq(projects.ownerId, scope.userId);
    case 'THIRDPARTY':
      return and(eq(projects.ownerId, scope.userId), eq(projects.origin, 'THIRDPARTY'));
    case 'IMPORTER':
      return eq(projects.origin, 'IMPORTER');
    case 'ASSIGNED':
      return assignedTo(scope);
    case 'COMPANY':
      return scope.companyId === null ? sql`false` : and(eq(projects.companyId, scope.companyId), ne(projects.ownerId, scope.userId));
  }
}

// Written out with qualified names: drizzle leaves columns unqualified in single-table selects.
const productsCount = sql<number>`(select count(*)::int from "project_products" pp where pp."project_id" = "projects"."id")`;

const withOwnerColumns = {
  project: projects,
  ownerName: users.name,
  ownerEmail: users.email,
  productsCount,
};

function flatten(row: { project: ProjectRow; ownerName: string; ownerEmail: string; productsCount: number }): ProjectWithOwner {
  return { ...row.project, ownerName: row.ownerName, ownerEmail: row.ownerEmail, productsCount: Number(row.productsCount) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The version family a project belongs to: the id of its first version. */
const familyKey = sql<number>`coalesce(${projects.versionOf}, ${projects.id})`;

/**
 * Case and accent folding of the search (migration 0012): the typed text is folded like the stored
 * `search_key` (name and version title, folded by the database when written, migration 0017), so
 * "salon" finds "Salón" and "SALÓN", alike on PGlite and PostgreSQL (no locale involved).
 */
const fold = (value: SQL) => sql`lumen_search_fold(${value})`;

/**
 * A family of versions as the list shows it: its rows (oldest version first) and its head, the version
 * changed last (where the user left off; the newest number on a tie).
 */
export interface ProjectFamily {
  head: ProjectWithOwner;
  versions: ProjectWithOwner[];
}

/**
 * One page of the list, a version family per item (issue 10 §5): the filters pick rows, a family is
 * in when any of its rows is; paging, counting and sorting go by family (the newest change of any
 * version, or the folded name); each family comes with every version the caller sees under the
 * same catalogue and origin filters.
 */
export async function listProjects(
  db: DbOrTx,
  scope: ProjectScope,
  query: { filter: OriginFilter; search?: string; catalogId?: number; sortBy: SortBy; limit: number; offset: number },
): Promise<{ families: ProjectFamily[]; total: number }> {
  const base: SQL[] = [visibleTo(scope)];
  const origin = originCondition(scope, query.filter);
  if (origin) base.push(origin);
  if (query.catalogId !== undefined) base.push(eq(projects.catalogId, query.catalogId));
  const conditions = [...base];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const byId = /^\d{1,9}$/.test(query.search) ? eq(projects.id, Number(query.search)) : undefined;
    conditions.push(or(sql`${projects.searchKey} like ${fold(sql`${pattern}`)}`, ...(byId ? [byId] : [])) as SQL);
  }
  const where = and(...conditions);
  const family = sql<number>`coalesce(${projects.versionOf}, ${projects.id})`.as('family');
  const lastChange = sql<Date>`max(${projects.updatedAt})`;
  // search_key starts with the folded name: sorting by it sorts by name, accents and case aside.
  const firstName = sql<string>`min(${projects.searchKey})`;
  const lastName = sql<string>`max(${projects.searchKey})`;
  const order =
    query.sortBy === 'UPDATED_OLDER'
      ? [asc(lastChange), asc(familyKey)]
      : query.sortBy === 'NAME_ASC'
        ? [asc(firstName), asc(familyKey)]
        : query.sortBy === 'NAME_DESC'
          ? [desc(lastName), desc(familyKey)]
          : [desc(lastChange), desc(familyKey)];
  const [page, totals] = await Promise.all([
    db.select({ family }).from(projects).where(where).groupBy(familyKey).orderBy(...order).limit(query.limit).offset(query.offset),
    db.select({ n: sql<number>`count(distinct ${familyKey})::int` }).from(projects).where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  const ids = page.map((row) => Number(row.family));
  if (ids.length === 0) return { families: [], total };
  const rows = await db
    .select(withOwnerColumns)
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(and(...base, inArray(familyKey, ids)))
    .orderBy(asc(projects.versionNumber), asc(projects.id));
  const byFamily = new Map<number, ProjectWithOwner[]>(ids.map((id) => [id, []]));
  for (const row of rows) byFamily.get(row.project.versionOf ?? row.project.id)?.push(flatten(row));
  const families: ProjectFamily[] = [];
  for (const versions of byFamily.values()) {
    const head = versions.reduce<ProjectWithOwner | undefined>(
      (best, row) => (!best || row.updatedAt.getTime() > best.updatedAt.getTime() || (row.updatedAt.getTime() === best.updatedAt.getTime() && row.versionNumber > best.versionNumber) ? row : best),
      undefined,
    );
    if (head) families.push({ head, versions });
  }
  return { families, total };
}

/** `editable`: only projects in EDITION that the caller manages (own ones; every one for backoffice). */
export async function listProjectNames(db: DbOrTx, scope: ProjectScope, catalogId: number | undefined, editable = false) {
  return db
    .select({ id: projects.id, name: projects.name, catalogId: projects.catalogId, updatedAt: projects.updatedAt, versionNumber: projects.versionNumber, versionTitle: projects.versionTitle })
    .from(projects)
    .where(
      and(
        visibleTo(scope),
        catalogId === undefined ? undefined : eq(projects.catalogId, catalogId),
        editable ? and(eq(projects.status, 1), scope.all ? undefined : eq(projects.ownerId, scope.userId)) : undefined,
      ),
    )
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(1000);
}

/** A visible project, or undefined (missing, deleted or outside the scope look the same). */
export async function findVisibleProject(db: DbOrTx, scope: ProjectScope, id: number): Promise<ProjectWithOwner | undefined> {
  const [row] = await db
    .select(withOwnerColumns)
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(and(eq(projects.id, id), visibleTo(scope)));
  return row ? flatten(row) : undefined;
}

/** The line holding a creation code in a project the scope sees (the most recently changed one, codes travel with copies). */
export async function findVisibleCreationLine(db: DbOrTx, scope: ProjectScope, creationCode: string): Promise<{ projectId: number; productId: string } | undefined> {
  const [row] = await db
    .select({ projectId: projectProducts.projectId, productId: projectProducts.id })
    .from(projectProducts)
    .innerJoin(projects, eq(projects.id, projectProducts.projectId))
    .where(and(eq(projectProducts.creationCode, creationCode), visibleTo(scope)))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(1);
  return row ? { projectId: row.projectId, productId: String(row.productId) } : undefined;
}

/** Locks the project row for the rest of the transaction (writers of one project queue here). */
export async function lockProject(tx: DbOrTx, id: number): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

export async function insertProject(tx: DbOrTx, values: ProjectInsert): Promise<ProjectRow> {
  const [row] = await tx.insert(projects).values(values).returning();
  if (!row) throw new Error('insert into projects returned nothing');
  return row;
}

/** Applies a change and advances the revision; returns the new row. */
export async function touchProject(tx: DbOrTx, id: number, now: Date, patch: Partial<ProjectInsert> = {}): Promise<ProjectRow> {
  const [row] = await tx
    .update(projects)
    .set({ ...patch, updatedAt: now, revision: sql`${projects.revision} + 1` })
    .where(eq(projects.id, id))
    .returning();
  if (!row) throw new Error(`project ${id} vanished`);
  return row;
}

export async function listProducts(db: DbOrTx, projectId: number, isPersonalized?: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(projectProducts)
    .where(and(eq(projectProducts.projectId, projectId), isPersonalized === undefined ? undefined : eq(projectProducts.isPersonalized, isPersonalized)))
    .orderBy(asc(projectProducts.position), asc(projectProducts.createdAt));
}

export async function findProduct(db: DbOrTx, projectId: number, productId: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(projectProducts)
    .where(and(eq(projectProducts.projectId, projectId), eq(projectProducts.id, productId)));
  return row;
}

export async function countProducts(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projectProducts).where(eq(projectProducts.projectId, projectId));
  return row?.n ?? 0;
}

export async function nextPosition(tx: DbOrTx, projectId: number): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${projectProducts.position})` })
    .from(projectProducts)
    .where(eq(projectProducts.projectId, projectId));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Inserts lines; a creation line with a space also gets its revision row (issue 15 §4), in the same transaction. */
export async function insertProducts(tx: DbOrTx, rows: ProductInsert[]): Promise<ProductRow[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(projectProducts).values(rows).returning();
  const revisions = inserted.flatMap((row) => revisionOf(row, null));
  if (revisions.length > 0) await tx.insert(projectProductRevisions).values(revisions).onConflictDoNothing();
  return inserted;
}

/** The revision row of a creation line's current space, or none (not a creation, or no space). */
function revisionOf(row: ProductRow, userId: number | null): Array<typeof projectProductRevisions.$inferInsert> {
  const data = row.data as { space?: unknown; revision?: unknown; totals?: unknown };
  const space = data.space;
  if (row.type !== 'CREATION' || typeof space !== 'object' || space === null || Array.isArray(space) || typeof data.revision !== 'number') return [];
  const totals = typeof data.totals === 'object' && data.totals !== null ? (data.totals as Record<string, number>) : {};
  return [{ productId: row.id, revision: data.revision, space: space as Record<string, unknown>, quantity: row.quantity, totals, userId }];
}

/** Keeps the current space of a creation line as a revision (after a save through updateProduct). */
export async function insertRevision(tx: DbOrTx, row: ProductRow, userId: number): Promise<void> {
  const revisions = revisionOf(row, userId);
  if (revisions.length > 0) await tx.insert(projectProductRevisions).values(revisions);
}

/** Every revision of a line, newest first. */
export async function listRevisions(db: DbOrTx, productId: string): Promise<RevisionRow[]> {
  return db.select().from(projectProductRevisions).where(eq(projectProductRevisions.productId, productId)).orderBy(desc(projectProductRevisions.revision));
}

export async function updateProduct(tx: DbOrTx, projectId: number, productId: string, patch: Partial<ProductInsert>): Promise<ProductRow | undefined> {
  const [row] = await tx
    .update(projectProducts)
    .set(patch)
    .where(and(eq(projectProducts.projectId, projectId), eq(projectProducts.id, productId)))
    .returning();
  return row;
}

export async function deleteProduct(tx: DbOrTx, projectId: number, productId: string): Promise<boolean> {
  const rows = await tx
    .delete(projectProducts)
    .where(and(eq(projectProducts.projectId, projectId), eq(projectProducts.id, productId)))
    .returning({ id: projectProducts.id });
  return rows.length > 0;
}

/** The projects of one version chain (not deleted), oldest first. */
export async function listVersionChain(db: DbOrTx, scope: ProjectScope, rootId: number): Promise<Array<ProjectRow & { productsCount: number }>> {
  const rows = await db
    .select({ project: projects, productsCount })
    .from(projects)
    .where(and(or(eq(projects.id, rootId), eq(projects.versionOf, rootId)), visibleTo(scope)))
    .orderBy(asc(projects.versionNumber), asc(projects.id));
  return rows.map((row) => ({ ...row.project, productsCount: Number(row.productsCount) }));
}

/**
 * Locks every live row of a version family, in id order (two writers of one family take its locks in
 * the same order, so they queue instead of deadlocking), and answers them oldest version first.
 */
export async function lockFamily(tx: DbOrTx, rootId: number): Promise<ProjectRow[]> {
  const rows = await tx
    .select()
    .from(projects)
    .where(and(or(eq(projects.id, rootId), eq(projects.versionOf, rootId)), ne(projects.status, 0)))
    .orderBy(asc(projects.id))
    .for('update');
  return rows.sort((a, b) => a.versionNumber - b.versionNumber || a.id - b.id);
}

/** Applies one change to several projects (each advances its revision). */
export async function touchProjects(tx: DbOrTx, ids: readonly number[], now: Date, patch: Partial<ProjectInsert>): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(projects)
    .set({ ...patch, updatedAt: now, revision: sql`${projects.revision} + 1` })
    .where(inArray(projects.id, [...ids]));
}

/** The names the caller sees that start with `prefix` (taken literally), for picking a free copy name. */
export async function visibleNamesStartingWith(db: DbOrTx, scope: ProjectScope, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(visibleTo(scope), sql`${projects.name} like ${`${escapeLike(prefix)}%`}`));
  return rows.map((row) => row.name);
}

export async function maxVersionNumber(tx: DbOrTx, rootId: number): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${projects.versionNumber})` })
    .from(projects)
    .where(or(eq(projects.id, rootId), eq(projects.versionOf, rootId)));
  return Number(row?.max ?? 1);
}

export type VersionMailOutcome = 'queued' | 'sent' | 'failed' | 'rate_limited';

/** Records a version e-mail (the audit log of who mailed whom); returns its id. */
export async function insertVersionMail(
  db: DbOrTx,
  mail: { projectId: number; versionId: number | null; senderId: number; recipient: string; outcome: VersionMailOutcome; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(projectVersionMails)
    .values({ projectId: mail.projectId, versionId: mail.versionId, senderId: mail.senderId, recipient: mail.recipient, outcome: mail.outcome, createdAt: mail.at, updatedAt: mail.at })
    .returning({ id: projectVersionMails.id });
  if (!row) throw new Error('version mail not recorded');
  return row.id;
}

export async function setVersionMailOutcome(db: DbOrTx, id: number, outcome: VersionMailOutcome, at: Date): Promise<void> {
  await db.update(projectVersionMails).set({ outcome, updatedAt: at }).where(eq(projectVersionMails.id, id));
}

export async function findImport(db: DbOrTx, ownerId: number, importedFromId: number): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.ownerId, ownerId), eq(projects.importedFromId, importedFromId), ne(projects.status, 0)));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<{ id: number; name: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<{ id: number; name: string; email: string } | undefined> {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row;
}

/** Advances a creation-code counter atomically and returns its new value (1 for a new prefix). */
export async function advanceCreationCounter(db: DbOrTx, prefix: string): Promise<number> {
  const [row] = await db
    .insert(creationCodeCounters)
    .values({ prefix, counter: 1 })
    .onConflictDoUpdate({ target: creationCodeCounters.prefix, set: { counter: sql`${creationCodeCounters.counter} + 1` } })
    .returning({ counter: creationCodeCounters.counter });
  if (!row) throw new Error('creation counter returned nothing');
  return row.counter;
}

export async function addSalesAssignments(db: DbOrTx, rows: Array<{ userId: number; companyId: number }>): Promise<void> {
  if (rows.length > 0) await db.insert(salesCompanyAssignments).values(rows).onConflictDoNothing();
}

export async function projectIdsOf(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// CRM outbox
// ---------------------------------------------------------------------------------------------

/** The job queue (lib/jobs) that delivers the outbox's events (projects.outbox.ts). */
export const CRM_DELIVERY_QUEUE = 'crm.deliver';
/** Attempts before an event is parked as dead (kept, visible, re-playable by hand). */
export const CRM_MAX_ATTEMPTS = 12;

/**
 * Writes an event in the caller's transaction, and its delivery job on the api's job queue in the same
 * transaction (both or neither); a second event with the same key is ignored.
 */
export async function enqueueOutbox(tx: DbOrTx, event: { topic: string; idempotencyKey: string; payload: Record<string, unknown>; now: Date }): Promise<void> {
  const [row] = await tx
    .insert(crmOutbox)
    .values({ topic: event.topic, idempotencyKey: event.idempotencyKey, payload: event.payload, availableAt: event.now, createdAt: event.now })
    .onConflictDoNothing({ target: crmOutbox.idempotencyKey })
    .returning({ id: crmOutbox.id });
  if (row) await insertJobs(tx, [{ queue: CRM_DELIVERY_QUEUE, payload: { outboxId: row.id }, singletonKey: event.idempotencyKey, maxAttempts: CRM_MAX_ATTEMPTS, availableAt: event.now }]);
}

/**
 * Gives every pending event a delivery job when it has none (events written before the outbox moved
 * onto the job queue); the singleton key makes it a no-op for the others. Returns how many were added.
 */
export async function enqueuePendingOutbox(db: DbOrTx, now: Date): Promise<number> {
  const pending = await db.select({ id: crmOutbox.id, idempotencyKey: crmOutbox.idempotencyKey }).from(crmOutbox).where(eq(crmOutbox.status, 'pending'));
  if (pending.length === 0) return 0;
  const ids = await insertJobs(
    db,
    pending.map((row) => ({ queue: CRM_DELIVERY_QUEUE, payload: { outboxId: row.id }, singletonKey: row.idempotencyKey, maxAttempts: CRM_MAX_ATTEMPTS, availableAt: now })),
  );
  return ids.length;
}

export async function findOutboxEvent(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(crmOutbox).where(eq(crmOutbox.id, id));
  return row;
}

export async function markOutboxDelivered(db: DbOrTx, id: number, attempts: number, now: Date): Promise<void> {
  await db.update(crmOutbox).set({ status: 'delivered', attempts, deliveredAt: now, lockedUntil: null, lastError: null }).where(eq(crmOutbox.id, id));
}

/** Records a failed attempt: the event stays pending until the last, then is parked as dead. */
export async function markOutboxFailed(db: DbOrTx, id: number, update: { attempts: number; retryAt: Date | null; error: string; dead: boolean }): Promise<void> {
  await db
    .update(crmOutbox)
    .set({ status: update.dead ? 'dead' : 'pending', attempts: update.attempts, ...(update.retryAt ? { availableAt: update.retryAt } : {}), lockedUntil: null, lastError: update.error.slice(0, 1000) })
    .where(and(eq(crmOutbox.id, id), ne(crmOutbox.status, 'delivered')));
}

export async function listOutbox(db: DbOrTx): Promise<OutboxRow[]> {
  return db.select().from(crmOutbox).orderBy(asc(crmOutbox.id));
}

/** Records a delivery once per key; true when this call applied it. */
export async function recordCrmDelivery(db: DbOrTx, delivery: { idempotencyKey: string; topic: string; payload: Record<string, unknown>; now: Date }): Promise<boolean> {
  const rows = await db
    .insert(crmDeliveries)
    .values({ idempotencyKey: delivery.idempotencyKey, topic: delivery.topic, payload: delivery.payload, deliveredAt: delivery.now })
    .onConflictDoNothing({ target: crmDeliveries.idempotencyKey })
    .returning({ key: crmDeliveries.idempotencyKey });
  return rows.length > 0;
}

export async function listCrmDeliveries(db: DbOrTx) {
  return db.select().from(crmDeliveries).orderBy(asc(crmDeliveries.deliveredAt));
}
