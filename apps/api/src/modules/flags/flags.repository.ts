import type { FeatureEnvironment, FlagChange, FlagSettings, FlagState } from '@lumen/contracts';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { featureFlagChanges, featureFlagEmailToggles, featureFlagRollouts, featureFlags, users } from '../../db/schema';
import type { FlagRecord } from './flags.provider';

/** The only SQL of the flags module. */

/** The PostgreSQL channel every api process listens on; the payload is the changed flag's key. */
export const FLAGS_CHANNEL = 'lumen_flags_changed';

const ENVIRONMENTS: readonly FeatureEnvironment[] = ['DEV', 'NEWPRO', 'PRO'];

/** Every flag with its rollouts and e-mail toggles (three reads, at start and after a change). */
export async function loadFlags(db: DbOrTx): Promise<FlagRecord[]> {
  const [flags, rollouts, toggles] = await Promise.all([
    db
      .select({ key: featureFlags.key, description: featureFlags.description, defaultValue: featureFlags.defaultValue, updatedAt: featureFlags.updatedAt, updatedByEmail: users.email })
      .from(featureFlags)
      .leftJoin(users, eq(users.id, featureFlags.updatedBy))
      .orderBy(asc(featureFlags.key)),
    db.select().from(featureFlagRollouts),
    db.select().from(featureFlagEmailToggles).orderBy(asc(featureFlagEmailToggles.email)),
  ]);
  return flags.map((flag) => {
    const rollout = { DEV: null, NEWPRO: null, PRO: null } as FlagRecord['rollout'];
    for (const row of rollouts) {
      if (row.flagKey === flag.key && (ENVIRONMENTS as readonly string[]).includes(row.environment)) rollout[row.environment as FeatureEnvironment] = row.rollout;
    }
    return {
      key: flag.key,
      description: flag.description,
      defaultValue: flag.defaultValue,
      rollout,
      emailToggles: new Map(toggles.filter((row) => row.flagKey === flag.key).map((row) => [row.email, row.enabled])),
      updatedAt: flag.updatedAt,
      updatedByEmail: flag.updatedByEmail,
    };
  });
}

/**
 * The stored state of one flag with its row locked until the transaction ends; undefined when the flag
 * did not exist (its row is then created here, so that two first changes of a new key queue on it).
 */
export async function lockFlagState(tx: Tx, key: string): Promise<FlagState | undefined> {
  const created = await tx.insert(featureFlags).values({ key }).onConflictDoNothing().returning({ key: featureFlags.key });
  if (created.length > 0) return undefined;
  const [flag] = await tx.select().from(featureFlags).where(eq(featureFlags.key, key)).for('update');
  if (!flag) return undefined;
  const rollouts = await tx.select().from(featureFlagRollouts).where(eq(featureFlagRollouts.flagKey, key));
  const toggles = await tx.select().from(featureFlagEmailToggles).where(eq(featureFlagEmailToggles.flagKey, key)).orderBy(asc(featureFlagEmailToggles.email));
  const rollout: FlagState['rollout'] = { DEV: null, NEWPRO: null, PRO: null };
  for (const row of rollouts) if ((ENVIRONMENTS as readonly string[]).includes(row.environment)) rollout[row.environment as FeatureEnvironment] = row.rollout;
  return { description: flag.description, defaultValue: flag.defaultValue, rollout, emailToggles: toggles.map((row) => ({ email: row.email, enabled: row.enabled })) };
}

/** Creates or replaces a flag's whole state. */
export async function saveFlag(tx: Tx, key: string, settings: FlagSettings, userId: number, now: Date): Promise<void> {
  await tx
    .insert(featureFlags)
    .values({ key, description: settings.description, defaultValue: settings.defaultValue, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({ target: featureFlags.key, set: { description: settings.description, defaultValue: settings.defaultValue, updatedAt: now, updatedBy: userId } });
  await tx.delete(featureFlagRollouts).where(eq(featureFlagRollouts.flagKey, key));
  const rollouts = ENVIRONMENTS.flatMap((environment) => {
    const rollout = settings.rollout[environment];
    return rollout === null ? [] : [{ flagKey: key, environment, rollout }];
  });
  if (rollouts.length > 0) await tx.insert(featureFlagRollouts).values(rollouts);
  await tx.delete(featureFlagEmailToggles).where(eq(featureFlagEmailToggles.flagKey, key));
  if (settings.emailToggles.length > 0) await tx.insert(featureFlagEmailToggles).values(settings.emailToggles.map((toggle) => ({ flagKey: key, ...toggle })));
}

export async function insertFlagChange(
  tx: Tx,
  change: { key: string; changedAt: Date; userId: number; email: string; before: FlagState | null; after: FlagState },
): Promise<void> {
  await tx.insert(featureFlagChanges).values({
    flagKey: change.key,
    changedAt: change.changedAt,
    changedBy: change.userId,
    changedByEmail: change.email,
    before: change.before,
    after: change.after,
  });
}

/** Tells every api process (this one included) that a flag changed; delivered when the transaction commits. */
export async function notifyFlagChanged(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${FLAGS_CHANNEL}, ${key})`);
}

/** The changes of one flag, newest first. */
export async function listFlagChanges(db: DbOrTx, key: string, limit: number, offset: number): Promise<{ items: FlagChange[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db.select().from(featureFlagChanges).where(eq(featureFlagChanges.flagKey, key)).orderBy(desc(featureFlagChanges.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(featureFlagChanges).where(eq(featureFlagChanges.flagKey, key)),
  ]);
  return {
    total: totals[0]?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      key: row.flagKey,
      changedAt: row.changedAt.toISOString(),
      changedBy: { id: row.changedBy, email: row.changedByEmail },
      before: (row.before as FlagState | null) ?? null,
      after: row.after as FlagState,
    })),
  };
}
