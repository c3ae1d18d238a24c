/**
 * Saved spaces are versioned (DESIGN.md: the catalogue changes under saved projects). A saved space
 * carries `schemaVersion`; `migrateSpace` brings any older version forward one step at a time to
 * `SPACE_SCHEMA_VERSION`. A space without a version is version 1 (saved before versioning).
 *
 *   1 → 2  attribute keys renamed from variation types to attribute names:
 *          color → finish, temperature → ledColourTemp.
 *   2 → 3  the room moves from `props.roomSize` to `props.config.roomSize` with every field filled
 *          (extraCeiling 0.16, ceilingMaterial pladur when absent); pendantHeight attributes go from
 *          metres (number) to centimetres (text), the unit of the catalogue.
 *
 * To change the saved shape: bump SPACE_SCHEMA_VERSION, add the step to SPACE_MIGRATIONS, add its test.
 */
import { DEFAULT_ROOM_SIZE } from '../space/room';
import { DomainError } from '../catalogue/domain-error';

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

export const SPACE_SCHEMA_VERSION = 3;

/** Bounds on what a saved space may hold; beyond them the JSON is refused, not walked. */
export const MAX_SPACE_NODES = 20_000;
/** Levels below the root; the same bound as the tree's (MAX_TREE_DEPTH). */
export const MAX_SPACE_DEPTH = 64;

export function incorrectDomainJson(): DomainError {
  return new DomainError('INCORRECT_DOMAIN_JSON', 'Incorrect domainJSON provided');
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rebuilds a node tree bottom-up with `fn` applied to every node (iterative; bounded). */
export function mapNodes(root: JsonObject, fn: (node: JsonObject, isRoot: boolean) => JsonObject): JsonObject {
  // Post-order without recursion: children are mapped before their parent.
  interface Frame { readonly node: JsonObject; readonly depth: number; readonly mapped: JsonObject[]; next: number }
  const kids = (n: JsonObject): readonly JsonValue[] => (Array.isArray(n.children) ? (n.children as readonly JsonValue[]) : []);
  const stack: Frame[] = [{ node: root, depth: 0, mapped: [], next: 0 }];
  let count = 1;
  let result: JsonObject | undefined;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const children = kids(frame.node);
    if (frame.next < children.length) {
      const child = children[frame.next++];
      if (!isJsonObject(child)) throw incorrectDomainJson();
      if (++count > MAX_SPACE_NODES || frame.depth + 1 > MAX_SPACE_DEPTH) throw incorrectDomainJson();
      stack.push({ node: child, depth: frame.depth + 1, mapped: [], next: 0 });
      continue;
    }
    stack.pop();
    const withChildren: JsonObject = Array.isArray(frame.node.children) ? { ...frame.node, children: frame.mapped } : frame.node;
    const mapped = fn(withChildren, stack.length === 0);
    const parent = stack[stack.length - 1];
    if (parent) parent.mapped.push(mapped);
    else result = mapped;
  }
  return result as JsonObject;
}

const RENAMED_ATTRIBUTES: Readonly<Record<string, string>> = { color: 'finish', temperature: 'ledColourTemp' };

/** 1 → 2: attribute keys color/temperature become finish/ledColourTemp. */
function migrate1to2(space: JsonObject): JsonObject {
  const out = mapNodes(space, (node) => {
    if (!isJsonObject(node.attributes)) return node;
    const attributes: Record<string, JsonValue> = {};
    for (const [key, value] of Object.entries(node.attributes)) attributes[RENAMED_ATTRIBUTES[key] ?? key] = value;
    return { ...node, attributes };
  });
  return { ...out, schemaVersion: 2 };
}

/** 2 → 3: room under props.config.roomSize with defaults; pendantHeight metres → centimetres. */
function migrate2to3(space: JsonObject): JsonObject {
  const out = mapNodes(space, (node, isRoot) => {
    let next = node;
    if (isJsonObject(node.attributes) && typeof node.attributes.pendantHeight === 'number') {
      next = { ...next, attributes: { ...node.attributes, pendantHeight: String(Math.round(node.attributes.pendantHeight * 100)) } };
    }
    if (isRoot && isJsonObject(node.props)) {
      const { roomSize, ...props } = node.props;
      const config = isJsonObject(props.config) ? props.config : {};
      const old = isJsonObject(roomSize) ? roomSize : isJsonObject(config.roomSize) ? config.roomSize : {};
      next = { ...next, props: { ...props, config: { ...config, roomSize: { ...DEFAULT_ROOM_SIZE, ...old } } } };
    }
    return next;
  });
  return { ...out, schemaVersion: 3 };
}

/** SPACE_MIGRATIONS[n] turns version n into version n + 1. */
export const SPACE_MIGRATIONS: Readonly<Record<number, (space: JsonObject) => JsonObject>> = {
  1: migrate1to2,
  2: migrate2to3,
};

/** The schema version of a saved space: its `schemaVersion`, or 1 when absent. */
export function spaceSchemaVersion(json: JsonObject): number {
  return json.schemaVersion === undefined ? 1 : typeof json.schemaVersion === 'number' ? json.schemaVersion : Number.NaN;
}

/**
 * Brings a saved space of any older version to the current one. Throws 'Incorrect domainJSON
 * provided' for anything that is not an object, and 'Unsupported domainJSON schema version {v}' for
 * a version that is not a known one (newer than this code, or not an integer ≥ 1).
 */
export function migrateSpace(json: unknown): JsonObject {
  if (!isJsonObject(json)) throw incorrectDomainJson();
  let version = spaceSchemaVersion(json);
  if (!Number.isInteger(version) || version < 1 || version > SPACE_SCHEMA_VERSION) {
    throw new DomainError('UNSUPPORTED_SCHEMA_VERSION', `Unsupported domainJSON schema version ${String(json.schemaVersion)}`);
  }
  let space: JsonObject = json;
  while (version < SPACE_SCHEMA_VERSION) {
    const step = SPACE_MIGRATIONS[version];
    if (!step) throw new DomainError('UNSUPPORTED_SCHEMA_VERSION', `Unsupported domainJSON schema version ${version}`);
    space = step(space);
    version++;
  }
  return space;
}
