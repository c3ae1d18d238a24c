import { describe, expect, it } from 'vitest';
import type { RuleSet } from '../rules/rule.types';
import { articleForLight, baseArticle, lightOptionsForModel, variationsForLight } from './article-collection';
import { DomainError } from '../catalogue/domain-error';
import { createElement, createSpace } from './element-factory';
import type { NewElement } from './element-factory';
import type { ElementTree } from './element.types';
import { FIXTURE_ARTICLES } from './element-tree.fixtures';
import { applyRemoteDriver, autoSetLightAttributes, getLightOptions, INCOMPATIBLE_MESSAGE, NO_DRIVER_CONTROL, setAttribute } from './light-attributes';
import type { TreeContext } from './tree-context';
import { checkTreeRules, findTreeRuleFailures } from './tree-rules';
import { addElement, groupClusters, moveElement, ONE_LIGHT_PER_CLUSTER_MESSAGE, removeElement, setPendantHeight, setRoomSize } from './tree-operations';
import { descendants, getElement, lightsUnder, worldPosition } from './tree-queries';

const ctx: TreeContext = { articles: FIXTURE_ARTICLES };
const T = 1_700_000_000_000;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function space(): ElementTree {
  return createSpace({ id: 'space', createdAt: T });
}

const light = (id: string, code = '0270', extra: Partial<NewElement<'Light'>> = {}): NewElement<'Light'> => ({
  type: 'Light',
  id,
  createdAt: T,
  props: { code, technicalData: { watts: 12, lumens: 1200 } },
  ...extra,
});

