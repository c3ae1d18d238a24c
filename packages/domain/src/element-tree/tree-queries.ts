/**
 * Reading the tree: lookups, walks and the world position of an element. No changes here.
 */
import type { RoomSize } from '../space/room';
import type { Vec3 } from '../space/collision';
import { DomainError } from '../catalogue/domain-error';
import type { CompositionElement, TreeElement, ElementTree, ElementType, LightElement, SpaceElement } from './element.types';

export function elementNotFound(): DomainError {
  return new DomainError('ELEMENT_NOT_FOUND', 'Element not found');
}

export function invalidMethod(): DomainError {
  return new DomainError('INVALID_METHOD_FOR_ELEMENT', 'This method is invalid for this element');
}

export function findElement(tree: ElementTree, id: string): TreeElement | undefined {
  return Object.hasOwn(tree.elements, id) ? tree.elements[id] : undefined;
}

/** The element with this id; throws 'Element not found'. */
export function getElement(tree: ElementTree, id: string): TreeElement {
  const element = findElement(tree, id);
  if (!element) throw elementNotFound();
  return element;
}

export function isOfType<T extends ElementType>(element: TreeElement, type: T): element is Extract<TreeElement, { type: T }> {
  return element.type === type;
}

export function getSpace(tree: ElementTree): SpaceElement {
  const root = getElement(tree, tree.rootId);
  if (!isOfType(root, 'Space')) throw invalidMethod();
  return root;
}

export function roomOf(tree: ElementTree): RoomSize {
  return getSpace(tree).props.config.roomSize;
}

export function getChildren(tree: ElementTree, id: string): TreeElement[] {
  return getElement(tree, id).children.map((c) => getElement(tree, c));
}

/** Every element below `id`, depth first, parents before children. */
export function descendants(tree: ElementTree, id: string): TreeElement[] {
  const out: TreeElement[] = [];
  const stack = [...getElement(tree, id).children].reverse();
  while (stack.length > 0) {
    const e = getElement(tree, stack.pop() as string);
    out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as string);
  }
  return out;
}

/** The ancestors of `id`, its parent first, the space last. */
export function ancestors(tree: ElementTree, id: string): TreeElement[] {
  const out: TreeElement[] = [];
  let parent = getElement(tree, id).parent;
  while (parent !== null) {
    const e = getElement(tree, parent);
    out.push(e);
    parent = e.parent;
  }
  return out;
}

export function isDescendantOf(tree: ElementTree, id: string, ancestorId: string): boolean {
  return ancestors(tree, id).some((a) => a.id === ancestorId);
}

/** The lights at or under `id`. */
export function lightsUnder(tree: ElementTree, id: string): LightElement[] {
  const self = getElement(tree, id);
  const all = [self, ...descendants(tree, id)];
  return all.filter((e): e is LightElement => e.type === 'Light');
}

/** The composition holding `id` (or `id` itself when it is one). */
export function enclosingComposition(tree: ElementTree, id: string): CompositionElement | undefined {
  const self = getElement(tree, id);
  if (isOfType(self, 'Composition')) return self;
  return ancestors(tree, id).find((a): a is CompositionElement => a.type === 'Composition');
}

/** Positions are relative to the parent; the world position adds up the chain. */
export function worldPosition(tree: ElementTree, id: string): Vec3 {
  let e: TreeElement | undefined = getElement(tree, id);
  let x = 0;
  let y = 0;
  let z = 0;
  while (e) {
    x += e.position.x;
    y += e.position.y;
    z += e.position.z;
    e = e.parent === null ? undefined : getElement(tree, e.parent);
  }
  return { x, y, z };
}

/** A copy of the tree with these elements replaced (or added). */
export function withElements(tree: ElementTree, changed: readonly TreeElement[]): ElementTree {
  if (changed.length === 0) return tree;
  const elements: Record<string, TreeElement> = { ...tree.elements };
  for (const e of changed) elements[e.id] = e;
  return { ...tree, elements };
}
