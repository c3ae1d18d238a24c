import { createHash } from 'node:crypto';

/**
 * Sticky rollout buckets. A user's bucket for a flag is the first 32 bits of
 * sha256("<flag key>:<user id>") read as an unsigned integer and divided by 2³², a number in [0, 1).
 * The flag is on for the user when the bucket is below the rollout probability. The bucket depends on
 * nothing but the key and the id, so one user gets the same answer on every request, device and api
 * process, and raising a rollout only adds users (those already in stay in). Hashing the key with the
 * id keeps flags independent: the users of a 10 % rollout of one flag are not those of another.
 */
export function bucketOf(flagKey: string, userId: string): number {
  const digest = createHash('sha256').update(`${flagKey}:${userId}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

/**
 * Whether a caller is in a rollout. 0 is nobody and 1 everybody. An anonymous visitor (no user id)
 * has no sticky identity, so a partial rollout never includes them: they get the flag only at 1.
 */
export function inRollout(flagKey: string, userId: string | undefined, rollout: number): boolean {
  if (rollout >= 1) return true;
  if (rollout <= 0 || userId === undefined) return false;
  return bucketOf(flagKey, userId) < rollout;
}
