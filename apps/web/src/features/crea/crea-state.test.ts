import { createSpace, getElement, lightsUnder, type ElementTree, type RuleSet, type TreeContext } from '@lumen/domain';
import { describe, expect, it } from 'vitest';
import { CREA_ARTICLES, CREA_BODIES, CREA_RULES } from './crea.fixtures';
import {
  clustersOf,
  creaReducer,
  initialCreaState,
  MOVE_STEP,
  optionsForSelection,
  sharedValue,
  SNAP_GRID,
  type CreaAction,
  type CreaEnv,
  type CreaState,
} from './crea-state';

let n = 0;
function env(ctx: Partial<TreeContext> = {}): CreaEnv {
  return {
    ctx: { articles: CREA_ARTICLES, rules: CREA_RULES, catalogId: 16, ...ctx },
    bodies: CREA_BODIES,
    newId: () => `e${++n}`,
    now: () => 1,
  };
}

function start(room: Parameters<typeof createSpace>[0]['roomSize'] = {}): CreaState {
  return initialCreaState(createSpace({ id: 'space', createdAt: 1, roomSize: room, configurator: 1 }));
}

function run(state: CreaState, actions: CreaAction[], e: CreaEnv = env()): CreaState {
  return actions.reduce((s, a) => creaReducer(s, a, e), state);
}

const cluster = (tree: ElementTree, index: number) => {
  const found = clustersOf(tree)[index];
  if (!found) throw new Error(`no cluster ${index}`);
  return found;
};

