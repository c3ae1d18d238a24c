import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { supportRequestFiles, supportRequestMessages, supportRequests, uploadedFiles } from '../../db/schema';

/** The only place with SQL of the support module. */

export type SupportRequestRow = typeof supportRequests.$inferSelect;

export async function insertSupportRequest(tx: DbOrTx, row: typeof supportRequests.$inferInsert): Promise<SupportRequestRow> {
  const [inserted] = await tx.insert(supportRequests).values(row).returning();
  if (!inserted) throw new Error('support request insert returned no row');
  return inserted;
}

export async function insertRequestFiles(tx: DbOrTx, requestId: number, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.insert(supportRequestFiles).values(fileIds.map((fileId, position) => ({ requestId, fileId, position })));
}

/** A visitor's identical request sent since `since` (a double submit or a retry after a lost answer). */
export async function findRecentVisitorRequest(
  db: DbOrTx,
  match: { kind: string; contactEmail: string; typeCode: string; message: string; since: Date },
): Promise<SupportRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(supportRequests)
    .where(
      and(
        eq(supportRequests.kind, match.kind),
        isNull(supportRequests.requesterUserId),
        eq(supportRequests.contactEmail, match.contactEmail),
        eq(supportRequests.typeCode, match.typeCode),
        eq(supportRequests.message, match.message),
        gt(supportRequests.createdAt, match.since),
      ),
    )
    .orderBy(desc(supportRequests.createdAt))
    .limit(1);
  return row;
}

export async function findSupportRequest(db: DbOrTx, id: number): Promise<SupportRequestRow | undefined> {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
  return row;
}

/** A project's latest request of `kind` (its registration). */
export async function findLatestProjectRequest(db: DbOrTx, projectId: number, kind: string): Promise<SupportRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(supportRequests)
    .where(and(eq(supportRequests.projectId, projectId), eq(supportRequests.kind, kind)))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(1);
  return row;
}

/** The files a request attached, in their order. */
export async function listRequestFiles(db: DbOrTx, requestId: number) {
  return db
    .select({ id: uploadedFiles.id, name: uploadedFiles.name, contentType: uploadedFiles.contentType, size: uploadedFiles.size })
    .from(supportRequestFiles)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, supportRequestFiles.fileId))
    .where(eq(supportRequestFiles.requestId, requestId))
    .orderBy(asc(supportRequestFiles.position));
}

export interface RequestListFilter {
  /** Catalogues the caller's desk serves; null: every catalogue. */
  catalogIds: readonly number[] | null;
  requesterUserId?: number;
  projectId?: number;
  status?: string;
  kind?: string;
  search?: string;
  offset: number;
  limit: number;
}

export type RequestListRow = SupportRequestRow & { files: number; replies: number };

function listConditions(filter: RequestListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.catalogIds !== null) conditions.push(inArray(supportRequests.catalogId, [...filter.catalogIds]));
  if (filter.requesterUserId !== undefined) conditions.push(eq(supportRequests.requesterUserId, filter.requesterUserId));
  if (filter.projectId !== undefined) conditions.push(eq(supportRequests.projectId, filter.projectId));
  if (filter.status) conditions.push(eq(supportRequests.status, filter.status));
  if (filter.kind) conditions.push(eq(supportRequests.kind, filter.kind));
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const text = or(
      sql`lower(${supportRequests.contactName}) like ${pattern}`,
      sql`lower(${supportRequests.contactEmail}) like ${pattern}`,
      sql`lower(${supportRequests.message}) like ${pattern}`,
      sql`lower(${supportRequests.projectSnapshot} ->> 'name') like ${pattern}`,
    );
    const number = /^#?\d{1,9}$/.test(filter.search) ? Number(filter.search.replace('#', '')) : null;
    const matches = number !== null ? or(eq(supportRequests.id, number), text) : text;
    if (matches) conditions.push(matches);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of requests, newest first, with how many files and replies each has, and the total. */
export async function listRequests(db: DbOrTx, filter: RequestListFilter): Promise<{ rows: RequestListRow[]; total: number }> {
  const where = listConditions(filter);
  const rows = await db
    .select({
      request: supportRequests,
      // Written out in full: drizzle leaves column names unqualified inside sql``, and both tables have an id.
      files: sql<number>`(select count(*) from "support_request_files" f where f."request_id" = "support_requests"."id")`.mapWith(Number),
      replies: sql<number>`(select count(*) from "support_request_messages" m where m."request_id" = "support_requests"."id")`.mapWith(Number),
    })
    .from(supportRequests)
    .where(where)
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(supportRequests).where(where);
  return { rows: rows.map((row) => ({ ...row.request, files: row.files, replies: row.replies })), total: count?.n ?? 0 };
}

export async function listRequestMessages(db: DbOrTx, requestId: number) {
  return db.select().from(supportRequestMessages).where(eq(supportRequestMessages.requestId, requestId)).orderBy(asc(supportRequestMessages.createdAt), asc(supportRequestMessages.id));
}

export async function insertRequestMessage(tx: DbOrTx, row: typeof supportRequestMessages.$inferInsert) {
  const [inserted] = await tx.insert(supportRequestMessages).values(row).returning();
  if (!inserted) throw new Error('support request message insert returned no row');
  return inserted;
}

/** Locks a request for a change by the desk. */
export async function lockSupportRequest(tx: DbOrTx, id: number): Promise<SupportRequestRow | undefined> {
  const [row] = await tx.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update');
  return row;
}

export async function setRequestStatus(tx: DbOrTx, id: number, status: string, now: Date): Promise<void> {
  await tx.update(supportRequests).set({ status, updatedAt: now }).where(eq(supportRequests.id, id));
}

/** The stored file of a request's attachment, if the request attached it. */
export async function findRequestFile(db: DbOrTx, requestId: number, fileId: string) {
  const [row] = await db
    .select({ id: uploadedFiles.id })
    .from(supportRequestFiles)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, supportRequestFiles.fileId))
    .where(and(eq(supportRequestFiles.requestId, requestId), eq(supportRequestFiles.fileId, fileId)));
  return row;
}
