import argon2 from 'argon2';

/** OWASP Password Storage Cheat Sheet: argon2id, m=19456 KiB (19 MiB), t=2, p=1. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash, so that an unknown address costs the same time as a wrong
 * password and the two answers cannot be told apart.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy-password-never-matches');
  await verifyPassword(await dummy, password);
  return false;
}
