/**
 * Between the plan the user draws and the element tree the engine evaluates (issue 16):
 *
 *   Space (configurator 2 DRAWING / 3 NODRAWING, the room)
 *   └ Composition per structure (compositionNumber 1.., in the order of the structures' first segments)
 *     ├ Track per segment (code = stick / strap model, productLength, start / end absolute, centre)
 *     │ └ Light / Counterweight / ElectricalConnection / Reflector per item (relative to the track's centre)
 *     └ Complement (the sticks joint) per node where 2 or more sticks meet
 *
 * Every size is zero: drawing geometry is checked by `checkDrawing`, not by boxes.
 */
import { DomainError } from '../catalogue/domain-error';
import { spaceToJSON } from '../bill-of-materials/space-json';
import type { JsonObject } from '../bill-of-materials/space-migrations';
import { createElement, createSpace } from '../element-tree/element-factory';
import type { NewElement } from '../element-tree/element-factory';
import type { ElementTree, ElementType, TrackElement, TreeElement } from '../element-tree/element.types';
import { getElement, getSpace } from '../element-tree/tree-queries';
import type { Vec3 } from '../space/collision';
import type { RoomSize } from '../space/room';
import { checkDrawing, RESERVED_ID_PREFIX } from './drawing-check';
import { DRAWING_FAMILIES, DRAWING_SUBFAMILY, NODE_TOLERANCE, segmentModelFor } from './drawing-families';
import { distance, drawingNodes, drawingStructures, pointAlong, pointSegmentDistance, roundMicro, segmentLength } from './drawing-geometry';
import type { Drawing, DrawingFamily, DrawingItem, DrawingItemKind, DrawingProblem, DrawingSegment, PlanPoint } from './drawing.types';

/** Configurator ids of the drawn families' spaces (spec §3): DRAWING 2, NODRAWING 3. */
export const DRAWING_CONFIGURATOR = { drawing: 2, noDrawing: 3 } as const;

/** The space's id when the caller gives none. */
export const DEFAULT_DRAWING_SPACE_ID = `${RESERVED_ID_PREFIX}space`;

/** The height of an empty drawing: this far below the ceiling, metres. */
export const DEFAULT_DRAWING_DROP = 0.5;

export interface DrawingToSpaceOptions {
  readonly room: RoomSize;
  readonly configurator: 2 | 3;
  readonly spaceId?: string;
  readonly createdAt: number;
  readonly applicationLocationId: number | null;
}

const ITEM_TYPE: Readonly<Record<DrawingItemKind, ElementType>> = {
  light: 'Light',
  counterweight: 'Counterweight',
  connection: 'ElectricalConnection',
  reflector: 'Reflector',
};

const KIND_OF_TYPE: Readonly<Partial<Record<ElementType, DrawingItemKind>>> = {
  Light: 'light',
  Counterweight: 'counterweight',
  ElectricalConnection: 'connection',
  Reflector: 'reflector',
};

const compositionId = (n: number): string => `${RESERVED_ID_PREFIX}c${n}`;
/** The id of the sticks joint at node `n` of `drawingNodes` (compositions: `~c1`…). */
export const jointId = (node: number): string => `${RESERVED_ID_PREFIX}j${node}`;

function itemProps(drawing: Drawing, item: DrawingItem): Record<string, unknown> {
  const part = DRAWING_FAMILIES[drawing.family].itemModels[item.kind];
  const code = part === null || part === undefined ? item.model : part;
  if (item.kind === 'light') return { code, info: { familyName: '', subfamily: DRAWING_SUBFAMILY[drawing.family] } };
  return { code };
}

/**
 * The saved-space JSON (as `spaceToJSON` writes it) of a valid drawing. Throws DomainError
 * 'DRAWING_INVALID' with the first problem's message when `checkDrawing` finds any. What it writes
 * is what `rebuildSpace(json, { requireCluster: false })` rebuilds unchanged (lights given all their
 * attributes; the engine fills missing ones as in any room).
 */
export function drawingToSpace(drawing: Drawing, options: DrawingToSpaceOptions): JsonObject {
  const problems = checkDrawing(drawing, options.room);
  const [first] = problems;
  if (first) throw new DomainError('DRAWING_INVALID', first.message);
  return spaceToJSON(drawingTree(drawing, options));
}

