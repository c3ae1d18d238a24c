import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque token (256 bits unless told), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The stored form of an opaque token: only its sha256 ever reaches the database. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A key of its own per purpose, derived from the server secret, so a token signed for one purpose
 * (a public quote link) is worth nothing for another.
 */
function purposeKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`lumen-pro:signed-token:${purpose}`, 'utf8').digest();
}

/**
 * A signed token `<payload>.<signature>` (both base64url; HMAC-SHA256 over the payload with the
 * purpose's key). Nothing is stored: whoever holds it can prove the server issued `payload`.
 * The payload is readable by anyone: never put a secret in it.
 */
export function signToken(secret: string, purpose: string, payload: string): string {
  const body = Buffer.from(payload, 'utf8').toString('base64url');
  const signature = createHmac('sha256', purposeKey(secret, purpose)).update(body, 'utf8').digest('base64url');
  return `${body}.${signature}`;
}

/** The payload of a token this server signed for `purpose`, or null when it was altered or is not one. */
export function verifyToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', purposeKey(secret, purpose)).update(body, 'utf8').digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // base64url that decodes to something else when encoded again was altered (non-canonical form).
  const payload = Buffer.from(body, 'base64url');
  if (payload.toString('base64url') !== body) return null;
  return payload.toString('utf8');
}
