/** Test data of the crea room: two composing-pendant models in the shapes the catalogue calls answer. */
import type { Collection, CreationEvaluation, ModelSummary, VariationsResponse } from '@lumen/contracts';
import type { Article, ArticleCollection, RuleSet, Variation } from '@lumen/domain';
import type { ModelBody } from './crea-state';

function article(model: string, finish: string, control: string, installation: string, lumens: number): Article {
  const reference = `${model}${finish}/${control}3_${installation}`;
  const attr = (code: string) => ({ code, description: { en: code }, bov: 'B' as const });
  return {
    model,
    reference,
    referenceBase: reference,
    priceReference: reference,
    catalog: { id: 16 },
    articleType: { level1: { id: 1, description: 'Luminaire' } },
    attributes: {
      finish: attr(finish),
      ledColourTemp: attr('3'),
      control: attr(control),
      installation: attr(installation),
      pendantHeight: { ...attr('00'), value: 200, min: 50, standard: 200, max: 350, delta: 10 },
    },
    materials: [],
    moq: 1,
    leadtime: [{ from: 1, weeks: 3 }],
    hasAttributes: true,
    netWeight: 1,
    lumens,
    watts: lumens / 100,
    delivered_power: lumens / 100,
    consumed_power: lumens / 100,
    height: 30,
  };
}

const v = (model: string, type: Exclude<Variation['type'], 'pendantHeight'>, modifier: string): Variation => ({ type, model, modifier }) as Variation;
const height = (model: string): Variation => ({ type: 'pendantHeight', model, modifier: '00', min: 50, standard: 200, max: 350 });

/** 5770: finishes 10/05/58, controls 0/M, canopies 10/31/32/18. 5772: finishes 10/23, control 0 only, canopies 10/31/32. */
export const CREA_ARTICLES: ArticleCollection = {
  articles: [article('5770', '10', '0', '10', 1500), article('5772', '10', '0', '10', 2600)],
  variations: [
    v('5770', 'color', '05'),
    v('5770', 'color', '58'),
    v('5770', 'control', 'M'),
    v('5770', 'installation', '31'),
    v('5770', 'installation', '32'),
    v('5770', 'installation', '18'),
    height('5770'),
    v('5772', 'color', '23'),
    v('5772', 'installation', '31'),
    v('5772', 'installation', '32'),
    height('5772'),
  ],
};

/** Black (05) is not made with the XXS canopy (32). */
export const CREA_RULES: RuleSet[] = [
  {
    id: 'no-black-xxs',
    appliesTo: { elementType: ['Light'] },
    rules: [
      {
        kind: 'exclusion',
        id: 'black-xxs',
        reason: 'Black is not made with the XXS canopy',
        reasons: { en: 'Black is not made with the XXS canopy', fr: 'Le noir ne se fait pas avec la rosace XXS' },
        combinations: [{ Acabado: '05', Instalacion1: '3', Instalacion2: '2' }],
      },
    ],
  },
];

export const CREA_BODIES: Record<string, ModelBody> = {
  '5770': { model: '5770', width: 0.3, height: 0.3, depth: 0.3, lumens: 1500, watts: 15, familyName: 'multiple', subFamilyId: 259 },
  '5772': { model: '5772', width: 0.4, height: 0.35, depth: 0.4, lumens: 2600, watts: 26, familyName: 'multiple', subFamilyId: 259 },
};

/** The same collection as the catalogue calls answer it (collections, models, variations). */
export const CREA_COLLECTION: Collection = {
  id: 259,
  subFamilyId: 259,
  catalogId: 16,
  name: 'Multiple',
  description: 'Compose clusters of pendants from one canopy.',
  familyId: 26,
  familyName: 'multiple',
  categories: [{ id: 26, description: 'Ceiling-hanging' }],
  applicationLocations: [{ id: 15, description: 'Indoor' }],
  productType: { id: 7, description: 'COMPOSING_PENDANTS' },
  configuratorType: { id: 5, description: 'COMPOSITOR' },
  modelsCount: 2,
  isNew: false,
  order: 1,
};

