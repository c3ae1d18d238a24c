import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { socialIdentities, socialLogins } from '../../../db/schema';

/** The only SQL of social sign-up: the flows in flight, their pending links, and the identities. */

export type SocialLoginRow = typeof socialLogins.$inferSelect;

export async function insertSocialLogin(
  db: DbOrTx,
  row: { stateHash: string; provider: string; nonce: string; codeVerifier: string; frame: boolean; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(socialLogins).values(row);
}

/**
 * Uses a flow once: the row when its state was unused and unexpired, marked used in the same
 * statement (two callbacks with one state cannot both pass).
 */
export async function claimSocialLogin(db: DbOrTx, stateHash: string, now: Date): Promise<SocialLoginRow | undefined> {
  const [row] = await db
    .update(socialLogins)
    .set({ usedAt: now })
    .where(and(eq(socialLogins.stateHash, stateHash), isNull(socialLogins.usedAt), gt(socialLogins.expiresAt, now)))
    .returning();
  return row;
}

export async function findSocialLogin(db: DbOrTx, stateHash: string): Promise<SocialLoginRow | undefined> {
  const [row] = await db.select().from(socialLogins).where(eq(socialLogins.stateHash, stateHash)).limit(1);
  return row;
}

export async function setPendingLink(
  db: DbOrTx,
  stateHash: string,
  link: { linkTokenHash: string; linkUserId: number; subject: string; email: string; linkExpiresAt: Date },
): Promise<void> {
  await db.update(socialLogins).set(link).where(eq(socialLogins.stateHash, stateHash));
}

/** The pending link of a link cookie, while unused and unexpired. */
export async function findPendingLink(db: DbOrTx, linkTokenHash: string, now: Date): Promise<SocialLoginRow | undefined> {
  const [row] = await db
    .select()
    .from(socialLogins)
    .where(and(eq(socialLogins.linkTokenHash, linkTokenHash), isNull(socialLogins.linkUsedAt), gt(socialLogins.linkExpiresAt, now)))
    .limit(1);
  return row;
}

/** Uses a pending link once (compare-and-set): false when another request used it first. */
export async function claimPendingLink(db: DbOrTx, linkTokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(socialLogins)
    .set({ linkUsedAt: now })
    .where(and(eq(socialLogins.linkTokenHash, linkTokenHash), isNull(socialLogins.linkUsedAt), gt(socialLogins.linkExpiresAt, now)))
    .returning({ stateHash: socialLogins.stateHash });
  return rows.length === 1;
}

/** Forgets flows whose time is over (their pending link too). */
export async function pruneSocialLogins(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(socialLogins).where(lt(socialLogins.expiresAt, before));
}

export async function findIdentity(db: DbOrTx, provider: string, subject: string): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row;
}

export async function insertIdentity(db: DbOrTx, identity: { provider: string; subject: string; userId: number; email: string; createdAt: Date }): Promise<void> {
  await db.insert(socialIdentities).values(identity);
}

export async function identitiesOf(db: DbOrTx, userId: number): Promise<Array<{ provider: string; subject: string }>> {
  return db.select({ provider: socialIdentities.provider, subject: socialIdentities.subject }).from(socialIdentities).where(eq(socialIdentities.userId, userId));
}
