/**
 * Drawings (issue 16): sticks (subfamily 219) and plusminus (225) are drawn on a plan of the ceiling.
 * A drawing is the plan the user edits; the engine's element tree (a Space) is what is evaluated,
 * priced, saved and exported. `drawingToSpace` and `spaceToDrawing` go between the two.
 *
 * Plan coordinates are metres with the room's centre at 0: x across the room's width, z across its
 * depth (the room's own axes, so a plan point is the x and z of an element's position).
 */
import type { ElementAttributes } from '../element-tree/element.types';

export type DrawingFamily = 'sticks' | 'plusminus';

/** A point on the ceiling plan, metres. */
export interface PlanPoint {
  readonly x: number;
  readonly z: number;
}

/**
 * A straight piece of the structure between two plan points. Sticks: one stick, a lit aluminium
 * profile whose length is one of the family's stick lengths (its model follows from the length).
 * Plusminus: one textile strap, cut from the shortest strap article at least as long.
 */
export interface DrawingSegment {
  readonly id: string;
  readonly from: PlanPoint;
  readonly to: PlanPoint;
  /** Sticks: finish, ledColourTemp, control of the stick. Plusminus: finish of the strap. */
  readonly attributes: ElementAttributes;
}

/**
 * What hangs along a segment. Sticks take connections only (the sticks are the lights). Plusminus:
 * lights (a model of the family), counterweights that keep a strap taut, the electrical connection
 * that feeds a structure, and reflectors (each at the offset of a light on the same segment).
 */
export type DrawingItemKind = 'light' | 'counterweight' | 'connection' | 'reflector';

export interface DrawingItem {
  readonly id: string;
  readonly kind: DrawingItemKind;
  readonly segmentId: string;
  /** Metres from the segment's `from`, along it. */
  readonly offset: number;
  /** Lights: the light's model; other kinds: the family's part for that kind (filled by the engine). */
  readonly model: string;
  /** Lights: finish, ledColourTemp, control; others: none. */
  readonly attributes: ElementAttributes;
}

export interface Drawing {
  readonly family: DrawingFamily;
  /** Height of the structure above the floor, metres. */
  readonly height: number;
  readonly segments: readonly DrawingSegment[];
  readonly items: readonly DrawingItem[];
}

/** A problem of a drawing; `elementId` names the segment or item at fault. Codes are the api's 400 codes. */
export type DrawingProblemCode =
  | 'SEGMENT_ZERO_LENGTH'
  | 'SEGMENT_LENGTH'
  | 'SEGMENTS_CROSS'
  | 'UNSUPPORTED_ANGLE'
  | 'TOO_MANY_AT_JOINT'
  | 'OUT_OF_ROOM'
  | 'TOO_MANY_ELEMENTS'
  | 'TOO_MANY_ON_SEGMENT'
  | 'ITEM_OFF_SEGMENT'
  | 'ITEM_NOT_ALLOWED'
  | 'UNKNOWN_SEGMENT'
  | 'NO_CONNECTION'
  | 'TOO_MANY_CONNECTIONS'
  | 'REFLECTOR_WITHOUT_LIGHT';

export interface DrawingProblem {
  readonly code: DrawingProblemCode;
  readonly elementId: string;
  /** English, for logs and the api's message; the web shows its own translation by code. */
  readonly message: string;
}

/** A point in the room, metres (y up from the floor). */
export interface ModelPoint {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/**
 * One solid of a drawing's 3D model, as plain data: the web's preview and the api's exports (glTF, OBJ,
 * STL) build their meshes from the same parts. Beams and cables run from `from` to `to`; cylinders and
 * spheres sit at `centre` (a cylinder stands upright, `length` tall).
 */
export interface ModelPart {
  readonly id: string;
  /** The element of the tree the part shows (a track, a light…). */
  readonly elementId: string;
  readonly shape: 'beam' | 'cable' | 'cylinder' | 'sphere';
  readonly from?: ModelPoint;
  readonly to?: ModelPoint;
  readonly centre?: ModelPoint;
  readonly radius: number;
  readonly length?: number;
  /** '#rrggbb' */
  readonly colour: string;
  readonly material: 'metal' | 'textile' | 'glass' | 'emitter';
}

/** The plan of a drawing for the SVG and DXF files: its segments and where its items sit. */
export interface PlanOutline {
  readonly segments: readonly { readonly id: string; readonly from: PlanPoint; readonly to: PlanPoint; readonly length: number }[];
  readonly items: readonly { readonly id: string; readonly kind: DrawingItemKind; readonly at: PlanPoint }[];
}
