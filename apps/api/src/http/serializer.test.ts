import { Account, CollectionList, Project, ProjectListPage } from '@lumen/contracts';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer';

type Serialize = (data: unknown) => string;

function compile(schema: z.ZodType, crossCheck = false): { serialize: Serialize; fallbacks: string[] } {
  const fallbacks: string[] = [];
  const compiler = responseSerializerCompiler({ crossCheck, onFallback: (route) => fallbacks.push(route) });
  const serialize = compiler({ schema, method: 'GET', url: '/thing', httpStatus: '200' }) as Serialize;
  return { serialize, fallbacks };
}

function zodWrites(schema: z.ZodType, data: unknown): string {
  return (zodSerializerCompiler({ schema, method: 'GET', url: '/thing' }) as Serialize)(data);
}

const Item = z.object({ id: z.number().int(), name: z.string() });

/** Schema, data a handler might build (extra properties included), what must be written. */
const CASES: Array<[string, z.ZodType, unknown, string]> = [
  ['an extra property stays out', Item, { id: 1, name: 'a', secret: 'x' }, '{"id":1,"name":"a"}'],
  ['extras of nested objects and array items stay out', z.object({ items: z.array(Item), owner: Item }), { items: [{ id: 1, name: 'a', price: 3 }], owner: { id: 2, name: 'b', hash: 'h' }, total: 9 }, '{"items":[{"id":1,"name":"a"}],"owner":{"id":2,"name":"b"}}'],
  ['properties keep the schema order, optional ones included', z.object({ a: z.string().optional(), b: z.number(), c: z.string().nullish(), d: z.boolean() }), { d: true, c: null, b: 1, a: 'x' }, '{"a":"x","b":1,"c":null,"d":true}'],
  ['optional absent or undefined is left out', z.object({ a: z.string().optional(), b: z.number().optional(), c: z.number() }), { b: undefined, c: 1 }, '{"c":1}'],
  ['nullable object, null', z.object({ o: Item.nullable() }), { o: null }, '{"o":null}'],
  ['nullable object with an extra property', z.object({ o: Item.nullable() }), { o: { id: 1, name: 'a', extra: true } }, '{"o":{"id":1,"name":"a"}}'],
  ['nullish scalars', z.object({ a: z.string().nullish(), b: z.number().nullable(), c: z.enum(['x', 'y']).nullable(), d: z.literal(3).nullable() }), { a: null, b: null, c: 'y', d: 3 }, '{"a":null,"b":null,"c":"y","d":3}'],
  ['nullable array of objects', z.object({ a: z.array(Item).nullable() }), { a: [{ id: 1, name: 'a', z: 0 }] }, '{"a":[{"id":1,"name":"a"}]}'],
  ['union of objects picks the branch zod picks, extras out', z.union([z.object({ k: z.literal('a'), a: z.number() }), z.object({ k: z.literal('b'), b: z.string() })]), { k: 'b', b: 'y', z: 1 }, '{"k":"b","b":"y"}'],
  ['discriminated union', z.discriminatedUnion('k', [z.object({ k: z.literal('a'), a: z.number() }), z.object({ k: z.literal('b'), b: z.string() })]), { k: 'a', a: 2, b: 'no' }, '{"k":"a","a":2}'],
  ['union of scalars', z.object({ id: z.union([z.number(), z.string()]), s: z.union([z.literal(0), z.literal(1)]) }), { id: '7', s: 1 }, '{"id":"7","s":1}'],
  ['record keeps every key', z.record(z.string(), z.number()), { b: 2, a: 1 }, '{"b":2,"a":1}'],
  ['record of objects strips inside', z.record(z.string(), Item), { x: { id: 1, name: 'a', more: 1 } }, '{"x":{"id":1,"name":"a"}}'],
  ['free JSON stays whole', z.object({ config: z.record(z.string(), z.unknown()), any: z.unknown() }), { config: { deep: [{ a: null }] }, any: [1, 'two'] }, '{"config":{"deep":[{"a":null}]},"any":[1,"two"]}'],
  ['loose object keeps extras, as zod does', z.looseObject({ a: z.string() }), { a: 'x', b: 1 }, '{"a":"x","b":1}'],
  ['strings: quotes, controls, lone surrogates, U+2028', z.object({ s: z.string(), long: z.string() }), { s: 'q"\\\u0000\u001f\ud800\u2028é', long: `${'x'.repeat(100)}"\udfff` }, JSON.stringify({ s: 'q"\\\u0000\u001f\ud800\u2028é', long: `${'x'.repeat(100)}"\udfff` })],
  ['numbers', z.object({ a: z.number(), b: z.number(), c: z.number().int() }), { a: 1e21, b: -0.5, c: -2147483648 }, '{"a":1e+21,"b":-0.5,"c":-2147483648}'],
  ['tuple', z.tuple([z.string(), z.number()]), ['a', 1], '["a",1]'],
  ['a property named like a keyword', z.object({ allOf: z.string(), additionalProperties: z.boolean() }), { allOf: 'a', additionalProperties: false }, '{"allOf":"a","additionalProperties":false}'],
];

