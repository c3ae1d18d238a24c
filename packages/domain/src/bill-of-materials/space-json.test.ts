import { describe, expect, it } from 'vitest';
import { createSpace } from '../element-tree/element-factory';
import { FIXTURE_ARTICLES } from '../element-tree/element-tree.fixtures';
import { addElement } from '../element-tree/tree-operations';
import { getElement } from '../element-tree/tree-queries';
import type { FamilyData } from './bill-of-materials.types';
import { defineProductDomain, spaceFromJSON, spaceToJSON } from './space-json';
import { MAX_SPACE_DEPTH, migrateSpace, SPACE_MIGRATIONS, SPACE_SCHEMA_VERSION } from './space-migrations';
import type { JsonObject } from './space-migrations';

const T = 1_700_000_000_000;
const FAMILY: FamilyData = { familyId: 42, subFamily: { id: 225, description: 'plusminus' }, category: 7 };
const ctx = { articles: FIXTURE_ARTICLES };

function sampleTree() {
  let t = createSpace({ id: 'space', createdAt: T, roomSize: { height: 3 } });
  t = addElement(t, 'space', { type: 'Composition', id: 'c', createdAt: T, props: { compositionNumber: 2 } }, ctx);
  t = addElement(t, 'c', { type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '18' }, position: { x: 0.5, y: 2.9, z: 0 } }, ctx);
  t = addElement(t, 'k', { type: 'Pendant', id: 'p', createdAt: T, props: { pendantHeight: 1.2 } }, ctx);
  t = addElement(t, 'p', { type: 'Light', id: 'l', createdAt: T, props: { code: '0270' }, attributes: { finish: '05', pendantHeight: '120' } }, ctx);
  return t;
}

describe('space JSON', () => {
  it('round-trips a space through its saved form, which carries the schema version', () => {
    const t = sampleTree();
    const json = spaceToJSON(t);
    expect(json.schemaVersion).toBe(SPACE_SCHEMA_VERSION);
    expect(json.type).toBe('Space');
    const back = spaceFromJSON(JSON.parse(JSON.stringify(json)), FAMILY);
    expect(back.tree).toEqual(t);
    expect(back.family).toBe(FAMILY);
  });

  it("throws 'No family data was provided'", () => {
    expect(() => spaceFromJSON(spaceToJSON(sampleTree()), undefined)).toThrow('No family data was provided');
  });

  it("throws 'Incorrect domainJSON provided' without props or type, and when the type is not Space", () => {
    expect(() => spaceFromJSON({ type: 'Space' }, FAMILY)).toThrow('Incorrect domainJSON provided');
    expect(() => spaceFromJSON({ props: {} }, FAMILY)).toThrow('Incorrect domainJSON provided');
    expect(() => spaceFromJSON({ type: 'Group', id: 'g', props: {} }, FAMILY)).toThrow('Incorrect domainJSON provided');
    expect(() => spaceFromJSON('nope', FAMILY)).toThrow('Incorrect domainJSON provided');
  });

  it('refuses malformed, duplicated, nested-space, hostile and oversized nodes', () => {
    const base = spaceToJSON(sampleTree());
    const withChild = (child: unknown) => ({ ...base, children: [child] });
    expect(() => spaceFromJSON(withChild({ type: 'Light', id: 'x', props: { code: 5 } }), FAMILY)).toThrow('Incorrect domainJSON provided');
    expect(() => spaceFromJSON(withChild({ type: 'Space', id: 's2', props: {} }), FAMILY)).toThrow('Incorrect domainJSON provided');
    expect(() => spaceFromJSON(withChild({ type: 'Group', id: '__proto__', props: {} }), FAMILY)).toThrow('Incorrect domainJSON provided');
    expect(() => spaceFromJSON({ ...base, children: [{ type: 'Group', id: 'g', props: {} }, { type: 'Group', id: 'g', props: {} }] }, FAMILY)).toThrow('Incorrect domainJSON provided');
    expect(() => spaceFromJSON(withChild({ type: 'Base', id: 'b', props: {} }), FAMILY)).toThrow('Base cannot be instanced');
    expect(() => spaceFromJSON(withChild({ type: 'Group', id: 'g', props: {}, children: { 0: {} } }), FAMILY)).toThrow('Incorrect domainJSON provided');
    expect(() => spaceFromJSON(withChild('a string'), FAMILY)).toThrow('Incorrect domainJSON provided');
    let deep: JsonObject = { type: 'Group', id: 'g0', props: {} };
    for (let i = 1; i <= MAX_SPACE_DEPTH + 1; i++) deep = { type: 'Group', id: `g${i}`, props: {}, children: [deep] };
    expect(() => spaceFromJSON(withChild(deep), FAMILY)).toThrow('Incorrect domainJSON provided');
  });

  it("defining a product's domain needs article data: 'Required data to define domain was not provided'", () => {
    const domainJSON = spaceToJSON(sampleTree());
    expect(() => defineProductDomain({ articles: undefined, family: FAMILY, domainJSON })).toThrow('Required data to define domain was not provided');
    expect(() => defineProductDomain({ articles: { articles: [], variations: [] }, family: FAMILY, domainJSON })).toThrow('Required data to define domain was not provided');
    expect(() => defineProductDomain({ articles: FIXTURE_ARTICLES, family: null, domainJSON })).toThrow('No family data was provided');
    const domain = defineProductDomain({ articles: FIXTURE_ARTICLES, family: FAMILY, domainJSON });
    expect(getElement(domain.tree, 'l').attributes.finish).toBe('05');
  });
});