/** space > composition c1 > cluster k1 (installation 10) > light l1 (0270). */
function composition(c: TreeContext = ctx): ElementTree {
  let t = space();
  t = addElement(t, 'space', { type: 'Composition', id: 'c1', createdAt: T, props: { compositionNumber: 1 } }, c);
  t = addElement(t, 'c1', { type: 'Cluster', id: 'k1', createdAt: T, attributes: { installation: '10' } }, c);
  t = addElement(t, 'k1', light('l1'), c);
  return t;
}

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('elements', () => {
  it('a space has the room defaults, configurator EXPRESS (4) and source PRIVATE_AREA', () => {
    const s = getElement(space(), 'space');
    expect(s.type).toBe('Space');
    expect(s.props).toEqual({
      config: { roomSize: { height: 4, width: 3, depth: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur' } },
      configurator: 4,
      source: 'PRIVATE_AREA',
      productId: null,
    });
  });

  it('every element has id, parent, props, attributes, elementOrderValue, creation timestamp and applicationLocationId', () => {
    const t = addElement(space(), 'space', { type: 'Group', id: 'g', createdAt: T + 5, applicationLocationId: 7 });
    const g = getElement(t, 'g');
    expect(g).toMatchObject({ id: 'g', parent: 'space', props: { name: '' }, attributes: {}, elementOrderValue: 1, createdAt: T + 5, applicationLocationId: 7 });
    const t2 = addElement(t, 'g', { type: 'Group', id: 'g2', createdAt: T });
    expect(getElement(t2, 'g2').elementOrderValue).toBe(2);
    expect(getElement(t2, 'g').children).toEqual(['g2']);
  });

  it('a light has code, info, renderAttributes (scale as given, intensity 2, decay 2, penumbra 1), technicalData watts, origin', () => {
    const l = createElement({ type: 'Light', id: 'l', createdAt: T, props: { code: '0270', renderAttributes: { scale: 1.5, intensity: 2, decay: 2, penumbra: 1 }, technicalData: { watts: 9, lumens: 900 } } });
    expect(l.props.renderAttributes).toEqual({ scale: 1.5, intensity: 2, decay: 2, penumbra: 1 });
    expect(l.props.technicalData.watts).toBe(9);
    expect(createElement({ type: 'Light', id: 'm', createdAt: T }).props.renderAttributes).toEqual({ scale: 1, intensity: 2, decay: 2, penumbra: 1 });
    expect(l.props.info).toEqual({ familyName: '', subfamily: null });
  });

  it('a pendant has pendantHeight and a derived wireLength', () => {
    const p = createElement({ type: 'Pendant', id: 'p', createdAt: T, props: { pendantHeight: 1.5, positionOffset: 0.2 } });
    expect(p.props.wireLength).toBeCloseTo(1.3);
    expect(createElement({ type: 'Pendant', id: 'q', createdAt: T }).props.pendantHeight).toBe(2);
  });

  it('a cluster has installation, position and tension; a composition compositionNumber and rules; a track installation and productLength; an electrical connection installation, control and watts', () => {
    const k = createElement({ type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '31' }, position: { x: 1, y: 4, z: 0 }, props: { tension: 3 } });
    expect([k.attributes.installation, k.position, k.props.tension]).toEqual(['31', { x: 1, y: 4, z: 0 }, 3]);
    expect(createElement({ type: 'Composition', id: 'c', createdAt: T }).props).toEqual({ compositionNumber: 1, rules: [] });
    expect(createElement({ type: 'Track', id: 't', createdAt: T }).props).toMatchObject({ installation: '10', productLength: 1 });
    expect(createElement({ type: 'ElectricalConnection', id: 'e', createdAt: T }).props).toMatchObject({ installation: '10', control: '0', watts: 0 });
    for (const type of ['Complement', 'Reflector', 'Counterweight'] as const) expect(createElement({ type, id: type, createdAt: T }).type).toBe(type);
  });

  it("throws 'Base cannot be instanced' for the abstract base or an unknown kind", () => {
    expect(() => createElement({ type: 'Base' })).toThrow('Base cannot be instanced');
    expect(thrown(() => createElement({ type: 'Lamp' })).code).toBe('BASE_CANNOT_BE_INSTANCED');
  });

  it('a tree is plain JSON data', () => {
    const t = composition();
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });
});

describe('add, move, remove', () => {
  it("add throws 'Element not found' for a missing parent", () => {
    expect(() => addElement(space(), 'nope', light('l'))).toThrow('Element not found');
  });

  it("add throws 'This method is invalid for this element' under an element that holds nothing, or for a second space", () => {
    const t = addElement(space(), 'space', light('l'), ctx);
    expect(() => addElement(t, 'l', light('m'), ctx)).toThrow('This method is invalid for this element');
    expect(() => addElement(t, 'space', { type: 'Space', id: 's2', createdAt: T })).toThrow('This method is invalid for this element');
    expect(() => addElement(t, 'space', light('l'), ctx)).toThrow('Element l already exists');
  });

  it('refuses a space deeper than 64 levels', () => {
    let t = space();
    let parent = 'space';
    for (let i = 0; i < 64; i++) {
      t = addElement(t, parent, { type: 'Group', id: `g${i}`, createdAt: T });
      parent = `g${i}`;
    }
    expect(() => addElement(t, parent, { type: 'Group', id: 'too-deep', createdAt: T })).toThrow('A space cannot be more than 64 levels deep');
    t = addElement(t, 'space', { type: 'Group', id: 'a', createdAt: T });
    t = addElement(t, 'a', { type: 'Group', id: 'b', createdAt: T });
    expect(() => moveElement(t, 'a', { parent: 'g62' })).toThrow('A space cannot be more than 64 levels deep');
    expect(getElement(moveElement(t, 'b', { parent: 'g62' }), 'b').parent).toBe('g62');
  });

  it('refuses a space of more than 20,000 elements', () => {
    const s = space();
    const extra = Object.fromEntries(Array.from({ length: 19_999 }, (_, i) => [`x${i}`, createElement({ type: 'Group', id: `x${i}`, createdAt: T })]));
    const full: ElementTree = { ...s, elements: { ...s.elements, ...extra } };
    expect(() => addElement(full, 'space', { type: 'Group', id: 'one-more', createdAt: T })).toThrow('A space cannot hold more than 20000 elements');
  });

  it('operations never change the tree they are given', () => {
    const t = deepFreeze(composition());
    const snapshot = JSON.stringify(t);
    addElement(t, 'c1', { type: 'Cluster', id: 'k2', createdAt: T }, ctx);
    moveElement(t, 'k1', { position: { x: 0.5, y: 3.9, z: 0 } }, ctx);
    removeElement(t, 'k1');
    setAttribute(t, 'l1', 'finish', '05', ctx);
    expect(JSON.stringify(t)).toBe(snapshot);
  });

  it("remove drops the element and everything under it; throws 'Element not found'; the space cannot be removed", () => {
    const t = removeElement(composition(), 'k1');
    expect(Object.keys(t.elements).sort()).toEqual(['c1', 'space']);
    expect(getElement(t, 'c1').children).toEqual([]);
    expect(() => removeElement(t, 'k1')).toThrow('Element not found');
    expect(() => removeElement(t, 'space')).toThrow('This method is invalid for this element');
  });

  it("move throws 'No element to move found' for a missing element", () => {
    expect(() => moveElement(space(), 'ghost', { position: { x: 0, y: 1, z: 0 } })).toThrow('No element to move found');
    expect(thrown(() => moveElement(space(), 'ghost', {})).code).toBe('NO_ELEMENT_TO_MOVE');
  });

  it('move to a new parent re-links both parents; never into itself or its descendants', () => {
    let t = composition();
    t = addElement(t, 'space', { type: 'Group', id: 'g', createdAt: T }, ctx);
    t = moveElement(t, 'k1', { parent: 'g' }, ctx);
    expect(getElement(t, 'k1').parent).toBe('g');
    expect(getElement(t, 'c1').children).toEqual([]);
    expect(getElement(t, 'g').children).toEqual(['k1']);
    expect(() => moveElement(t, 'g', { parent: 'l1' }, ctx)).toThrow('This method is invalid for this element');
    expect(() => moveElement(t, 'g', { parent: 'k1' }, ctx)).toThrow('This method is invalid for this element');
    expect(() => moveElement(t, 'g', { parent: 'nowhere' }, ctx)).toThrow('Element not found');
  });

  it('moving checks collision against the room bounds, sets the collides flag and keeps the last valid position only when free', () => {
    let t = addElement(space(), 'space', { type: 'Cluster', id: 'a', createdAt: T, position: { x: 0, y: 3.9, z: 0 }, size: { x: 0.2, y: 0.2, z: 0.2 } });
    t = moveElement(t, 'a', { position: { x: 1, y: 3.9, z: 0 } });
    expect(getElement(t, 'a')).toMatchObject({ collides: false, lastValidPosition: { x: 1, y: 3.9, z: 0 } });
    t = moveElement(t, 'a', { position: { x: 1.45, y: 3.9, z: 0 } });
    expect(getElement(t, 'a')).toMatchObject({ collides: true, position: { x: 1.45, y: 3.9, z: 0 }, lastValidPosition: { x: 1, y: 3.9, z: 0 } });
  });

  it('an element added where it collides has no last valid position yet', () => {
    const t = addElement(space(), 'space', { type: 'Cluster', id: 'a', createdAt: T, position: { x: 5, y: 3.9, z: 0 }, size: { x: 0.2, y: 0.2, z: 0.2 } });
    expect(getElement(t, 'a')).toMatchObject({ collides: true, lastValidPosition: null });
  });

  it('moving checks collision against other elements, not against what the element carries', () => {
    let t = space();
    const box = { x: 0.2, y: 0.2, z: 0.2 };
    t = addElement(t, 'space', { type: 'Cluster', id: 'a', createdAt: T, position: { x: 0, y: 3.8, z: 0 }, size: box });
    t = addElement(t, 'a', light('la', '0270', { position: { x: 0, y: -0.1, z: 0 }, size: box }), ctx);
    t = addElement(t, 'space', { type: 'Cluster', id: 'b', createdAt: T, position: { x: 1, y: 3.8, z: 0 }, size: box });
    expect(getElement(t, 'la').collides).toBe(false);
    expect(worldPosition(t, 'la').y).toBeCloseTo(3.7);
    t = moveElement(t, 'b', { position: { x: 0.1, y: 3.8, z: 0 } });
    expect(getElement(t, 'b')).toMatchObject({ collides: true, lastValidPosition: { x: 1, y: 3.8, z: 0 } });
    t = moveElement(t, 'b', { position: { x: 0.5, y: 3.8, z: 0 } });
    expect(getElement(t, 'b').collides).toBe(false);
  });
});

describe('clusters', () => {
  it(`allows one light per cluster: '${ONE_LIGHT_PER_CLUSTER_MESSAGE}'`, () => {
    const t = composition();
    expect(() => addElement(t, 'k1', light('l2'), ctx)).toThrow('Error while adding a new light to the cluster: Cluster allows only one light per cluster');
    // also through a pendant hanging from the cluster, and when moving a light in
    const t2 = addElement(t, 'k1', { type: 'Pendant', id: 'p', createdAt: T }, ctx);
    expect(() => addElement(t2, 'p', light('l2'), ctx)).toThrow(ONE_LIGHT_PER_CLUSTER_MESSAGE);
    const t3 = addElement(t, 'c1', light('l3'), ctx);
    expect(thrown(() => moveElement(t3, 'l3', { parent: 'k1' }, ctx)).code).toBe('CLUSTER_ALLOWS_ONE_LIGHT');
  });

  it('allows several lights on a free-wire cluster', () => {
    let t = addElement(space(), 'space', { type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '18' } }, ctx);
    t = addElement(t, 'k', light('a'), ctx);
    t = addElement(t, 'k', light('b'), ctx);
    expect(lightsUnder(t, 'k').map((l) => l.id)).toEqual(['a', 'b']);
  });

  it("grouping clusters with different parents throws 'Hay clusters con distintos padres'", () => {
    let t = composition();
    t = addElement(t, 'space', { type: 'Cluster', id: 'k2', createdAt: T }, ctx);
    expect(() => groupClusters(t, ['k1', 'k2'], { id: 'g', createdAt: T }, ctx)).toThrow('Hay clusters con distintos padres');
    t = addElement(t, 'c1', { type: 'Cluster', id: 'k3', createdAt: T }, ctx);
    const grouped = groupClusters(t, ['k1', 'k3'], { id: 'g', createdAt: T }, ctx);
    expect(getElement(grouped, 'g')).toMatchObject({ parent: 'c1', children: ['k1', 'k3'] });
    expect(getElement(grouped, 'c1').children).toEqual(['g']);
    expect(() => groupClusters(t, ['k1', 'l1'], { id: 'g', createdAt: T }, ctx)).toThrow('This method is invalid for this element');
  });

  it("replaces an installation that does not fit the room by '10 Surface Basic' (on add and when the room changes)", () => {
    let t = createSpace({ id: 'space', createdAt: T, roomSize: { ceilingMaterial: 'concrete' } });
    t = addElement(t, 'space', { type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '31' } }, ctx);
    expect(getElement(t, 'k').attributes.installation).toBe('10');
    let u = addElement(space(), 'space', { type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '32' } }, ctx);
    u = addElement(u, 'k', light('l'), ctx);
    const change = setRoomSize(u, { extraCeiling: 0.05 });
    expect(change.replacedInstallations).toEqual(['k']);
    expect(getElement(change.tree, 'k').attributes.installation).toBe('10');
    expect(getElement(change.tree, 'l').attributes.installation).toBe('10');
  });

  it('a cluster given no size takes its canopy size (surface 0.195 × 0.135 × 0.195)', () => {
    const t = addElement(space(), 'space', { type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '10' }, position: { x: 0, y: 3.9, z: 0 } });
    expect(getElement(t, 'k').size).toEqual({ x: 0.195, y: 0.135, z: 0.195 });
    const given = addElement(space(), 'space', { type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '10' }, size: { x: 1, y: 1, z: 1 } });
    expect(getElement(given, 'k').size).toEqual({ x: 1, y: 1, z: 1 });
  });

  it('also replaces the installation of a light that hangs from no cluster', () => {
    const concrete = createSpace({ id: 'space', createdAt: T, roomSize: { ceilingMaterial: 'concrete' } });
    const t = addElement(concrete, 'space', light('l', '0270', { attributes: { installation: '31' } }), ctx);
    expect(getElement(t, 'l').attributes.installation).toBe('10');
    const r = setAttribute(t, 'l', 'installation', '31', ctx);
    expect(r).toMatchObject({ status: 'incompatible', message: 'This combination is incompatible.' });
    expect(setAttribute(t, 'l', 'installation', '32', ctx).status).toBe('applied');
  });
});

