import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Id, IdQuery, Int4, INT4_MAX, INVALID_CHARACTERS, isSafeText, JSON_LIMITS, JsonObject, JsonValue, SafeText } from './input';

/** A string with `bad` inserted somewhere in well-formed text. */
const withInserted = (bad: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ unit: 'binary' }), bad, fc.string({ unit: 'binary' })).map(([before, middle, after]) => before + middle + after);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

describe('SafeText', () => {
  it('accepts any well-formed text without U+0000, astral characters included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }).filter((text) => !text.includes('\u0000')), (text) => {
        expect(isSafeText(text)).toBe(true);
        expect(SafeText.parse(text)).toBe(text);
      }),
    );
    expect(SafeText.parse('Iluminación 💡 北京')).toBe('Iluminación 💡 北京');
  });

  it('refuses U+0000 and lone surrogates anywhere, with the invalid-characters key', () => {
    // Well-formed text cannot end in a lone high or begin with a lone low surrogate, so the insert stays lone.
    fc.assert(
      fc.property(withInserted(fc.oneof(fc.constant('\u0000'), loneSurrogate)), (text) => {
        const result = SafeText.safeParse(text);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(INVALID_CHARACTERS);
      }),
    );
  });

  it('agrees with a reference definition on any sequence of code units', () => {
    const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    const units = fc.array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd7ff, max: 0xe000 }), fc.constant(0)), { maxLength: 12 });
    fc.assert(
      fc.property(units, (codes) => {
        const text = String.fromCharCode(...codes);
        expect(isSafeText(text)).toBe(!text.includes('\u0000') && !loneSurrogate.test(text));
      }),
    );
  });

  it('keeps its check when a field chains more rules', () => {
    const Name = SafeText.trim().min(1).max(5);
    expect(Name.parse('  ab ')).toBe('ab');
    expect(Name.safeParse('a\u0000').error?.issues.map((issue) => issue.message)).toEqual([INVALID_CHARACTERS]);
    expect(Name.safeParse('abcdefg').success).toBe(false);
  });
});

describe('int4 numbers', () => {
  it('bounds ids and integers to what an int4 column holds', () => {
    expect(Id.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(Id.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(Id.safeParse(0).success).toBe(false);
    expect(Int4.parse(-2_147_483_648)).toBe(-2_147_483_648);
    expect(Int4.safeParse(-2_147_483_649).success).toBe(false);
    for (const huge of [1e308, Number.MAX_VALUE, Infinity, Number.NaN, 2 ** 53 + 2]) expect(Int4.safeParse(huge).success).toBe(false);
  });

  it('reads ids from a path or query string within int4', () => {
    expect(IdQuery.parse('2147483647')).toBe(INT4_MAX);
    for (const text of ['2147483648', '1e308', '99999999999999999999', '-1', '0', '1.5', 'abc', '\u0000']) expect(IdQuery.safeParse(text).success).toBe(false);
  });
});

describe('free JSON', () => {
  it('accepts ordinary JSON, a saved space tree as deep as JSON_LIMITS allows', () => {
    expect(JsonObject.parse({ a: [1, 'two', null, true, { b: 'ç' }] })).toEqual({ a: [1, 'two', null, true, { b: 'ç' }] });
    expect(JsonValue.safeParse(nested(JSON_LIMITS.maxDepth)).success).toBe(true);
    for (const value of [null, 0, 'text', [], {}]) expect(JsonValue.safeParse(value).success).toBe(true);
  });

  it('refuses deeper nesting without recursing, however deep (5 000 levels)', () => {
    expect(JsonValue.safeParse(nested(JSON_LIMITS.maxDepth + 1)).success).toBe(false);
    const result = JsonValue.safeParse(nested(5000));
    expect(result.error?.issues[0]?.message).toBe(`is nested deeper than ${JSON_LIMITS.maxDepth} levels`);
  });

  it('names the value at fault: unsafe text, unsafe or long keys, long strings', () => {
    const pathOf = (value: unknown) => JsonObject.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(pathOf({ a: [0, { b: 'x\u0000' }] })).toEqual([['a.1.b', INVALID_CHARACTERS]]);
    expect(pathOf({ a: { ['\ud800']: 1 } })).toEqual([['a', INVALID_CHARACTERS]]);
    expect(pathOf({ ['k'.repeat(JSON_LIMITS.maxKeyLength + 1)]: 1 })).toEqual([['', `has a key longer than ${JSON_LIMITS.maxKeyLength} characters`]]);
    expect(pathOf({ s: 'x'.repeat(JSON_LIMITS.maxStringLength + 1) })).toEqual([['s', `is longer than ${JSON_LIMITS.maxStringLength} characters`]]);
    expect(pathOf([1])).toEqual([['', 'must be a JSON object']]);
  });

  it('refuses more values than JSON_LIMITS.maxValues', () => {
    expect(JsonValue.safeParse(Array.from({ length: JSON_LIMITS.maxValues - 1 }, () => 0)).success).toBe(true);
    expect(JsonValue.safeParse(Array.from({ length: JSON_LIMITS.maxValues }, () => 0)).success).toBe(false);
  });
});
