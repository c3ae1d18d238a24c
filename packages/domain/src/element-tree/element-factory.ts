/**
 * Making elements: the defaults of each kind (spec configuration-domain §3) and the root Space.
 */
import { DEFAULT_ROOM_SIZE } from '../space/room';
import type { RoomSize } from '../space/room';
import { ORIGIN } from '../space/collision';
import type { Vec3 } from '../space/collision';
import { DEFAULT_PENDANT_HEIGHT } from '../space/room';
import { DEFAULT_CONFIGURATOR_ID, DEFAULT_CONFIGURATOR_SOURCE } from '../routing/configurator-routes';
import { DomainError } from '../catalogue/domain-error';
import { DEFAULT_RENDER_ATTRIBUTES, isElementType } from './element.types';
import type { TreeElement, ElementAttributes, ElementOf, ElementTree, ElementType, PropsByType, SpaceProps } from './element.types';

/** Configurator ids (spec §3); the space's configurator defaults to EXPRESS. */

export const DEFAULT_PROPS: { readonly [T in ElementType]: PropsByType[T] } = {
  Space: { config: { roomSize: DEFAULT_ROOM_SIZE }, configurator: DEFAULT_CONFIGURATOR_ID, source: DEFAULT_CONFIGURATOR_SOURCE, productId: null },
  Group: { name: '' },
  Cluster: { tension: 0 },
  Pendant: { pendantHeight: DEFAULT_PENDANT_HEIGHT, positionOffset: 0, wireLength: DEFAULT_PENDANT_HEIGHT },
  Light: {
    code: '',
    info: { familyName: '', subfamily: null },
    renderAttributes: DEFAULT_RENDER_ATTRIBUTES,
    technicalData: { watts: 0, lumens: 0 },
    origin: ORIGIN,
    lightingEffect: null,
  },
  Composition: { compositionNumber: 1, rules: [] },
  Complement: { code: '' },
  Track: { code: '', installation: '10', productLength: 1, start: null, end: null },
  ElectricalConnection: { code: '', installation: '10', control: '0', watts: 0 },
  Reflector: { code: '' },
  Counterweight: { code: '' },
};

const ZERO: Vec3 = { x: 0, y: 0, z: 0 };

/** What a caller gives to make an element: the rest has defaults. Ids and timestamps come from the caller. */
export interface NewElement<T extends ElementType = ElementType> {
  readonly type: T;
  readonly id: string;
  readonly createdAt: number;
  readonly props?: Partial<PropsByType[T]>;
  readonly attributes?: ElementAttributes;
  readonly elementOrderValue?: number;
  readonly applicationLocationId?: number | null;
  readonly position?: Vec3;
  readonly size?: Vec3;
}

function mergeProps<T extends ElementType>(type: T, props: Partial<PropsByType[T]> | undefined): PropsByType[T] {
  const defaults = DEFAULT_PROPS[type];
  const merged = { ...defaults, ...props } as PropsByType[T];
  if (type === 'Light') {
    const light = merged as PropsByType['Light'];
    const given = (props ?? {}) as Partial<PropsByType['Light']>;
    return { ...light, renderAttributes: { ...DEFAULT_RENDER_ATTRIBUTES, ...given.renderAttributes } } as PropsByType[T];
  }
  if (type === 'Pendant') {
    const p = merged as PropsByType['Pendant'];
    return { ...p, wireLength: Math.max(0, p.pendantHeight - p.positionOffset) } as PropsByType[T];
  }
  return merged;
}

/**
 * Makes an element of a concrete kind. Anything else (the abstract 'Base', unknown kinds from JSON)
 * throws 'Base cannot be instanced'.
 */
export function createElement<T extends ElementType>(input: NewElement<T>): ElementOf<T>;
export function createElement(input: NewElement<ElementType> | { readonly type: string }): TreeElement;
export function createElement(input: NewElement<ElementType> | { readonly type: string }): TreeElement {
  if (!isElementType(input.type) || !('id' in input)) {
    throw new DomainError('BASE_CANNOT_BE_INSTANCED', 'Base cannot be instanced');
  }
  const e = input as NewElement<ElementType>;
  if (typeof e.id !== 'string' || e.id === '' || e.id.length > 200 || e.id === '__proto__') {
    throw new DomainError('INVALID_TREE_OPERATION', 'Invalid element id');
  }
  return {
    id: e.id,
    type: e.type,
    parent: null,
    children: [],
    props: mergeProps(e.type, e.props),
    attributes: e.attributes ?? {},
    elementOrderValue: e.elementOrderValue ?? 0,
    createdAt: e.createdAt,
    applicationLocationId: e.applicationLocationId ?? null,
    position: e.position ?? ZERO,
    size: e.size ?? ZERO,
    collides: false,
    // Unknown until the element is placed in a room and found free.
    lastValidPosition: null,
  } as TreeElement;
}

export interface NewSpace {
  readonly id: string;
  readonly createdAt: number;
  readonly roomSize?: Partial<RoomSize>;
  readonly configurator?: number;
  readonly source?: string;
  readonly productId?: string | null;
  readonly applicationLocationId?: number | null;
}

/** An empty space: the root of every tree. Room defaults 4 × 3 × 3 m, extra ceiling 0.16, pladur. */
export function createSpace(input: NewSpace): ElementTree {
  const props: SpaceProps = {
    config: { roomSize: { ...DEFAULT_ROOM_SIZE, ...input.roomSize } },
    configurator: input.configurator ?? DEFAULT_CONFIGURATOR_ID,
    source: input.source ?? DEFAULT_CONFIGURATOR_SOURCE,
    productId: input.productId ?? null,
  };
  const space = createElement({
    type: 'Space',
    id: input.id,
    createdAt: input.createdAt,
    props,
    applicationLocationId: input.applicationLocationId ?? null,
  });
  return { rootId: space.id, elements: { [space.id]: space }, nextOrderValue: 1 };
}