function modelSummary(model: string, description: string, body: ModelBody, beamAngle: number): ModelSummary {
  return {
    model,
    catalogId: 16,
    description,
    subFamilyId: 259,
    familyId: 26,
    familyName: 'multiple',
    category: { id: 26, description: 'Ceiling-hanging' },
    applicationLocation: { id: 15, description: 'Indoor' },
    virtual: false,
    referenceBase: `${model}10/03_10`,
    articleCode: `LW${model}`,
    hasDrivers: true,
    technicalData: {
      lumens: body.lumens,
      watts: body.watts,
      delivered_power: body.watts,
      consumed_power: body.watts,
      cri: 90,
      width: body.width * 100,
      height: body.height * 100,
      depth: body.depth * 100,
      netWeight: 2,
      beamAngle,
      ipRating: 'IP20',
      energyClass: 'D',
    },
    image: '',
  };
}

export const CREA_MODELS: ModelSummary[] = [
  modelSummary('5770', 'Multiple 3 heads', CREA_BODIES['5770'] as ModelBody, 60),
  modelSummary('5772', 'Multiple 5 heads', CREA_BODIES['5772'] as ModelBody, 90),
];

export const CREA_VARIATIONS: VariationsResponse = {
  catalogId: 16,
  articles: CREA_ARTICLES.articles.map((article) => ({ ...article, description: `Multiple ${article.model}` })) as VariationsResponse['articles'],
  variations: CREA_ARTICLES.variations.map((variation) => ({ ...variation, description: { en: `Option ${variation.modifier}` } })) as VariationsResponse['variations'],
};

export const CREA_RULE_BOOK = { version: 1, subFamilyId: 259, ruleSets: CREA_RULES };

/** What the server answers for a room with `lights` lights (a fixed bill of materials per light). */
export function creaEvaluation(lights: number, overrides: Partial<CreationEvaluation> = {}): CreationEvaluation {
  return {
    valid: true,
    failures: [],
    space: {},
    schemaVersion: 3,
    catalogId: 16,
    subFamily: { id: 259, description: 'Multiple' },
    familyId: 26,
    category: 7,
    configuratorType: { id: 5, description: 'COMPOSITOR' },
    quantity: 1,
    compositions: [
      {
        compositionNumber: 1,
        subFamily: { id: 259, description: 'Multiple' },
        familyId: 26,
        category: 7,
        attributes: {},
        totalLumensLed: 1500 * lights,
        totalWatts: 15 * lights,
        articles: [
          {
            model: '5770',
            referenceCode: '577010/03_10',
            referenceBase: '577010/03_10',
            articleCode: 'LW5770',
            accessoryCode: null,
            description: 'Multiple 3 heads',
            attributes: { finish: '10', ledColourTemp: '3', control: '0', installation: '10', pendantHeight: 2 },
            lumensLed: 1500,
            watts: 15,
            sublevel: null,
            familyId: 26,
            subFamily: 259,
            applicationLocation: null,
            elementOrderValue: 1,
            quantity: lights,
            moq: 1,
            leadTimeWeeks: 3,
            availability: { status: 'available', weeks: 0, date: null },
            isAvailablePrice: true,
            isPersonalized: 1,
          },
        ],
        accessories: [{ accessoryCode: 'DRRC03-0', quantity: 1, model: '5770', kind: 'driver', description: 'Driver for 3 lights', isAvailablePrice: false }],
        electricalGroups: [],
        packaging: { packages: lights + 1, timing: 3 },
        assemblyData: { lights, clusters: lights, pendants: lights, wireLength: 1.7 * lights, elementIds: [] },
      },
    ],
    totals: { lumens: 1500 * lights, watts: 15 * lights, lights, clusters: lights, pendants: lights, wireLength: 1.7 * lights },
    price: { currency: 'EUR', unitGross: 400 * lights, unitNet: 300 * lights, totalGross: 400 * lights, totalNet: 300 * lights, totalDiscount: 100 * lights, complete: true },
    moq: 1,
    leadTimeWeeks: 3,
    availability: { status: 'available', weeks: 0, date: null },
    ...overrides,
  };
}
