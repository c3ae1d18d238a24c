import type { CompositorCollections, CompositorPreconfigBody, CompositorPreconfigSaved, Lang, PreconfigDetail, PreconfigSummary, ProductSheetPreview, TechnicalInfoTable, ToolBatch, ToolBatchBody, ToolBatchKind } from '@lumen/contracts';
import { createAsyncAction } from '../../shared/async-action';

/*
 * The internal tools' calls (issue 32; apps/api README "Internal tools"): products /v1/tools/…, for
 * internal users (the api answers 403 to anyone else, and the client then shows the forbidden page).
 * Failures the screens explain show in place (showError false).
 */
const BASE = '/v1/tools';
const quiet = { showError: false };

export interface SheetSubject {
  catalogId: number;
  lang: Lang;
  model: string;
  /** A full reference; the model's sheet when absent. */
  reference?: string;
}

const sheetQuery = ({ catalogId, lang, model, reference }: SheetSubject) => ({ catalog: catalogId, lang, ...(reference ? { reference } : { model }) });

export const loadTechnicalInfo = createAsyncAction<TechnicalInfoTable, { catalogId: number; lang: Lang }>(
  'toolsTechnicalInfo',
  ({ catalogId, lang }, { extra }) => extra.api.get<TechnicalInfoTable>('products', `${BASE}/technical-info`, { catalog: catalogId, lang }),
  quiet,
);

export const exportTechnicalInfo = createAsyncAction<Blob, { catalogId: number; lang: Lang; models?: readonly string[] }>(
  'toolsTechnicalInfoExport',
  ({ catalogId, lang, models }, { extra }) =>
    extra.api.request<Blob>('products', `${BASE}/technical-info/export`, { query: { catalog: catalogId, lang, ...(models?.length ? { models: models.join(',') } : {}) }, responseType: 'blob', timeoutMs: 60_000 }),
  quiet,
);

export const loadSheetPreview = createAsyncAction<ProductSheetPreview, SheetSubject>(
  'toolsSheetPreview',
  (subject, { extra }) => extra.api.request<ProductSheetPreview>('products', `${BASE}/product-sheet/preview`, { query: sheetQuery(subject), timeoutMs: 60_000 }),
  quiet,
);

export const loadSheetPage = createAsyncAction<Blob, SheetSubject & { page: number }>(
  'toolsSheetPage',
  ({ page, ...subject }, { extra }) => extra.api.request<Blob>('products', `${BASE}/product-sheet/page`, { query: { ...sheetQuery(subject), page }, responseType: 'blob', timeoutMs: 60_000 }),
  quiet,
);

export const downloadSheet = createAsyncAction<Blob, SheetSubject>(
  'toolsSheetPdf',
  (subject, { extra }) => extra.api.request<Blob>('products', `${BASE}/product-sheet`, { query: sheetQuery(subject), responseType: 'blob', timeoutMs: 60_000 }),
  quiet,
);

export const startBatch = createAsyncAction<ToolBatch, ToolBatchBody>('toolsStartBatch', (body, { extra }) => extra.api.post<ToolBatch>('products', `${BASE}/batches`, body), quiet);

export const loadBatch = createAsyncAction<ToolBatch, { id: number }>('toolsBatch', ({ id }, { extra }) => extra.api.get<ToolBatch>('products', `${BASE}/batches/${id}`), quiet);

export const loadBatches = createAsyncAction<ToolBatch[], { kind: ToolBatchKind }>('toolsBatches', ({ kind }, { extra }) => extra.api.get<ToolBatch[]>('products', `${BASE}/batches`, { kind }), quiet);

export const cancelBatch = createAsyncAction<ToolBatch, { id: number }>('toolsCancelBatch', ({ id }, { extra }) => extra.api.post<ToolBatch>('products', `${BASE}/batches/${id}/cancel`), quiet);

export const downloadBatchFile = createAsyncAction<Blob, { id: number; file: number }>(
  'toolsBatchFile',
  ({ id, file }, { extra }) => extra.api.request<Blob>('products', `${BASE}/batches/${id}/files/${file}`, { responseType: 'blob', timeoutMs: 60_000 }),
  quiet,
);

export const loadComposePreview = createAsyncAction<Blob, { catalog: number; collection: number; elements: string; finishes: string }>(
  'toolsComposePreview',
  ({ catalog, collection, elements, finishes }, { extra }) =>
    extra.api.request<Blob>('images', '/v1/preview/compose', { query: { catalog, collection, elements, ...(finishes ? { finishes } : {}) }, responseType: 'blob', timeoutMs: 60_000 }),
  quiet,
);

export const loadCompositorCollections = createAsyncAction<CompositorCollections, { catalogId: number; lang: Lang }>(
  'toolsCompositorCollections',
  ({ catalogId, lang }, { extra }) => extra.api.get<CompositorCollections>('products', `${BASE}/compositor/collections`, { catalog: catalogId, lang }),
  quiet,
);

export const saveCompositorPreconfig = createAsyncAction<CompositorPreconfigSaved, CompositorPreconfigBody>(
  'toolsCompositorSave',
  (body, { extra }) => extra.api.post<CompositorPreconfigSaved>('products', `${BASE}/compositor/preconfigs`, body),
  quiet,
);

/** The compositor's demo collection (composing pendants, Multiple) and catalogue. */
export const DEMO_COMPOSITION = { catalogId: 16, subFamilyId: 259 } as const;

/**
 * /compositor/_demo's fixed composition: the demo catalogue's first preconfiguration of the composing
 * pendants (the lowest id, a seeded one), opened with its saved space.
 */
export const loadDemoComposition = createAsyncAction<PreconfigDetail, { lang: Lang }>(
  'toolsCompositorDemo',
  async ({ lang }, { extra }) => {
    const { catalogId, subFamilyId } = DEMO_COMPOSITION;
    const list = await extra.api.get<PreconfigSummary[]>('products', '/v1/preconfigs/list', { catalogId, subFamilyId, lang });
    const first = [...list].sort((a, b) => a.id - b.id)[0];
    if (!first) throw new Error('No demo composition');
    return extra.api.get<PreconfigDetail>('products', `/v1/preconfigs/creation/${first.id}`, { catalogId, lang });
  },
  quiet,
);
