import { z } from 'zod';

/**
 * `Idempotency-Key` on the POST calls that create (projects, their products, versions, copies): the
 * same key and body give the first answer again instead of a second resource (apps/api README,
 * "Idempotency keys"). The web client sends one per user action. The header names live in
 * constants.ts (no zod).
 */
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from './constants';

const KEY_FORMAT = 'must be 1–255 printable ASCII characters';

/** 1–255 printable ASCII characters (a UUID, say). Only programs read the message: no translation key. */
export const IdempotencyKey = z
  .string()
  .min(1, KEY_FORMAT)
  .max(255, KEY_FORMAT)
  .regex(/^[\x20-\x7e]*$/, KEY_FORMAT)
  .describe('Any 1–255 printable ASCII characters, unique per action of the caller (e.g. a UUID). Repeating it with the same body answers the first answer again.');

/** The request headers of a call that accepts an idempotency key (other headers pass through untouched). */
export const IdempotencyHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey.optional() });