describe('pendants', () => {
  it('clamps the pendant height to [position offset, room height − 0.1] and derives the wire length', () => {
    let t = addElement(space(), 'space', { type: 'Pendant', id: 'p', createdAt: T, props: { pendantHeight: 9, positionOffset: 0.3 } });
    expect(getElement(t, 'p').props).toMatchObject({ pendantHeight: 3.9 });
    t = setPendantHeight(t, 'p', 0.1);
    expect(getElement(t, 'p').props).toMatchObject({ pendantHeight: 0.3, wireLength: 0 });
    t = setPendantHeight(t, 'p', 2);
    expect(getElement(t, 'p').props).toMatchObject({ pendantHeight: 2 });
    expect(getElement(t, 'p').type === 'Pendant' && getElement(t, 'p').props).toMatchObject({ wireLength: 1.7 });
    expect(() => setPendantHeight(t, 'space', 1)).toThrow('This method is invalid for this element');
    const lower = setRoomSize(t, { height: 2 }).tree;
    expect(getElement(lower, 'p').props).toMatchObject({ pendantHeight: 1.9 });
  });

  it('setting pendantHeight (cm) beyond the room clamps it and marks the combination incompatible', () => {
    let t = addElement(space(), 'space', { type: 'Pendant', id: 'p', createdAt: T }, ctx);
    t = addElement(t, 'p', light('l'), ctx);
    const ok = setAttribute(t, 'p', 'pendantHeight', '250', ctx);
    expect(ok.status).toBe('applied');
    expect(getElement(ok.tree, 'l').attributes.pendantHeight).toBe('250');
    const low = setRoomSize(t, { height: 2.5 }).tree;
    const clamped = setAttribute(low, 'p', 'pendantHeight', '300', ctx);
    expect(clamped).toMatchObject({ status: 'incompatible', message: 'This combination is incompatible.' });
    expect(getElement(clamped.tree, 'l').attributes.pendantHeight).toBe('240');
  });
});

