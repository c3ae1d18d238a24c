import { z } from 'zod';
import { CatalogId, CatalogIdQuery, Lang, LangQuery } from './common';
import { Id, IdQuery, SafeText } from './input';
export { DOCS_SOCKET_PATH } from './constants';

// ─── Documents and downloads (issue 14; platform-core §3, §4, §7, §9; configuration-domain §3, §7, §9) ─

/** Document request types (spec §3). */
export const DOCUMENT_TYPE_CODES = ['specSheet', 'creationSpecSheet', 'manual', 'energyLabel', '2D_3D', 'imagesHD', 'photometry'] as const;
export const DocumentTypeCode = z.enum(DOCUMENT_TYPE_CODES);
export type DocumentTypeCode = z.infer<typeof DocumentTypeCode>;

/** The subtypes each type takes (none for the others). */
export const DOCUMENT_SUBTYPES: Readonly<Record<DocumentTypeCode, readonly string[]>> = {
  specSheet: ['reference', 'model', 'umbrella'],
  creationSpecSheet: ['creation', 'umbrella'],
  manual: ['regular', 'manualCreation'],
  energyLabel: [],
  '2D_3D': [],
  imagesHD: ['product', 'ambient'],
  photometry: [],
};

/** A language of a document body: the short code; en-US is read as us (spec §7). */
export const DocumentLang = z.preprocess((value) => (value === 'en-US' ? 'us' : value), Lang);

/** A model number: four characters of the reference (letters and digits). */
export const DocumentModel = z.string().trim().regex(/^[A-Za-z0-9]{1,12}$/, 'formError.model');
/** A full reference (international or United States form; configuration-domain §5). */
export const DocumentReference = z.string().trim().max(20).regex(/^[A-Za-z0-9]{4}-?[A-Za-z0-9]{2}(\/[A-Za-z0-9]{2}(_[A-Za-z0-9]{2})?)?$/, 'formError.reference');
const AttributeCode = z.string().trim().max(8).regex(/^[A-Za-z0-9]+$/, 'formError.pattern');

/** The configuration of a catalogue product (a configurator's choice). */
export const DocumentAttributes = z.strictObject({
  finish: AttributeCode.optional(),
  ledColourTemp: AttributeCode.optional(),
  control: AttributeCode.optional(),
  installation: AttributeCode.optional(),
  /** Centimetres. */
  pendantHeight: z.number().int().min(1).max(10_000).optional(),
});

export type DocumentAttributes = z.infer<typeof DocumentAttributes>;

/**
 * The params of a document request (spec §3): the product by model, family, subfamily, application
 * location and product type; and, beyond the spec, the configuration — either a catalogue product as
 * configured (`reference`, or `attributes`), or a project's line (`projectId` + `productId`), read on
 * the server (the line's own reference, height and creation, never figures sent by the client).
 */
export const DocumentParams = z.strictObject({
  familyId: z.union([Id, z.string().regex(/^\d{1,9}$/)]).optional(),
  model: DocumentModel,
  subFamilyId: Id.optional(),
  subFamily: z.strictObject({ id: Id }).optional(),
  applicationLocationId: Id.optional(),
  productType: z.enum(['REGULAR', 'CREATION']).optional(),
  reference: DocumentReference.optional(),
  attributes: DocumentAttributes.optional(),
  projectId: Id.optional(),
  productId: z.uuid().optional(),
});
export type DocumentParams = z.infer<typeof DocumentParams>;

/** One document asked for: type, subType (per type), the manual's language, params. */
export const DocumentRequestItem = z
  .strictObject({
    type: DocumentTypeCode,
    subType: z.string().max(20).optional(),
    language: DocumentLang.optional(),
    params: DocumentParams,
  })
  .superRefine((item, issue) => {
    const allowed = DOCUMENT_SUBTYPES[item.type];
    if (item.subType !== undefined && !allowed.includes(item.subType)) {
      issue.addIssue({ code: 'custom', path: ['subType'], message: allowed.length === 0 ? 'formError.noSubType' : 'formError.subType' });
    }
    if ((item.params.projectId === undefined) !== (item.params.productId === undefined)) {
      issue.addIssue({ code: 'custom', path: ['params', item.params.projectId === undefined ? 'projectId' : 'productId'], message: 'formError.required' });
    }
  });
