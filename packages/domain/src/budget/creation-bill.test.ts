import { describe, expect, it } from 'vitest';
import { creationBillLines } from './creation-bill';

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
