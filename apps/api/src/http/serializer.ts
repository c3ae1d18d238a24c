import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type AnySchema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;
type JsonSchema = { [keyword: string]: unknown };

export interface ResponseSerializerOptions {
  /**
   * Also run the zod serializer (validate, then JSON.stringify) and fail when the two texts differ:
   * the test suite runs this way, so every response of every test proves the fast path right.
   */
  crossCheck: boolean;
  /** Told about a response schema that the fast path cannot express (it keeps the zod serializer). */
  onFallback?: (route: string, reason: unknown) => void;
}

function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Rewrites zod's JSON Schema so that fast-json-stringify writes what zod's serializer writes, byte
 * for byte:
 * - `required` goes: fast-json-stringify writes required properties before optional ones, where zod
 *   keeps the schema's order (and a handler's data is typed, so presence is not checked again, as
 *   types are not). In a union branch `required` stays, since it decides which branch an object
 *   takes; there a branch whose required properties do not lead its list is refused;
 * - `additionalProperties: false` goes: fast-json-stringify leaves undeclared properties out
 *   anyway, while in a union branch (or a nullable object) it would make the branch check refuse an
 *   object carrying an extra property that zod strips;
 * - `anyOf: [X, {type: 'null'}]` (zod's nullable) becomes X with `type: [X.type, 'null']`, written
 *   with a null test instead of a JSON Schema validation per value;
 * - `allOf` (a zod intersection) is refused: fast-json-stringify merges its parts and drops what a
 *   record part allows, where zod keeps it.
 * A refusal throws, and the route keeps the zod serializer.
 */
export function fastSchemaOf(schema: unknown, inUnion = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => fastSchemaOf(item, inUnion));
  if (!isSchema(schema)) return schema;
  if ('allOf' in schema) throw new Error('an intersection (allOf) is not written as zod writes it');
  const nullable = nullableOf(schema);
  if (nullable) return fastSchemaOf(nullable, inUnion);
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'additionalProperties' && value === false) continue;
    if (keyword === 'required') {
      if (!inUnion) continue;
      const names = Object.keys(isSchema(schema.properties) ? schema.properties : {});
      const required = Array.isArray(value) ? value : [];
      if (names.slice(0, required.length).some((name) => !required.includes(name))) {
        throw new Error('a union branch has an optional property before a required one (fast-json-stringify would reorder them)');
      }
      out[keyword] = value;
      continue;
    }
    // Keyword maps whose keys are names, not keywords (a property called `allOf` is fine).
    if ((keyword === 'properties' || keyword === 'definitions' || keyword === '$defs') && isSchema(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, fastSchemaOf(inner, inUnion)]));
      continue;
    }
    out[keyword] = fastSchemaOf(value, inUnion || keyword === 'anyOf' || keyword === 'oneOf');
  }
  return out;
}

/** zod's nullable (`anyOf: [X, {type: 'null'}]` with X of one type) as X typed `[X.type, 'null']`. */
function nullableOf(schema: JsonSchema): JsonSchema | undefined {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return undefined;
  const nullAt = options.findIndex((option) => isSchema(option) && option.type === 'null' && Object.keys(option).length === 1);
  const other: unknown = options[1 - nullAt];
  if (nullAt === -1 || !isSchema(other) || typeof other.type !== 'string' || 'anyOf' in other || 'oneOf' in other) return undefined;
  const { anyOf: _anyOf, ...siblings } = schema;
  return { ...siblings, ...other, type: [other.type, 'null'] };
}

/**
 * An answer a service froze (Object.freeze: it promises not to change it, e.g. one it keeps in memory
 * and hands to every request) is written once; its text is kept as long as the answer lives.
 */
function frozenOnce(serialize: Serialize): Serialize {
  const texts = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let text = texts.get(data);
    if (text === undefined) texts.set(data, (text = serialize(data)));
    return text;
  };
}

type Compiled = { fast: Serialize } | { refused: unknown };
/**
 * Each response schema's compiled writer, or why it has none, shared by every app of the process:
 * the writer depends on the schema alone, and compiling them all is most of an app's start, which
 * the api's tests pay for every app they build.
 */
const compiledSchemas = new WeakMap<z.ZodType, Compiled>();

function compileFast(schema: z.ZodType): Compiled {
  let compiled = compiledSchemas.get(schema);
  if (!compiled) {
    try {
      const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', reused: 'inline', cycles: 'throw' });
      compiled = { fast: fastJson(fastSchemaOf(jsonSchema) as AnySchema) };
    } catch (error) {
      compiled = { refused: error };
    }
    compiledSchemas.set(schema, compiled);
  }
  return compiled;
}

/**
 * Response serialization from the route's zod schema turned once into JSON Schema and compiled by
 * fast-json-stringify: only the schema's properties are written (what a handler adds by mistake
 * stays out, as with zod), without validating again data that the handler built and TypeScript
 * typed. A schema JSON Schema cannot express (transforms, dates, intersections) keeps the zod
 * serializer.
 */
export function responseSerializerCompiler({ crossCheck, onFallback }: ResponseSerializerOptions): FastifySerializerCompiler<unknown> {
  return (route) => {
    const exact = zodSerializerCompiler(route as SerializerCompiler) as Serialize;
    const schema = zodSchemaOf(route.schema);
    if (!schema) return exact;
    const compiled = compileFast(schema);
    if ('refused' in compiled) {
      onFallback?.(`${route.method} ${route.url} ${String(route.httpStatus ?? '')}`.trim(), compiled.refused);
      return exact;
    }
    const { fast } = compiled;
    if (!crossCheck) return frozenOnce(fast);
    return (data) => {
      const expected = exact(data);
      const actual = fast(data);
      if (actual !== expected) {
        throw new Error(`The fast serializer of ${route.method} ${route.url} wrote ${actual.slice(0, 500)} where zod writes ${expected.slice(0, 500)}`);
      }
      return actual;
    };
  };
}
