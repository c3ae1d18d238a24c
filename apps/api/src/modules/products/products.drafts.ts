import type { ConfiguratorDraft, ConfiguratorDraftBody, JsonObject } from '@lumen/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { configuratorDrafts } from '../../db/schema';
import { AppError } from '../../errors';

/** The most drafts one user keeps (one per configurator and project line): past it, the oldest goes. */
export const MAX_DRAFTS_PER_USER = 50;

/**
 * Configurator drafts (issue 27 §3): a user's work in progress in a configurator, written over as the
 * user works (the web writes it a second after the last change), read back after a reload or a login,
 * deleted when the work is saved or dropped. Each user reads and writes their own only: the key is
 * always taken with the caller's id. The content is the configurator's own and is not priced or
 * checked here (it is bounded by the contract); the configurator reads it back with the engine, and
 * what it then adds or saves goes through the checked routes.
 */
export function createConfiguratorDrafts(db: DbOrTx, now: () => Date) {
  const shape = (row: typeof configuratorDrafts.$inferSelect): ConfiguratorDraft => ({ key: row.key, content: row.content, quantity: row.quantity, updatedAt: row.updatedAt.toISOString() });
  return {
    async read(userId: number, key: string): Promise<ConfiguratorDraft> {
      const [row] = await db
        .select()
        .from(configuratorDrafts)
        .where(and(eq(configuratorDrafts.userId, userId), eq(configuratorDrafts.key, key)))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'No draft for this configurator');
      return shape(row);
    },
    async write(userId: number, key: string, body: ConfiguratorDraftBody): Promise<ConfiguratorDraft> {
      const values = { userId, key, content: body.content as JsonObject, quantity: body.quantity ?? 1, updatedAt: now() };
      const [row] = await db
        .insert(configuratorDrafts)
        .values(values)
        .onConflictDoUpdate({ target: [configuratorDrafts.userId, configuratorDrafts.key], set: { content: values.content, quantity: values.quantity, updatedAt: values.updatedAt } })
        .returning();
      // A user keeps at most MAX_DRAFTS_PER_USER: the oldest beyond that are dropped.
      const all = await db.select({ key: configuratorDrafts.key, updatedAt: configuratorDrafts.updatedAt }).from(configuratorDrafts).where(eq(configuratorDrafts.userId, userId));
      if (all.length > MAX_DRAFTS_PER_USER) {
        const oldest = all.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime()).slice(0, all.length - MAX_DRAFTS_PER_USER);
        for (const old of oldest) await db.delete(configuratorDrafts).where(and(eq(configuratorDrafts.userId, userId), eq(configuratorDrafts.key, old.key)));
      }
      if (!row) throw new Error('draft not written');
      return shape(row);
    },
    async remove(userId: number, key: string): Promise<void> {
      await db.delete(configuratorDrafts).where(and(eq(configuratorDrafts.userId, userId), eq(configuratorDrafts.key, key)));
    },
  };
}