describe('crea room state', () => {
  it('hangs a cluster with its pendant and light, away from the others, and selects it', () => {
    const e = env();
    const state = run(start(), [{ type: 'addCluster', model: '5770', installation: '10' }, { type: 'addCluster', model: '5770', installation: '10' }, { type: 'addCluster', model: '5772', installation: '32' }], e);
    const clusters = clustersOf(state.tree);
    expect(clusters).toHaveLength(3);
    for (const c of clusters) expect(c.collides).toBe(false);
    const third = cluster(state.tree, 2);
    expect(state.selected).toEqual([third.id]);
    const [light] = lightsUnder(state.tree, third.id);
    expect(light?.attributes).toMatchObject({ installation: '32', finish: '10', control: '0' });
    // The pendant hangs 2 m below the ceiling (the default height), its body 35 cm high.
    const pendant = getElement(state.tree, third.children[0] ?? '');
    expect(pendant.type === 'Pendant' && pendant.props).toMatchObject({ pendantHeight: 2, positionOffset: 0.35, wireLength: 1.65 });
  });

  it('starts a next composition when the last one holds all the clusters its rules allow', () => {
    const twoPerComposition: RuleSet = { id: 'two', appliesTo: { elementType: ['Composition'] }, rules: [{ kind: 'maxChildren', id: 'max', reason: 'at most 2 clusters', childType: 'Cluster', max: 2 }] };
    const e = env({ rules: [...CREA_RULES, twoPerComposition] });
    const add: CreaAction = { type: 'addCluster', model: '5770', installation: '10' };
    const state = run(start({ width: 6, depth: 6 }), [add, add, add], e);
    const compositions = getElement(state.tree, state.tree.rootId).children.map((id) => getElement(state.tree, id));
    expect(compositions.map((c) => [c.type, c.children.length, c.props])).toEqual([
      ['Composition', 2, expect.objectContaining({ compositionNumber: 1 })],
      ['Composition', 1, expect.objectContaining({ compositionNumber: 2 })],
    ]);
    expect(clustersOf(state.tree)).toHaveLength(3);
  });

  it("replaces a canopy the ceiling refuses by '10 Surface Basic' and says so", () => {
    const state = run(start({ ceilingMaterial: 'concrete' }), [{ type: 'addCluster', model: '5770', installation: '31' }]);
    const added = cluster(state.tree, 0);
    expect(added.attributes.installation).toBe('10');
    expect(state.notice).toEqual({ kind: 'replaced', elementId: added.id, asked: '31' });
  });

  it('replaces the canopies when the ceiling changes to one that refuses them', () => {
    const state = run(start(), [{ type: 'addCluster', model: '5770', installation: '31' }, { type: 'setRoom', change: { ceilingMaterial: 'concrete' } }]);
    expect(cluster(state.tree, 0).attributes.installation).toBe('10');
    expect(state.notice).toMatchObject({ kind: 'replaced', asked: '31' });
  });

  it('goes back to the last valid position when a drag ends in a collision, as one undo step', () => {
    let state = run(start(), [{ type: 'addCluster', model: '5770', installation: '10', at: { x: -0.5, z: 0 } }, { type: 'addCluster', model: '5770', installation: '10', at: { x: 0.5, z: 0 } }]);
    const moving = cluster(state.tree, 1).id;
    state = run(state, [{ type: 'dragStart', id: moving }, { type: 'dragTo', id: moving, x: 0.2, z: 0 }, { type: 'dragTo', id: moving, x: -0.45, z: 0 }]);
    expect(getElement(state.tree, moving).collides).toBe(true);
    state = run(state, [{ type: 'dragEnd', id: moving }]);
    const settled = getElement(state.tree, moving);
    expect(settled.collides).toBe(false);
    expect(settled.position.x).toBeCloseTo(0.2);
    expect(state.notice).toEqual({ kind: 'collision', elementId: moving });
    // A second pointer-up (the canvas after the element) changes nothing.
    expect(run(state, [{ type: 'dragEnd', id: moving }])).toBe(state);
    state = run(state, [{ type: 'undo' }]);
    expect(getElement(state.tree, moving).position.x).toBeCloseTo(0.5);
  });

  it('moves by arrow-key steps and refuses a step into a wall', () => {
    let state = run(start({ width: 1, depth: 1 }), [{ type: 'addCluster', model: '5770', installation: '10', at: { x: 0, z: 0 } }]);
    const id = cluster(state.tree, 0).id;
    state = run(state, [{ type: 'nudge', id, dx: MOVE_STEP, dz: 0 }, { type: 'nudge', id, dx: 0, dz: -MOVE_STEP }]);
    expect(getElement(state.tree, id).position).toMatchObject({ x: 0.05, z: -0.05 });
    const before = state.tree;
    state = run(state, Array.from({ length: 10 }, () => ({ type: 'nudge', id, dx: MOVE_STEP, dz: 0 }) as const));
    // 0.5 m half-width minus a 0.15 m half-body: the last steps into the wall are refused.
    expect(getElement(state.tree, id).position.x).toBeCloseTo(0.35);
    expect(getElement(state.tree, id).collides).toBe(false);
    expect(state.notice).toEqual({ kind: 'collision', elementId: id });
    expect(state.tree).not.toBe(before);
  });

  it('undoes and redoes adds, deletes, duplicates and attribute changes; a new change clears redo', () => {
    let state = run(start(), [{ type: 'addCluster', model: '5770', installation: '10' }]);
    const first = cluster(state.tree, 0).id;
    state = run(state, [{ type: 'duplicate', id: first }]);
    expect(clustersOf(state.tree)).toHaveLength(2);
    const copy = cluster(state.tree, 1);
    expect(copy.collides).toBe(false);
    expect(lightsUnder(state.tree, copy.id)[0]?.props).toMatchObject({ code: '5770' });
    state = run(state, [{ type: 'setAttribute', ids: [first], key: 'finish', value: '58' }, { type: 'remove', id: copy.id }]);
    expect(clustersOf(state.tree)).toHaveLength(1);
    state = run(state, [{ type: 'undo' }, { type: 'undo' }]);
    expect(clustersOf(state.tree)).toHaveLength(2);
    expect(sharedValue(state.tree, [first], 'finish')).toBe('10');
    state = run(state, [{ type: 'redo' }]);
    expect(sharedValue(state.tree, [first], 'finish')).toBe('58');
    state = run(state, [{ type: 'setAttribute', ids: [first], key: 'finish', value: '05' }]);
    expect(state.future).toHaveLength(0);
    expect(run(state, [{ type: 'redo' }]).tree).toBe(state.tree);
  });

  it("offers a group the intersection of its lights' options and sets them all, or none", () => {
    let state = run(start(), [{ type: 'addCluster', model: '5770', installation: '10' }, { type: 'addCluster', model: '5772', installation: '10' }]);
    const ids = clustersOf(state.tree).map((c) => c.id);
    const options = optionsForSelection(state.tree, ids, env().ctx);
    expect(options?.finish).toEqual(['10']);
    expect(options?.installation).toEqual(['10', '31', '32']);
    expect(options?.control).toEqual(['0']);
    // 23 exists only on 5772: the whole group is refused and nothing changes.
    const refused = run(state, [{ type: 'setAttribute', ids, key: 'finish', value: '23' }]);
    expect(refused.tree).toBe(state.tree);
    expect(refused.notice).toMatchObject({ kind: 'refused', code: 'INVALID_ATTRIBUTE_VALUES' });
    state = run(state, [{ type: 'setAttribute', ids, key: 'installation', value: '32' }]);
    expect(clustersOf(state.tree).map((c) => c.attributes.installation)).toEqual(['32', '32']);
    expect(sharedValue(state.tree, ids, 'installation')).toBe('32');
  });

  it('reverts a setting a rule refuses, with the rule failure', () => {
    let state = run(start(), [{ type: 'addCluster', model: '5770', installation: '32' }]);
    const id = cluster(state.tree, 0).id;
    const before = state.tree;
    state = run(state, [{ type: 'setAttribute', ids: [id], key: 'finish', value: '05' }]);
    expect(state.tree).toBe(before);
    expect(state.notice).toEqual({ kind: 'refused', elementId: id, code: 'RULE_FAILED', message: 'Rule failed: Black is not made with the XXS canopy' });
  });

  it('marks a setting the room changes as incompatible', () => {
    let state = run(start({ ceilingMaterial: 'wood' }), [{ type: 'addCluster', model: '5770', installation: '10' }]);
    const id = cluster(state.tree, 0).id;
    state = run(state, [{ type: 'setAttribute', ids: [id], key: 'installation', value: '31' }]);
    expect(cluster(state.tree, 0).attributes.installation).toBe('10');
    expect(state.notice).toEqual({ kind: 'replaced', elementId: id, asked: '31' });
  });

  it('RemoteDriverCP: a remote canopy switches every light to M when all support it', () => {
    const on = env({ flags: { remoteDriverCP: true } });
    let state = run(start(), [{ type: 'addCluster', model: '5770', installation: '10' }], on);
    const id = cluster(state.tree, 0).id;
    state = run(state, [{ type: 'setAttribute', ids: [id], key: 'installation', value: '31' }], on);
    expect(sharedValue(state.tree, [id], 'control')).toBe('M');
    // 5772 offers no M: with it in the composition nothing switches.
    let mixed = run(start(), [{ type: 'addCluster', model: '5770', installation: '10' }, { type: 'addCluster', model: '5772', installation: '10' }], on);
    const both = clustersOf(mixed.tree).map((c) => c.id);
    mixed = run(mixed, [{ type: 'setAttribute', ids: both, key: 'installation', value: '31' }], on);
    expect(sharedValue(mixed.tree, both, 'control')).toBe('0');
  });

  it('clamps the pendant height to the room and derives the wire', () => {
    let state = run(start({ height: 2.5 }), [{ type: 'addCluster', model: '5770', installation: '10' }]);
    const id = cluster(state.tree, 0).id;
    state = run(state, [{ type: 'setPendantHeight', id, metres: 9 }]);
    const pendant = getElement(state.tree, cluster(state.tree, 0).children[0] ?? '');
    expect(pendant.type === 'Pendant' && pendant.props).toMatchObject({ pendantHeight: 2.4, wireLength: 2.1 });
    // The body's lowest point is 10 cm above the floor.
    const c = cluster(state.tree, 0);
    expect(c.position.y + pendant.position.y - pendant.size.y / 2).toBeCloseTo(0.1);
  });

  it('one light per cluster unless free wire', () => {
    let state = run(start(), [{ type: 'addCluster', model: '5770', installation: '10' }]);
    const surface = cluster(state.tree, 0).id;
    state = run(state, [{ type: 'addPendant', clusterId: surface, model: '5770' }]);
    expect(state.notice).toMatchObject({ kind: 'refused', code: 'CLUSTER_ALLOWS_ONE_LIGHT' });
    state = run(state, [{ type: 'addCluster', model: '5770', installation: '18' }]);
    const wire = cluster(state.tree, 1).id;
    state = run(state, [{ type: 'addPendant', clusterId: wire, model: '5770' }, { type: 'addPendant', clusterId: wire, model: '5770' }]);
    expect(lightsUnder(state.tree, wire)).toHaveLength(3);
    expect(getElement(state.tree, wire).collides).toBe(false);
  });

  it('a dragged cluster snaps to the 5 cm grid, and against a wall when it comes within 10 cm of it (issue 27 §3)', () => {
    const added = run(start({ width: 3, depth: 3 }), [{ type: 'addCluster', model: '5770', installation: '10' }]);
    const id = cluster(added.tree, 0).id;
    const dragged = (x: number, z: number) => {
      const moved = run(added, [{ type: 'dragStart', id }, { type: 'dragTo', id, x, z }]);
      return cluster(moved.tree, 0).position;
    };
    // On the grid.
    const onGrid = dragged(0.337, -0.512);
    expect(onGrid.x).toBeCloseTo(0.35, 6);
    expect(onGrid.z).toBeCloseTo(-0.5, 6);
    expect(Math.abs(Math.round(onGrid.x / SNAP_GRID) * SNAP_GRID - onGrid.x)).toBeLessThan(1e-9);
    // Near the +x wall: its edge against the wall (the wall at 1.5 m, the cluster's reach subtracted), not on the grid.
    const near = dragged(1.36, 0);
    const reach = 1.5 - near.x;
    expect(reach).toBeGreaterThan(0);
    expect(reach).toBeLessThan(0.3);
    const moved = run(added, [{ type: 'dragStart', id }, { type: 'dragTo', id, x: 1.36, z: 0 }]);
    expect(cluster(moved.tree, 0).collides).toBe(false);
    // Dragged past it, it stops against it too.
    expect(dragged(1.5 - reach + 0.08, 0).x).toBeCloseTo(near.x, 6);
  });
});
