/**
 * The room of a 3D configurator (spec configuration-domain §3 "Space", §9 "Units and sizes"):
 * a box of width (x) × depth (z) × height (y), in metres, with the false-ceiling gap
 * (`extraCeiling`) and the ceiling material.
 *
 * Coordinates: origin at the centre of the floor, y up; x ∈ [−width/2, width/2],
 * z ∈ [−depth/2, depth/2], y ∈ [0, height].
 */

export type CeilingMaterial = 'pladur' | 'concrete' | 'wood';

export const CEILING_MATERIALS: readonly CeilingMaterial[] = ['pladur', 'concrete', 'wood'];

export interface RoomSize {
  readonly height: number;
  readonly width: number;
  readonly depth: number;
  /** Space above the ceiling board available to a recessed canopy, in metres. */
  readonly extraCeiling: number;
  readonly ceilingMaterial: CeilingMaterial;
}

export const DEFAULT_ROOM_SIZE: RoomSize = { height: 4, width: 3, depth: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur' };

/** Gap kept between a pendant's lowest point and the floor, in metres. */
export const FLOOR_CLEARANCE = 0.1;

/** Default pendant height, in metres. */
export const DEFAULT_PENDANT_HEIGHT = 2;

/** A room with the defaults for every missing field. */
export function roomSize(partial: Partial<RoomSize> = {}): RoomSize {
  return { ...DEFAULT_ROOM_SIZE, ...partial };
}