describe('light attributes', () => {
  it('auto-sets control and temperature when only one option exists', () => {
    const t = addElement(space(), 'space', light('l', '5770'), ctx);
    expect(getElement(t, 'l').attributes).toMatchObject({ control: '1', ledColourTemp: '3' });
  });

  it('auto-sets installation only when the light has a parent', () => {
    const loose = addElement(space(), 'space', light('l', '5770'), ctx);
    expect(getElement(loose, 'l').attributes.installation).toBeUndefined();
    let held = addElement(space(), 'space', { type: 'Group', id: 'g', createdAt: T }, ctx);
    held = addElement(held, 'g', light('l', '5770'), ctx);
    expect(getElement(held, 'l').attributes.installation).toBe('18');
  });

  it("a light under a cluster takes the cluster's installation when it has none", () => {
    const t = composition();
    expect(getElement(t, 'l1').attributes.installation).toBe('10');
    let u = addElement(space(), 'space', { type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '32' } }, ctx);
    u = addElement(u, 'k', light('own', '0270', { attributes: { installation: '18' } }), ctx);
    expect(getElement(u, 'own').attributes.installation).toBe('18');
  });

  it('does not auto-set attributes with several options', () => {
    const t = addElement(space(), 'space', { type: 'Group', id: 'g', createdAt: T }, ctx);
    const l = getElement(addElement(t, 'g', light('l'), ctx), 'l');
    expect(l.attributes.control).toBeUndefined();
    expect(l.attributes.installation).toBeUndefined();
  });

  it('colour defaults to the base', () => {
    const t = addElement(space(), 'space', light('l', '5770'), ctx);
    expect(getElement(t, 'l').attributes.finish).toBe('02');
    const kept = addElement(space(), 'space', light('m', '0270', { attributes: { finish: '07' } }), ctx);
    expect(getElement(kept, 'm').attributes.finish).toBe('07');
    expect(autoSetLightAttributes(space(), 'space', ctx)).toEqual(space());
  });

  it("throws 'No base article exists for model {model}'", () => {
    expect(() => addElement(space(), 'space', light('l', '9000'), ctx)).toThrow('No base article exists for model 9000');
    expect(() => baseArticle(FIXTURE_ARTICLES, '9000')).toThrow('No base article exists for model 9000');
    expect(() => articleForLight('9000', {}, FIXTURE_ARTICLES)).toThrow('No base article exists for model 9000');
  });

  it("throws 'Cannot get Variations for light {code}, Article Collection doesn't contain this light'", () => {
    expect(() => variationsForLight('1234', FIXTURE_ARTICLES)).toThrow("Cannot get Variations for light 1234, Article Collection doesn't contain this light");
    expect(() => addElement(space(), 'space', light('l', '1234'), ctx)).toThrow("Cannot get Variations for light 1234, Article Collection doesn't contain this light");
    expect(variationsForLight('0270', FIXTURE_ARTICLES)).toHaveLength(8);
  });

  it("throws '... undefined Article Collection' without a collection", () => {
    expect(() => variationsForLight('0270', undefined)).toThrow('Cannot get Variations for light 0270, undefined Article Collection');
    expect(() => getLightOptions(composition(), 'l1', {})).toThrow('undefined Article Collection');
  });

  it("throws 'Tried to get Article for Light ... with invalid attribute values'", () => {
    expect(() => articleForLight('0270', { finish: '99' }, FIXTURE_ARTICLES)).toThrow('Tried to get Article for Light 0270 with invalid attribute values');
    expect(() => articleForLight('0270', { pendantHeight: '900' }, FIXTURE_ARTICLES)).toThrow(/^Tried to get Article for Light 0270 with invalid attribute values$/);
  });

  it('gets the article of a light: the catalogue article when it exists, else the base with the codes and a formatted reference', () => {
    expect(articleForLight('0270', { finish: '05' }, FIXTURE_ARTICLES).referenceBase).toBe('0270-01/03_10'.replace('-', ''));
    const built = articleForLight('0270', { finish: '07', control: '2', ledColourTemp: '4', installation: '31' }, FIXTURE_ARTICLES);
    expect(built.reference).toBe('027007/24_31');
    expect(built.attributes.finish.code).toBe('07');
    expect(articleForLight('0270', { finish: '07' }, FIXTURE_ARTICLES, 21).reference).toBe('0270-07/03_10');
  });

  it('lists the options of a light: the base value and every variation', () => {
    expect(lightOptionsForModel('0270', FIXTURE_ARTICLES)).toEqual({
      finish: ['01', '05', '07'],
      ledColourTemp: ['3', '4'],
      control: ['0', '2', 'M'],
      installation: ['10', '31', '32', '18'],
      pendantHeight: { min: 50, max: 300 },
    });
  });

  it("a group's light options are the intersection of its children's", () => {
    let t = addElement(space(), 'space', { type: 'Group', id: 'g', createdAt: T }, ctx);
    t = addElement(t, 'g', light('a', '0270'), ctx);
    t = addElement(t, 'g', light('b', '2350'), ctx);
    expect(getLightOptions(t, 'g', ctx)).toEqual({
      finish: ['05'],
      ledColourTemp: ['3', '4'],
      control: ['0', '2'],
      installation: ['10', '31', '18'],
      pendantHeight: null,
    });
  });

  it("throws 'Cannot get Light options of this element' for elements without lights", () => {
    const t = addElement(composition(), 'space', { type: 'Group', id: 'empty', createdAt: T }, ctx);
    expect(() => getLightOptions(t, 'space', ctx)).toThrow('Cannot get Light options of this element');
    expect(() => getLightOptions(t, 'empty', ctx)).toThrow('Cannot get Light options of this element');
    expect(thrown(() => getLightOptions(t, 'empty', ctx)).code).toBe('NO_LIGHT_OPTIONS');
  });

  it("throws 'This method is invalid for this element' when setting attributes on an element without lights", () => {
    const t = addElement(composition(), 'space', { type: 'Complement', id: 'x', createdAt: T, props: { code: '8001' } }, ctx);
    expect(() => setAttribute(t, 'x', 'finish', '05', ctx)).toThrow('This method is invalid for this element');
    expect(() => setAttribute(t, 'k1', 'finish', '05', ctx)).toThrow('This method is invalid for this element');
    expect(() => setAttribute(t, 'nope', 'finish', '05', ctx)).toThrow('Element not found');
  });

  it('sets an attribute on a light', () => {
    const r = setAttribute(composition(), 'l1', 'finish', '05', ctx);
    expect(r.status).toBe('applied');
    expect(getElement(r.tree, 'l1').attributes.finish).toBe('05');
  });

  it('sets an attribute on every light of a group', () => {
    let t = addElement(space(), 'space', { type: 'Group', id: 'g', createdAt: T }, ctx);
    t = addElement(t, 'g', light('a', '0270'), ctx);
    t = addElement(t, 'g', light('b', '2350'), ctx);
    const r = setAttribute(t, 'g', 'control', '2', ctx);
    expect(r.status).toBe('applied');
    expect(lightsUnder(r.tree, 'g').map((l) => l.attributes.control)).toEqual(['2', '2']);
  });

  it('reverts an attribute change that fails validation (value not offered)', () => {
    const t = composition();
    const r = setAttribute(t, 'l1', 'finish', '99', ctx);
    expect(r.status).toBe('reverted');
    expect(r.tree).toBe(t);
    expect(r.status === 'reverted' && r.error.message).toBe('Tried to get Article for Light 0270 with invalid attribute values');
  });

  it('reverts an attribute change that fails a rule', () => {
    const rules: RuleSet[] = [{ id: 'no-black-dali', appliesTo: { elementType: ['Light'] }, rules: [{ kind: 'exclusion', id: 'x', reason: 'black is not made with DALI', combinations: [{ Acabado: '05', Dim: '2' }] }] }];
    const c = { ...ctx, rules };
    const t = setAttribute(composition(c), 'l1', 'control', '2', c).tree;
    const r = setAttribute(t, 'l1', 'finish', '05', c);
    expect(r.status).toBe('reverted');
    expect(r.tree).toBe(t);
    expect(r.status === 'reverted' && r.error.message).toBe('Rule failed: black is not made with DALI');
  });

  it("marks a combination whose setting changes the result: 'This combination is incompatible.'", () => {
    const t = composition();
    const concrete = setRoomSize(t, { ceilingMaterial: 'concrete' }).tree;
    const r = setAttribute(concrete, 'k1', 'installation', '31', ctx);
    expect(r.status).toBe('incompatible');
    expect(r.status === 'incompatible' && r.message).toBe('This combination is incompatible.');
    expect(INCOMPATIBLE_MESSAGE).toBe('This combination is incompatible.');
    expect(getElement(r.tree, 'k1').attributes.installation).toBe('10');
    expect(getElement(r.tree, 'l1').attributes.installation).toBe('10');
  });

  it("RemoteDriverCP: a composition with remote installations (code starting with 3) sets control 'M No-driver' on all lights when all support it", () => {
    const flagged = { ...ctx, flags: { remoteDriverCP: true } };
    const r = setAttribute(composition(flagged), 'k1', 'installation', '31', flagged);
    expect(r.status).toBe('applied');
    expect(getElement(r.tree, 'l1').attributes.control).toBe('M');
    expect(NO_DRIVER_CONTROL).toEqual({ code: 'M', label: 'M No-driver' });
    // choosing another control afterwards is changed back: incompatible
    const again = setAttribute(r.tree, 'l1', 'control', '2', flagged);
    expect(again.status).toBe('incompatible');
    expect(getElement(again.tree, 'l1').attributes.control).toBe('M');
  });

  it('RemoteDriverCP leaves controls alone when one light does not support M, or when the flag is off', () => {
    const flagged = { ...ctx, flags: { remoteDriverCP: true } };
    let t = composition(flagged);
    t = addElement(t, 'c1', { type: 'Cluster', id: 'k2', createdAt: T, attributes: { installation: '10' } }, flagged);
    t = addElement(t, 'k2', light('l2', '2350'), flagged);
    const r = setAttribute(t, 'k1', 'installation', '31', flagged);
    expect(lightsUnder(r.tree, 'c1').map((l) => l.attributes.control)).toEqual([undefined, undefined]);
    const off = setAttribute(composition(), 'k1', 'installation', '31', ctx);
    expect(getElement(off.tree, 'l1').attributes.control).toBeUndefined();
    expect(applyRemoteDriver(composition(), 'k1', flagged)).toEqual(composition());
  });
});

