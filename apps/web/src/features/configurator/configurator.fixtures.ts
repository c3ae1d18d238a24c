// Test data of the configurator: the article collection of one model in both catalogues.
import type { Article, VariationsResponse } from '@lumen/contracts';

const attr = (code: string, en: string, de = en) => ({ code, description: { en, de }, bov: 'B' as const });

export function baseArticle(catalogId: 16 | 21, model = '0270'): Article {
  const reference = catalogId === 21 ? `${model}-01/03_10` : `${model}01/03_10`;
  return {
    model,
    reference,
    referenceBase: reference,
    priceReference: reference,
    catalog: { id: catalogId },
    articleType: { level1: { id: 1, description: 'Luminaire' }, level2: { id: 60, description: 'Wall' } },
    attributes: {
      finish: { ...attr('01', 'Sand white', 'Sandweiß'), ral: '9010', thumbnail: '#f1ede4' },
      ledColourTemp: { ...attr('3', '3000 K warm white', '3000 K Warmweiß'), value: 3000 },
      control: attr('0', 'On/off', 'Ein/Aus'),
      installation: attr('10', 'Surface', 'Aufbau'),
    },
    materials: [],
    moq: 1,
    leadtime: [
      { from: 1, weeks: 2 },
      { from: 50, weeks: 4 },
    ],
    hasAttributes: true,
    netWeight: 1.2,
    lumens: 1200,
    watts: 12,
    delivered_power: 11,
    consumed_power: 12,
    height: 20,
    isBase: true,
    description: 'North wall',
    image: `/api/images/models/${model}.svg`,
  };
}

export function articleCollection(catalogId: 16 | 21, options: { pricing?: boolean } = {}): VariationsResponse {
  const model = '0270';
  return {
    catalogId,
    articles: [baseArticle(catalogId, model)],
    variations: [
      { type: 'color', model, modifier: '05', description: { en: 'Black', de: 'Schwarz' }, thumbnail: '#111111', image: `/api/images/models/${model}.svg?finish=05`, priceIncrement: '10', priceIncrementDollars: '12', moq: 10 },
      { type: 'color', model, modifier: '07', description: { en: 'Gold', de: 'Gold' }, thumbnail: '#c9a54b', image: `/api/images/models/${model}.svg?finish=07`, availability: { until: '2020-01-01T00:00:00Z' } },
      { type: 'temperature', model, modifier: '4', description: { en: '4000 K neutral white', de: '4000 K Neutralweiß' }, value: 4000, leadtime: [{ from: 1, weeks: 6 }] },
      { type: 'control', model, modifier: '2', description: { en: 'DALI', de: 'DALI' }, priceIncrementPercent: '10' },
    ],
    pricing:
      options.pricing === false
        ? null
        : { currency: catalogId === 21 ? 'USD' : 'EUR', rateId: catalogId === 21 ? 12 : 1, basePrices: { [model]: catalogId === 21 ? '120' : '100' }, discounts: { '60': 25 } },
  };
}

/** Black cannot be made with DALI (an exclusion of the collection's rules). */
export const RULES = {
  version: 1,
  subFamilyId: 302,
  ruleSets: [
    {
      id: 'north',
      appliesTo: { elementType: ['Light'] },
      rules: [{ kind: 'exclusion', id: 'black-dali', reason: 'black is not made with DALI', combinations: [{ Acabado: '05', Dim: '2' }] }],
    },
  ],
};

/**
 * Plusminus pendant Ø 15 (model 5520, collection 225) as the demo catalogue makes it: on/off by
 * default, phase-cut, DALI or no driver (M, for a remote driver); a surface canopy by default, a micro
 * canopy (31, remote) or a multiple one. The demo's rule: no driver needs a recessed canopy.
 */
export function remoteDriverCollection(): VariationsResponse {
  const model = '5520';
  return {
    catalogId: 16,
    articles: [{ ...baseArticle(16, model), description: 'Plusminus pendant Ø 15' }],
    variations: [
      { type: 'control', model, modifier: '1', description: { en: 'Phase-cut dimmable' }, priceIncrement: '12.00' },
      { type: 'control', model, modifier: '2', description: { en: 'DALI' }, priceIncrement: '38.00' },
      { type: 'control', model, modifier: 'M', description: { en: 'No driver (remote driver)' } },
      { type: 'installation', model, modifier: '31', description: { en: 'Micro canopy' }, priceIncrement: '22.00' },
      { type: 'installation', model, modifier: '18', description: { en: 'Multiple canopy' }, priceIncrement: '18.00' },
    ],
    pricing: { currency: 'EUR', rateId: 1, basePrices: { [model]: '300.00' }, discounts: {} },
  };
}

export const REMOTE_DRIVER_RULES = {
  version: 1,
  subFamilyId: 225,
  ruleSets: [
    {
      id: 'plusminus-exclusions',
      appliesTo: { elementType: ['Light'] },
      rules: [{ kind: 'exclusion', id: 'remote-driver', reason: 'A remote driver needs a recessed canopy', combinations: [{ Dim: 'M', Instalacion1: ['0', '1', '2', '5', '6'] }] }],
    },
  ],
};
