// Test data of the catalogue screens: a few collections and models in the contracts' shapes.
import type { Collection, ModelSummary } from '@lumen/contracts';

const named = (id: number, description: string) => ({ id, description });

export function collection(overrides: Partial<Collection> & Pick<Collection, 'subFamilyId' | 'name'>): Collection {
  return {
    id: overrides.subFamilyId,
    catalogId: 16,
    description: `${overrides.name} description`,
    familyId: 10,
    familyName: overrides.name,
    categories: [named(19, 'Hanging')],
    applicationLocations: [named(1, 'Indoor')],
    productType: named(1, 'REGULAR'),
    configuratorType: named(4, 'EXPRESS'),
    modelsCount: 2,
    image: `/api/images/collections/${overrides.subFamilyId}.svg`,
    isNew: false,
    order: overrides.subFamilyId,
    ...overrides,
  };
}

export const COLLECTIONS: Collection[] = [
  collection({ subFamilyId: 301, name: 'Silo', categories: [named(19, 'Hanging')], isNew: true }),
  collection({ subFamilyId: 302, name: 'North', categories: [named(17, 'Wall'), named(22, 'Outdoor')], applicationLocations: [named(1, 'Indoor'), named(2, 'Outdoor')] }),
  collection({ subFamilyId: 303, name: 'Skan', categories: [named(21, 'Ceiling')] }),
];

export function model(overrides: Partial<ModelSummary> & Pick<ModelSummary, 'model' | 'description'>): ModelSummary {
  return {
    catalogId: 16,
    subFamilyId: 302,
    familyId: 10,
    familyName: 'North',
    category: named(17, 'Wall'),
    applicationLocation: named(2, 'Outdoor'),
    virtual: false,
    referenceBase: `${overrides.model}01/03_10`,
    articleCode: `LW${overrides.model}`,
    hasDrivers: true,
    technicalData: { lumens: 1200, watts: 12, delivered_power: 11, consumed_power: 12, cri: 90, width: 10, height: 20, depth: 10, netWeight: 1.2, beamAngle: 40, ipRating: 'IP65', energyClass: 'D' },
    image: `/api/images/models/${overrides.model}.svg`,
    priceFrom: { amount: 1234.5, currency: 'EUR' },
    ...overrides,
  };
}

export const MODELS: ModelSummary[] = [model({ model: '0270', description: 'North wall' }), model({ model: '0345', description: 'North bollard', priceFrom: null })];
