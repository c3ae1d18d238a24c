import type { CatalogueDraft, Lang, PublishResult, StudioBatch, StudioBatchBody, StudioBatchList, StudioImage, StudioModel } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

/*
 * The image studio's calls (issue 32 §1; apps/api README "The image studio"): products
 * /v1/tools/studio/… for internal users holding product.admin, and product administration's draft and
 * publish (the studio's approved images are draft changes of kind image). Failures show in place.
 */
const BASE = '/v1/tools/studio';
const ADMIN = '/v1/product-admin/catalogs';
const quiet = { showError: false };

export const loadStudioModels = createAsyncAction<StudioModel[], { catalogId: number; subFamilyId: number; lang: Lang }>(
  'studioModels',
  ({ catalogId, subFamilyId, lang }, { extra }) => extra.api.get<StudioModel[]>('products', `${BASE}/models`, { catalog: catalogId, subFamilyId, lang }),
  quiet,
);

export const startStudioBatch = createAsyncAction<StudioBatch, StudioBatchBody>('studioStart', (body, { extra }) => extra.api.post<StudioBatch>('products', `${BASE}/batches`, body), quiet);

export const loadStudioBatch = createAsyncAction<StudioBatch, { id: number }>('studioBatch', ({ id }, { extra }) => extra.api.get<StudioBatch>('products', `${BASE}/batches/${id}`), quiet);

export const loadStudioBatches = createAsyncAction<StudioBatchList, { catalogId: number }>(
  'studioBatches',
  ({ catalogId }, { extra }) => extra.api.get<StudioBatchList>('products', `${BASE}/batches`, { catalog: catalogId }),
  quiet,
);

export const cancelStudioBatch = createAsyncAction<StudioBatch, { id: number }>('studioCancel', ({ id }, { extra }) => extra.api.post<StudioBatch>('products', `${BASE}/batches/${id}/cancel`), quiet);

export const loadStudioImage = createAsyncAction<Blob, { id: number; preview: boolean }>(
  'studioImage',
  ({ id, preview }, { extra }) => extra.api.request<Blob>('products', `${BASE}/images/${id}/file`, { query: preview ? { preview: '1' } : {}, responseType: 'blob', timeoutMs: 60_000 }),
  quiet,
);

export const reviewStudioImage = createAsyncAction<StudioImage, { id: number; review: 'approved' | 'rejected' }>(
  'studioReview',
  ({ id, review }, { extra }) => extra.api.post<StudioImage>('products', `${BASE}/images/${id}/review`, { review }),
  quiet,
);

export const loadStudioDraft = createAsyncAction<CatalogueDraft, { catalogId: number }>('studioDraft', ({ catalogId }, { extra }) => extra.api.get<CatalogueDraft>('products', `${ADMIN}/${catalogId}/draft`), quiet);

export const publishStudioDraft = createAsyncAction<PublishResult, { catalogId: number; expectedVersion: number }>(
  'studioPublish',
  ({ catalogId, expectedVersion }, { extra }) => extra.api.post<PublishResult>('products', `${ADMIN}/${catalogId}/publish`, { expectedVersion }),
  quiet,
);
