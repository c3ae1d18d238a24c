import { describe, expect, it } from 'vitest';
import { createSpace } from '../element-tree/element-factory';
import type { NewElement } from '../element-tree/element-factory';
import type { ElementTree } from '../element-tree/element.types';
import { FIXTURE_ARTICLES } from '../element-tree/element-tree.fixtures';
import { addElement } from '../element-tree/tree-operations';
import type { TreeContext } from '../element-tree/tree-context';
import { spaceToBillOfMaterials } from './bill-of-materials';
import type { FamilyData } from './bill-of-materials.types';

const T = 1_700_000_000_000;
const ctx: TreeContext = { articles: FIXTURE_ARTICLES };
const FAMILY: FamilyData = { familyId: 42, subFamily: { id: 225, description: 'plusminus' }, category: 7 };

const light = (id: string, code = '0270', extra: Partial<NewElement<'Light'>> = {}): NewElement<'Light'> => ({ type: 'Light', id, createdAt: T, props: { code }, ...extra });

/** c1: 3 × 0270 lights on a free-wire cluster, a complement; loose: one 2350 light. */
function sample(): ElementTree {
  let t = createSpace({ id: 'space', createdAt: T });
  t = addElement(t, 'space', { type: 'Composition', id: 'c1', createdAt: T, props: { compositionNumber: 1 } }, ctx);
  t = addElement(t, 'c1', { type: 'Cluster', id: 'k', createdAt: T, attributes: { installation: '18' } }, ctx);
  for (const id of ['a', 'b', 'c']) t = addElement(t, 'k', light(id, '0270', { applicationLocationId: 3 }), ctx);
  t = addElement(t, 'c1', { type: 'Complement', id: 'x', createdAt: T, props: { code: '8001' } }, ctx);
  t = addElement(t, 'space', light('loose', '2350'), ctx);
  return t;
}

describe('bill of materials', () => {
  it('turns a space into compositions: each Composition, then what hangs outside any', () => {
    const bill = spaceToBillOfMaterials({ tree: sample(), articles: FIXTURE_ARTICLES, family: FAMILY });
    expect(bill.map((c) => c.compositionNumber)).toEqual([1, 2]);
    const [c1] = bill;
    expect(c1).toMatchObject({ subFamily: { id: 225, description: 'plusminus' }, familyId: 42, category: 7 });
    expect(c1?.assemblyData).toMatchObject({ lights: 3, clusters: 1, pendants: 0, elementIds: ['c1', 'k', 'a', 'b', 'c', 'x'] });
  });

  it('gives article lines with model, references, article code, attributes, lumens, watts, family, location, order and merged quantity', () => {
    const [c1] = spaceToBillOfMaterials({ tree: sample(), articles: FIXTURE_ARTICLES, family: FAMILY });
    expect(c1?.articles).toEqual([
      {
        model: '0270',
        referenceCode: '027001/03_18',
        referenceBase: '027001/03_10',
        articleCode: 'LW0270',
        accessoryCode: null,
        attributes: { finish: '01', ledColourTemp: '3', control: '0', installation: '18', pendantHeight: null },
        lumensLed: 1200,
        watts: 12,
        sublevel: null,
        familyId: 42,
        subFamily: 225,
        applicationLocation: 3,
        elementOrderValue: 3,
        quantity: 3,
        isAvailablePrice: false,
        isPersonalized: 0,
        priceReference: '027001/03_10',
        prices: { totalDiscount: 0, totalGross: 0, totalNet: 0, unitGross: 0, unitNet: 0, unitDiscount: 0 },
      },
    ]);
    expect(c1).toMatchObject({ totalLumensLed: 3600, totalWatts: 36, attributes: { finish: '01', ledColourTemp: '3', installation: '18' } });
  });

  it('includes accessory lines (accessoryCode, quantity, model), drivers included', () => {
    const [c1] = spaceToBillOfMaterials({ tree: sample(), articles: FIXTURE_ARTICLES, family: FAMILY });
    // 3 lights of 0270, control 0, row: largest size 9 → 1 driver of 3 → size 3 (DRRC03-0).
    expect(c1?.accessories).toEqual([
      { accessoryCode: '800101/03_10', quantity: 1, model: '8001' },
      { accessoryCode: 'DRRC03-0', quantity: 1, model: '0270' },
    ]);
    expect(c1?.electricalGroups).toEqual([{ model: '0270', control: '0', lights: 3, drivers: [{ driverCode: 'DRRC03-0', count: 1 }] }]);
    expect(c1?.packaging).toEqual({ packages: 4, timing: 2 });
  });

  it('uses the usa driver list and the US reference form for catalogue 21', () => {
    const [c1] = spaceToBillOfMaterials({ tree: sample(), articles: FIXTURE_ARTICLES, family: FAMILY, catalogId: 21 });
    expect(c1?.articles[0]?.referenceCode).toBe('0270-01/03_18');
    expect(c1?.electricalGroups[0]?.drivers).toEqual([{ driverCode: 'DRUC04-0', count: 1 }]);
  });

  it('prices lines through the given resolver: gross, net and discount, per unit and total', () => {
    const [c1] = spaceToBillOfMaterials({
      tree: sample(),
      articles: FIXTURE_ARTICLES,
      family: FAMILY,
      isPersonalized: true,
      prices: (q) => (q.model === '0270' ? { unitGross: '100.10', discountPercent: 15 } : undefined),
    });
    expect(c1?.articles[0]).toMatchObject({
      isAvailablePrice: true,
      isPersonalized: 1,
      prices: { unitGross: 100.1, unitNet: 85.09, unitDiscount: 15.01, totalGross: 300.3, totalNet: 255.26, totalDiscount: 45.04 },
    });
  });

  it('divides the pendant height attribute by 100 for the article', () => {
    let t = createSpace({ id: 'space', createdAt: T });
    t = addElement(t, 'space', { type: 'Pendant', id: 'p', createdAt: T, attributes: { pendantHeight: '250' }, props: { pendantHeight: 2.5 } }, ctx);
    t = addElement(t, 'p', light('l'), ctx);
    const [c] = spaceToBillOfMaterials({ tree: t, articles: FIXTURE_ARTICLES, family: FAMILY });
    expect(c?.articles[0]?.attributes.pendantHeight).toBe(2.5);
    expect(c?.assemblyData).toMatchObject({ pendants: 1, wireLength: 2.5 });
  });

  it("throws 'No article for this model was found'", () => {
    let t = createSpace({ id: 'space', createdAt: T });
    t = addElement(t, 'space', light('l', '4321'));
    expect(() => spaceToBillOfMaterials({ tree: t, articles: FIXTURE_ARTICLES, family: FAMILY })).toThrow('No article for this model was found');
  });

  it("throws 'No articles found in this space'", () => {
    let t = createSpace({ id: 'space', createdAt: T });
    expect(() => spaceToBillOfMaterials({ tree: t, articles: FIXTURE_ARTICLES, family: FAMILY })).toThrow('No articles found in this space');
    t = addElement(t, 'space', { type: 'Composition', id: 'c', createdAt: T }, ctx);
    t = addElement(t, 'c', { type: 'Cluster', id: 'k', createdAt: T }, ctx);
    expect(() => spaceToBillOfMaterials({ tree: t, articles: FIXTURE_ARTICLES, family: FAMILY })).toThrow('No articles found in this space');
  });
});
