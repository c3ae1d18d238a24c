import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-body';

/** Objects and arrays nested in a parsed value, the value itself counted. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('jsonNestsDeeperThan', () => {
  it('agrees with the depth of the parsed value, whatever brackets and escapes the strings hold', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(text, tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), (parsed, maxDepth) => {
        expect(jsonNestsDeeperThan(JSON.stringify(parsed), maxDepth)).toBe(depthOf(parsed) > maxDepth);
      }),
      { numRuns: 500 },
    );
  });

  it('finds 5 000 levels at once and lets a flat body through', () => {
    expect(jsonNestsDeeperThan('['.repeat(5000) + ']'.repeat(5000), 64)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":'.repeat(65) + '1' + '}'.repeat(65), 64)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":'.repeat(64) + '1' + '}'.repeat(64), 64)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '['.repeat(500) }), 64)).toBe(false);
  });
});
