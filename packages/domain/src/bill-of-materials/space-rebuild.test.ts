import { describe, expect, it } from 'vitest';
import { isDomainError } from '../catalogue/domain-error';
import { createSpace } from '../element-tree/element-factory';
import { FIXTURE_ARTICLES } from '../element-tree/element-tree.fixtures';
import type { ElementTree } from '../element-tree/element.types';
import { addElement } from '../element-tree/tree-operations';
import { getElement } from '../element-tree/tree-queries';
import type { RuleSet } from '../rules/rule.types';
import type { FamilyData } from './bill-of-materials.types';
import { spaceToJSON } from './space-json';
import type { JsonObject } from './space-migrations';
import { MAX_CREATION_ELEMENTS, rebuildSpace } from './space-rebuild';

const T = 1_700_000_000_000;
const FAMILY: FamilyData = { familyId: 26, subFamily: { id: 259, description: 'multiple' }, category: 7 };
const ctx = { articles: FIXTURE_ARTICLES };
const NO_DALI_BLACK: RuleSet = {
  id: 'set',
  appliesTo: { elementType: ['Light'] },
  rules: [{ kind: 'exclusion', id: 'black-dali', reason: 'black is not made with DALI', reasons: { en: 'black is not made with DALI', fr: 'le noir n’existe pas en DALI' }, combinations: [{ Acabado: '05', Dim: '2' }] }],
};

/** Three clusters, each with a pendant and a light, in one composition. */
function threeClusters(): ElementTree {
  let t = createSpace({ id: 'space', createdAt: T });
  t = addElement(t, 'space', { type: 'Composition', id: 'c1', createdAt: T, props: { compositionNumber: 1 } }, ctx);
  for (const [i, x] of [-0.8, 0, 0.8].entries()) {
    t = addElement(t, 'c1', { type: 'Cluster', id: `k${i}`, createdAt: T, attributes: { installation: '10' }, position: { x, y: 3.9, z: 0 } }, ctx);
    t = addElement(t, `k${i}`, { type: 'Pendant', id: `p${i}`, createdAt: T, props: { pendantHeight: 1.5 } }, ctx);
    t = addElement(t, `p${i}`, { type: 'Light', id: `l${i}`, createdAt: T, props: { code: '0270' } }, ctx);
  }
  return t;
}

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  return 'none';
}

const withChildren = (json: JsonObject, children: unknown[]): JsonObject => ({ ...json, children: children as JsonObject[] });

