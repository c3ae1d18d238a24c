/**
 * A space as JSON (the "domainJSON" saved with a product) and back, and the domain of a product.
 * The saved form is a nested tree of nodes `{ type, id, props, attributes, children, … }` whose root
 * is the Space and carries `schemaVersion`. Reading migrates older versions first and validates
 * every node; unknown props are dropped, bad ones refuse the whole space.
 */
import { z } from 'zod';
import { CEILING_MATERIALS } from '../space/room';
import { DomainError } from '../catalogue/domain-error';
import { createElement } from '../element-tree/element-factory';
import { ELEMENT_TYPES } from '../element-tree/element.types';
import type { TreeElement, ElementTree, ElementType } from '../element-tree/element.types';
import type { ArticleCollection } from '../element-tree/article-collection';
import { getElement } from '../element-tree/tree-queries';
import { RuleSetSchema } from '../rules/rule-book.schema';
import type { FamilyData } from './bill-of-materials.types';
import { incorrectDomainJson, isJsonObject, mapNodes, migrateSpace, SPACE_SCHEMA_VERSION } from './space-migrations';
import type { JsonObject } from './space-migrations';

const num = z.number().finite();
const text = z.string().max(200);
const Vec3Schema = z.object({ x: num, y: num, z: num });
const Localized = z.record(z.string(), z.string().max(500));
const Level = z.object({ id: num, order: num, description: Localized });

const PROPS_SCHEMAS: { readonly [T in ElementType]: z.ZodType } = {
  Space: z.object({
    config: z.object({
      roomSize: z.object({
        height: num.positive(),
        width: num.positive(),
        depth: num.positive(),
        extraCeiling: num.min(0),
        ceilingMaterial: z.enum(CEILING_MATERIALS as unknown as [string, ...string[]]),
      }),
    }),
    configurator: z.number().int(),
    source: text,
    productId: text.nullable(),
  }).partial(),
  Group: z.object({ name: text }).partial(),
  Cluster: z.object({ tension: num }).partial(),
  Pendant: z.object({ pendantHeight: num, positionOffset: num.min(0), wireLength: num }).partial(),
  Light: z.object({
    code: text,
    info: z.object({ familyName: text, subfamily: num.nullable() }),
    renderAttributes: z.object({ scale: num, intensity: num, decay: num, penumbra: num }).partial(),
    technicalData: z.object({ watts: num, lumens: num }),
    origin: Vec3Schema,
    lightingEffect: z.object({ lvl1: Level.optional(), lvl2: Level.optional(), lvl3: Level.optional() }).nullable(),
  }).partial(),
  Composition: z.object({ compositionNumber: z.number().int(), rules: z.array(RuleSetSchema).max(1000) }).partial(),
  Complement: z.object({ code: text }).partial(),
  Track: z.object({ code: text, installation: text, productLength: num.min(0), start: Vec3Schema.nullable(), end: Vec3Schema.nullable() }).partial(),
  ElectricalConnection: z.object({ code: text, installation: text, control: text, watts: num }).partial(),
  Reflector: z.object({ code: text }).partial(),
  Counterweight: z.object({ code: text }).partial(),
};

const NodeSchema = z.object({
  type: z.string(),
  id: z.string().min(1).max(200).refine((id) => id !== '__proto__'),
  props: z.record(z.string(), z.unknown()),
  attributes: z
    .object({ finish: text, ledColourTemp: text, control: text, installation: text, pendantHeight: text })
    .partial()
    .optional(),
  elementOrderValue: num.optional(),
  createdAt: num.optional(),
  applicationLocationId: num.nullable().optional(),
  position: Vec3Schema.optional(),
  size: Vec3Schema.optional(),
  collides: z.boolean().optional(),
  lastValidPosition: Vec3Schema.nullable().optional(),
  children: z.array(z.unknown()).optional(),
});

/** The space as saved: current schema version, nested children. */
export function spaceToJSON(tree: ElementTree): JsonObject {
  const toNode = (id: string): Record<string, unknown> => {
    const e = getElement(tree, id);
    const { parent: _parent, children, ...rest } = e;
    return { ...rest, children: children.map(toNode) };
  };
  // One JSON round trip for the whole tree (plain data, no shared references); once per node was O(n × depth).
  return JSON.parse(JSON.stringify({ schemaVersion: SPACE_SCHEMA_VERSION, nextOrderValue: tree.nextOrderValue, ...toNode(tree.rootId) })) as JsonObject;
}