/** The element tree of a drawing (no check: `drawingToSpace` checks first). */
export function drawingTree(drawing: Drawing, options: DrawingToSpaceOptions): ElementTree {
  const spec = DRAWING_FAMILIES[drawing.family];
  const spaceId = options.spaceId ?? DEFAULT_DRAWING_SPACE_ID;
  const base = createSpace({
    id: spaceId,
    createdAt: options.createdAt,
    roomSize: options.room,
    configurator: options.configurator,
    applicationLocationId: options.applicationLocationId,
  });
  const elements: Record<string, TreeElement> = Object.create(null) as Record<string, TreeElement>;
  const space = getElement(base, spaceId);
  const spaceChildren: string[] = [];
  let order = base.nextOrderValue;
  const add = (parent: string, input: Omit<NewElement, 'createdAt' | 'elementOrderValue' | 'applicationLocationId'>): TreeElement => {
    // Fields named one by one: spreading inputs of many shapes was most of this function's time.
    const made = createElement({
      type: input.type,
      id: input.id,
      createdAt: options.createdAt,
      elementOrderValue: order++,
      applicationLocationId: options.applicationLocationId,
      ...(input.props === undefined ? {} : { props: input.props }),
      ...(input.attributes === undefined ? {} : { attributes: input.attributes }),
      ...(input.position === undefined ? {} : { position: input.position }),
    } as NewElement);
    const placed = { ...made, parent, lastValidPosition: made.position } as TreeElement;
    elements[placed.id] = placed;
    return placed;
  };
  const h = drawing.height;
  const nodes = drawingNodes(drawing.segments);
  const structures = drawingStructures(nodes);
  const itemsOf = new Map<string, DrawingItem[]>();
  for (const item of drawing.items) {
    const list = itemsOf.get(item.segmentId) ?? [];
    list.push(item);
    itemsOf.set(item.segmentId, list);
  }
  const count = structures.reduce((m, s) => Math.max(m, s + 1), 0);
  const segmentsOf: number[][] = Array.from({ length: count }, () => []);
  structures.forEach((s, i) => (segmentsOf[s] as number[]).push(i));
  const jointsOf: number[][] = Array.from({ length: count }, () => []);
  if (spec.jointModel !== null) {
    nodes.segmentsAt.forEach((at, n) => {
      if (at.length >= 2) (jointsOf[structures[at[0] as number] as number] as number[]).push(n);
    });
  }
  for (let s = 0; s < count; s++) {
    const composition = add(spaceId, { type: 'Composition', id: compositionId(s + 1), props: { compositionNumber: s + 1, rules: [] } });
    spaceChildren.push(composition.id);
    const children: string[] = [];
    for (const i of segmentsOf[s] as number[]) {
      const segment = drawing.segments[i] as DrawingSegment;
      const length = segmentLength(segment);
      const centre = { x: (segment.from.x + segment.to.x) / 2, y: h, z: (segment.from.z + segment.to.z) / 2 };
      const track = add(composition.id, {
        type: 'Track',
        id: segment.id,
        props: {
          code: segmentModelFor(drawing.family, length) ?? '',
          installation: segment.attributes.installation ?? '10',
          productLength: roundMicro(length),
          start: { x: segment.from.x, y: h, z: segment.from.z },
          end: { x: segment.to.x, y: h, z: segment.to.z },
        },
        attributes: segment.attributes,
        position: centre,
      });
      children.push(track.id);
      const trackChildren: string[] = [];
      for (const item of itemsOf.get(segment.id) ?? []) {
        const at = pointAlong(segment, item.offset);
        const made = add(track.id, {
          type: ITEM_TYPE[item.kind],
          id: item.id,
          props: itemProps(drawing, item) as never,
          attributes: item.attributes,
          position: { x: at.x - centre.x, y: 0, z: at.z - centre.z },
        });
        trackChildren.push(made.id);
      }
      elements[track.id] = { ...track, children: trackChildren } as TreeElement;
    }
    for (const n of jointsOf[s] as number[]) {
      const p = nodes.points[n] as PlanPoint;
      const joint = add(composition.id, { type: 'Complement', id: jointId(n), props: { code: spec.jointModel as string }, position: { x: p.x, y: h, z: p.z } });
      children.push(joint.id);
    }
    elements[composition.id] = { ...composition, children } as TreeElement;
  }
  elements[spaceId] = { ...space, children: spaceChildren } as TreeElement;
  return { rootId: spaceId, elements: { ...elements }, nextOrderValue: order };
}

interface Placed {
  readonly element: TreeElement;
  /** World position of the element. */
  readonly world: Vec3;
}