describe('response serializer (fast-json-stringify from the zod schema)', () => {
  it.each(CASES)('%s: written as zod writes it, on the fast path', (_name, schema, data, written) => {
    const { serialize, fallbacks } = compile(schema);
    expect(fallbacks).toEqual([]);
    expect(serialize(data)).toBe(written);
    expect(zodWrites(schema, data)).toBe(written);
    // The cross-checked serializer agrees too (it throws on any difference).
    expect(compile(schema, true).serialize(data)).toBe(written);
  });

  it.each<[string, z.ZodType, unknown]>([
    ['a transform', z.object({ n: z.string().transform((value) => value.length) }), { n: 3 }],
    ['a date', z.object({ at: z.date() }), { at: new Date('2024-01-02T03:04:05Z') }],
    ['an intersection with a record', z.record(z.string(), z.unknown()).and(z.object({ a: z.string() })), { a: 'x', b: { c: 1 } }],
    ['a union branch with an optional property first', z.union([z.object({ note: z.string().optional(), k: z.literal('a') }), z.object({ b: z.number() })]), { note: 'n', k: 'a' }],
  ])('%s falls back to the zod serializer, named, and writes what zod writes', (_name, schema, data) => {
    const { serialize, fallbacks } = compile(schema);
    expect(fallbacks).toEqual(['GET /thing 200']);
    let expected: string | Error;
    try {
      expected = zodWrites(schema, data);
    } catch (error) {
      expected = error as Error;
    }
    if (typeof expected === 'string') expect(serialize(data)).toBe(expected);
    else expect(() => serialize(data)).toThrow(expected.message);
  });

  it('with the cross-check, data the schema refuses fails as zod fails; without it the handler is trusted', () => {
    const schema = z.object({ id: z.number().int(), name: z.string() });
    const data = { id: 1, name: 42 };
    expect(() => compile(schema, true).serialize(data)).toThrow();
    expect(compile(schema, false).serialize(data)).toBe('{"id":1,"name":"42"}');
  });

  it('writes a frozen answer once and any other answer every time', () => {
    const schema = z.object({ items: z.array(Item) });
    const { serialize } = compile(schema);
    const frozen = Object.freeze({ items: [{ id: 1, name: 'a' }] });
    const text = serialize(frozen);
    // Changing what a frozen answer holds breaks its promise: the kept text shows it was written once.
    (frozen.items[0] as { name: string }).name = 'changed';
    expect(serialize(frozen)).toBe(text);
    const open = { items: [{ id: 1, name: 'a' }] };
    expect(serialize(open)).toBe('{"items":[{"id":1,"name":"a"}]}');
    open.items[0]!.name = 'b';
    expect(serialize(open)).toBe('{"items":[{"id":1,"name":"b"}]}');
  });

  it('the schemas of the hot routes (account, collections, project list, project) take the fast path', () => {
    for (const schema of [Account, CollectionList, ProjectListPage, Project]) expect(compile(schema).fallbacks).toEqual([]);
  });

  it('a route answers through it: what the handler adds outside the schema is not sent', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: true }));
    app.get('/user', { schema: { response: { 200: z.object({ id: z.number(), email: z.string(), manager: Item.nullable() }) } } }, async () => ({
      id: 7,
      email: 'a@b.c',
      passwordHash: 'argon2id$secret',
      manager: { id: 1, name: 'M', token: 't' },
    }));
    const response = await app.inject({ method: 'GET', url: '/user' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"id":7,"email":"a@b.c","manager":{"id":1,"name":"M"}}');
    await app.close();
  });
});
