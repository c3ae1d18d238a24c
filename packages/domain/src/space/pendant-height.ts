/**
 * Pendant height in a room (spec configuration-domain §5 "Space rules"): at most room height − 0.1
 * and not below the element's position offset; otherwise clamped. Default 2 m. Metres throughout.
 *
 * The pendant height is the drop from the ceiling to the lowest point of the hanging body; the
 * position offset is the body's own height (the shortest possible drop). The wire is the rest.
 */
import { DEFAULT_PENDANT_HEIGHT, FLOOR_CLEARANCE } from './room';

export interface PendantHeightBounds {
  readonly roomHeight: number;
  readonly positionOffset: number;
}

export function maxPendantHeight(roomHeight: number): number {
  return roomHeight - FLOOR_CLEARANCE;
}

/**
 * Clamps to [positionOffset, roomHeight − 0.1]. When the body is taller than the room allows,
 * the room wins (the pendant must not reach the floor). A missing or non-finite height is the default.
 */
export function clampPendantHeight(height: number | undefined, bounds: PendantHeightBounds): number {
  const value = height === undefined || !Number.isFinite(height) ? DEFAULT_PENDANT_HEIGHT : height;
  const max = maxPendantHeight(bounds.roomHeight);
  return Math.min(Math.max(value, bounds.positionOffset), max);
}

/** The wire between the ceiling and the hanging body, never negative. */
export function wireLength(pendantHeight: number, positionOffset: number): number {
  return Math.max(0, pendantHeight - positionOffset);
}

/** Attribute values are in centimetres; the room works in metres. */
export function centimetresToMetres(cm: number): number {
  return cm / 100;
}
