import { describe, expect, it } from 'vitest';
import { compositionsWithArticleParts, creationBillLines } from './creation-bill';

describe('creationBillLines (issue 34 §3)', () => {
  it('lists luminaires, accessories and drivers of every composition, each reference once with its quantities added', () => {
    const compositions = [
      {
        articles: [
          { referenceCode: '577010/02_10', accessoryCode: null, quantity: 3 },
          { referenceCode: '999910/00_00', accessoryCode: '9999AC', quantity: 1 },
        ],
        accessories: [
          { accessoryCode: 'ROSE-3', quantity: 1 },
          { accessoryCode: 'DRV-60W', quantity: 1 },
        ],
        electricalGroups: [{ model: '5770', control: '0', lights: 3, drivers: [{ driverCode: 'DRV-60W', count: 1 }] }],
      },
      {
        articles: [{ referenceCode: '577010/02_10', accessoryCode: null, quantity: 4 }],
        accessories: [{ accessoryCode: 'ROSE-3', quantity: 2 }],
        electricalGroups: [{ drivers: [{ driverCode: 'DRV-60W', count: 2 }] }],
      },
    ];
    expect(creationBillLines(compositions)).toEqual([
      { kind: 'luminaire', reference: '577010/02_10', quantity: 7 },
      { kind: 'accessory', reference: '9999AC', quantity: 1 },
      { kind: 'accessory', reference: 'ROSE-3', quantity: 3 },
      { kind: 'driver', reference: 'DRV-60W', quantity: 3 },
    ]);
  });

  it('counts a driver the accessory lines hold once, not again from its electrical group', () => {
    const compositions = [{ articles: [], accessories: [{ accessoryCode: 'DRRK04-0', quantity: 1 }], electricalGroups: [{ drivers: [{ driverCode: 'DRRK04-0', count: 1 }] }] }];
    expect(creationBillLines(compositions)).toEqual([{ kind: 'driver', reference: 'DRRK04-0', quantity: 1 }]);
  });

  it('gives nothing for shapes it does not know, and skips empty references and quantities', () => {
    expect(creationBillLines(undefined)).toEqual([]);
    expect(creationBillLines([{ articles: 'x' }, null, 3])).toEqual([]);
    expect(creationBillLines([{ articles: [{ referenceCode: '', quantity: 2 }, { referenceCode: 'A', quantity: 0 }, { referenceCode: 'B', quantity: -1 }] }])).toEqual([]);
  });
});

describe('compositionsWithArticleParts (spec §3: a creation line\'s articles carry parts)', () => {
  it('gives each luminaire line the drivers of its electrical group, shared by lights in whole drivers', () => {
    const [composition] = compositionsWithArticleParts([
      {
        compositionNumber: 1,
        articles: [
          { model: '5770', referenceCode: '577010/02_10', accessoryCode: null, quantity: 3, attributes: { control: '0' } },
          { model: '5770', referenceCode: '577010/05_10', accessoryCode: null, quantity: 2, attributes: { control: '0' } },
          { model: '5770', referenceCode: '577010/02_1D', accessoryCode: null, quantity: 1, attributes: { control: 'D' } },
          { model: '8001', referenceCode: '800100/00_00', accessoryCode: '8001AC', quantity: 1, attributes: { control: '0' } },
        ],
        accessories: [{ accessoryCode: 'DRV-60W', quantity: 3, model: '5770' }],
        electricalGroups: [
          { model: '5770', control: '0', lights: 5, drivers: [{ driverCode: 'drv-60w', count: 3 }] },
          { model: '5770', control: 'D', lights: 1, drivers: [{ driverCode: 'DRV-DALI', count: 1 }] },
        ],
      },
    ]) as unknown as Array<{ compositionNumber: number; articles: Array<{ referenceCode: string; parts: unknown }> }>;
    expect(composition?.compositionNumber).toBe(1);
    expect(composition?.articles.map((article) => [article.referenceCode, article.parts])).toEqual([
      ['577010/02_10', [{ kind: 'driver', reference: 'DRV-60W', quantity: 2 }]],
      ['577010/05_10', [{ kind: 'driver', reference: 'DRV-60W', quantity: 1 }]],
      ['577010/02_1D', [{ kind: 'driver', reference: 'DRV-DALI', quantity: 1 }]],
      ['800100/00_00', []],
    ]);
  });

  it('leaves what it does not know as it is', () => {
    expect(compositionsWithArticleParts([])).toEqual([]);
    expect(compositionsWithArticleParts([{ note: 'x' }])).toEqual([{ note: 'x' }]);
    expect(compositionsWithArticleParts([{ articles: [{ model: '1', quantity: 1 }] }])).toEqual([{ articles: [{ model: '1', quantity: 1, parts: [] }] }]);
  });

  it('names each part when asked', () => {
    const [composition] = compositionsWithArticleParts(
      [{ articles: [{ model: '5770', accessoryCode: null, quantity: 2, attributes: { control: '0' } }], electricalGroups: [{ model: '5770', control: '0', drivers: [{ driverCode: 'DRV-60W', count: 1 }] }] }],
      (reference) => `Driver ${reference}`,
    );
    expect(composition?.articles).toEqual([{ model: '5770', accessoryCode: null, quantity: 2, attributes: { control: '0' }, parts: [{ kind: 'driver', reference: 'DRV-60W', quantity: 1, description: 'Driver DRV-60W' }] }]);
  });
});
