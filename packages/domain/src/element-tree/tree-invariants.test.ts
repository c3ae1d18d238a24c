import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spaceFromJSON, spaceToJSON } from '../bill-of-materials/space-json';
import { DomainError } from '../catalogue/domain-error';
import { createElement, createSpace } from './element-factory';
import type { ElementTree, ElementType } from './element.types';
import { FIXTURE_ARTICLES } from './element-tree.fixtures';
import { addElement, moveElement, removeElement } from './tree-operations';
import { getElement } from './tree-queries';

const T = 1_700_000_000_000;
const ctx = { articles: FIXTURE_ARTICLES };

type Op =
  | { readonly kind: 'add'; readonly parent: number; readonly type: ElementType; readonly model: string; readonly x: number }
  | { readonly kind: 'move'; readonly target: number; readonly parent: number | null; readonly x: number }
  | { readonly kind: 'remove'; readonly target: number };

const TYPES: ElementType[] = ['Group', 'Cluster', 'Pendant', 'Light', 'Composition', 'Complement', 'Track'];
// JSON has no -0: positions are compared after a round trip.
const coord = fc.double({ min: -2, max: 2, noNaN: true }).map((x) => (x === 0 ? 0 : x));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), parent: fc.nat(), type: fc.constantFrom(...TYPES), model: fc.constantFrom('0270', '2350', '5770'), x: coord }),
  fc.record({ kind: fc.constant('move' as const), target: fc.nat(), parent: fc.option(fc.nat(), { nil: null }), x: coord }),
  fc.record({ kind: fc.constant('remove' as const), target: fc.nat() }),
);

/** Applies the operations; refused ones (DomainError) leave the tree as it was. */
function run(ops: readonly Op[]): ElementTree {
  let t = createSpace({ id: 'space', createdAt: T });
  let n = 0;
  for (const op of ops) {
    const ids = Object.keys(t.elements);
    const pick = (i: number) => ids[i % ids.length] as string;
    const before = JSON.stringify(t);
    try {
      if (op.kind === 'add') {
        const size = { x: 0.2, y: 0.2, z: 0.2 };
        const props = op.type === 'Light' ? { code: op.model } : op.type === 'Complement' ? { code: '8001' } : {};
        t = addElement(t, pick(op.parent), { type: op.type, id: `e${n++}`, createdAt: T, props, position: { x: op.x, y: 2, z: 0 }, size }, ctx);
      } else if (op.kind === 'move') {
        t = moveElement(t, pick(op.target), { position: { x: op.x, y: 2, z: 0 }, ...(op.parent === null ? {} : { parent: pick(op.parent) }) }, ctx);
      } else {
        t = removeElement(t, pick(op.target));
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      expect(JSON.stringify(t)).toBe(before);
    }
  }
  return t;
}

function isUnder(t: ElementTree, id: string, ancestorId: string): boolean {
  let p = getElement(t, id).parent;
  while (p !== null) {
    if (p === ancestorId) return true;
    p = getElement(t, p).parent;
  }
  return false;
}

function assertConsistent(t: ElementTree): void {
  const root = getElement(t, t.rootId);
  expect(root.type).toBe('Space');
  expect(root.parent).toBeNull();
  const seen = new Set<string>();
  const stack = [t.rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    expect(seen.has(id)).toBe(false);
    seen.add(id);
    const e = getElement(t, id);
    for (const c of e.children) {
      expect(getElement(t, c).parent).toBe(id);
      stack.push(c);
    }
  }
  // every element is reachable from the root: no orphans
  expect(seen.size).toBe(Object.keys(t.elements).length);
  for (const e of Object.values(t.elements)) {
    expect(e.elementOrderValue).toBeLessThan(t.nextOrderValue);
    // the last valid position is remembered only when free
    if (!e.collides && e.type !== 'Space') expect(e.lastValidPosition).toEqual(e.position);
    if (e.type === 'Cluster' && e.attributes.installation !== '18') {
      expect(Object.values(t.elements).filter((l) => l.type === 'Light' && isUnder(t, l.id, e.id)).length).toBeLessThanOrEqual(1);
    }
  }
}

describe('tree invariants (properties)', () => {
  it('any sequence of add, move and remove keeps parents and children consistent, no orphans, one light per non-free-wire cluster', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => assertConsistent(run(ops))), { numRuns: 150 });
  });

  it('a space survives its saved form (JSON round trip)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        const t = run(ops);
        const back = spaceFromJSON(JSON.parse(JSON.stringify(spaceToJSON(t))), { familyId: 1, subFamily: { id: 225, description: 'x' }, category: 1 });
        expect(back.tree).toEqual(t);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses element ids that could pollute an object prototype', () => {
    expect(() => createElement({ type: 'Group', id: '__proto__', createdAt: T })).toThrow('Invalid element id');
    expect(() => createElement({ type: 'Group', id: '', createdAt: T })).toThrow('Invalid element id');
  });
});
