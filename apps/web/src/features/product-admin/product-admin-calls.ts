import { DRAFT_PATHS } from '@lumen/contracts/constants';
import type {
  AdminCatalogue,
  AdminModelsPage,
  AdminPreconfig,
  AdminRuleSpace,
  AdminRuleValue,
  BulkPriceBody,
  PriceImportBody,
  PriceImportResult,
  CatalogueDraft,
  DraftChange,
  DraftChangeBody,
  DraftKind,
  DraftPreviewState,
  PublishResult,
  RuleEffect,
} from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

/*
 * The product administration's calls (issue 31; apps/api README "Product administration"): products
 * /v1/product-admin/…, for internal users holding product.admin (the api answers 403 to anyone else, and
 * the client then shows the forbidden page). Refusals the screens explain (400 problems, 409 conflicts)
 * show in place (showError false).
 */
const BASE = '/v1/product-admin';
const quiet = { showError: false };

export const loadAdminCatalogues = createAsyncAction<AdminCatalogue[], void>('adminCatalogues', (_arg, { extra }) => extra.api.call('productAdmin.catalogues', {}), quiet);

export interface ModelsFilter {
  catalogId: number;
  search?: string;
  subFamilyId?: number;
  status?: 'active' | 'discontinued' | 'draft';
  model?: string;
  page?: number;
}

export const loadAdminModels = createAsyncAction<AdminModelsPage, ModelsFilter>(
  'adminModels',
  ({ catalogId, ...query }, { extra }) => extra.api.get<AdminModelsPage>('products', `${BASE}/catalogs/${catalogId}/models`, { ...query, limit: 20 }),
  quiet,
);

export const loadDraft = createAsyncAction<CatalogueDraft, { catalogId: number }>('adminDraft', ({ catalogId }, { extra }) => extra.api.get<CatalogueDraft>('products', `${BASE}/catalogs/${catalogId}/draft`), quiet);

export const saveDraftChange = createAsyncAction<DraftChange | null, { catalogId: number; change: DraftChangeBody }>(
  'adminSaveChange',
  ({ catalogId, change: { kind, ...body } }, { extra }) => extra.api.put<DraftChange | null>('products', `${BASE}/catalogs/${catalogId}/draft/${DRAFT_PATHS[kind]}`, body),
  quiet,
);

export const discardDraftChange = createAsyncAction<null, { catalogId: number; kind: DraftKind; key: string; expectedRevision: number }>(
  'adminDiscardChange',
  ({ catalogId, ...query }, { extra }) => extra.api.delete<null>('products', `${BASE}/catalogs/${catalogId}/draft/changes`, query),
  quiet,
);

export const bulkPrice = createAsyncAction<{ changed: number }, { catalogId: number; body: BulkPriceBody }>(
  'adminBulkPrice',
  ({ catalogId, body }, { extra }) => extra.api.post<{ changed: number }>('products', `${BASE}/catalogs/${catalogId}/draft/bulk-price`, body),
  quiet,
);

export const publishDraft = createAsyncAction<PublishResult, { catalogId: number; expectedVersion: number }>(
  'adminPublish',
  ({ catalogId, expectedVersion }, { extra }) => extra.api.post<PublishResult>('products', `${BASE}/catalogs/${catalogId}/publish`, { expectedVersion }),
  quiet,
);

export const restoreVersion = createAsyncAction<PublishResult, { catalogId: number; expectedVersion: number }>(
  'adminRestore',
  ({ catalogId, expectedVersion }, { extra }) => extra.api.post<PublishResult>('products', `${BASE}/catalogs/${catalogId}/restore`, { expectedVersion }),
  quiet,
);

export const loadRuleSpace = createAsyncAction<AdminRuleSpace, { catalogId: number; subFamilyId: number }>(
  'adminRuleSpace',
  ({ catalogId, subFamilyId }, { extra }) => extra.api.get<AdminRuleSpace>('products', `${BASE}/catalogs/${catalogId}/rules`, { subFamilyId }),
  quiet,
);

export const testRule = createAsyncAction<RuleEffect, { catalogId: number; key: string; rule: AdminRuleValue }>(
  'adminRuleEffect',
  ({ catalogId, key, rule }, { extra }) => extra.api.post<RuleEffect>('products', `${BASE}/catalogs/${catalogId}/rules/effect`, { key, rule }),
  quiet,
);

export const loadAdminPreconfigs = createAsyncAction<AdminPreconfig[], { catalogId: number }>(
  'adminPreconfigs',
  ({ catalogId }, { extra }) => extra.api.get<AdminPreconfig[]>('products', `${BASE}/catalogs/${catalogId}/preconfigs`),
  quiet,
);

/** "Preview the draft" (issue 31 §2): whether this browser's catalogue and configurators read the drafts. */
export const loadDraftPreview = createAsyncAction<DraftPreviewState, void>('adminPreview', (_arg, { extra }) => extra.api.call('productAdmin.preview.state', {}), quiet);

export const setDraftPreview = createAsyncAction<DraftPreviewState, { on: boolean }>('adminSetPreview', ({ on }, { extra }) => extra.api.call('productAdmin.preview.set', { body: { on } }), quiet);

/** Prices from an .xlsx sheet (issue 31 §2): `apply` false reads and checks it; true writes every change into the draft, or none. */
export const importPriceSheet = createAsyncAction<PriceImportResult, { catalogId: number; body: PriceImportBody }>(
  'adminPriceImport',
  ({ catalogId, body }, { extra }) => extra.api.post<PriceImportResult>('products', `${BASE}/catalogs/${catalogId}/draft/price-import`, body),
  quiet,
);
