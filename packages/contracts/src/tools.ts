import { z } from 'zod';
import { CatalogId, CatalogIdQuery, LangQuery, SixTexts } from './common';
import { CreationSpace } from './creations';
import { Id, IdQuery, SafeText } from './input';
import { Attachment, TechnicalInfo } from './products';

/*
 * The internal tools (issue 32; spec §2 tool routes): products /v1/tools/…, internal users only (by
 * e-mail, checked by the access guard on every call). apps/api README "Internal tools".
 */

/** A model code (4 digits in the demo catalogue; letters, digits and dashes, at most 12). */
export const ToolModelCode = z.string().regex(/^[A-Za-z0-9-]{1,12}$/, 'Not a model code');
/** A reference of configuration-domain §5 (international or United States form). */
export const ToolReference = z.string().regex(/^[A-Za-z0-9]{4}-?[A-Za-z0-9]{2}(\/[A-Za-z0-9]{2}(_[A-Za-z0-9]{2})?)?$/, 'Not a reference');

/** One model of the technical information table: its technical data, its collection and its attachments (spec §7 technical-info calls). */
export const TechnicalInfoRow = TechnicalInfo.extend({ collectionName: z.string(), attachments: z.array(Attachment) });
export type TechnicalInfoRow = z.infer<typeof TechnicalInfoRow>;
export const TechnicalInfoTable = z.object({ catalogId: CatalogId, rows: z.array(TechnicalInfoRow) });
export type TechnicalInfoTable = z.infer<typeof TechnicalInfoTable>;
export const TechnicalInfoTableQuery = z.object({ catalog: CatalogIdQuery.default(16), lang: LangQuery.optional() });

/** The export: every model, or the ones listed (comma-separated, at most 200). */
export const TechnicalInfoExportQuery = TechnicalInfoTableQuery.extend({
  models: z
    .string()
    .max(2600)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(ToolModelCode).max(200))
    .optional(),
});

/** A product sheet: a model (its base configuration) or a full reference, in a language. */
export const ProductSheetQuery = z
  .object({ catalog: CatalogIdQuery.default(16), lang: LangQuery.default('en'), model: ToolModelCode.optional(), reference: ToolReference.optional() })
  .refine((query) => (query.model === undefined) !== (query.reference === undefined), { message: 'Give a model or a reference', path: ['model'] });
export const ProductSheetPageQuery = z
  .object({ catalog: CatalogIdQuery.default(16), lang: LangQuery.default('en'), model: ToolModelCode.optional(), reference: ToolReference.optional(), page: z.coerce.number().int().min(1).max(50).default(1) })
  .refine((query) => (query.model === undefined) !== (query.reference === undefined), { message: 'Give a model or a reference', path: ['model'] });
/** What the preview shows: the sheet's file name and its pages (each an image of the real PDF). */
export const ProductSheetPreview = z.object({ fileName: z.string(), pages: z.number().int().positive() });
export type ProductSheetPreview = z.infer<typeof ProductSheetPreview>;

/** Batch work of the tools, one job on the shared queue each (queue `tools.batch`). */
export const TOOL_BATCH_KINDS = ['productSheets', 'preconfigPreviews', 'preconfigPdfs'] as const;
export const ToolBatchKind = z.enum(TOOL_BATCH_KINDS);
export type ToolBatchKind = z.infer<typeof ToolBatchKind>;
export const ToolBatchBody = z.object({
  kind: ToolBatchKind,
  catalogId: CatalogId,
  /** The collection (product sheets: required; preconfigurations: a filter). */
  subFamilyId: z.number().int().positive().max(99999).optional(),
});
export type ToolBatchBody = z.infer<typeof ToolBatchBody>;
export const ToolBatchParam = z.object({ id: IdQuery });
export const ToolBatchFileParam = z.object({ id: IdQuery, file: z.coerce.number().int().min(0).max(10000) });

