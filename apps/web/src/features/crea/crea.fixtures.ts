/** Test data of the crea room: two composing-pendant models in the shapes the catalogue calls answer. */
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
