import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

/**
 * Removes the rows older than the retention (days). The table refuses DELETE (migration 0018) unless
 * `lumen.audit_purge` is on for the transaction, which only this function sets. Returns the count.
 */
export async function purgeAuditEvents(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('lumen.audit_purge', 'on', true)`);
    const removed = await tx.delete(auditEvents).where(lt(auditEvents.at, cutoff)).returning({ id: auditEvents.id });
    return removed.length;
  });
}