describe('rebuildSpace', () => {
  it('rebuilds a space the room made into the same tree, valid', () => {
    const tree = threeClusters();
    const rebuilt = rebuildSpace(JSON.parse(JSON.stringify(spaceToJSON(tree))), { family: FAMILY, ctx });
    expect(rebuilt.failures).toEqual([]);
    expect(rebuilt.savedVersion).toBe(3);
    expect(spaceToJSON(rebuilt.tree)).toEqual(spaceToJSON(tree));
  });

  it('fills what the engine fills (auto-set attributes), and recomputes collisions whatever the flags say', () => {
    const json = spaceToJSON(threeClusters());
    const stripped = JSON.parse(JSON.stringify(json).replaceAll('"collides":true', '"collides":false')) as JsonObject;
    const rebuilt = rebuildSpace(stripped, { family: FAMILY, ctx });
    expect(getElement(rebuilt.tree, 'l0').attributes.finish).toBe('01');
  });

  it('reports rule failures (with the rule’s translations) and collisions rather than throwing', () => {
    let t = threeClusters();
    t = { ...t, elements: { ...t.elements, l1: { ...getElement(t, 'l1'), attributes: { ...getElement(t, 'l1').attributes, finish: '05', control: '2' } } as never } };
    // k2 moved onto k1: the saved flags say nothing, the rebuild finds both.
    t = { ...t, elements: { ...t.elements, k2: { ...getElement(t, 'k2'), position: { x: 0.05, y: 3.9, z: 0 }, collides: false } as never } };
    const rebuilt = rebuildSpace(spaceToJSON(t), { family: FAMILY, ctx: { ...ctx, rules: [NO_DALI_BLACK] } });
    expect(rebuilt.failures).toEqual([
      { code: 'RULE_FAILED', elementId: 'l1', reason: 'black is not made with DALI', reasons: { en: 'black is not made with DALI', fr: 'le noir n’existe pas en DALI' }, ruleId: 'black-dali', ruleSetId: 'set' },
      { code: 'COLLIDES', elementId: 'k1' },
      { code: 'COLLIDES', elementId: 'k2' },
    ]);
  });

  it('checks the rules a composition carries once the whole composition stands', () => {
    const json = spaceToJSON(threeClusters()) as { children: JsonObject[] } & JsonObject;
    const composition = json.children[0] as JsonObject & { props: JsonObject };
    const maxTwo = { id: 'max', appliesTo: { elementType: ['Composition'] }, rules: [{ kind: 'maxChildren', id: 'two', reason: 'two clusters at most', childType: 'Cluster', max: 2 }] };
    const limited = withChildren(json, [{ ...composition, props: { ...composition.props, rules: [maxTwo] } }]);
    const rebuilt = rebuildSpace(limited, { family: FAMILY, ctx });
    expect(rebuilt.failures.map((f) => [f.code, f.elementId, f.reason])).toEqual([['RULE_FAILED', 'c1', 'two clusters at most']]);
    expect((getElement(rebuilt.tree, 'c1').props as unknown as { rules: unknown[] }).rules).toHaveLength(1);
  });

  it('migrates an older saved space forward (version 2: room under props.roomSize, pendant height in metres)', () => {
    const current = spaceToJSON(threeClusters()) as JsonObject & { props: { config: { roomSize: JsonObject } } };
    const { config, ...props } = current.props;
    const v2 = JSON.parse(JSON.stringify({ ...current, schemaVersion: 2, props: { ...props, roomSize: { height: 3.5, width: 4, depth: 4 } } }).replaceAll('"pendantHeight":"150"', '"pendantHeight":1.5')) as JsonObject;
    void config;
    const rebuilt = rebuildSpace(v2, { family: FAMILY, ctx });
    expect(rebuilt.savedVersion).toBe(2);
    expect(spaceToJSON(rebuilt.tree).schemaVersion).toBe(3);
    expect(getElement(rebuilt.tree, 'space').props).toMatchObject({ config: { roomSize: { height: 3.5, width: 4, depth: 4, extraCeiling: 0.16, ceilingMaterial: 'pladur' } } });
  });

  describe('bad input is the engine’s error, never a crash', () => {
    const base = spaceToJSON(threeClusters());
    const composition = (base.children as JsonObject[])[0] as JsonObject;

    it('an unknown element type', () => {
      expect(codeOf(() => rebuildSpace(withChildren(base, [{ type: 'Spaceship', id: 'x', props: {} }]), { family: FAMILY, ctx }))).toBe('BASE_CANNOT_BE_INSTANCED');
    });

    it('a cycle (an element holding an element of its own id, or twice the same id)', () => {
      const cycle = { type: 'Group', id: 'g', props: {}, children: [{ type: 'Group', id: 'g', props: {} }] };
      expect(codeOf(() => rebuildSpace(withChildren(base, [cycle]), { family: FAMILY, ctx }))).toBe('INCORRECT_DOMAIN_JSON');
      expect(codeOf(() => rebuildSpace(withChildren(base, [{ type: 'Group', id: 'space', props: {} }]), { family: FAMILY, ctx }))).toBe('INCORRECT_DOMAIN_JSON');
    });

    it('a light without a cluster', () => {
      const loose = { type: 'Light', id: 'lx', props: { code: '0270' } };
      expect(codeOf(() => rebuildSpace(withChildren(base, [composition, loose]), { family: FAMILY, ctx }))).toBe('LIGHT_WITHOUT_CLUSTER');
      // Outside creations (requireCluster false) a light may hang from the space.
      expect(rebuildSpace(withChildren(base, [loose]), { family: FAMILY, ctx, requireCluster: false }).tree.elements.lx?.type).toBe('Light');
    });

    it('an installation the ceiling refuses (micro needs pladur)', () => {
      const concrete = JSON.parse(JSON.stringify(base).replace('"ceilingMaterial":"pladur"', '"ceilingMaterial":"concrete"').replace('"installation":"10"', '"installation":"31"')) as JsonObject;
      expect(codeOf(() => rebuildSpace(concrete, { family: FAMILY, ctx }))).toBe('INSTALLATION_REFUSED');
    });

    it('a pendant below the floor (its height or its pendantHeight attribute)', () => {
      const deep = JSON.parse(JSON.stringify(base).replace('"pendantHeight":1.5', '"pendantHeight":9')) as JsonObject;
      expect(codeOf(() => rebuildSpace(deep, { family: FAMILY, ctx }))).toBe('PENDANT_HEIGHT_OUT_OF_ROOM');
      const light = { type: 'Cluster', id: 'kx', props: {}, attributes: { installation: '10' }, position: { x: 1, y: 3.9, z: 1 }, children: [{ type: 'Light', id: 'lx', props: { code: '0270' }, attributes: { pendantHeight: '450' } }] };
      expect(codeOf(() => rebuildSpace(withChildren(base, [composition, light]), { family: FAMILY, ctx }))).toBe('PENDANT_HEIGHT_OUT_OF_ROOM');
    });

    it('10,000 elements', () => {
      const many = Array.from({ length: 10_000 }, (_, i) => ({ type: 'Group', id: `g${i}`, props: {} }));
      expect(codeOf(() => rebuildSpace(withChildren(base, many), { family: FAMILY, ctx }))).toBe('TOO_MANY_ELEMENTS');
      const fits = Array.from({ length: MAX_CREATION_ELEMENTS - 1 }, (_, i) => ({ type: 'Group', id: `g${i}`, props: {} }));
      expect(rebuildSpace(withChildren(base, fits), { family: FAMILY, ctx }).failures).toEqual([]);
    });

    it('JSON nested thousands deep', () => {
      let deep: JsonObject = { type: 'Group', id: 'g0', props: {} };
      for (let i = 1; i < 3000; i++) deep = { type: 'Group', id: `g${i}`, props: {}, children: [deep] };
      expect(codeOf(() => rebuildSpace(withChildren(base, [deep]), { family: FAMILY, ctx }))).toBe('TOO_MANY_ELEMENTS');
      let shallow: JsonObject = { type: 'Group', id: 'h0', props: {} };
      for (let i = 1; i < 100; i++) shallow = { type: 'Group', id: `h${i}`, props: {}, children: [shallow] };
      expect(codeOf(() => rebuildSpace(withChildren(base, [shallow]), { family: FAMILY, ctx }))).toBe('INCORRECT_DOMAIN_JSON');
    });

    it('two lights in one cluster, children under a light, no family, not a space', () => {
      const two = { type: 'Cluster', id: 'kx', props: {}, attributes: { installation: '10' }, position: { x: 1, y: 3.9, z: 1 }, children: [{ type: 'Light', id: 'a', props: { code: '0270' } }, { type: 'Light', id: 'b', props: { code: '0270' } }] };
      expect(codeOf(() => rebuildSpace(withChildren(base, [two]), { family: FAMILY, ctx }))).toBe('CLUSTER_ALLOWS_ONE_LIGHT');
      const under = { type: 'Cluster', id: 'kx', props: {}, attributes: { installation: '10' }, position: { x: 1, y: 3.9, z: 1 }, children: [{ type: 'Light', id: 'a', props: { code: '0270' }, children: [{ type: 'Group', id: 'g', props: {} }] }] };
      expect(codeOf(() => rebuildSpace(withChildren(base, [under]), { family: FAMILY, ctx }))).toBe('INVALID_METHOD_FOR_ELEMENT');
      expect(codeOf(() => rebuildSpace(base, { family: null, ctx }))).toBe('NO_FAMILY_DATA');
      expect(codeOf(() => rebuildSpace({ type: 'Group', id: 'g', props: {} }, { family: FAMILY, ctx }))).toBe('INCORRECT_DOMAIN_JSON');
      expect(codeOf(() => rebuildSpace([], { family: FAMILY, ctx }))).toBe('INCORRECT_DOMAIN_JSON');
      expect(codeOf(() => rebuildSpace({ ...base, schemaVersion: 99 }, { family: FAMILY, ctx }))).toBe('UNSUPPORTED_SCHEMA_VERSION');
    });
  });
});