/** Every element below the space with its world position, parents before children. */
function placedElements(tree: ElementTree): Placed[] {
  const out: Placed[] = [];
  const space = getElement(tree, tree.rootId);
  const stack: { id: string; origin: Vec3 }[] = [...space.children].reverse().map((id) => ({ id, origin: space.position }));
  while (stack.length > 0) {
    const { id, origin } = stack.pop() as { id: string; origin: Vec3 };
    const e = getElement(tree, id);
    const world = { x: origin.x + e.position.x, y: origin.y + e.position.y, z: origin.z + e.position.z };
    out.push({ element: e, world });
    for (let i = e.children.length - 1; i >= 0; i--) stack.push({ id: e.children[i] as string, origin: world });
  }
  return out;
}

/** A track's ends: its `start` / `end`, or (a track saved without them) its length along x about its centre. */
function trackEnds(track: TrackElement, world: Vec3): { from: Vec3; to: Vec3 } {
  if (track.props.start && track.props.end) return { from: track.props.start, to: track.props.end };
  const half = track.props.productLength / 2;
  return { from: { ...world, x: world.x - half }, to: { ...world, x: world.x + half } };
}

function offsetAlong(from: PlanPoint, to: PlanPoint, p: PlanPoint): number {
  const length = distance(from, to);
  if (length === 0) return 0;
  return roundMicro(((p.x - from.x) * (to.x - from.x) + (p.z - from.z) * (to.z - from.z)) / length);
}

const plan = (v: Vec3): PlanPoint => ({ x: v.x, z: v.z });

/**
 * Reads a drawing back from its element tree: every Track is a segment (ids, ends, attributes), every
 * Light / Counterweight / ElectricalConnection / Reflector under a track an item (offset along the
 * track, model = its code). Joints and anything else are the engine's, not the drawing's.
 */
export function spaceToDrawing(space: ElementTree, family: DrawingFamily): Drawing {
  const segments: DrawingSegment[] = [];
  const items: DrawingItem[] = [];
  const ends = new Map<string, { from: Vec3; to: Vec3 }>();
  let height: number | null = null;
  for (const { element: e, world } of placedElements(space)) {
    if (e.type === 'Track') {
      const te = trackEnds(e, world);
      ends.set(e.id, te);
      height ??= te.from.y;
      segments.push({ id: e.id, from: plan(te.from), to: plan(te.to), attributes: e.attributes });
      continue;
    }
    const kind = KIND_OF_TYPE[e.type];
    const parent = e.parent === null ? undefined : ends.get(e.parent);
    if (kind === undefined || parent === undefined || e.parent === null) continue;
    const code = (e.props as { readonly code?: string }).code ?? '';
    items.push({ id: e.id, kind, segmentId: e.parent, offset: offsetAlong(plan(parent.from), plan(parent.to), plan(world)), model: code, attributes: e.attributes });
  }
  const room = getSpace(space).props.config.roomSize;
  return { family, height: height ?? Math.max(0, room.height - DEFAULT_DRAWING_DROP), segments, items };
}

const TRACK_ITEM_TYPES = new Set<ElementType>(['Light', 'Counterweight', 'ElectricalConnection', 'Reflector']);

function problem(code: DrawingProblem['code'], elementId: string, message: string): DrawingProblem {
  return { code, elementId, message };
}

/**
 * The problems of a rebuilt space of a drawn family (the server's check after `rebuildSpace`): the
 * drawing read back must pass `checkDrawing`, and the tree must be what `drawingToSpace` makes of it —
 * only compositions under the space; tracks and (sticks) joints under compositions; items under
 * tracks, on them, with the family's part models; each track's model, length, centre and level
 * matching its ends; each composition one whole structure; one joint at each node where 2 or more
 * sticks meet. Anything else is ITEM_NOT_ALLOWED naming the element (a missing joint: its composition).
 */
