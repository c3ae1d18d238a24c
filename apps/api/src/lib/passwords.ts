import argon2 from 'argon2';
import { AppError } from '../errors';

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

/** The shortest password the contracts accept (`Password`: 8–128): shorter entries of the list never reach the check. */
const MIN_LENGTH = 8;
let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The breached-password list bundled with the api (ASVS 6.2.4, 6.2.12): zxcvbn-ts's common list
 * (@zxcvbn-ts/language-common, MIT; 49,233 passwords ranked by how often they appear in public
 * breach corpora), those of 8 characters or more, lower-cased. Loaded on the first check, not at start.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].filter((entry) => entry.length >= MIN_LENGTH).map((entry) => entry.toLowerCase())));
  return common;
}

/** Whether a password is on the bundled breached-password list, whatever its letter case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/**
 * Refuses a new password found on the breached-password list with 400 naming the field
 * (`formError.passwordCommon`): sign-up, invitation sign-up, reset and change (README, "Passwords").
 */
export async function refuseCommonPassword(password: string, path = 'body.password'): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', 'This password appears in lists of breached passwords; choose another', [{ path, message: 'formError.passwordCommon' }]);
  }
}
