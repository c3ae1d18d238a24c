import { describe, expect, it } from 'vitest';
import {
  creationSpecSheetSubType,
  documentLanguage,
  documentRequests,
  DOWNLOAD_TYPES,
  energyLabelRefusal,
  isDownloadTypeEnabled,
  manualSubType,
  requiredDownloadTypes,
  resolveDownloadTypes,
  specSheetSubType,
  type DocumentProduct,
} from './document-requests';

const regular: DocumentProduct = { type: 'REGULAR', model: '5520', familyId: 3, subFamilyId: 225, applicationLocationId: 1 };
const creation: DocumentProduct = { type: 'CREATION', model: '0050', creationCode: 'CR000000043', validated: true };

describe('document request types and subtypes', () => {
  it('specSheet subtype model when model number > 100 else umbrella', () => {
    expect(specSheetSubType('5520')).toBe('model');
    expect(specSheetSubType('0101')).toBe('model');
    expect(specSheetSubType('0100')).toBe('umbrella');
    expect(specSheetSubType('0050')).toBe('umbrella');
  });
  it('creationSpecSheet creation or umbrella', () => {
    expect(creationSpecSheetSubType(creation)).toBe('creation');
    expect(creationSpecSheetSubType({ type: 'CREATION', creationCode: null })).toBe('umbrella');
    expect(creationSpecSheetSubType(regular)).toBe('umbrella');
  });
  it('manual regular or manualCreation', () => {
    expect(manualSubType(regular)).toBe('regular');
    expect(manualSubType(creation)).toBe('manualCreation');
  });
  it('language: en-US sent as us, otherwise the short code', () => {
    expect(documentLanguage('en-US')).toBe('us');
    expect(documentLanguage('us')).toBe('us');
    expect(documentLanguage('fr-FR')).toBe('fr');
    expect(documentLanguage('de')).toBe('de');
    expect(documentLanguage('en')).toBe('en');
    expect(documentLanguage('xx')).toBe('en');
    expect(documentLanguage(undefined)).toBe('en');
  });
});

describe('download types all/info/installation/energy/model3d/imagehd/photometry', () => {
  it('lists them', () => {
    expect(DOWNLOAD_TYPES).toEqual(['all', 'info', 'installation', 'energy', 'model3d', 'imagehd', 'photometry']);
  });
  it('energy disabled for creation products', () => {
    expect(isDownloadTypeEnabled('energy', creation)).toBe(false);
    expect(isDownloadTypeEnabled('energy', regular)).toBe(true);
    expect(resolveDownloadTypes(creation, ['all'])).not.toContain('energy');
  });
  it('installation required for validated creation products', () => {
    expect(requiredDownloadTypes(creation)).toEqual(['installation']);
    expect(requiredDownloadTypes({ ...creation, validated: false })).toEqual([]);
    expect(requiredDownloadTypes(regular)).toEqual([]);
    expect(resolveDownloadTypes(creation, ['photometry'])).toEqual(['installation', 'photometry']);
  });
  it('all expands to every enabled type', () => {
    expect(resolveDownloadTypes(regular, ['all'])).toEqual(['info', 'installation', 'energy', 'model3d', 'imagehd', 'photometry']);
  });
  it('builds the requests with their params', () => {
    expect(documentRequests(regular, ['info', 'installation', 'imagehd'], 'en-US')).toEqual([
      { type: 'specSheet', subType: 'model', params: { model: '5520', productType: 'REGULAR', familyId: 3, subFamilyId: 225, applicationLocationId: 1 } },
      { type: 'manual', subType: 'regular', language: 'us', params: expect.objectContaining({ model: '5520' }) },
      { type: 'imagesHD', subType: 'product', params: expect.objectContaining({ model: '5520' }) },
      { type: 'imagesHD', subType: 'ambient', params: expect.objectContaining({ model: '5520' }) },
    ]);
    expect(documentRequests(creation, ['all'], 'fr').map((r) => [r.type, r.subType])).toEqual([
      ['creationSpecSheet', 'creation'],
      ['manual', 'manualCreation'],
      ['2D_3D', undefined],
      ['imagesHD', 'product'],
      ['imagesHD', 'ambient'],
      ['photometry', undefined],
    ]);
  });

  it('no EU energy label in the US catalogue 21: "all" leaves it out, asking for it alone gives nothing', () => {
    const us: DocumentProduct = { ...regular, catalogId: 21 };
    expect(energyLabelRefusal(us)).toBe('usCatalogue');
    expect(energyLabelRefusal({ ...regular, catalogId: 16 })).toBeNull();
    expect(energyLabelRefusal(creation)).toBe('creation');
    expect(isDownloadTypeEnabled('energy', us)).toBe(false);
    expect(resolveDownloadTypes(us, ['all'])).not.toContain('energy');
    expect(documentRequests(us, ['all'], 'en-US').map((r) => r.type)).not.toContain('energyLabel');
    expect(documentRequests({ ...regular, catalogId: 16 }, ['all'], 'en').map((r) => r.type)).toContain('energyLabel');
    expect(documentRequests(us, ['energy'], 'en-US')).toEqual([]);
  });
});
