/**
 * A drawing's 3D model as plain data (`drawingParts`), for the web's preview and the api's exports
 * (glTF, OBJ, STL), and its plan (`planOutline`) for the SVG and DXF files. Room coordinates: metres,
 * y up from the floor, x and z those of the plan.
 *
 * Sticks: a metal beam per stick with its light strip (emitter) underneath, a suspension cable from
 * each node up to the ceiling, the connection's canopy on the ceiling with its cable down.
 * Plusminus: a textile cable per strap; each light hangs 0.30 m below its strap on a cable (a
 * cylinder, or a sphere for the globe models 7450 / 7455) with its emitter underneath; a reflector is
 * a wider flat cylinder just above its light; counterweights are small spheres under the strap; the
 * connection is a canopy on the ceiling with a cable down to the strap.
 */
import type { RoomSize } from '../space/room';
import { LENGTH_TOLERANCE } from './drawing-families';
import { DEFAULT_DRAWING_DROP, jointId } from './drawing-space';
import { drawingNodes, pointAlong, roundMicro, segmentLength } from './drawing-geometry';
import type { Drawing, DrawingItem, DrawingSegment, ModelPart, ModelPoint, PlanOutline, PlanPoint } from './drawing.types';

/**
 * Colours of the finish codes, the catalogue's own swatches (its finish attribute's thumbnail: 10 is
 * white RAL 9016, 05 black RAL 9005; issue 28 §4: the two were swapped, so black sticks came out white
 * and white plusminus black); any other finish is a neutral grey. The api's makers test checks this
 * table against the catalogue.
 */
export const FINISH_COLOURS: Readonly<Record<string, string>> = {
  '10': '#f4f4f0',
  '05': '#16161a',
  '18': '#474a51',
  '20': '#e8dfc8',
  '23': '#c6846d',
  '37': '#89a57a',
  '58': '#a98b4f',
  '60': '#cbd0cc',
  A1: '#b5b8bb',
};
export const DEFAULT_FINISH_COLOUR = '#9a9a9a';
/** Warm white, the colour of every emitter. */
export const EMITTER_COLOUR = '#ffe4b5';
/** Steel of the suspension cables. */
const CABLE_COLOUR = '#8a8f94';

export function finishColour(finish: string | undefined): string {
  return finish !== undefined && Object.hasOwn(FINISH_COLOURS, finish) ? (FINISH_COLOURS[finish] as string) : DEFAULT_FINISH_COLOUR;
}

/** Sizes of the parts, metres. */
export const PART_SIZES = {
  /** The sticks' section is the catalogue's: 35 mm (7460). */
  stickRadius: 0.0175,
  stripRadius: 0.006,
  strapRadius: 0.006,
  suspensionRadius: 0.001,
  canopyRadius: 0.06,
  canopyHeight: 0.025,
  lightDrop: 0.3,
  lightRadius: 0.04,
  lightHeight: 0.12,
  globeRadius: 0.06,
  emitterHeight: 0.004,
  reflectorRadius: 0.1,
  reflectorHeight: 0.01,
  counterweightRadius: 0.03,
} as const;

/** Globe models: their light is a sphere. */
const GLOBES = new Set(['7450', '7455']);

const at = (p: PlanPoint, y: number): ModelPoint => ({ x: roundMicro(p.x), y: roundMicro(y), z: roundMicro(p.z) });

/**
 * The solids of a drawing. The ceiling is the room's height when given, else half a metre above
 * the structure. Items naming no segment of the drawing are left out.
 */
