import { z } from 'zod';

/**
 * Building blocks for everything a caller sends (bodies, query strings, path parameters). Every input
 * schema is made of them, so hostile input is refused with a 400 naming the field at the schema,
 * never by the database with a 500 (issue 9 §5 finding 3):
 * - text: `SafeText` refuses U+0000 (PostgreSQL stores no NUL in text or jsonb) and lone surrogates
 *   (not Unicode text: no encoding can store them as they are);
 * - integers: `Int4`, `Id` and `IdQuery` stay within PostgreSQL's int4, the type of every integer column;
 * - free JSON (a project's config, a line's compositions): `JsonObject` / `JsonValue` bound the depth,
 *   the number of values and the strings, checked by one loop rather than a recursive schema.
 */

/** The largest and smallest PostgreSQL int4. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** Bounds of free JSON values (see JsonValue). */
export const JSON_LIMITS = {
  /** Objects and arrays nested inside the value, the value itself counted (a saved space tree needs about 10). */
  maxDepth: 32,
  /** Values (objects, arrays and scalars) in the whole value. */
  maxValues: 20_000,
  maxStringLength: 10_000,
  maxKeyLength: 100,
} as const;

/**
 * Nesting a JSON request body may have at all. The api's JSON parser refuses deeper text before it
 * parses it, so no deep value reaches a schema; the free JSON inside a body is held to
 * JSON_LIMITS.maxDepth by its schema, below this.
 */
export const MAX_BODY_DEPTH = 64;

/** The message of a field holding U+0000 or a lone surrogate (a translation key of common-front). */
export const INVALID_CHARACTERS = 'formError.invalidCharacters';

/** True when `text` holds no U+0000 and every surrogate is half of a pair. */
export function isSafeText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Text a caller sends: every string field of an input schema starts from it (`SafeText.trim().max(100)`). */
export const SafeText = z.string().refine(isSafeText, { message: INVALID_CHARACTERS, abort: true });

/** Any whole number an int4 column holds. */
export const Int4 = z.number().int().min(INT4_MIN).max(INT4_MAX);
/** A positive int4 id in a body. */
export const Id = z.number().int().positive().max(INT4_MAX);
/** A positive int4 id in a path or query string ("42"). */
export const IdQuery = z.coerce.number().int().positive().max(INT4_MAX);

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

interface JsonIssueSink {
  addIssue(issue: { code: 'custom'; message: string; path: Array<string | number> }): void;
}

/**
 * Walks a parsed JSON value with a loop (no recursion, however deep it is) and reports what breaks
 * JSON_LIMITS or holds unsafe text, with the path of the value at fault. Stops at the first problem.
 */
export function checkJsonValue(value: unknown, sink: JsonIssueSink): void {
  const stack: Array<{ value: unknown; path: Array<string | number>; depth: number }> = [{ value, path: [], depth: 0 }];
  let values = 0;
  const report = (message: string, path: Array<string | number>) => sink.addIssue({ code: 'custom', message, path });
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: current, path, depth } = next;
    values += 1;
    if (values > JSON_LIMITS.maxValues) return report(`holds more than ${JSON_LIMITS.maxValues} values`, []);
    if (current === null || typeof current === 'boolean') continue;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return report(INVALID_CHARACTERS, path);
      if (current.length > JSON_LIMITS.maxStringLength) return report(`is longer than ${JSON_LIMITS.maxStringLength} characters`, path);
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return report('must be a finite number', path);
    } else if (typeof current === 'object') {
      if (depth + 1 > JSON_LIMITS.maxDepth) return report(`is nested deeper than ${JSON_LIMITS.maxDepth} levels`, path);
      const entries: Array<[string | number, unknown]> = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
      for (const [key, item] of entries) {
        if (typeof key === 'string' && (!isSafeText(key) || key.length > JSON_LIMITS.maxKeyLength)) {
          return report(key.length > JSON_LIMITS.maxKeyLength ? `has a key longer than ${JSON_LIMITS.maxKeyLength} characters` : INVALID_CHARACTERS, path);
        }
        stack.push({ value: item, path: [...path, key], depth: depth + 1 });
      }
    } else {
      return report('must be JSON', path);
    }
  }
}

/** Any JSON value, bounded by JSON_LIMITS (the body of get-image-details). */
export const JsonValue = z.custom<JsonValue>(() => true).superRefine(checkJsonValue);

/** A free JSON object (a project's config, a line's compositions), bounded by JSON_LIMITS. */
export const JsonObject = z
  .custom<JsonObject>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), { message: 'must be a JSON object' })
  .superRefine(checkJsonValue);
