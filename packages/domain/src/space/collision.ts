/**
 * Collision of elements in the room (spec configuration-domain §4): axis-aligned boxes checked
 * against the room bounds and against every other element. Boxes that only touch do not collide.
 */
import type { RoomSize } from './room';

export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export interface Box {
  readonly min: Vec3;
  readonly max: Vec3;
}

export const ORIGIN: Vec3 = { x: 0, y: 0, z: 0 };

/** The box of an element centred at `position` with extents `size`. */
export function boxAt(position: Vec3, size: Vec3): Box {
  return {
    min: { x: position.x - size.x / 2, y: position.y - size.y / 2, z: position.z - size.z / 2 },
    max: { x: position.x + size.x / 2, y: position.y + size.y / 2, z: position.z + size.z / 2 },
  };
}

export function isEmptyBox(box: Box): boolean {
  // A box with no extent on two axes or more (a point, a line) takes no room. A flat one — a recessed
  // canopy of zero height (Micro, XXS) — still has a footprint that must stay in the room and clear of
  // the others (issue 27 §2: they passed through walls and each other).
  const flat = [box.max.x <= box.min.x, box.max.y <= box.min.y, box.max.z <= box.min.z].filter(Boolean).length;
  return flat >= 2;
}

/** Two intervals share length; on an axis where either is flat (no extent), they meet (touching counts: a flat box has no inside). */
function axisOverlaps(aMin: number, aMax: number, bMin: number, bMax: number): boolean {
  const t = COLLISION_TOLERANCE;
  if (aMax - aMin <= t || bMax - bMin <= t) return aMin <= bMax + t && bMin <= aMax + t;
  return aMin < bMax - t && bMin < aMax - t;
}

/** Overlaps thinner than this (a micrometre) are floating-point noise of touching faces. */
export const COLLISION_TOLERANCE = 1e-6;

/**
 * True when the boxes share volume (touching faces do not count), or, for a flat box (a zero-height
 * canopy), when its footprint lies across the other box. Symmetric.
 */
export function boxesOverlap(a: Box, b: Box): boolean {
  return axisOverlaps(a.min.x, a.max.x, b.min.x, b.max.x) && axisOverlaps(a.min.y, a.max.y, b.min.y, b.max.y) && axisOverlaps(a.min.z, a.max.z, b.min.z, b.max.z);
}

export function roomBox(room: RoomSize): Box {
  return { min: { x: -room.width / 2, y: 0, z: -room.depth / 2 }, max: { x: room.width / 2, y: room.height, z: room.depth / 2 } };
}

/** True when the box lies within the room (touching the walls is inside). */
export function isInsideRoom(box: Box, room: RoomSize): boolean {
  const r = roomBox(room);
  const t = COLLISION_TOLERANCE;
  return box.min.x >= r.min.x - t && box.min.y >= r.min.y - t && box.min.z >= r.min.z - t && box.max.x <= r.max.x + t && box.max.y <= r.max.y + t && box.max.z <= r.max.z + t;
}

/** A box collides when it leaves the room or overlaps any of `others`. Empty boxes never overlap. */
export function collides(box: Box, room: RoomSize, others: Iterable<Box>): boolean {
  if (!isInsideRoom(box, room)) return true;
  if (isEmptyBox(box)) return false;
  for (const other of others) if (!isEmptyBox(other) && boxesOverlap(box, other)) return true;
  return false;
}
