import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { supportRequestFiles, supportRequests, uploadedFiles } from '../../db/schema';

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
