/** Test data of the drawing configurators: the sticks collection (219) as the catalogue calls answer it, and the server's evaluation. */
import type { Collection, CreationEvaluation, ModelSummary, VariationsResponse } from '@lumen/contracts';
import type { Drawing, RoomSize } from '@lumen/domain';

const attr = (code: string) => ({ code, description: { en: `Option ${code}` }, bov: 'B' as const });

function article(model: string, length: number) {
  const reference = `${model}10/03`;
  return {
    model,
    reference,
    referenceBase: reference,
    priceReference: reference,
    catalog: { id: 16 },
    articleType: { level1: { id: 1, description: 'Luminaire' } },
    attributes: { finish: attr('10'), ledColourTemp: attr('3'), control: attr('0'), installation: attr('10'), pendantHeight: { ...attr('00'), value: 150, min: 60, standard: 150, max: 350, delta: 50 } },
    materials: [],
    moq: 1,
    leadtime: [{ from: 1, weeks: 4 }],
    hasAttributes: true,
    netWeight: 1,
    lumens: Math.round(1700 * length),
    watts: Math.round(16 * length),
    delivered_power: 10,
    consumed_power: 10,
    height: 3,
    description: `Sticks ${model}`,
  };
}

export const STICKS_COLLECTION: Collection = {
  id: 219,
  subFamilyId: 219,
  catalogId: 16,
  name: 'Sticks',
  description: 'Slender linear pendants drawn stick by stick.',
  familyId: 19,
  familyName: 'sticks',
  categories: [{ id: 19, description: 'Ceiling-hanging' }],
  applicationLocations: [{ id: 15, description: 'Indoor' }],
  productType: { id: 3, description: 'MODULAR' },
  configuratorType: { id: 2, description: 'DRAWING' },
  modelsCount: 4,
  isNew: false,
  order: 1,
};

const STICKS = [
  ['7460', 'Sticks L 60', 0.6],
  ['7470', 'Sticks L 90', 0.9],
  ['7475', 'Sticks L 120', 1.2],
  ['2355', 'Sticks L 150', 1.5],
] as const;

export const STICKS_MODELS: ModelSummary[] = STICKS.map(([model, description, length]) => ({
  model,
  catalogId: 16,
  description,
  subFamilyId: 219,
  familyId: 19,
  familyName: 'sticks',
  category: { id: 19, description: 'Ceiling-hanging' },
  applicationLocation: { id: 15, description: 'Indoor' },
  virtual: false,
  referenceBase: `${model}10/03`,
  articleCode: `LW${model}`,
  hasDrivers: true,
  technicalData: { lumens: 1700 * length, watts: 16 * length, delivered_power: 10, consumed_power: 10, cri: 90, width: length * 100, height: 3, depth: 3, netWeight: 1, beamAngle: 110, ipRating: 'IP20', energyClass: 'D' },
  image: '',
}));

/** Finishes 10 and 05 (black), temperatures 3 and 2, control 0. */
export const STICKS_VARIATIONS: VariationsResponse = {
  catalogId: 16,
  articles: STICKS.map(([model, , length]) => article(model, length)) as unknown as VariationsResponse['articles'],
  variations: STICKS.flatMap(([model]) => [
    { type: 'color', model, modifier: '05', description: { en: 'Black' } },
    { type: 'temperature', model, modifier: '2', description: { en: '2700 K' } },
  ]) as VariationsResponse['variations'],
};

