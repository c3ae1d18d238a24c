/**
 * Hostile requests derived from the OpenAPI document (`/api/docs/json`), for the test that sends them
 * to every route and method (src/http/hostile-input.test.ts). Everything is read from the document, so
 * a route added later is covered without touching this file. Values are drawn with fast-check from a
 * seed, so a failure is reproducible with the seed it prints.
 */
import fc from 'fast-check';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Routes whose handlers a demo account other than the admin reaches: the admin holds every privilege
 * but is not an internal user, so on the product administration (issue 31: internal users with
 * product.admin) the guard would stop every case before the handler. The fuzz sends the privileged
 * cases of these paths as the account named here, so their handlers are fuzzed too.
 */
export const PRIVILEGED_CALLERS: ReadonlyArray<{ prefix: string; email: string }> = [{ prefix: '/api/products/v1/product-admin/', email: 'product@lumen.example' }];

/** The demo account whose session reaches the handler of `path` (the admin unless PRIVILEGED_CALLERS names another). */
export function privilegedCallerOf(path: string): string {
  return PRIVILEGED_CALLERS.find((caller) => path.startsWith(caller.prefix))?.email ?? 'admin@demo.example';
}
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: HttpMethod;
  /** OpenAPI path with `{name}` placeholders. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
}

/** One request to send. `mustName`: the field a 400 has to name (the hostile value is one a schema must refuse). */
export interface HostileCase {
  label: string;
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  mustName?: string;
}

export const DEEP_LEVELS = 5000;
/** Past the api's body limit (1 MiB by default): the answer must be 413, never a 5xx. */
const OVER_BODY_LIMIT = 2 * 1024 * 1024;
/** Longer than any string an input schema takes (free JSON strings stop at 10 000). */
const OVERSIZE_TEXT = 50_000;
/** More values than free JSON may hold (20 000). */
const LARGE_ARRAY = 25_000;

