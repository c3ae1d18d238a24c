/**
 * JSON with object keys sorted and undefined members left out: the same body reads the same whatever
 * the order of its keys. The one definition for the api (an Idempotency-Key's body hash) and the web
 * (the key of a user's attempt, shared/use-attempt-key.ts), so both sides agree on "the same body".
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