describe('rules in the tree', () => {
  const maxTwoClusters: RuleSet = { id: 'max', appliesTo: { elementType: ['Composition'] }, rules: [{ kind: 'maxChildren', id: 'm', reason: 'a composition holds at most 2 clusters', childType: 'Cluster', max: 2 }] };

  it('a max-children-per-type rule refuses one child too many', () => {
    const c = { ...ctx, rules: [maxTwoClusters] };
    let t = composition(c);
    t = addElement(t, 'c1', { type: 'Cluster', id: 'k2', createdAt: T }, c);
    expect(() => addElement(t, 'c1', { type: 'Cluster', id: 'k3', createdAt: T }, c)).toThrow('Rule failed: a composition holds at most 2 clusters');
    t = addElement(t, 'space', { type: 'Cluster', id: 'k3', createdAt: T }, c);
    expect(() => moveElement(t, 'k3', { parent: 'c1' }, c)).toThrow('Rule failed: a composition holds at most 2 clusters');
  });

  it("applies the rule sets a composition carries to itself and what it holds", () => {
    let t = space();
    t = addElement(t, 'space', { type: 'Composition', id: 'c', createdAt: T, props: { compositionNumber: 1, rules: [maxTwoClusters] } }, ctx);
    t = addElement(t, 'c', { type: 'Cluster', id: 'a', createdAt: T }, ctx);
    t = addElement(t, 'c', { type: 'Cluster', id: 'b', createdAt: T }, ctx);
    expect(() => addElement(t, 'c', { type: 'Cluster', id: 'x', createdAt: T }, ctx)).toThrow('Rule failed: a composition holds at most 2 clusters');
  });

  it('checks every element of a tree and lists the failures', () => {
    const t = composition();
    const deny: RuleSet[] = [{ id: 'd', appliesTo: { elementType: ['Light'], model: ['0270'] }, rules: [{ kind: 'condition', id: 'r', reason: '0270 is discontinued', when: { always: true }, outcome: 'reject' }] }];
    expect(findTreeRuleFailures(t, deny)).toEqual([{ ruleSetId: 'd', ruleId: 'r', reason: '0270 is discontinued', elementId: 'l1' }]);
    expect(() => checkTreeRules(t, deny)).toThrow('Rule failed: 0270 is discontinued');
    expect(() => checkTreeRules(t, [])).not.toThrow();
    expect(descendants(t, 'space').map((e) => e.id)).toEqual(['c1', 'k1', 'l1']);
  });
});