describe('space migrations', () => {
  const v1: JsonObject = {
    type: 'Space',
    id: 'space',
    props: { roomSize: { height: 3.2, width: 5, depth: 4 }, configurator: 4, source: 'PRIVATE_AREA', productId: null },
    children: [
      { type: 'Pendant', id: 'p', props: { pendantHeight: 1.5 }, attributes: { pendantHeight: 1.5 }, children: [
        { type: 'Light', id: 'l', props: { code: '0270' }, attributes: { color: '05', temperature: '4', control: '2', pendantHeight: 1.5 } },
      ] },
    ],
  };

  it('has one migration per version step up to the current version', () => {
    expect(Object.keys(SPACE_MIGRATIONS).map(Number)).toEqual(Array.from({ length: SPACE_SCHEMA_VERSION - 1 }, (_, i) => i + 1));
  });

  it('1 → 2 renames attribute keys color → finish and temperature → ledColourTemp', () => {
    const v2 = SPACE_MIGRATIONS[1]!(v1);
    expect(v2.schemaVersion).toBe(2);
    const lightNode = ((v2.children as JsonObject[])[0]!.children as JsonObject[])[0]!;
    expect(lightNode.attributes).toEqual({ finish: '05', ledColourTemp: '4', control: '2', pendantHeight: 1.5 });
  });

  it('2 → 3 moves the room under config with defaults and turns pendant heights from metres into centimetres', () => {
    const v3 = SPACE_MIGRATIONS[2]!({ ...SPACE_MIGRATIONS[1]!(v1) });
    expect(v3.schemaVersion).toBe(3);
    expect(v3.props).toEqual({
      config: { roomSize: { height: 3.2, width: 5, depth: 4, extraCeiling: 0.16, ceilingMaterial: 'pladur' } },
      configurator: 4,
      source: 'PRIVATE_AREA',
      productId: null,
    });
    const pendant = (v3.children as JsonObject[])[0]!;
    expect(pendant.attributes).toEqual({ pendantHeight: '150' });
    expect(((pendant.children as JsonObject[])[0]!.attributes as JsonObject).pendantHeight).toBe('150');
  });

  it('brings an unversioned (version 1) space to the current version and reads it', () => {
    const migrated = migrateSpace(v1);
    expect(migrated.schemaVersion).toBe(SPACE_SCHEMA_VERSION);
    const { tree } = spaceFromJSON(v1, FAMILY);
    expect(getElement(tree, 'l').attributes).toEqual({ finish: '05', ledColourTemp: '4', control: '2', pendantHeight: '150' });
    expect(getElement(tree, 'space').props).toMatchObject({ config: { roomSize: { height: 3.2, width: 5 } } });
    expect(getElement(tree, 'l').parent).toBe('p');
  });

  it('leaves a current space as it is and refuses unknown versions', () => {
    const current = spaceToJSON(sampleTree());
    expect(migrateSpace(current)).toBe(current);
    expect(() => migrateSpace({ ...current, schemaVersion: SPACE_SCHEMA_VERSION + 1 })).toThrow(`Unsupported domainJSON schema version ${SPACE_SCHEMA_VERSION + 1}`);
    expect(() => migrateSpace({ ...current, schemaVersion: '2' })).toThrow('Unsupported domainJSON schema version 2');
    expect(() => migrateSpace([])).toThrow('Incorrect domainJSON provided');
  });

  it('never changes the JSON it is given', () => {
    const frozen = JSON.parse(JSON.stringify(v1)) as JsonObject;
    const before = JSON.stringify(frozen);
    migrateSpace(frozen);
    expect(JSON.stringify(frozen)).toBe(before);
  });
});