export function checkDrawingSpace(tree: ElementTree, family: DrawingFamily): DrawingProblem[] {
  const spec = DRAWING_FAMILIES[family];
  const drawing = spaceToDrawing(tree, family);
  const room = getSpace(tree).props.config.roomSize;
  const out: DrawingProblem[] = [];
  const placed = placedElements(tree);
  const worldOf = new Map(placed.map((p) => [p.element.id, p.world]));
  const structural: DrawingProblem[] = [];
  for (const { element: e, world } of placed) {
    const parent = e.parent === null ? undefined : getElement(tree, e.parent);
    const parentType = parent?.type;
    const allowed =
      (e.type === 'Composition' && parentType === 'Space') ||
      (e.type === 'Track' && parentType === 'Composition') ||
      (e.type === 'Complement' && parentType === 'Composition' && spec.jointModel !== null) ||
      (TRACK_ITEM_TYPES.has(e.type) && parentType === 'Track');
    if (!allowed) {
      structural.push(problem('ITEM_NOT_ALLOWED', e.id, `A ${family} drawing holds no ${e.type} under ${parentType ?? 'nothing'} (${e.id})`));
      continue;
    }
    if (e.type === 'Track') {
      const te = trackEnds(e, world);
      const length = distance(plan(te.from), plan(te.to));
      const model = segmentModelFor(family, length);
      const centre = { x: (te.from.x + te.to.x) / 2, y: te.from.y, z: (te.from.z + te.to.z) / 2 };
      const level = Math.abs(te.from.y - drawing.height) <= NODE_TOLERANCE && Math.abs(te.to.y - drawing.height) <= NODE_TOLERANCE;
      const fits = Math.abs(e.props.productLength - length) <= NODE_TOLERANCE && distance(plan(centre), plan(world)) <= NODE_TOLERANCE && Math.abs(world.y - centre.y) <= NODE_TOLERANCE;
      if ((model !== null && e.props.code !== model) || !level || !fits) {
        structural.push(problem('SEGMENT_LENGTH', e.id, `Track ${e.id} (model ${e.props.code}, ${e.props.productLength} m) does not match its ends: ${length.toFixed(3)} m at ${drawing.height} m is model ${model ?? 'none'}`));
      }
    }
    if (TRACK_ITEM_TYPES.has(e.type) && e.parent !== null) {
      const kind = KIND_OF_TYPE[e.type] as DrawingItemKind;
      const part = spec.itemModels[kind];
      const code = (e.props as { readonly code?: string }).code;
      if (part !== undefined && part !== null && code !== part) {
        structural.push(problem('ITEM_NOT_ALLOWED', e.id, `${e.type} ${e.id} is model ${code ?? ''}: a ${family} ${kind} is ${part}`));
      }
      const track = getElement(tree, e.parent) as TrackElement;
      const te = trackEnds(track, worldOf.get(track.id) as Vec3);
      if (pointSegmentDistance(plan(world), plan(te.from), plan(te.to)) > NODE_TOLERANCE || Math.abs(world.y - te.from.y) > NODE_TOLERANCE) {
        structural.push(problem('ITEM_OFF_SEGMENT', e.id, `${e.type} ${e.id} is not on track ${track.id}`));
      }
    }
  }
  // Compositions against structures, joints against nodes.
  const nodes = drawingNodes(drawing.segments);
  const structures = drawingStructures(nodes);
  const compositionOfStructure = new Map<number, string>();
  drawing.segments.forEach((segment, i) => {
    const composition = getElement(tree, segment.id).parent as string;
    const s = structures[i] as number;
    const held = compositionOfStructure.get(s);
    if (held === undefined) {
      if ([...compositionOfStructure.values()].includes(composition)) {
        structural.push(problem('ITEM_NOT_ALLOWED', segment.id, `Track ${segment.id} is not connected to the other tracks of composition ${composition}: one composition per structure`));
      }
      compositionOfStructure.set(s, composition);
    } else if (held !== composition) {
      structural.push(problem('ITEM_NOT_ALLOWED', segment.id, `Track ${segment.id} belongs to the structure of composition ${held}, not ${composition}`));
    }
  });
  if (spec.jointModel !== null) {
    const wanted = new Map<number, PlanPoint>();
    nodes.segmentsAt.forEach((at, n) => {
      if (at.length >= 2) wanted.set(n, nodes.points[n] as PlanPoint);
    });
    const jointed = new Set<number>();
    for (const { element: e, world } of placed) {
      if (e.type !== 'Complement' || e.parent === null || getElement(tree, e.parent).type !== 'Composition') continue;
      let match: number | undefined;
      for (const [n, p] of wanted) if (!jointed.has(n) && distance(p, plan(world)) < NODE_TOLERANCE) match = n;
      if (e.props.code !== spec.jointModel || match === undefined || Math.abs(world.y - drawing.height) > NODE_TOLERANCE) {
        structural.push(problem('ITEM_NOT_ALLOWED', e.id, `Complement ${e.id} is not a ${spec.jointModel} joint at a point where sticks meet`));
      } else {
        jointed.add(match);
      }
    }
    for (const [n, p] of wanted) {
      if (jointed.has(n)) continue;
      const at = nodes.segmentsAt[n] as number[];
      const segment = drawing.segments[at[0] as number] as DrawingSegment;
      const composition = getElement(tree, segment.id).parent as string;
      structural.push(problem('ITEM_NOT_ALLOWED', composition, `Composition ${composition} lacks the ${spec.jointModel} joint at (${p.x}, ${p.z})`));
    }
  }
  const seen = new Set<string>();
  for (const x of [...checkDrawing(drawing, room), ...structural]) {
    const key = `${x.code}|${x.elementId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(x);
  }
  return out;
}