export type DocumentRequestItem = z.infer<typeof DocumentRequestItem>;

/** At most this many documents in one download (a 200-line project asks for its spec sheets at once). */
export const MAX_DOCUMENTS_PER_DOWNLOAD = 500;
export const DocumentRequestList = z.array(DocumentRequestItem).min(1, 'formError.required').max(MAX_DOCUMENTS_PER_DOWNLOAD, 'formError.maxItems');

/** One zip, or each file on its own (spec §4). */
export const DownloadDelivery = z.enum(['zip', 'files']);
export type DownloadDelivery = z.infer<typeof DownloadDelivery>;

/** ?lang&catalogId of the generate calls. */
/** GET apiv2 documents/generate-creation-specsheet/{code}: a creation code as projects give them (CR000000123). */
export const CreationCodeParam = z.object({ code: SafeText.regex(/^[A-Z]{2}\d{9}$/, 'must be a creation code such as CR000000123') });
/** Its language; the caller's own when absent. */
export const CreationSheetQuery = z.object({ lang: LangQuery.optional() });

export const DocumentsQuery = z.object({ lang: LangQuery.default('en'), catalogId: CatalogIdQuery.default(16) });

/** POST /api/documents/v1/docs-web: `docs` and, beyond the spec, the delivery, the project it is for and a title. */
export const DocsWebBody = z.strictObject({
  docs: DocumentRequestList,
  delivery: DownloadDelivery.default('zip'),
  projectId: Id.optional(),
  title: SafeText.trim().min(1).max(100).optional(),
});
export type DocsWebBody = z.infer<typeof DocsWebBody>;

/** POST /api/documents/docs-web/global-generate: the bare list (spec §7). */
export const GlobalGenerateBody = DocumentRequestList;

/** Progress of one document (spec §3): currentProgress of totalProgress 17. */
export const FileProgress = z.object({ currentProgress: z.number().int().min(0).max(17), totalProgress: z.literal(17) });
export type FileProgress = z.infer<typeof FileProgress>;

export const DOWNLOAD_ITEM_STATUSES = ['pending', 'running', 'ready', 'failed', 'cancelled'] as const;
export const DOWNLOAD_STATUSES = ['running', 'ready', 'failed', 'cancelled'] as const;

/** A file a document gave. */
export const DownloadFile = z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int().nonnegative(), url: z.string() });
export type DownloadFile = z.infer<typeof DownloadFile>;

export const DownloadItem = z.object({
  position: z.number().int().nonnegative(),
  /** The document's name (keys the progress events). */
  name: z.string(),
  type: DocumentTypeCode,
  subType: z.string().nullable(),
  model: z.string(),
  status: z.enum(DOWNLOAD_ITEM_STATUSES),
  progress: FileProgress,
  /** ERROR_DOWNLOAD_FILE, or the code of the refusal (NOT_FOUND, VALIDATION_FAILED, UNAVAILABLE…). */
  error: z.string().nullable(),
  files: z.array(DownloadFile),
});
export type DownloadItem = z.infer<typeof DownloadItem>;

/** A download as /services/download lists it. */
export const Download = z.object({
  id: z.uuid(),
  title: z.string(),
  projectId: z.number().int().nullable(),
  catalogId: CatalogId,
  lang: Lang,
  delivery: DownloadDelivery,
  status: z.enum(DOWNLOAD_STATUSES),
  zipName: z.string(),
  /** The zip of the ready files (when delivery is zip and something is ready). */
  zipUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  items: z.array(DownloadItem),
});
export type Download = z.infer<typeof Download>;

export const DownloadList = z.object({ items: z.array(Download) });
export type DownloadList = z.infer<typeof DownloadList>;

export const DownloadIdParam = z.object({ id: z.uuid() });

/** GET /sr-documents/v1/docs-web/download: the zip (id), or one file (id, item, file). */
export const DownloadFileQuery = z.object({
  id: z.uuid(),
  item: z.coerce.number().int().min(0).max(MAX_DOCUMENTS_PER_DOWNLOAD).optional(),
  file: z.coerce.number().int().min(0).max(50).optional(),
});