/** Every operation of the document (the methods the api accepts), with its parameters and body. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [name, operation] of Object.entries(methods)) {
      const method = name.toUpperCase() as HttpMethod;
      if (!METHODS.includes(method)) continue;
      const parameters = (operation.parameters ?? []).map((parameter) => ({
        in: parameter.in,
        name: parameter.name,
        required: parameter.required === true,
        schema: inlined(doc, parameter.schema ?? {}),
      }));
      // A body of another type (an upload) still gets the whole-body cases, read as any JSON.
      const content = operation.requestBody?.content;
      const body = content?.['application/json']?.schema ?? (content !== undefined ? {} : undefined);
      operations.push({
        method,
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        headerParams: parameters.filter((parameter) => parameter.in === 'header'),
        ...(body !== undefined ? { body: inlined(doc, body) } : {}),
      });
    }
  }
  return operations;
}

/** The schema with every `$ref` to the document's components replaced by its target (a cycle stops as any JSON). */
function inlined(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 12) return {};
  if (schema.$ref !== undefined) return inlined(doc, doc.components?.schemas?.[schema.$ref.replace(/^#\/components\/schemas\//, '')] ?? {}, depth + 1);
  const inner = (child: JsonSchema) => inlined(doc, child, depth + 1);
  return {
    ...schema,
    ...(schema.properties ? { properties: Object.fromEntries(Object.entries(schema.properties).map(([key, child]) => [key, inner(child)])) } : {}),
    ...(typeof schema.additionalProperties === 'object' ? { additionalProperties: inner(schema.additionalProperties) } : {}),
    ...(schema.items ? { items: inner(schema.items) } : {}),
    ...(schema.anyOf ? { anyOf: schema.anyOf.map(inner) } : {}),
    ...(schema.oneOf ? { oneOf: schema.oneOf.map(inner) } : {}),
    ...(schema.allOf ? { allOf: schema.allOf.map(inner) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading schemas
// ---------------------------------------------------------------------------------------------

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array' | 'any';

/** The options of a schema (anyOf/oneOf flattened; allOf read as its first member). */
function optionsOf(schema: JsonSchema): JsonSchema[] {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.flatMap(optionsOf);
  if (schema.allOf && schema.allOf.length > 0) return optionsOf(schema.allOf[0] ?? {});
  return [schema];
}

function kindsOf(schema: JsonSchema): Set<Kind> {
  const kinds = new Set<Kind>();
  for (const option of optionsOf(schema)) {
    const types = Array.isArray(option.type) ? option.type : option.type !== undefined ? [option.type] : [];
    if (types.length === 0) {
      if (option.enum !== undefined || option.const !== undefined) {
        for (const value of option.enum ?? [option.const]) kinds.add(value === null ? 'null' : (typeof value as Kind));
      } else if (option.properties !== undefined || option.additionalProperties !== undefined) kinds.add('object');
      else if (option.items !== undefined) kinds.add('array');
      else kinds.add('any');
    }
    for (const type of types) kinds.add(type as Kind);
  }
  return kinds;
}

/** The first option that is not null (what a plausible value is made of). */
function mainOption(schema: JsonSchema): JsonSchema {
  const options = optionsOf(schema);
  return options.find((option) => !kindsOf(option).has('null') || kindsOf(option).size > 1) ?? options[0] ?? {};
}

/** A child schema on the way to a field: the property, the array item, or the record's values. */
function childSchema(schema: JsonSchema, key: string | number): JsonSchema | undefined {
  for (const option of optionsOf(schema)) {
    if (typeof key === 'number' && option.items) return option.items;
    if (typeof key === 'string' && option.properties?.[key]) return option.properties[key];
    if (typeof key === 'string' && typeof option.additionalProperties === 'object') return option.additionalProperties;
  }
  if (kindsOf(schema).has('any')) return {};
  return undefined;
}

export interface Field {
  path: Array<string | number>;
  schema: JsonSchema;
  kinds: Set<Kind>;
}

/** Every field of a body schema, containers included (arrays by their first item, records by a made-up key). */
export function fieldsOf(schema: JsonSchema, path: Array<string | number> = [], depth = 0): Field[] {
  const fields: Field[] = path.length > 0 ? [{ path, schema, kinds: kindsOf(schema) }] : [];
  if (depth > 8) return fields;
  for (const option of optionsOf(schema)) {
    for (const [key, child] of Object.entries(option.properties ?? {})) fields.push(...fieldsOf(child, [...path, key], depth + 1));
    if (typeof option.additionalProperties === 'object') fields.push(...fieldsOf(option.additionalProperties, [...path, 'fuzzKey'], depth + 1));
    if (option.items) fields.push(...fieldsOf(option.items, [...path, 0], depth + 1));
  }
  // A field of any JSON (free objects): look inside it too, under a made-up key.
  if (kindsOf(schema).has('any') && path.length > 0 && path.at(-1) !== 'fuzzKey') fields.push({ path: [...path, 'fuzzKey'], schema: {}, kinds: new Set(['any']) });
  const seen = new Set<string>();
  return fields.filter((field) => {
    const key = field.path.join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Plausible values (what a well-behaved client would send), seeded
// ---------------------------------------------------------------------------------------------

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}

export class Draw {
  constructor(readonly seed: number) {}

  /** One value of the arbitrary, the same for the same seed and key. */
  one<T>(arbitrary: fc.Arbitrary<T>, key: string): T {
    return this.many(arbitrary, key, 1)[0] as T;
  }

  many<T>(arbitrary: fc.Arbitrary<T>, key: string, count: number): T[] {
    return fc.sample(arbitrary, { seed: (this.seed ^ hashOf(key)) | 0, numRuns: count });
  }
}

function plausibleString(schema: JsonSchema, name: string, draw: Draw, key: string): string {
  if (schema.format === 'uuid') return draw.one(fc.uuid(), key);
  if (schema.format === 'email' || /email/i.test(name)) return `fuzz${draw.one(fc.nat(9999), key)}@demo.example`;
  const min = schema.minLength ?? 1;
  const max = Math.max(min, Math.min(schema.maxLength ?? 12, 24));
  if (schema.pattern !== undefined) {
    try {
      const regex = new RegExp(schema.pattern, 'u');
      const arbitrary = fc.stringMatching(regex).filter((value) => value.length >= min && value.length <= (schema.maxLength ?? Infinity));
      return draw.one(arbitrary, key);
    } catch {
      // A pattern fast-check cannot generate from (or no short match): a short letter string.
    }
  }
  return draw.one(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: min, maxLength: max }), key);
}

function plausibleNumber(schema: JsonSchema, draw: Draw, key: string): number {
  const low = Math.max(schema.minimum ?? -Infinity, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Infinity, 1);
  const high = Math.min(schema.maximum ?? Infinity, schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity, low + 20);
  // Small numbers: ids that exist in the demo data now and then, so handlers run too.
  return draw.one(fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) }), key);
}

/** A value a client following the schema could send (required properties only, one item per array). */
export function plausible(schema: JsonSchema, draw: Draw, key: string, name = ''): unknown {
  const option = mainOption(schema);
  if (option.default !== undefined) return option.default;
  if (option.const !== undefined) return option.const;
  if (option.enum !== undefined && option.enum.length > 0) return draw.one(fc.constantFrom(...option.enum), key);
  const kinds = kindsOf(option);
  if (kinds.has('object')) {
    const value: Record<string, unknown> = {};
    for (const property of option.required ?? []) value[property] = plausible(option.properties?.[property] ?? {}, draw, `${key}.${property}`, property);
    return value;
  }
  if (kinds.has('array')) {
    const count = Math.max(option.minItems ?? 0, 0);
    return Array.from({ length: count }, (_, index) => plausible(option.items ?? {}, draw, `${key}.${index}`, name));
  }
  if (kinds.has('string')) return plausibleString(option, name, draw, key);
  if (kinds.has('integer') || kinds.has('number')) return plausibleNumber(option, draw, key);
  if (kinds.has('boolean')) return draw.one(fc.boolean(), key);
  if (kinds.has('null')) return null;
  return {};
}

/** A plausible body with `value` placed at `path` (intermediate objects and arrays made plausible too). */
export function bodyWith(schema: JsonSchema, path: ReadonlyArray<string | number>, value: unknown, draw: Draw, key = 'body'): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const child = childSchema(schema, head) ?? {};
  const inner = bodyWith(child, rest, value, draw, `${key}.${head}`);
  if (typeof head === 'number') return [inner];
  const base = plausible(schema, draw, key);
  const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? base : {};
  return { ...object, [head]: inner };
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** Text around one bad code unit, for body strings: a schema must refuse it. */
function textWith(bad: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fc.string({ maxLength: 8 }), bad, fc.string({ maxLength: 8 })).map(([before, middle, after]) => before + middle + after);
}
/** NUL: PostgreSQL refuses it in text and jsonb. */
const NUL_TEXT = fc.oneof(fc.constant('\u0000'), textWith(fc.constant('\u0000')));
/** Lone surrogates (high or low, alone or reversed): not text PostgreSQL can store as it is. */
const LONE_SURROGATE_TEXT = fc.oneof(
  fc.constantFrom('\ud800', '\udfff', '\udc00\ud800'),
  textWith(fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit))),
);
/** Numbers no int4 column holds (and 1e308, a float): a schema must refuse them in an integer field (a plain number may take them). */
const REFUSED_NUMBERS: readonly number[] = [2_147_483_648, 1e308];
/** Huge, negative and fractional numbers: refused or accepted by the field's rules, never a 5xx. */
const ODD_NUMBERS = fc.constantFrom(-1, -2_147_483_649, 2 ** 53 + 2, Number.MAX_VALUE, 0.5, 1e-300);
const WRONG_TYPES = fc.constantFrom<unknown>('1', 1, true, null, {}, [], [[]], { '': null });
/** Numbers past int4 in a URL: a schema must refuse them in an integer parameter (any other refuses or reads them, never a 5xx). */
const REFUSED_PARAM_NUMBERS: readonly string[] = ['2147483648', '1e308'];
const ODD_PARAMS = fc.constantFrom('-1', '99999999999999999999999', '-2147483649', '0', '0x10', '1.5', 'NaN', 'Infinity', '', ' ', 'null', '[]', '%', '..', 'x'.repeat(600), 'x'.repeat(20_000));
const DEEP = fc.constantFrom('arrays', 'objects');
/** Header values (an HTTP header carries bytes, read as latin1): refused or ignored, never a 5xx. */
const ODD_HEADERS = fc.constantFrom('', ' ', 'x'.repeat(10_000), 'é\u00ff', '../..', '%00', '\u007f');

