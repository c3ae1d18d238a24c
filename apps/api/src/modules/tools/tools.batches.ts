import { Readable } from 'node:stream';
import { type CatalogId, LANGS, type Lang, type ToolBatch, type ToolBatchBody, type ToolBatchItem, type ToolBatchKind, TOOL_BATCH_KINDS } from '@lumen/contracts';
import { Resvg } from '@resvg/resvg-js';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { jobs as jobsTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import type { FileStorage } from '../../lib/file-storage';
import { findJob, type JobQueue, type JobRow, PermanentJobError } from '../../lib/jobs';
import { makeDocuments } from '../documents/makers';
import type { ImagesService } from '../images/images.service';
import type { ProductsService } from '../products/products.service';
import type { PreconfigResults } from './tools.preconfig-results';
import type { ProductSheets } from './tools.product-sheet';

export const TOOLS_BATCH_QUEUE = 'tools.batch';
/** Preview images of preconfigurations: 1 600 px wide PNG. */
const PREVIEW_WIDTH = 1600;

interface BatchPayload extends Record<string, unknown> {
  kind: ToolBatchKind;
  catalogId: CatalogId;
  subFamilyId: number | null;
  requestedBy: string;
}

interface BatchProgress {
  done: number;
  total: number;
  items: ToolBatchItem[];
}

/** One unit of a batch: what it is called and how its file is made. */
interface BatchTask {
  label: string;
  /** The preconfiguration whose latest result the file becomes (its lists and downloads serve it). */
  preconfig?: { id: number; catalogId: CatalogId; kind: 'preview' | 'pdf' };
  make: () => Promise<{ fileName: string; contentType: string; body: Buffer }>;
}

export interface BatchDeps {
  jobs: JobQueue;
  storage: FileStorage;
  products: Pick<ProductsService, 'technicalInfo' | 'collections' | 'preconfigs' | 'preconfig' | 'evaluateCreation' | 'technicalInfoByModel' | 'pictureOf' | 'orderFacts'>;
  images: Pick<ImagesService, 'catalogueImage'>;
  sheets: ProductSheets;
  results: Pick<PreconfigResults, 'record'>;
}

const fileKey = (id: number, file: number) => `tools/batches/${id}/${file}`;
const safeName = (name: string) => name.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').slice(-120) || 'file';

/** The finish code of a reference (configuration-domain §5: characters 5–6 of the international form). */
export function finishOfReference(reference: string): string {
  return reference.replace('-', '').slice(4, 6);
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error) return error.message.slice(0, 300);
  return 'Unknown failure';
}

/**
 * Batch work of the internal tools (issue 32 §3, §6): a collection's product sheets in every language,
 * preview images and PDF sheets of every preconfiguration (or those of one collection). One job on
 * the shared queue per batch (queue tools.batch): its progress (done, total and every item with its
 * status and failure reason) is stored on the job row, so any process answers the status; the files go
 * to the platform's file storage under tools/batches/{job}/{n}; cancel is the queue's cancel.
 */
/** The language the preconfiguration batches write their sheets in (a reader of another gets theirs made when asked). */
export const PRECONFIG_BATCH_LANG: Lang = 'en';