/** `files[]` repeated (or `files`): document types to list; all when absent. */
const FilesQuery = z.preprocess((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]), z.array(DocumentTypeCode).max(DOCUMENT_TYPE_CODES.length).optional());

/** GET /api/documents/docs-web (spec §7). */
export const DocsWebQuery = z
  .object({
    catalog: CatalogIdQuery.default(16),
    language: LangQuery.default('en'),
    subfamily: IdQuery.optional(),
    family: IdQuery.optional(),
    model: DocumentModel,
    productType: z.enum(['REGULAR', 'CREATION']).default('REGULAR'),
    applicationLocation: IdQuery.optional(),
    'files[]': FilesQuery,
    files: FilesQuery,
  })
  .transform(({ 'files[]': bracketed, files, ...rest }) => ({ ...rest, files: bracketed ?? files }));

/** A document a product has: whether it can be made, its files once made (sizes when known). */
export const AvailableDocument = z.object({
  type: DocumentTypeCode,
  subType: z.string().nullable(),
  available: z.boolean(),
  /** Why it cannot be made (energy label of a creation: ENERGY_DISABLED_FOR_CREATIONS; in the US catalogue: NO_EU_ENERGY_LABEL_IN_US_CATALOGUE). */
  reason: z.string().nullable(),
  /** Total size of its files when they were made already (cached), else null. */
  size: z.number().int().nonnegative().nullable(),
});
export type AvailableDocument = z.infer<typeof AvailableDocument>;
export const DocsWebList = z.object({ model: z.string(), catalogId: CatalogId, lang: Lang, documents: z.array(AvailableDocument) });
export type DocsWebList = z.infer<typeof DocsWebList>;

// ─── The socket (path /v2/socketio/docs/download) ──────────────────────────────────────────────────

/** What the web emits to start a download (spec §7); `user` is ignored: the session says who it is. */
export const SocketDownloadPayload = z.object({
  docsParams: DocumentRequestList,
  lang: DocumentLang.default('en'),
  catalogId: z.coerce.number().pipe(CatalogId).default(16),
  user: z.unknown().optional(),
  token: z.string().max(4096).optional(),
  refreshToken: z.string().max(4096).optional(),
  delivery: DownloadDelivery.default('zip'),
  projectId: Id.optional(),
  title: SafeText.trim().min(1).max(100).optional(),
});
export type SocketDownloadPayload = z.input<typeof SocketDownloadPayload>;

export const SocketDownloadRef = z.object({ downloadId: z.uuid() });

/** progressV2: the progress of every document of the download by name, and the whole. */
export interface ProgressV2Event {
  downloadId: string;
  status: Download['status'];
  files: Record<string, FileProgress>;
  /** Sum over the documents, of documents × 17. */
  overall: { current: number; total: number };
}
/** download-url: one file ready to fetch (delivery files). */
export interface DownloadUrlEvent {
  downloadId: string;
  name: string;
  fileName: string;
  url: string;
}
/** download-binary: a single small file sent whole over the socket (delivery files, one document). */
export interface DownloadBinaryEvent {
  downloadId: string;
  name: string;
  fileName: string;
  contentType: string;
  data: ArrayBuffer | Uint8Array;
}
/** download-ready: every document settled; the zip (delivery zip) is ready to fetch. */
export interface DownloadReadyEvent {
  downloadId: string;
  status: Download['status'];
  zipName: string;
  zipUrl: string | null;
  failed: string[];
}
/** The answer (ack) of a download or resume: the download, or the refusal with the fields at fault. */
export type SocketAck = { ok: true; download: Download } | { ok: false; error: { ErrorCode: number; code: string; fields?: Array<{ path: string; message: string }> } };

export interface DocsServerToClient {
  progressV2: (event: ProgressV2Event) => void;
  'download-url': (event: DownloadUrlEvent) => void;
  'download-binary': (event: DownloadBinaryEvent) => void;
  'download-ready': (event: DownloadReadyEvent) => void;
}
export interface DocsClientToServer {
  download: (payload: SocketDownloadPayload, ack: (answer: SocketAck) => void) => void;
  resume: (payload: { downloadId: string }, ack: (answer: SocketAck) => void) => void;
  cancel: (payload: { downloadId: string }, ack: (answer: SocketAck) => void) => void;
}

