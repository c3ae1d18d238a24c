/**
 * The element tree of a 3D configurator (spec configuration-domain §3 "Element tree"): immutable
 * data, normalised by id so that an operation copies only what it changes (Redux on the web, plain
 * functions in the api). Every operation is a pure function: tree in, new tree out.
 */
import type { AttributeKey } from '../catalogue/catalogue.types';
import type { RuleSet } from '../rules/rule.types';
import type { RoomSize } from '../space/room';
import type { Vec3 } from '../space/collision';

export const ELEMENT_TYPES = [
  'Space',
  'Group',
  'Cluster',
  'Pendant',
  'Light',
  'Composition',
  'Complement',
  'Track',
  'ElectricalConnection',
  'Reflector',
  'Counterweight',
] as const;

export type ElementType = (typeof ELEMENT_TYPES)[number];

export function isElementType(value: unknown): value is ElementType {
  return typeof value === 'string' && (ELEMENT_TYPES as readonly string[]).includes(value);
}

/** Attribute values of an element: the modifier codes (pendantHeight in centimetres, as text). */
export type ElementAttributes = Readonly<Partial<Record<AttributeKey, string>>>;

export interface LocalizedLevel {
  readonly id: number;
  readonly order: number;
  readonly description: Readonly<Partial<Record<'en' | 'us' | 'fr' | 'de' | 'it' | 'es', string>>>;
}

export interface LightingEffect {
  readonly lvl1?: LocalizedLevel;
  readonly lvl2?: LocalizedLevel;
  readonly lvl3?: LocalizedLevel;
}

export interface RenderAttributes {
  readonly scale: number;
  readonly intensity: number;
  readonly decay: number;
  readonly penumbra: number;
}

export const DEFAULT_RENDER_ATTRIBUTES: RenderAttributes = { scale: 1, intensity: 2, decay: 2, penumbra: 1 };

export interface LightProps {
  /** The model code (4 characters) of the luminaire. */
  readonly code: string;
  readonly info: { readonly familyName: string; readonly subfamily: number | null };
  readonly renderAttributes: RenderAttributes;
  readonly technicalData: { readonly watts: number; readonly lumens: number };
  readonly origin: Vec3;
  readonly lightingEffect: LightingEffect | null;
}

export interface PendantProps {
  /** Drop from the ceiling to the lowest point of the hanging body, metres. */
  readonly pendantHeight: number;
  /** Height of the hanging body: the shortest drop possible, metres. */
  readonly positionOffset: number;
  /** Derived: pendantHeight − positionOffset (never negative). */
  readonly wireLength: number;
}

export interface ClusterProps {
  /** The cluster's installation is its `attributes.installation`; `tension` is the wire tension. */
  readonly tension: number;
}

export interface CompositionProps {
  readonly compositionNumber: number;
  /** Rule sets that apply inside this composition (data, see rules). */
  readonly rules: readonly RuleSet[];
}

export interface SpaceProps {
  readonly config: { readonly roomSize: RoomSize };
  /** Configurator id (CREA 1 … ATTRIBUTES_CONFIGURATOR 6); default EXPRESS 4. */
  readonly configurator: number;
  readonly source: string;
  readonly productId: string | null;
}

export interface TrackProps {
  readonly code: string;
  readonly installation: string;
  /** Metres. */
  readonly productLength: number;
  /** Drawings (issue 16): the track's ends in the room, absolute (y = the drawing's height); null elsewhere. */
  readonly start: Vec3 | null;
  readonly end: Vec3 | null;
}

export interface ElectricalConnectionProps {
  readonly code: string;
  readonly installation: string;
  readonly control: string;
  readonly watts: number;
}

export interface CodeProps {
  readonly code: string;
}

export interface GroupProps {
  readonly name: string;
}

export interface PropsByType {
  readonly Space: SpaceProps;
  readonly Group: GroupProps;
  readonly Cluster: ClusterProps;
  readonly Pendant: PendantProps;
  readonly Light: LightProps;
  readonly Composition: CompositionProps;
  readonly Complement: CodeProps;
  readonly Track: TrackProps;
  readonly ElectricalConnection: ElectricalConnectionProps;
  readonly Reflector: CodeProps;
  readonly Counterweight: CodeProps;
}

export interface ElementOf<T extends ElementType> {
  readonly id: string;
  readonly type: T;
  readonly parent: string | null;
  readonly children: readonly string[];
  readonly props: PropsByType[T];
  readonly attributes: ElementAttributes;
  readonly elementOrderValue: number;
  /** Creation timestamp, milliseconds since the epoch (given by the caller: the domain reads no clock). */
  readonly createdAt: number;
  readonly applicationLocationId: number | null;
  /** Centre of the element's box in the room, metres. */
  readonly position: Vec3;
  /** Extents of the element's box; zero on any axis means it takes no room (groups, compositions). */
  readonly size: Vec3;
  readonly collides: boolean;
  /** The last position where the element did not collide. */
  readonly lastValidPosition: Vec3 | null;
}

export type SpaceElement = ElementOf<'Space'>;
export type GroupElement = ElementOf<'Group'>;
export type ClusterElement = ElementOf<'Cluster'>;
export type PendantElement = ElementOf<'Pendant'>;
export type LightElement = ElementOf<'Light'>;
export type CompositionElement = ElementOf<'Composition'>;
export type ComplementElement = ElementOf<'Complement'>;
export type TrackElement = ElementOf<'Track'>;
export type ElectricalConnectionElement = ElementOf<'ElectricalConnection'>;
export type ReflectorElement = ElementOf<'Reflector'>;
export type CounterweightElement = ElementOf<'Counterweight'>;

export type TreeElement = { [T in ElementType]: ElementOf<T> }[ElementType];

export interface ElementTree {
  /** Id of the Space element at the root. */
  readonly rootId: string;
  readonly elements: Readonly<Record<string, TreeElement>>;
  /** The elementOrderValue the next added element gets when none is given. */
  readonly nextOrderValue: number;
}

/** Element types that hold children. */
export const CONTAINER_TYPES: readonly ElementType[] = ['Space', 'Group', 'Cluster', 'Pendant', 'Composition', 'Track'];

/** Element types that carry an article (a model code in props.code). */
export const ARTICLE_TYPES: readonly ElementType[] = ['Light', 'Complement', 'Track', 'ElectricalConnection', 'Reflector', 'Counterweight'];
