import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits), URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of an opaque token: only its sha256 ever reaches the database. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