export function deepArray(levels: number = DEEP_LEVELS): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

export function deepObject(levels: number = DEEP_LEVELS): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** The JSON text of `body` with `marker` (a JSON string) replaced by raw JSON text (deep nesting). */
function withRaw(body: unknown, marker: string, raw: string): string {
  return JSON.stringify(body).replace(JSON.stringify(marker), raw);
}

function isNumeric(kinds: Set<Kind>): boolean {
  return kinds.has('integer') || kinds.has('number');
}

/** Percent-encodes a parameter; a lone surrogate becomes its WTF-8 bytes (invalid UTF-8), which is all a URL can carry of it. */
function encodeParam(value: string): string {
  let encoded = '';
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(value.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(value[index] ?? '');
    }
  }
  return encoded;
}

/** Every hostile request for one operation: each parameter, each body field, the body as a whole. */
export function hostileCases(operation: Operation, draw: Draw): HostileCase[] {
  const { method } = operation;
  const cases: HostileCase[] = [];
  const key = `${method} ${operation.path}`;
  const paramValues = Object.fromEntries(operation.pathParams.map((param) => [param.name, String(plausible(param.schema, draw, `${key}:${param.name}`, param.name))]));
  const requiredQuery = Object.fromEntries(
    operation.queryParams.filter((param) => param.required).map((param) => [param.name, String(plausible(param.schema, draw, `${key}?${param.name}`, param.name))]),
  );
  const urlWith = (params: Record<string, string>, query: Record<string, string>): string => {
    const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeParam(params[name] ?? '1'));
    const search = Object.entries(query)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeParam(value)}`)
      .join('&');
    return search ? `${path}?${search}` : path;
  };
  const json = { 'content-type': 'application/json' };
  const plainBody = operation.body !== undefined && method !== 'GET' ? JSON.stringify(plausible(operation.body, draw, `${key}:body`) ?? null) : undefined;
  const push = (label: string, url: string, options: { payload?: string | Buffer; headers?: Record<string, string>; mustName?: string | undefined } = {}): void => {
    const payload = 'payload' in options ? options.payload : plainBody;
    const headers = options.headers ?? (payload !== undefined ? json : {});
    cases.push({ label, method, url, headers, ...(payload !== undefined ? { payload } : {}), ...(options.mustName !== undefined ? { mustName: options.mustName } : {}) });
  };

  // Path and query parameters: each hostile value in one parameter, the others plausible.
  const parameters = [
    ...operation.pathParams.map((param) => ({ param, field: `params.${param.name}`, url: (value: string) => urlWith({ ...paramValues, [param.name]: value }, requiredQuery) })),
    ...operation.queryParams.map((param) => ({ param, field: `querystring.${param.name}`, url: (value: string) => urlWith(paramValues, { ...requiredQuery, [param.name]: value }) })),
  ];
  for (const { param, field, url } of parameters) {
    const integer = kindsOf(param.schema).has('integer');
    const nul = draw.one(NUL_TEXT, `${field}:nul`);
    push(`${field} = ${JSON.stringify(nul)}`, url(nul), { mustName: field });
    const surrogate = draw.one(LONE_SURROGATE_TEXT, `${field}:surrogate`);
    // A URL carries a lone surrogate only as invalid UTF-8 (its WTF-8 bytes): refused or read as other text.
    push(`${field} = ${JSON.stringify(surrogate)} (as WTF-8)`, url(surrogate));
    for (const value of REFUSED_PARAM_NUMBERS) push(`${field} = ${value}`, url(value), { mustName: integer ? field : undefined });
    for (const value of draw.many(ODD_PARAMS, `${field}:odd`, 2)) push(`${field} = ${JSON.stringify(value.slice(0, 24))}`, url(value));
    if (field.startsWith('querystring.')) push(`${field} repeated`, `${url('1')}&${encodeURIComponent(param.name)}=2`);
  }

  // Header parameters: NUL and odd values, the rest of the request plausible.
  for (const param of operation.headerParams) {
    const url = urlWith(paramValues, requiredQuery);
    const nul = draw.one(NUL_TEXT, `header.${param.name}:nul`);
    for (const value of [nul, ...draw.many(ODD_HEADERS, `header.${param.name}:odd`, 2)]) {
      push(`headers.${param.name} = ${JSON.stringify(value.slice(0, 24))}`, url, { headers: { ...(plainBody !== undefined ? json : {}), [param.name]: value } });
    }
  }

  if (plainBody === undefined || operation.body === undefined) return cases;
  const body = operation.body;
  const url = urlWith(paramValues, requiredQuery);
  const send = (label: string, payload: string | Buffer | undefined, headers: Record<string, string> = json, mustName?: string): void => {
    push(label, url, { payload, headers, mustName });
  };

  // Each field of the body: hostile values of its kind, a wrong type, and deep JSON in its place.
  for (const field of fieldsOf(body)) {
    const name = `body.${field.path.join('.')}`;
    const at = (value: unknown) => JSON.stringify(bodyWith(body, field.path, value, draw));
    const stringy = field.kinds.has('string') || field.kinds.has('any');
    const numeric = isNumeric(field.kinds);
    const container = field.kinds.has('object') || field.kinds.has('array') || field.kinds.has('any');
    if (stringy || numeric) {
      const nul = draw.one(NUL_TEXT, `${name}:nul`);
      send(`${name} = ${JSON.stringify(nul)}`, at(nul), json, name);
      const surrogate = draw.one(LONE_SURROGATE_TEXT, `${name}:surrogate`);
      send(`${name} = ${JSON.stringify(surrogate)}`, at(surrogate), json, name);
    }
    if (stringy) send(`${name} = ${OVERSIZE_TEXT} characters`, at('x'.repeat(OVERSIZE_TEXT)));
    if (numeric) {
      for (const value of REFUSED_NUMBERS) send(`${name} = ${value}`, at(value), json, field.kinds.has('integer') && !field.kinds.has('any') ? name : undefined);
      const odd = draw.one(ODD_NUMBERS, `${name}:odd`);
      send(`${name} = ${odd}`, at(odd));
    } else {
      const number = draw.one(fc.constantFrom(...REFUSED_NUMBERS), `${name}:number`);
      send(`${name} = ${number}`, at(number));
    }
    const wrong = draw.one(WRONG_TYPES, `${name}:wrong`);
    send(`${name} = ${JSON.stringify(wrong)}`, at(wrong));
    if (container) {
      const shape = draw.one(DEEP, `${name}:deep`);
      const marker = `__deep_${field.path.join('_')}__`;
      send(`${name} = ${shape} ${DEEP_LEVELS} deep`, withRaw(bodyWith(body, field.path, marker, draw), marker, shape === 'arrays' ? deepArray() : deepObject()));
    }
  }

  // The body as a whole.
  send('no body, JSON content type', undefined);
  send('empty body, JSON content type', '');
  send('body null', 'null');
  const wrong = draw.one(WRONG_TYPES, `${key}:body:wrong`);
  send(`body = ${JSON.stringify(wrong)}`, JSON.stringify(wrong));
  send(`body = arrays ${DEEP_LEVELS} deep`, deepArray());
  send(`body = objects ${DEEP_LEVELS} deep`, deepObject());
  send('malformed JSON', '{"a":');
  send('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
  send('a NUL byte after the JSON', `${plainBody}\u0000`);
  send('a number too large for JSON', '1e400');
  send(`an array of ${LARGE_ARRAY} numbers`, `[${'0,'.repeat(LARGE_ARRAY - 1)}0]`);
  send('over the body limit', `"${'x'.repeat(OVER_BODY_LIMIT)}"`);
  send('plausible body, no content type', plainBody, {});
  for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'garbage;;;/=']) {
    send(`plausible body as ${type}`, plainBody, { 'content-type': type });
  }
  return cases;
}