/** What the server answers for a drawing of `sticks` sticks of 0.9 m (one composition). */
export function drawingEvaluation(sticks: number): CreationEvaluation {
  return {
    valid: true,
    failures: [],
    space: {},
    schemaVersion: 3,
    catalogId: 16,
    subFamily: { id: 219, description: 'Sticks' },
    familyId: 19,
    category: 3,
    configuratorType: { id: 2, description: 'DRAWING' },
    quantity: 1,
    compositions: [
      {
        compositionNumber: 1,
        subFamily: { id: 219, description: 'Sticks' },
        familyId: 19,
        category: 3,
        attributes: {},
        totalLumensLed: 1530 * sticks,
        totalWatts: 14 * sticks,
        articles: [
          {
            model: '7470',
            referenceCode: '747010/03',
            referenceBase: '747010/03',
            articleCode: 'LW7470',
            accessoryCode: null,
            description: 'Sticks L 90',
            attributes: { finish: '10', ledColourTemp: '3', control: '0', installation: '10', pendantHeight: null },
            lumensLed: 1530,
            watts: 14,
            sublevel: null,
            familyId: 19,
            subFamily: 219,
            applicationLocation: null,
            elementOrderValue: 1,
            quantity: sticks,
            moq: 1,
            leadTimeWeeks: 4,
            availability: { status: 'available', weeks: 0, date: null },
            isAvailablePrice: true,
            isPersonalized: 1,
          },
        ],
        accessories: [{ accessoryCode: '7465', quantity: Math.max(0, sticks - 1), model: '7465', kind: 'accessory', description: 'Sticks joint', isAvailablePrice: true }],
        electricalGroups: [],
        packaging: { packages: sticks, timing: 3 },
        assemblyData: { lights: sticks, clusters: 0, pendants: 0, wireLength: 0, elementIds: [] },
      },
    ],
    totals: { lumens: 1530 * sticks, watts: 14 * sticks, lights: sticks, clusters: 0, pendants: 0, wireLength: 0 },
    price: { currency: 'EUR', unitGross: 250 * sticks, unitNet: 200 * sticks, totalGross: 250 * sticks, totalNet: 200 * sticks, totalDiscount: 50 * sticks, complete: true },
    moq: 1,
    leadTimeWeeks: 4,
    availability: { status: 'available', weeks: 0, date: null },
  };
}

/** The plusminus collection (225) as the catalogue calls answer it: one light model, 5520, on the sticks' articles. */
export const PLUSMINUS_COLLECTION: Collection = { ...STICKS_COLLECTION, id: 225, subFamilyId: 225, name: 'Plusminus', familyName: 'plusminus', modelsCount: 1 };
const [STICK_MODEL] = STICKS_MODELS;
export const PLUSMINUS_MODELS: ModelSummary[] = STICK_MODEL ? [{ ...STICK_MODEL, model: '5520', description: 'Plusminus 5520', subFamilyId: 225, familyName: 'plusminus', referenceBase: '552010/03', articleCode: 'LW5520' }] : [];
export const PLUSMINUS_VARIATIONS: VariationsResponse = { ...STICKS_VARIATIONS, articles: STICKS_VARIATIONS.articles.slice(0, 1).map((article) => ({ ...article, model: '5520', reference: '552010/03', referenceBase: '552010/03' })), variations: [] };

/** The room the saved drawings of the tests were made in. */
export const DRAWING_ROOM: RoomSize = { width: 6, depth: 6, height: 3, extraCeiling: 0.16, ceilingMaterial: 'pladur' };

/** A plusminus drawing: one 2 m strap with two lights and its power canopy. */
export const PLUSMINUS_STRAP: Drawing = {
  family: 'plusminus',
  height: 2.6,
  segments: [{ id: 's1', from: { x: -1, z: 0 }, to: { x: 1, z: 0 }, attributes: { finish: '10' } }],
  items: [
    { id: 'l1', kind: 'light', segmentId: 's1', offset: 0.5, model: '5520', attributes: { finish: '01', ledColourTemp: '3', control: '0', installation: '10' } },
    { id: 'l2', kind: 'light', segmentId: 's1', offset: 1.5, model: '5520', attributes: { finish: '01', ledColourTemp: '3', control: '0', installation: '10' } },
    { id: 'k1', kind: 'connection', segmentId: 's1', offset: 1, model: '7495', attributes: {} },
  ],
};

/** A square of four 0.90 m sticks with its canopy: a saved no-drawing sticks structure. */
export const STICKS_SQUARE: Drawing = {
  family: 'sticks',
  height: 2.5,
  segments: [
    { id: 'a', from: { x: -0.45, z: -0.45 }, to: { x: 0.45, z: -0.45 }, attributes: { finish: '10', ledColourTemp: '3', control: '0' } },
    { id: 'b', from: { x: 0.45, z: -0.45 }, to: { x: 0.45, z: 0.45 }, attributes: { finish: '10', ledColourTemp: '3', control: '0' } },
    { id: 'c', from: { x: 0.45, z: 0.45 }, to: { x: -0.45, z: 0.45 }, attributes: { finish: '10', ledColourTemp: '3', control: '0' } },
    { id: 'd', from: { x: -0.45, z: 0.45 }, to: { x: -0.45, z: -0.45 }, attributes: { finish: '10', ledColourTemp: '3', control: '0' } },
  ],
  items: [{ id: 'k', kind: 'connection', segmentId: 'a', offset: 0.45, model: '7466', attributes: {} }],
};