function elementFromNode(node: JsonObject): TreeElement {
  const parsed = NodeSchema.safeParse(node);
  if (!parsed.success) throw incorrectDomainJson();
  const n = parsed.data;
  // Unknown kinds (and the abstract base) throw 'Base cannot be instanced'.
  if (!(ELEMENT_TYPES as readonly string[]).includes(n.type)) createElement({ type: n.type });
  const type = n.type as ElementType;
  const props = PROPS_SCHEMAS[type].safeParse(n.props);
  if (!props.success) throw incorrectDomainJson();
  const element = createElement({
    type,
    id: n.id,
    createdAt: n.createdAt ?? 0,
    props: props.data as never,
    ...(n.attributes ? { attributes: n.attributes } : {}),
    ...(n.elementOrderValue !== undefined ? { elementOrderValue: n.elementOrderValue } : {}),
    applicationLocationId: n.applicationLocationId ?? null,
    ...(n.position ? { position: n.position } : {}),
    ...(n.size ? { size: n.size } : {}),
  });
  return { ...element, collides: n.collides ?? false, lastValidPosition: n.lastValidPosition === undefined ? element.lastValidPosition : n.lastValidPosition } as TreeElement;
}

/**
 * Reads a saved space of any schema version. Throws 'No family data was provided' without family
 * data, 'Incorrect domainJSON provided' without props and type, when the root is not a Space or a
 * node is malformed, and 'Base cannot be instanced' for an unknown element kind.
 */
export function spaceFromJSON(json: unknown, family: FamilyData | undefined | null): { readonly tree: ElementTree; readonly family: FamilyData } {
  if (!family) throw new DomainError('NO_FAMILY_DATA', 'No family data was provided');
  if (!isJsonObject(json) || !isJsonObject(json.props) || typeof json.type !== 'string' || json.type !== 'Space') {
    throw incorrectDomainJson();
  }
  const current = migrateSpace(json);
  const elements: Record<string, TreeElement> = Object.create(null) as Record<string, TreeElement>;
  let nextOrderValue = 1;
  // mapNodes visits children before parents: each node is made once its children are.
  mapNodes(current, (node, isRoot) => {
    const element = elementFromNode(node);
    if ((element.type === 'Space') !== isRoot || Object.hasOwn(elements, element.id)) throw incorrectDomainJson();
    const children = (Array.isArray(node.children) ? node.children : []).map((c) => (c as JsonObject).id as string);
    for (const c of children) elements[c] = { ...(elements[c] as TreeElement), parent: element.id } as TreeElement;
    elements[element.id] = { ...element, children } as TreeElement;
    nextOrderValue = Math.max(nextOrderValue, element.elementOrderValue + 1);
    return { id: element.id };
  });
  const rootId = current.id as string;
  if (typeof current.nextOrderValue === 'number' && Number.isSafeInteger(current.nextOrderValue)) {
    nextOrderValue = Math.max(nextOrderValue, current.nextOrderValue);
  }
  return { tree: { rootId, elements: { ...elements }, nextOrderValue }, family };
}

/** The configuration of a product: its space, its family and the articles it is made of. */
export interface ProductDomain {
  readonly tree: ElementTree;
  readonly family: FamilyData;
  readonly articles: ArticleCollection;
}

export interface ProductDomainInput {
  readonly articles?: ArticleCollection | null;
  readonly family?: FamilyData | null;
  /** The saved space, any schema version. */
  readonly domainJSON: unknown;
}

/**
 * Defines the domain of a product from its saved space, family data and articles. Throws
 * 'Required data to define domain was not provided' without article data, then as spaceFromJSON.
 */
export function defineProductDomain(input: ProductDomainInput): ProductDomain {
  const articles = input.articles;
  if (!articles || !Array.isArray(articles.articles) || articles.articles.length === 0) {
    throw new DomainError('REQUIRED_DOMAIN_DATA_MISSING', 'Required data to define domain was not provided');
  }
  const { tree, family } = spaceFromJSON(input.domainJSON, input.family);
  return { tree, family, articles };
}
