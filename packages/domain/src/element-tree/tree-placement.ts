/**
 * Placing elements in the room (spec §4): on every move the element's box (and those of what it
 * carries) is checked against the room bounds and every other element; the `collides` flag is set
 * and the last valid position is remembered only when there is no collision.
 */
import { boxAt, collides, isEmptyBox } from '../space/collision';
import type { Box, Vec3 } from '../space/collision';
import type { TreeElement, ElementTree } from './element.types';
import { descendants, getElement, roomOf, withElements } from './tree-queries';

/**
 * World boxes of every element, computed in one walk (positions are relative to the parent).
 * `override` stands in for the element of the same id (a position being tried, not yet stored).
 */
export function worldBoxes(tree: ElementTree, override?: TreeElement): Map<string, Box> {
  const boxes = new Map<string, Box>();
  const stack: { id: string; ox: number; oy: number; oz: number }[] = [{ id: tree.rootId, ox: 0, oy: 0, oz: 0 }];
  while (stack.length > 0) {
    const { id, ox, oy, oz } = stack.pop() as { id: string; ox: number; oy: number; oz: number };
    const e = override !== undefined && override.id === id ? override : getElement(tree, id);
    const p = { x: ox + e.position.x, y: oy + e.position.y, z: oz + e.position.z };
    if (id !== tree.rootId) boxes.set(id, boxAt(p, e.size));
    for (const c of e.children) stack.push({ id: c, ox: p.x, oy: p.y, oz: p.z });
  }
  return boxes;
}

/**
 * True when the element (or anything it carries) leaves the room or overlaps an element outside
 * its own chain (its ancestors hold it, its descendants hang from it: those never collide with it).
 */
export function elementCollides(tree: ElementTree, id: string, boxes: Map<string, Box> = worldBoxes(tree)): boolean {
  return collidesWith(tree, id, boxes);
}

function collidesWith(tree: ElementTree, id: string, boxes: Map<string, Box>): boolean {
  const room = roomOf(tree);
  const moving = [getElement(tree, id), ...descendants(tree, id)];
  const chain = new Set(moving.map((e) => e.id));
  let a: TreeElement | undefined = getElement(tree, id);
  while (a && a.parent !== null) {
    chain.add(a.parent);
    a = getElement(tree, a.parent);
  }
  const others: Box[] = [];
  for (const [otherId, box] of boxes) if (!chain.has(otherId) && !isEmptyBox(box)) others.push(box);
  for (const m of moving) {
    const box = boxes.get(m.id);
    if (!box || isEmptyBox(box)) continue;
    if (collides(box, room, others)) return true;
  }
  return false;
}

/**
 * The element at `position` (relative to its parent) with `collides` set, and `lastValidPosition`
 * moved there only when it is free. The tree is not changed.
 */
export function placeAt(tree: ElementTree, id: string, position: Vec3): TreeElement {
  const e = getElement(tree, id);
  const tried = { ...e, position } as TreeElement;
  const hit = collidesWith(tree, id, worldBoxes(tree, tried));
  return { ...tried, collides: hit, lastValidPosition: hit ? e.lastValidPosition : position } as TreeElement;
}

/** Sets `collides` on the element, and `lastValidPosition` to its position when it is free. */
export function updatePlacement(tree: ElementTree, id: string): ElementTree {
  return withElements(tree, [placeAt(tree, id, getElement(tree, id).position)]);
}