export function createToolBatches(ctx: AppContext, deps: BatchDeps) {
  /**
   * A preconfiguration's own sheet: with a saved space (crea, drawing and the compositor's), the creation
   * spec sheet of the whole composition as the engine rebuilds it (its totals, bill and plan); an express
   * list of one reference, that reference's sheet; of several, the sheet of its first line (the makers
   * write one product per file). The batches make it in English; a reader of another language gets
   * theirs made when asked (products' preconfigSheet).
   */
  async function preconfigSheet(catalogId: CatalogId, detail: Awaited<ReturnType<BatchDeps['products']['preconfig']>>, lang: Lang = PRECONFIG_BATCH_LANG): Promise<Buffer> {
    const first = detail.lines[0];
    if (!first) throw new AppError('VALIDATION_FAILED', 'The preconfiguration holds no luminaire');
    if (detail.domainJSON) {
      const evaluation = await deps.products.evaluateCreation(null, { space: detail.domainJSON, catalogId, subFamilyId: detail.subFamilyId, quantity: 1, lang });
      const files = await makeDocuments(
        { type: 'creationSpecSheet', subType: 'creation' },
        { catalogId, language: lang, creation: { code: `P${detail.id}`, model: first.model, compositions: evaluation.compositions, space: evaluation.space } },
        { products: deps.products, images: deps.images },
      );
      const pdf = files.find((file) => file.contentType === 'application/pdf');
      if (!pdf) throw new AppError('NOT_FOUND', 'The spec sheet maker made no PDF');
      return pdf.body;
    }
    return (await deps.sheets.sheet({ catalogId, lang, reference: first.reference })).body;
  }

  async function tasksOf(payload: BatchPayload): Promise<BatchTask[]> {
    const { catalogId } = payload;
    if (payload.kind === 'productSheets') {
      if (payload.subFamilyId === null) throw new PermanentJobError('A collection is needed');
      const models = await deps.products.technicalInfo(null, { subFamily: payload.subFamilyId, catalog: catalogId, lang: 'en' });
      return models.flatMap((model) =>
        LANGS.map((lang: Lang) => ({
          label: `${model.model} · ${lang}`,
          make: async () => deps.sheets.sheet({ catalogId, lang, model: model.model }),
        })),
      );
    }
    const preconfigs = [
      ...(await deps.products.preconfigs(null, { catalogId, visibility: 'website', lang: 'en', ...(payload.subFamilyId !== null ? { subFamilyId: payload.subFamilyId } : {}) })),
      ...(await deps.products.preconfigs(null, { catalogId, visibility: 'private', lang: 'en', ...(payload.subFamilyId !== null ? { subFamilyId: payload.subFamilyId } : {}) })),
    ];
    return preconfigs.map((summary) => ({
      label: `${summary.id} · ${summary.name}`,
      preconfig: { id: summary.id, catalogId, kind: payload.kind === 'preconfigPreviews' ? 'preview' : 'pdf' },
      make: async () => {
        const detail = await deps.products.preconfig(null, summary.id, { lang: 'en' });
        const first = detail.lines[0];
        if (!first) throw new AppError('VALIDATION_FAILED', 'The preconfiguration holds no luminaire');
        const stem = safeName(`preconfig-${summary.id}-${summary.name}`);
        if (payload.kind === 'preconfigPreviews') {
          const image = await deps.images.catalogueImage('model', first.model, finishOfReference(first.reference));
          const body = new Resvg(image.svg, { fitTo: { mode: 'width', value: PREVIEW_WIDTH }, font: { loadSystemFonts: false }, background: '#ffffff' }).render().asPng();
          return { fileName: `${stem}.png`, contentType: 'image/png', body };
        }
        const sheet = await preconfigSheet(catalogId, detail);
        return { fileName: `${stem}.pdf`, contentType: 'application/pdf', body: sheet };
      },
    }));
  }

  function toBatch(row: JobRow): ToolBatch {
    const payload = row.payload as BatchPayload;
    const progress = ((row.status === 'done' ? row.result : row.progress) ?? row.progress ?? { done: 0, total: 0, items: [] }) as BatchProgress;
    return {
      id: row.id,
      kind: payload.kind,
      catalogId: payload.catalogId,
      subFamilyId: payload.subFamilyId,
      status: row.status as ToolBatch['status'],
      done: progress.done,
      total: progress.total,
      items: progress.items,
      requestedBy: payload.requestedBy,
      createdAt: row.createdAt.toISOString(),
      error: row.status === 'failed' ? (row.lastError ?? 'failed') : null,
    };
  }

  async function row(id: number): Promise<JobRow> {
    const found = await findJob(ctx.db, id);
    if (!found || found.queue !== TOOLS_BATCH_QUEUE) throw new AppError('NOT_FOUND', `No batch ${id}`);
    return found;
  }

  return {
    /** A preconfiguration's spec sheet made now: the products module's download when no batch made one (issue 32 §3). */
    preconfigSheet,

    registerWorker(): void {
      deps.jobs.work<BatchPayload>(TOOLS_BATCH_QUEUE, async (job) => {
        const tasks = await tasksOf(job.payload);
        const progress: BatchProgress = { done: 0, total: tasks.length, items: tasks.map((task) => ({ label: task.label, status: 'pending' })) };
        await job.progress(progress);
        let file = 0;
        for (const [index, task] of tasks.entries()) {
          if (job.signal.aborted) throw job.signal.reason ?? new Error('cancelled');
          const item = progress.items[index] as ToolBatchItem;
          try {
            const made = await task.make();
            await deps.storage.put(fileKey(job.id, file), Readable.from(made.body));
            if (task.preconfig) await deps.results.record(task.preconfig.kind, { preconfigId: task.preconfig.id, catalogId: task.preconfig.catalogId, key: fileKey(job.id, file), jobId: job.id });
            Object.assign(item, { status: 'done', file, fileName: made.fileName });
            file += 1;
          } catch (error) {
            Object.assign(item, { status: 'failed', reason: reasonOf(error) });
          }
          progress.done = index + 1;
          await job.progress(progress);
        }
        return progress;
      }, { concurrency: 1 });
    },

    async start(principal: Principal, body: ToolBatchBody): Promise<ToolBatch> {
      if (body.kind === 'productSheets') {
        if (body.subFamilyId === undefined) throw new AppError('VALIDATION_FAILED', 'The request is not valid', [{ path: 'subFamilyId', message: 'Choose a collection' }]);
        const collections = await deps.products.collections(null, { catalogId: body.catalogId, images: false });
        if (!collections.some((collection) => collection.subFamilyId === body.subFamilyId)) throw new AppError('NOT_FOUND', `No collection ${body.subFamilyId} in catalogue ${body.catalogId}`);
      }
      const payload: BatchPayload = { kind: body.kind, catalogId: body.catalogId, subFamilyId: body.subFamilyId ?? null, requestedBy: principal.email };
      const [id] = await deps.jobs.enqueue([{ queue: TOOLS_BATCH_QUEUE, payload, maxAttempts: 2 }]);
      if (id === undefined) throw new AppError('INTERNAL');
      return toBatch(await row(id));
    },

    async status(id: number): Promise<ToolBatch> {
      return toBatch(await row(id));
    },

    /** The latest batches of a kind (or of every kind), newest first. */
    async list(kind: ToolBatchKind | undefined): Promise<ToolBatch[]> {
      const rows = await ctx.db.select().from(jobsTable).where(eq(jobsTable.queue, TOOLS_BATCH_QUEUE)).orderBy(desc(jobsTable.id)).limit(kind ? 100 : 20);
      return rows
        .map(toBatch)
        .filter((batch) => (kind ? batch.kind === kind : (TOOL_BATCH_KINDS as readonly string[]).includes(batch.kind)))
        .slice(0, 20);
    },

    async cancel(id: number): Promise<ToolBatch> {
      const found = await row(id);
      if (found.status === 'pending' || found.status === 'running') await deps.jobs.cancel({ ids: [id] });
      return toBatch(await row(id));
    },

    async file(id: number, file: number): Promise<{ fileName: string; contentType: string; content: Readable }> {
      const batch = toBatch(await row(id));
      const item = batch.items.find((entry) => entry.file === file);
      if (!item?.fileName) throw new AppError('NOT_FOUND', `No file ${file} in batch ${id}`);
      const contentType = item.fileName.endsWith('.png') ? 'image/png' : 'application/pdf';
      return { fileName: item.fileName, contentType, content: await deps.storage.read(fileKey(id, file)) };
    },
  };
}

export type ToolBatches = ReturnType<typeof createToolBatches>;
