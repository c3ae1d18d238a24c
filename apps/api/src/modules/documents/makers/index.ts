/**
 * The document makers (issue 14): every file of a document kind made for one product as configured,
 * or for a creation. The delivery side (jobs, calls, socket, zip, cache) calls only this file.
 *
 *   makeDocuments(kind, subject, deps) → MadeFile[]   one kind may give several files
 *   documentCacheKey(kind, subject, catalogueVersion)  what a made file depends on, as one key
 *
 * Bad input is a coded AppError: an unknown type, subtype or language is 400 VALIDATION_FAILED on
 * the field at fault; an unknown model, reference or attribute value is 404 NOT_FOUND (or 400 on the
 * field when the reference is malformed); an energy label asked for a creation (spec §9) or in the US
 * catalogue 21 (the EU label does not apply there) is 400.
 */
import { createHash } from 'node:crypto';
import { type CatalogId, DOCUMENT_TYPES, type DocumentSubType, type DocumentType, LANGS, type Lang } from '@lumen/domain';
import { AppError } from '../../../errors';
import type { ImagesService } from '../../images/images.service';
import type { ProductsService } from '../../products/products.service';
import { makeForKind } from './makers-dispatch';

/** A document kind: the type and subtype of spec §3 / §9 (configuration-domain). */
export interface DocumentKind {
  type: DocumentType;
  subType?: DocumentSubType;
}

/** Attribute codes of a configuration, the way the catalogue module names them. */
export interface ConfiguredAttributes {
  finish?: string;
  ledColourTemp?: string;
  control?: string;
  installation?: string;
  /** Centimetres (pendants). */
  pendantHeight?: number;
}

/** A configured regular product: a full reference, or a model and the chosen attributes (the base value for each one not given). */
export type ConfiguredProduct = { reference: string; pendantHeight?: number } | { model: string; attributes?: ConfiguredAttributes };

/**
 * A creation as the project holds it: its code, the model it was created from, and its compositions
 * (the bill of materials of packages/domain, `CompositionBill[]`, as stored on the project line).
 */
export interface CreationSubject {
  code: string;
  model: string;
  /** The name people use ("Wireflow composition, 7 luminaires", issue 34 §3): its files are named by it; the code when absent. */
  name?: string;
  compositions: readonly unknown[];
  validated?: boolean;
  /** The saved space (element tree, spaceToJSON) the creation was made in: its plan and elevation are drawn from it. */
  space?: unknown;
}

/** What a document is about. */
export type DocumentSubject = { catalogId: CatalogId; language: Lang } & ({ product: ConfiguredProduct } | { creation: CreationSubject });

export interface MadeFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** What the makers read: the catalogue through the products service, pictures through the images service. */
export interface MakerDeps {
  products: Pick<ProductsService, 'technicalInfoByModel' | 'technicalInfo' | 'pictureOf' | 'orderFacts'>;
  /** The catalogue picture, and the published studio image of a model in a finish (issue 32 §1) that wins over the rendered picture. */
  images: Pick<ImagesService, 'catalogueImage'> & Partial<Pick<ImagesService, 'publishedImageOf'>>;
  /** The issue date written into files (IES [ISSUEDATE], PDF dates); the system clock by default. */
  now?: () => Date;
  /** The public product page a label's QR code points to; `https://lumen.pro/model/{model}` by default. */
  productPageUrl?: (model: string) => string;
}

function badField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path, message }]);
}

/** Checks the kind and the language before any work: 400 on the field at fault. */
export function checkDocumentRequest(kind: DocumentKind, subject: DocumentSubject): void {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(kind.type)) throw badField('type', `Unknown document type ${String(kind.type)}`);
  const allowed = SUBTYPES[kind.type];
  if (kind.subType !== undefined && !allowed.includes(kind.subType)) throw badField('subType', `Unknown subtype ${String(kind.subType)} for ${kind.type}`);
  if (!(LANGS as readonly string[]).includes(subject.language)) throw badField('lang', `Unknown language ${String(subject.language)}`);
  if (subject.catalogId !== 16 && subject.catalogId !== 21) throw badField('catalogId', `Unknown catalogue ${String(subject.catalogId)}`);
  if ('creation' in subject && kind.type === 'energyLabel') throw badField('type', 'The energy label is disabled for creation products');
  // Regulation (EU) 2019/2015's label is for the EU market: the US catalogue has none (issue 28 §5).
  if (subject.catalogId === 21 && kind.type === 'energyLabel') throw badField('type', 'The US catalogue has no EU energy label');
}

const SUBTYPES: Record<DocumentType, readonly DocumentSubType[]> = {
  specSheet: ['reference', 'model', 'umbrella'],
  creationSpecSheet: ['creation', 'umbrella'],
  manual: ['regular', 'manualCreation'],
  energyLabel: [],
  '2D_3D': [],
  imagesHD: ['product', 'ambient'],
  photometry: [],
};

/** Every file of one document kind for the subject. */
export async function makeDocuments(kind: DocumentKind, subject: DocumentSubject, deps: MakerDeps): Promise<MadeFile[]> {
  checkDocumentRequest(kind, subject);
  return makeForKind(kind, subject, deps);
}

/**
 * The cache key of a kind's files: document type and subtype, language, catalogue, the configuration
 * (reference or model and attributes, or the creation's code and compositions) and the catalogue data
 * version. Stable: object keys are sorted before hashing.
 */
export function documentCacheKey(kind: DocumentKind, subject: DocumentSubject, catalogueVersion: string): string {
  const what = 'creation' in subject ? { creation: subject.creation } : { product: subject.product };
  const digest = createHash('sha256')
    .update(stableJson({ v: MAKERS_VERSION, kind, catalogId: subject.catalogId, language: subject.language, what, catalogueVersion }))
    .digest('base64url')
    .slice(0, 32);
  return `doc:${kind.type}:${kind.subType ?? '-'}:${subject.language}:${digest}`;
}

/** Bumped when a maker changes what it writes, so cached files of an older maker are not served. */
export const MAKERS_VERSION = 4;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
