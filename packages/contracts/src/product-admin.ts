import { z } from 'zod';
import { CatalogId, SixTexts } from './common';
import { CreationSpace } from './creations';
import { DRAFT_KINDS } from './constants';
import { StudioDraftImage } from './studio';
export { DRAFT_KINDS, DRAFT_PATHS, type DraftKind } from './constants';
import { Id, IdQuery, Int4, SafeText } from './input';

// ─── Product administration (issue 31): catalogue drafts, rules and preconfigurations ──────────────
// Every call lives under /api/products/v1/product-admin and is for internal users holding product.admin.

// SixTexts (a text in the six interface languages) lives in common.ts: the tools' compositor uses it too.
export { SixTexts } from './common';

/** The catalogue in a path: 16 or 21 (an enum, so the OpenAPI document names the two values). */
export const AdminCatalogParam = z.object({ catalogId: z.enum(['16', '21']).transform((id) => (id === '21' ? 21 : 16) as CatalogId) });

/** A decimal amount with at most 2 decimals, as a string (never binary floating point). */
export const AdminAmount = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'productAdmin.error.amount');

export const AdminCatalogue = z.object({
  id: CatalogId,
  name: z.string(),
  currency: z.string(),
  /** The published version: publishing and restoring move it; the caches key on it. */
  version: z.number().int(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  rates: z.array(z.object({ id: z.number().int(), name: z.string(), currency: z.string() })),
  collections: z.array(z.object({ subFamilyId: z.number().int(), name: z.string(), configuratorType: z.string() })),
  draftChanges: z.number().int(),
  /** A publication that can be undone (restore the version before it). */
  canRestore: z.boolean(),
});
export type AdminCatalogue = z.infer<typeof AdminCatalogue>;
export const AdminCatalogues = z.array(AdminCatalogue);

export const ADMIN_STATUSES = ['active', 'discontinued', 'draft'] as const;
export const AdminModelsQuery = z.object({
  search: SafeText.trim().max(60).optional(),
  subFamilyId: IdQuery.optional(),
  status: z.enum(ADMIN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type AdminModelsQuery = z.infer<typeof AdminModelsQuery>;

/** An entity's draft state: the value in the draft (null: not changed) and its revision (0: never drafted). */
const Drafted = <T extends z.ZodType>(value: T) => z.object({ draft: value.nullable(), revision: z.number().int() });

/**
 * An article's order terms (issue 31 §2): its minimum order quantity and its lead time steps (from
 * this quantity on, so many weeks), the first step from 1 and each next one from a larger quantity.
 */
export const AdminArticleTerms = z.strictObject({
  moq: z.number().int().min(1).max(100_000),
  leadtime: z
    .array(z.strictObject({ from: z.number().int().min(1).max(100_000), weeks: z.number().int().min(0).max(104) }))
    .min(1)
    .max(10)
    .refine((steps) => steps[0]?.from === 1 && steps.every((step, index) => index === 0 || step.from > (steps[index - 1]?.from ?? 0)), 'productAdmin.error.leadtime'),
});
export type AdminArticleTerms = z.infer<typeof AdminArticleTerms>;

export const AdminArticle = z.object({
  reference: z.string(),
  finish: z.string(),
  ledColourTemp: z.string().nullable(),
  control: z.string().nullable(),
  installation: z.string().nullable(),
  active: z.boolean(),
  state: Drafted(z.boolean()),
  /** The published order terms; `termsState.draft` the drafted ones. */
  terms: AdminArticleTerms,
  termsState: Drafted(AdminArticleTerms),
});
export type AdminArticle = z.infer<typeof AdminArticle>;

export const AdminModel = z.object({
  model: z.string(),
  subFamilyId: z.number().int(),
  collectionName: z.string(),
  name: z.record(z.string(), z.string()),
  nameState: Drafted(z.record(z.string(), z.string())),
  status: z.enum(ADMIN_STATUSES),
  priceReference: z.string().nullable(),
  prices: z.array(z.object({ rateId: z.number().int(), salePrice: z.string().nullable(), state: Drafted(z.string()) })),
  finishes: z.array(z.object({ code: z.string(), name: z.string(), active: z.boolean(), state: Drafted(z.boolean()) })),
  articles: z.array(AdminArticle),
});
export type AdminModel = z.infer<typeof AdminModel>;

export const AdminModelsPage = z.object({ items: z.array(AdminModel), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type AdminModelsPage = z.infer<typeof AdminModelsPage>;

// ─── Draft changes ────────────────────────────────────────────────────────────────────────────────

export const EXCLUSION_KEYS = ['Acabado', 'Led', 'Dim', 'Instalacion1', 'Instalacion2'] as const;
const AttributeCode = SafeText.trim().min(1).max(8).regex(/^[A-Za-z0-9]+$/);
/** One forbidden combination: every named key must match one of its listed values. */
const CombinationValue = z.array(AttributeCode).min(1).max(40).optional();
export const AdminCombination = z
  .strictObject({ Acabado: CombinationValue, Led: CombinationValue, Dim: CombinationValue, Instalacion1: CombinationValue, Instalacion2: CombinationValue })
  .refine((combination) => Object.values(combination).some((value) => value !== undefined), 'productAdmin.error.combination');
export type AdminCombination = z.infer<typeof AdminCombination>;

export const AdminRuleValue = z.strictObject({
  subFamilyId: Id,
  /** The models the rule applies to; empty: every model of the collection. */
  models: z.array(SafeText.trim().min(1).max(12)).max(100),
  combinations: z.array(AdminCombination).min(1).max(20),
  reasons: SixTexts,
});
export type AdminRuleValue = z.infer<typeof AdminRuleValue>;

export const AdminPreconfigValue = z.strictObject({
  subFamilyId: Id,
  name: SafeText.trim().min(1).max(80),
  description: SixTexts,
  /** website: every professional sees it; private: internal users only. */
  visibility: z.enum(['website', 'private']),
  order: Int4.min(0).max(10_000),
  lines: z
    .array(z.strictObject({ reference: SafeText.trim().min(6).max(13), quantity: z.number().int().min(1).max(10_000), pendantHeight: z.number().int().min(1).max(10_000).optional() }))
    .min(1)
    .max(50),
  /** A crea composition (the compositor, issue 32 §2): its saved space, opened ready in the crea room once published. */
  space: CreationSpace.optional(),
});
export type AdminPreconfigValue = z.infer<typeof AdminPreconfigValue>;

const Key = SafeText.trim().min(1).max(80);
const Expected = { expectedRevision: z.number().int().min(0).max(1_000_000) };
/** One save per kind of entity, each at its own path (draft/{kind}); the key names the entity within its kind. */
export const DRAFT_BODIES = {
  price: z.strictObject({ key: Key, value: z.strictObject({ salePrice: AdminAmount }), ...Expected }),
  article: z.strictObject({ key: Key, value: z.strictObject({ active: z.boolean() }), ...Expected }),
  terms: z.strictObject({ key: Key, value: AdminArticleTerms, ...Expected }),
  finish: z.strictObject({ key: Key, value: z.strictObject({ active: z.boolean() }), ...Expected }),
  modelName: z.strictObject({ key: Key, value: z.strictObject({ name: SixTexts }), ...Expected }),
  rule: z.strictObject({ key: Key, value: AdminRuleValue.nullable(), ...Expected }),
  preconfig: z.strictObject({ key: Key, value: AdminPreconfigValue.nullable(), ...Expected }),
  /** A studio image (issue 32 §1) as the catalogue's image of a model in a finish (key MODEL|FINISH); drafted by the studio's review only (no PUT route). */
  image: z.strictObject({ key: Key, value: StudioDraftImage.nullable(), ...Expected }),
} as const;
type Bodies = typeof DRAFT_BODIES;
/** A change of the draft as the service takes it: the kind and that kind's body. */
export type DraftChangeBody = { [K in keyof Bodies]: { kind: K } & z.infer<Bodies[K]> }[keyof Bodies];

export const DraftChangeKeyQuery = z.object({ kind: z.enum(DRAFT_KINDS), key: Key, expectedRevision: z.coerce.number().int().min(1).max(1_000_000) });

export const DraftChange = z.object({
  kind: z.enum(DRAFT_KINDS),
  key: z.string(),
  /** added (new in the draft), changed, retired (switched off or removed). */
  change: z.enum(['added', 'changed', 'retired']),
  before: z.unknown(),
  after: z.unknown(),
  revision: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type DraftChange = z.infer<typeof DraftChange>;

export const DRAFT_PROBLEMS = ['reference', 'price', 'translation', 'noValidConfiguration', 'noActiveArticle', 'preconfigReference', 'unknownEntity'] as const;
export const DraftProblem = z.object({ code: z.enum(DRAFT_PROBLEMS), kind: z.enum(DRAFT_KINDS), key: z.string(), detail: z.string() });
export type DraftProblem = z.infer<typeof DraftProblem>;

export const CatalogueDraft = z.object({
  catalogId: CatalogId,
  version: z.number().int(),
  changes: z.array(DraftChange),
  problems: z.array(DraftProblem),
});
export type CatalogueDraft = z.infer<typeof CatalogueDraft>;

export const BulkPriceBody = z.strictObject({
  /** -90 … +500 %, two decimals at most; the new price is rounded half away from zero to 2 decimals. */
  percent: z.number().min(-90).max(500).refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'productAdmin.error.percent'),
  subFamilyId: Id.optional(),
  model: SafeText.trim().min(1).max(12).optional(),
  rateId: Id.optional(),
});
export type BulkPriceBody = z.infer<typeof BulkPriceBody>;
export const BulkPriceResult = z.object({ changed: z.number().int() });

export const PublishBody = z.strictObject({ expectedVersion: z.number().int().min(0).max(1_000_000) });
export const PublishResult = z.object({ version: z.number().int(), changes: z.number().int() });
export type PublishResult = z.infer<typeof PublishResult>;

// ─── Rules ────────────────────────────────────────────────────────────────────────────────────────

export const AdminRulesQuery = z.object({ subFamilyId: IdQuery });
export const AdminRule = z.object({
  key: z.string(),
  id: z.string(),
  /** catalogue: shipped with the catalogue data (read only here); published: made here and published; draft: in the draft. */
  origin: z.enum(['catalogue', 'published', 'draft']),
  models: z.array(z.string()),
  combinations: z.array(z.record(z.string(), z.union([z.string(), z.array(z.string())]))),
  reasons: z.record(z.string(), z.string()),
  revision: z.number().int(),
  /** Removed in the draft. */
  removed: z.boolean(),
});
export type AdminRule = z.infer<typeof AdminRule>;
export const AdminRuleSpace = z.object({
  subFamilyId: z.number().int(),
  rules: z.array(AdminRule),
  /** The collection's models and their options (codes and names in the caller's language) in this catalogue. */
  models: z.array(
    z.object({
      model: z.string(),
      options: z.object({
        finish: z.array(z.object({ code: z.string(), name: z.string() })),
        ledColourTemp: z.array(z.object({ code: z.string(), name: z.string() })),
        control: z.array(z.object({ code: z.string(), name: z.string() })),
        installation: z.array(z.object({ code: z.string(), name: z.string() })),
      }),
    }),
  ),
});
export type AdminRuleSpace = z.infer<typeof AdminRuleSpace>;

export const RuleEffectBody = z.strictObject({ key: Key.optional(), rule: AdminRuleValue });
export const RuleEffect = z.object({
  models: z.array(
    z.object({
      model: z.string(),
      combinations: z.number().int(),
      validBefore: z.number().int(),
      validAfter: z.number().int(),
      newlyInvalid: z.array(z.object({ finish: z.string(), ledColourTemp: z.string(), control: z.string(), installation: z.string() })),
      unreachable: z.array(z.object({ attribute: z.string(), code: z.string() })),
      articlesLosingPath: z.array(z.string()),
    }),
  ),
  /** Lines of projects in this catalogue whose article the rule would make invalid. */
  projectLines: z.number().int(),
  /** Saving needs an explicit confirmation: an option becomes unreachable or a model loses every configuration. */
  needsConfirmation: z.boolean(),
});
export type RuleEffect = z.infer<typeof RuleEffect>;

export const AdminPreconfig = z.object({
  key: z.string(),
  id: z.number().int().nullable(),
  origin: z.enum(['catalogue', 'draft']),
  subFamilyId: z.number().int(),
  name: z.string(),
  visibility: z.string(),
  lines: z.array(z.object({ reference: z.string(), quantity: z.number().int() })),
  revision: z.number().int(),
});
export type AdminPreconfig = z.infer<typeof AdminPreconfig>;
export const AdminPreconfigs = z.array(AdminPreconfig);

/** "Preview the draft" (issue 31 §2): whether the caller's catalogue and configurators read the drafts of the catalogues. */
export const DraftPreviewState = z.object({ on: z.boolean() });
export type DraftPreviewState = z.infer<typeof DraftPreviewState>;
export const DraftPreviewBody = z.strictObject({ on: z.boolean() });

// ─── Price spreadsheet import (issue 31 §2) ───────────────────────────────────────────────────────

/** The columns of a price sheet (the first row holds their titles): A reference (the model's price reference), B rate id, C sale price. */
export const PRICE_SHEET_COLUMNS = { reference: 'A', rate: 'B', price: 'C' } as const;
/** An .xlsx file of at most 2 MiB, base64 (a JSON body, so the OpenAPI document and its fuzz describe it). */
export const PRICE_SHEET_MAX_BYTES = 2 * 1024 * 1024;
export const PriceImportBody = z.strictObject({
  file: z
    .string()
    .min(4)
    .max(Math.ceil(PRICE_SHEET_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'productAdmin.import.error.file'),
  /** false: only read and check (the preview); true: write every change into the draft, or nothing when a row is wrong. */
  apply: z.boolean(),
});
export type PriceImportBody = z.infer<typeof PriceImportBody>;
export const PRICE_IMPORT_ERRORS = ['reference', 'rate', 'price', 'duplicate', 'empty'] as const;
export const PriceImportResult = z.object({
  /** Data rows read (the title row and empty rows aside). */
  rows: z.number().int(),
  applied: z.boolean(),
  /** Rows whose price differs from the draft's, with before (the draft's price, null when none) and after. */
  changes: z.array(z.object({ row: z.number().int(), key: z.string(), reference: z.string(), rateId: z.number().int(), before: z.string().nullable(), after: z.string() })),
  unchanged: z.number().int(),
  /** Every wrong cell, by row (1-based, as the spreadsheet numbers them) and column letter. */
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), code: z.enum(PRICE_IMPORT_ERRORS), value: z.string() })),
});
export type PriceImportResult = z.infer<typeof PriceImportResult>;
