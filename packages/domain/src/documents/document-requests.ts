/**
 * Document requests and download types (spec configuration-domain §3, §7, §9; platform-core §3).
 */
import { isGenericModel } from '../codes/product-filter';

export const DOCUMENT_TYPES = ['specSheet', 'creationSpecSheet', 'manual', 'energyLabel', '2D_3D', 'imagesHD', 'photometry'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export type SpecSheetSubType = 'reference' | 'model' | 'umbrella';
export type CreationSpecSheetSubType = 'creation' | 'umbrella';
export type ManualSubType = 'regular' | 'manualCreation';
export type ImagesHdSubType = 'product' | 'ambient';
export type DocumentSubType = SpecSheetSubType | CreationSpecSheetSubType | ManualSubType | ImagesHdSubType;

/** The product a document is asked for. */
export interface DocumentProduct {
  readonly type: 'REGULAR' | 'CREATION';
  readonly model: string;
  readonly familyId?: number | string;
  readonly subFamilyId?: number;
  readonly applicationLocationId?: number;
  readonly creationCode?: string | null;
  /** Whether a creation product has been validated. */
  readonly validated?: boolean;
  /** The catalogue the product is in (21, the US one, has no EU energy label). */
  readonly catalogId?: number;
}

export interface DocumentRequest {
  readonly type: DocumentType;
  readonly subType?: DocumentSubType;
  /** Manuals carry their language (short code, en-US as us). */
  readonly language?: string;
  readonly params: {
    readonly familyId?: number | string;
    readonly model: string;
    readonly subFamilyId?: number;
    readonly applicationLocationId?: number;
    readonly productType: 'REGULAR' | 'CREATION';
  };
}

/** specSheet subtype: model when the model number is over 100, otherwise umbrella. */
export function specSheetSubType(model: string): 'model' | 'umbrella' {
  return isGenericModel(model) ? 'model' : 'umbrella';
}

/** creationSpecSheet subtype: creation for a creation product with a creation code, otherwise umbrella. */
export function creationSpecSheetSubType(product: Pick<DocumentProduct, 'type' | 'creationCode'>): CreationSpecSheetSubType {
  return product.type === 'CREATION' && typeof product.creationCode === 'string' && product.creationCode !== '' ? 'creation' : 'umbrella';
}

/** manual subtype: manualCreation for creation products, otherwise regular. */
export function manualSubType(product: Pick<DocumentProduct, 'type'>): ManualSubType {
  return product.type === 'CREATION' ? 'manualCreation' : 'regular';
}

/**
 * The language as document services want it: the short code, en-US sent as us
 * ('en-US' → 'us', 'fr-FR' → 'fr', 'de' → 'de'); anything unknown → 'en'.
 */
export function documentLanguage(locale: string | null | undefined): string {
  if (typeof locale !== 'string') return 'en';
  const normalised = locale.trim().replace('_', '-');
  if (normalised.toLowerCase() === 'en-us' || normalised.toLowerCase() === 'us') return 'us';
  const short = normalised.slice(0, 2).toLowerCase();
  return ['en', 'fr', 'de', 'it', 'es'].includes(short) ? short : 'en';
}

export const DOWNLOAD_TYPES = ['all', 'info', 'installation', 'energy', 'model3d', 'imagehd', 'photometry'] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];
export type SingleDownloadType = Exclude<DownloadType, 'all'>;
const SINGLE_DOWNLOAD_TYPES: readonly SingleDownloadType[] = ['info', 'installation', 'energy', 'model3d', 'imagehd', 'photometry'];

/**
 * Why a product has no EU energy label, or null when it has one: creations have none (spec §9), and
 * neither does the US catalogue 21 (Regulation (EU) 2019/2015 applies to products placed on the EU
 * market; issue 28 §5).
 */
export function energyLabelRefusal(product: Pick<DocumentProduct, 'type' | 'catalogId'>): 'creation' | 'usCatalogue' | null {
  if (product.type === 'CREATION') return 'creation';
  if (product.catalogId === 21) return 'usCatalogue';
  return null;
}

/** Energy labels are disabled for creation products and for the US catalogue. */
export function isDownloadTypeEnabled(type: DownloadType, product: Pick<DocumentProduct, 'type' | 'catalogId'>): boolean {
  return !(type === 'energy' && energyLabelRefusal(product) !== null);
}

/** The installation manual is required for validated creation products. */
export function requiredDownloadTypes(product: Pick<DocumentProduct, 'type' | 'validated'>): SingleDownloadType[] {
  return product.type === 'CREATION' && product.validated === true ? ['installation'] : [];
}

/** The download types to fetch: 'all' expands, disabled ones are removed, required ones are added; in canonical order. */
export function resolveDownloadTypes(product: DocumentProduct, chosen: readonly DownloadType[]): SingleDownloadType[] {
  const wanted = new Set<SingleDownloadType>(chosen.includes('all') ? SINGLE_DOWNLOAD_TYPES : chosen.filter((t): t is SingleDownloadType => t !== 'all'));
  for (const required of requiredDownloadTypes(product)) wanted.add(required);
  return SINGLE_DOWNLOAD_TYPES.filter((type) => wanted.has(type) && isDownloadTypeEnabled(type, product));
}

/**
 * The document requests of one product for the chosen download types: info → specSheet (or
 * creationSpecSheet for creation products), installation → manual with language, energy →
 * energyLabel, model3d → 2D_3D, imagehd → imagesHD product and ambient, photometry → photometry.
 */
export function documentRequests(product: DocumentProduct, chosen: readonly DownloadType[], locale: string): DocumentRequest[] {
  const params: DocumentRequest['params'] = {
    model: product.model,
    productType: product.type,
    ...(product.familyId !== undefined ? { familyId: product.familyId } : {}),
    ...(product.subFamilyId !== undefined ? { subFamilyId: product.subFamilyId } : {}),
    ...(product.applicationLocationId !== undefined ? { applicationLocationId: product.applicationLocationId } : {}),
  };
  return resolveDownloadTypes(product, chosen).flatMap((type): DocumentRequest[] => {
    switch (type) {
      case 'info':
        return product.type === 'CREATION'
          ? [{ type: 'creationSpecSheet', subType: creationSpecSheetSubType(product), params }]
          : [{ type: 'specSheet', subType: specSheetSubType(product.model), params }];
      case 'installation':
        return [{ type: 'manual', subType: manualSubType(product), language: documentLanguage(locale), params }];
      case 'energy':
        return [{ type: 'energyLabel', params }];
      case 'model3d':
        return [{ type: '2D_3D', params }];
      case 'imagehd':
        return [
          { type: 'imagesHD', subType: 'product', params },
          { type: 'imagesHD', subType: 'ambient', params },
        ];
      case 'photometry':
        return [{ type: 'photometry', params }];
    }
  });
}