export function drawingParts(drawing: Drawing, room?: Pick<RoomSize, 'height'>): ModelPart[] {
  const h = drawing.height;
  const ceiling = room?.height ?? h + DEFAULT_DRAWING_DROP;
  const S = PART_SIZES;
  const parts: ModelPart[] = [];
  const segments = new Map<string, DrawingSegment>(drawing.segments.map((s) => [s.id, s]));
  const canopy = (item: DrawingItem, p: PlanPoint, colour: string): void => {
    parts.push({ id: `${item.id}:canopy`, elementId: item.id, shape: 'cylinder', centre: at(p, ceiling - S.canopyHeight / 2), radius: S.canopyRadius, length: S.canopyHeight, colour, material: 'metal' });
    parts.push({ id: `${item.id}:cable`, elementId: item.id, shape: 'cable', from: at(p, ceiling - S.canopyHeight), to: at(p, h), radius: S.suspensionRadius, length: roundMicro(ceiling - S.canopyHeight - h), colour: CABLE_COLOUR, material: 'metal' });
  };

  if (drawing.family === 'sticks') {
    for (const s of drawing.segments) {
      const colour = finishColour(s.attributes.finish);
      const length = roundMicro(segmentLength(s));
      parts.push({ id: `${s.id}:beam`, elementId: s.id, shape: 'beam', from: at(s.from, h), to: at(s.to, h), radius: S.stickRadius, length, colour, material: 'metal' });
      // the light strip inside the stick's section, along its underside (the stick stays 35 mm)
      const below = h - S.stickRadius + S.stripRadius;
      parts.push({ id: `${s.id}:strip`, elementId: s.id, shape: 'beam', from: at(s.from, below), to: at(s.to, below), radius: S.stripRadius, length, colour: EMITTER_COLOUR, material: 'emitter' });
    }
    const nodes = drawingNodes(drawing.segments);
    nodes.points.forEach((p, n) => {
      const at0 = nodes.segmentsAt[n] as number[];
      const elementId = at0.length >= 2 ? jointId(n) : (drawing.segments[at0[0] as number] as DrawingSegment).id;
      parts.push({ id: `~node${n}:suspension`, elementId, shape: 'cable', from: at(p, h + S.stickRadius), to: at(p, ceiling), radius: S.suspensionRadius, length: roundMicro(ceiling - h - S.stickRadius), colour: CABLE_COLOUR, material: 'metal' });
    });
    for (const item of drawing.items) {
      const s = segments.get(item.segmentId);
      if (!s || item.kind !== 'connection') continue;
      canopy(item, pointAlong(s, item.offset), finishColour(s.attributes.finish));
    }
    return parts;
  }

  for (const s of drawing.segments) {
    parts.push({ id: `${s.id}:strap`, elementId: s.id, shape: 'cable', from: at(s.from, h), to: at(s.to, h), radius: S.strapRadius, length: roundMicro(segmentLength(s)), colour: finishColour(s.attributes.finish), material: 'textile' });
  }
  const lightsOf = new Map<string, DrawingItem[]>();
  for (const item of drawing.items) if (item.kind === 'light') lightsOf.set(item.segmentId, [...(lightsOf.get(item.segmentId) ?? []), item]);
  for (const item of drawing.items) {
    const s = segments.get(item.segmentId);
    if (!s) continue;
    const p = pointAlong(s, item.offset);
    const top = h - S.lightDrop;
    switch (item.kind) {
      case 'light': {
        const colour = finishColour(item.attributes.finish);
        parts.push({ id: `${item.id}:cable`, elementId: item.id, shape: 'cable', from: at(p, h), to: at(p, top), radius: S.suspensionRadius, length: S.lightDrop, colour: CABLE_COLOUR, material: 'metal' });
        if (GLOBES.has(item.model)) {
          parts.push({ id: `${item.id}:body`, elementId: item.id, shape: 'sphere', centre: at(p, top - S.globeRadius), radius: S.globeRadius, colour, material: 'glass' });
          parts.push({ id: `${item.id}:emitter`, elementId: item.id, shape: 'sphere', centre: at(p, top - S.globeRadius), radius: S.globeRadius / 2, colour: EMITTER_COLOUR, material: 'emitter' });
        } else {
          parts.push({ id: `${item.id}:body`, elementId: item.id, shape: 'cylinder', centre: at(p, top - S.lightHeight / 2), radius: S.lightRadius, length: S.lightHeight, colour, material: 'metal' });
          parts.push({ id: `${item.id}:emitter`, elementId: item.id, shape: 'cylinder', centre: at(p, top - S.lightHeight - S.emitterHeight / 2), radius: S.lightRadius * 0.85, length: S.emitterHeight, colour: EMITTER_COLOUR, material: 'emitter' });
        }
        break;
      }
      case 'reflector': {
        // Just above the light it sits at (its finish, else the light's).
        const light = (lightsOf.get(item.segmentId) ?? []).find((l) => Math.abs(l.offset - item.offset) <= LENGTH_TOLERANCE + 1e-6);
        const colour = finishColour(item.attributes.finish ?? light?.attributes.finish);
        parts.push({ id: `${item.id}:body`, elementId: item.id, shape: 'cylinder', centre: at(p, top + S.reflectorHeight / 2), radius: S.reflectorRadius, length: S.reflectorHeight, colour, material: 'metal' });
        break;
      }
      case 'counterweight':
        parts.push({ id: `${item.id}:body`, elementId: item.id, shape: 'sphere', centre: at(p, h - S.strapRadius - S.counterweightRadius), radius: S.counterweightRadius, colour: finishColour(s.attributes.finish), material: 'metal' });
        break;
      case 'connection':
        canopy(item, p, finishColour(s.attributes.finish));
        break;
    }
  }
  return parts;
}

/** The plan of a drawing: its segments with their lengths, and where each item sits (items naming no segment are left out). */
export function planOutline(drawing: Drawing): PlanOutline {
  const segments = new Map<string, DrawingSegment>(drawing.segments.map((s) => [s.id, s]));
  return {
    segments: drawing.segments.map((s) => ({ id: s.id, from: s.from, to: s.to, length: roundMicro(segmentLength(s)) })),
    items: drawing.items.flatMap((item) => {
      const s = segments.get(item.segmentId);
      if (!s) return [];
      const p = pointAlong(s, item.offset);
      return [{ id: item.id, kind: item.kind, at: { x: roundMicro(p.x), z: roundMicro(p.z) } }];
    }),
  };
}