export const ToolBatchItem = z.object({
  /** What was made: a model and language, or a preconfiguration. */
  label: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  /** Why it failed, for the person who runs the batch. */
  reason: z.string().optional(),
  /** The index of its file in /files/{n} once made. */
  file: z.number().int().optional(),
  fileName: z.string().optional(),
});
export type ToolBatchItem = z.infer<typeof ToolBatchItem>;
export const ToolBatch = z.object({
  id: z.number().int(),
  kind: ToolBatchKind,
  catalogId: CatalogId,
  subFamilyId: z.number().int().nullable(),
  status: z.enum(['pending', 'running', 'done', 'failed', 'cancelled']),
  done: z.number().int(),
  total: z.number().int(),
  items: z.array(ToolBatchItem),
  requestedBy: z.string(),
  createdAt: z.string(),
  error: z.string().nullable(),
});
export type ToolBatch = z.infer<typeof ToolBatch>;
export const ToolBatchList = z.array(ToolBatch);
export const ToolBatchListQuery = z.object({ kind: ToolBatchKind.optional() });

/** A list of codes in the address: `a,b,c` (letters and digits only, bounded). */
const CodeList = (code: z.ZodString, max: number) =>
  z
    .string()
    .max(max * 13)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(code).min(1).max(max));

/**
 * /preview/compose (issue 32 §4): a composition as an image, only when the flag composeUrlPreview is
 * on. The collection, its elements (model codes, at most 12) and optionally one finish per element.
 */
export const ComposePreviewQuery = z.object({
  catalog: CatalogIdQuery.default(16),
  collection: IdQuery,
  elements: CodeList(ToolModelCode, 12),
  finishes: CodeList(z.string().regex(/^[A-Za-z0-9]{2}$/, 'Not a finish code'), 12).optional(),
  /** Width of the picture in pixels. */
  width: z.coerce.number().int().min(200).max(2400).default(1200),
});
export type ComposePreviewQuery = z.infer<typeof ComposePreviewQuery>;

/*
 * The compositor (issue 32 §2; configuration-domain §6): the crea room for internal users, on every crea
 * collection of both catalogues, saving compositions as preconfigurations into the catalogue's draft.
 * Whether a user may compose is decided per e-mail, collection (subfamily) and application by the flags
 * (apps/api README "The compositor").
 */
export const CompositorQuery = z.object({ catalog: CatalogIdQuery.default(16), lang: LangQuery.optional() });
export const CompositorApplication = z.object({ applicationLocationId: z.number().int(), description: z.string(), allowed: z.boolean() });
export const CompositorCollection = z.object({
  subFamilyId: z.number().int(),
  name: z.string(),
  /** The crea configurator (1) or the compositor (5). */
  configuratorTypeId: z.number().int(),
  /** The models of the collection, the first one to hang when the room opens. */
  models: z.array(z.string()),
  applications: z.array(CompositorApplication),
});
export type CompositorCollection = z.infer<typeof CompositorCollection>;
export const CompositorCollections = z.object({ catalogId: CatalogId, collections: z.array(CompositorCollection) });
export type CompositorCollections = z.infer<typeof CompositorCollections>;

export const CompositorPreconfigBody = z.object({
  catalogId: CatalogId,
  subFamilyId: Id,
  applicationLocationId: Id,
  name: SafeText.trim().min(1).max(80),
  description: SixTexts,
  visibility: z.enum(['website', 'private']),
  space: CreationSpace,
});
export type CompositorPreconfigBody = z.infer<typeof CompositorPreconfigBody>;
/** Saved into the catalogue's draft: its key there and the lines the engine made of the composition. */
export const CompositorPreconfigSaved = z.object({
  catalogId: CatalogId,
  key: z.string(),
  lines: z.array(z.object({ reference: z.string(), quantity: z.number().int(), pendantHeight: z.number().int().optional() })),
});
export type CompositorPreconfigSaved = z.infer<typeof CompositorPreconfigSaved>;
